/**
 * The official marketplace (issue 11, ADR 011): products and purchases. A purchase is a deal of the
 * process engine: its id is the deal's id and `estado` mirrors the deal's state. Migration
 * drizzle/0006_marketplace.sql (with withdrawals.ts and admin.ts).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
