/**
 * Loans (deals.md "Loan"): the loan record of a 'prestamo' deal (its id is the
 * deal's id). Migration drizzle/0009_loans.sql; ADR 014.
 */
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { assets } from "./assets.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const loans = pgTable(
  "loans",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    prestatarioId: uuid("prestatario_id")
      .notNull()
      .references(() => users.id),
    prestamistaId: uuid("prestamista_id")
      .notNull()
      .references(() => users.id),
    /** Mirror of the deal's state. */
    estado: text("estado").notNull().default("pendiente"),
    garantiaTipo: text("garantia_tipo").notNull(),
    garantiaValor: money("garantia_valor").notNull().default(0),
    plazoDias: integer("plazo_dias").notNull(),
    interes: doublePrecision("interes").notNull().default(0),
    /** Interest in credits, fixed at approval (escrowed from the borrower). */
    interesCreditos: money("interes_creditos").notNull().default(0),
    notas: text("notas").notNull().default(""),
    fechaSolicitud: ts("fecha_solicitud").notNull(),
    fechaAprobacion: ts("fecha_aprobacion"),
    fechaDevolucionEsperada: ts("fecha_devolucion_esperada"),
    fechaCierre: ts("fecha_cierre"),
    recordatorioEnviado: ts("recordatorio_enviado"),
    avisoVencidoEnviado: ts("aviso_vencido_enviado"),
    /** garantiaTipo activo_colateral: the borrower's asset named as the guarantee (migration 0012). */
    garantiaActivoId: uuid("garantia_activo_id").references(() => assets.id),
    /** Its 'garantia_prestamo' deal, opened at approval (the reservation), else null. */
    garantiaDealId: uuid("garantia_deal_id").references(() => deals.id),
  },
  (t) => [
    index("loans_prestatario_idx").on(t.prestatarioId, t.fechaSolicitud),
    index("loans_prestamista_idx").on(t.prestamistaId, t.fechaSolicitud),
    index("loans_activo_due_idx").on(t.estado, t.fechaDevolucionEsperada),
    uniqueIndex("loans_garantia_deal_idx").on(t.garantiaDealId).where(sql`${t.garantiaDealId} is not null`),
    uniqueIndex("loans_garantia_activa_idx").on(t.garantiaActivoId).where(sql`${t.estado} = 'activo'`),
  ],
);
