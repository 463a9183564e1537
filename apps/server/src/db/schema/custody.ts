/**
 * Custody (deals.md "Custody", ADR 006): the custody record of a 'custodia' deal (a sale is a custody
 * whose creation escrows the payment) and the wrong-code counters. Written only by modules/custody.
 * Migration drizzle/0004_deals.sql (beside the engine's tables, db/schema/deals.ts).
 */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { assets } from "./assets.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A custody (also the escrow record of a sale); its id is the deal's id. */
export const custodias = pgTable(
  "custodias",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    oferenteId: uuid("oferente_id")
      .notNull()
      .references(() => users.id),
    receptorId: uuid("receptor_id")
      .notNull()
      .references(() => users.id),
    tipoTransaccion: text("tipo_transaccion").notNull(),
    /** Mirror of the deal's state (the code's partial unique index needs it here). */
    estado: text("estado").notNull().default("pendiente"),
    origen: text("origen").notNull(),
    /**
     * CODE_LENGTH digits (packages/domain). The SQL CHECK "custodias_codigo" of migration 0004_deals
     * spells the length as {6}; custody.code.test.ts reads it from the database and compares.
     */
    codigo: text("codigo").notNull(),
    modoPago: text("modo_pago"),
    pagoCreditos: money("pago_creditos").notNull().default(0),
    creditosActivo: money("creditos_activo").notNull().default(0),
    montoCOP: money("monto_cop").notNull().default(0),
    notas: text("notas").notNull().default(""),
    fechaIngreso: ts("fecha_ingreso").notNull(),
    fechaSalida: ts("fecha_salida"),
    fechaLimite: ts("fecha_limite"),
  },
  (t) => [
    uniqueIndex("custodias_codigo_pendiente").on(t.codigo).where(sql`${t.estado} = 'pendiente'`),
    index("custodias_oferente_idx").on(t.oferenteId, t.fechaIngreso),
    index("custodias_receptor_idx").on(t.receptorId, t.codigo),
  ],
);

/** Wrong confirmation codes per receiver in the current one-hour window. */
export const custodyCodeGuards = pgTable("custody_code_guards", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: ts("window_started_at"),
});
