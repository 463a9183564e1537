/**
 * Custody (deals.md "Custody", ADR 006): the custody record of a 'custodia' deal (a sale is a custody
 * whose creation escrows the payment) and the wrong-code counters. Written only by modules/custody.
 * Migration drizzle/0004_deals.sql (beside the engine's tables, db/schema/deals.ts).
 */
import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, money } from "../columns.ts";
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

/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A dispute on a custody (issue 19 part 2, migration 0024_disputes): opened by either party while the
 * custody is pending, resolved once by an admin (reembolsar or liberar, with a note for both parties).
 * At most one per custody (a disputed custody ends in a final state).
 */
export const custodyDisputes = pgTable(
  "custody_disputes",
  {
    id: uuid("id").primaryKey(),
    custodiaId: uuid("custodia_id")
      .notNull()
      .references(() => custodias.id),
    abiertaPor: uuid("abierta_por")
      .notNull()
      .references(() => users.id),
    rol: text("rol").$type<"oferente" | "receptor">().notNull(),
    motivo: text("motivo").notNull(),
    descripcion: text("descripcion").notNull(),
    estado: text("estado").$type<"abierta" | "resuelta">().notNull().default("abierta"),
    resultado: text("resultado").$type<"reembolsar" | "liberar">(),
    nota: text("nota"),
    resueltaPor: uuid("resuelta_por").references(() => users.id),
    resueltaEn: ts("resuelta_en"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("custody_disputes_custodia_key").on(t.custodiaId),
    index("custody_disputes_estado_idx").on(t.estado, t.createdAt),
    check("custody_disputes_rol", sql`${t.rol} IN ('oferente', 'receptor')`),
    check("custody_disputes_motivo", sql`${t.motivo} IN ('no_coincide', 'no_entregado', 'danado', 'otro')`),
    check("custody_disputes_estado", sql`${t.estado} IN ('abierta', 'resuelta')`),
    check(
      "custody_disputes_resultado",
      sql`(${t.estado} = 'abierta' AND ${t.resultado} IS NULL) OR (${t.estado} = 'resuelta' AND ${t.resultado} IN ('reembolsar', 'liberar'))`,
    ),
  ],
);

/** The evidence photos of a dispute (WebP re-encoded by the server), shown only on the admin's desk. */
export const custodyDisputeImages = pgTable(
  "custody_dispute_images",
  {
    disputeId: uuid("dispute_id")
      .notNull()
      .references(() => custodyDisputes.id, { onDelete: "cascade" }),
    n: integer("n").notNull(),
    mime: text("mime").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.disputeId, t.n] }), check("custody_dispute_images_n", sql`${t.n} BETWEEN 1 AND 5`)],
);
