/**
 * Reports of people, listings and chat messages (moderation area, issue 19 part 3). Written only by
 * modules/moderation. Migration drizzle/0025_moderation.sql. The decisions themselves (hide, show,
 * suspend, reactivate, close) are logged in admin_actions.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { users } from "./users.ts";

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id),
    /** usuario | activo | mensaje */
    tipo: text("tipo").notNull(),
    /** A user's or an asset's uuid, or a chat message's number, as text. */
    objetivoId: text("objetivo_id").notNull(),
    motivo: text("motivo").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    estado: text("estado").notNull().default("abierto"),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    closedBy: uuid("closed_by").references(() => users.id),
    resolucion: text("resolucion"),
  },
  (t) => [
    uniqueIndex("reports_one_open_per_reporter")
      .on(t.reporterId, t.tipo, t.objetivoId)
      .where(sql`${t.estado} = 'abierto'`),
    index("reports_open_idx").on(t.createdAt).where(sql`${t.estado} = 'abierto'`),
    index("reports_target_idx").on(t.tipo, t.objetivoId),
    check("reports_tipo", sql`${t.tipo} IN ('usuario', 'activo', 'mensaje')`),
    check("reports_motivo", sql`${t.motivo} IN ('fraude', 'contenido_inapropiado', 'acoso', 'spam', 'otro')`),
    check("reports_estado", sql`${t.estado} IN ('abierto', 'cerrado')`),
    check("reports_descripcion_length", sql`char_length(${t.descripcion}) <= 1000`),
  ],
);
