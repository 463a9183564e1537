/** In-app notifications (notifications area). */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { users } from "./users.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tipo: text("tipo").notNull().default("general"),
    titulo: text("titulo").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    leida: boolean("leida").notNull().default(false),
    relacionadoId: uuid("relacionado_id"),
    relacionadoTipo: text("relacionado_tipo"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.leida} = false`),
  ],
);
