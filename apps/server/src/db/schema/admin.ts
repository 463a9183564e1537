/**
 * The admins' action log (ADR 011). Written only by modules/admin. Migration drizzle/0006_marketplace.sql.
 */
import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Append-only (a trigger forbids UPDATE, DELETE and TRUNCATE): who did what, when. */
export const adminActions = pgTable(
  "admin_actions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => users.id),
    accion: text("accion").notNull(),
    objetoTipo: text("objeto_tipo").notNull(),
    objetoId: uuid("objeto_id").notNull(),
    detalle: text("detalle").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("admin_actions_created_idx").on(t.createdAt)],
);
