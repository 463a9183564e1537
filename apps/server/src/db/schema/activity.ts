/** Business history: movimientos and transacciones (activity area). */
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, money } from "../columns.ts";
import { users } from "./users.ts";

/** Business history shown in /movimientos (not a money record: the ledger is). */
export const movimientos = pgTable(
  "movimientos",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    tipo: text("tipo").notNull(),
    descripcion: text("descripcion").notNull().default(""),
    valor: money("valor").notNull().default(0),
    assetId: uuid("asset_id"),
    createdAt: createdAt(),
  },
  (t) => [index("movimientos_user_idx").on(t.userId, t.createdAt)],
);

/** Transactions shown in /mi-actividad. */
export const transacciones = pgTable(
  "transacciones",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    type: text("type").notNull(),
    assetId: uuid("asset_id"),
    amountCOP: money("amount_cop").notNull().default(0),
    amountCredits: money("amount_credits").notNull().default(0),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("transacciones_user_idx").on(t.userId, t.createdAt)],
);
