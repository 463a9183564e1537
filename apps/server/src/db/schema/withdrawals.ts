/**
 * Withdrawals (deals.md "Withdrawals", ADR 011): the record of a 'retiro' deal (its id is the deal's
 * id; `estado` mirrors the deal's state). Written only by modules/withdrawals.
 * Migration drizzle/0006_marketplace.sql.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tipo: text("tipo").notNull(),
    monto: money("monto").notNull(),
    valorCOP: money("valor_cop").notNull(),
    metodo: text("metodo").notNull(),
    estado: text("estado").notNull().default("pendiente"),
    /** The full destination while pendiente (the payout needs it); NULL once final. */
    destino: jsonb("destino").$type<WithdrawalDestination>(),
    /** What stays: e.g. 'Nequi ••••4567'. */
    destinoMascara: text("destino_mascara").notNull(),
    /** sha256 of method + phone/account: groups a destination's month for the wallet cap. */
    destinoHuella: text("destino_huella").notNull(),
    proveedor: text("proveedor").notNull().default("manual"),
    referencia: text("referencia"),
    motivo: text("motivo"),
    resueltoPor: uuid("resuelto_por").references(() => users.id),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("withdrawals_user_idx").on(t.userId, t.createdAt),
    index("withdrawals_estado_idx").on(t.estado, t.createdAt),
    index("withdrawals_huella_idx").on(t.destinoHuella, t.createdAt),
  ],
);

export type WithdrawalDestination = {
  celular?: string;
  banco?: string;
  tipoCuenta?: string;
  numeroCuenta?: string;
  titular?: string;
  tipoDocumento?: string;
  numeroDocumento?: string;
};
