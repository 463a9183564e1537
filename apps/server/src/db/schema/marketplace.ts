/**
 * The official marketplace, withdrawals and the admin's action log (issue 11, ADR 011).
 * Purchases and withdrawals are deals of the process engine: their id is the deal's id
 * and `estado` mirrors the deal's state. Migration drizzle/0006_marketplace.sql.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const marketplaceProducts = pgTable(
  "marketplace_products",
  {
    id: uuid("id").primaryKey(),
    nombre: text("nombre").notNull(),
    categoria: text("categoria").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    imagen: text("imagen").notNull().default(""),
    creditos: money("creditos").notNull(),
    valorCOP: money("valor_cop").notNull(),
    /** -1 = unlimited. Decremented by a conditional UPDATE in the purchase's transaction. */
    stock: integer("stock").notNull().default(-1),
    destacado: boolean("destacado").notNull().default(false),
    oculto: boolean("oculto").notNull().default(false),
    vendidos: integer("vendidos").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("marketplace_products_stock", sql`${t.stock} >= -1`),
    check("marketplace_products_creditos", sql`${t.creditos} > 0`),
    index("marketplace_products_list_idx").on(t.oculto, t.destacado, t.createdAt),
  ],
);

export const marketplacePurchases = pgTable(
  "marketplace_purchases",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    productId: uuid("product_id")
      .notNull()
      .references(() => marketplaceProducts.id),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id),
    creditos: money("creditos").notNull(),
    estado: text("estado").notNull().default("pendiente"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("marketplace_purchases_estado_idx").on(t.estado, t.createdAt),
    index("marketplace_purchases_buyer_idx").on(t.buyerId, t.createdAt),
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
