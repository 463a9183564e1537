/** Ledger tables (economy.md): accounts, transfers, holds. Only modules/ledger writes them. */
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, money } from "../columns.ts";
import { users } from "./users.ts";

/**
 * Ledger accounts (economy.md). User accounts: disponible, bloqueado.
 * System accounts (user_id null): emision, destruccion, custodia, tienda, retiros.
 * Only `emision` may go negative; the database enforces it.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").references(() => users.id),
    kind: text("kind").notNull(),
    balance: money("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** emision is 64 accounts (shards 0..63; an issue takes one no other transaction holds: no hot row, migration 0013); all others 0. */
    shard: smallint("shard").notNull().default(0),
  },
  (t) => [
    uniqueIndex("accounts_user_kind_key").on(t.userId, t.kind),
    uniqueIndex("accounts_system_kind_key").on(t.kind, t.shard).where(sql`${t.userId} is null`),
    check("accounts_shard_emision_only", sql`${t.shard} = 0 or (${t.userId} is null and ${t.kind} = 'emision')`),
    check("accounts_non_negative", sql`${t.kind} = 'emision' or ${t.balance} >= 0`),
    check(
      "accounts_kind_owner",
      sql`(${t.userId} is null and ${t.kind} in ('emision','destruccion','custodia','tienda','retiros'))
        or (${t.userId} is not null and ${t.kind} in ('disponible','bloqueado'))`,
    ),
  ],
);

/** Append-only double-entry transfers (a trigger forbids UPDATE and DELETE). */
export const transfers = pgTable(
  "transfers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: bigint("debit_account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    creditAccountId: bigint("credit_account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id),
    amount: money("amount").notNull(),
    kind: text("kind").notNull(),
    refType: text("ref_type"),
    refId: uuid("ref_id"),
    actorUserId: uuid("actor_user_id"),
    holdId: bigint("hold_id", { mode: "number" }),
    debitBalanceAfter: money("debit_balance_after").notNull(),
    creditBalanceAfter: money("credit_balance_after").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    check("transfers_amount_positive", sql`${t.amount} > 0`),
    check("transfers_distinct_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    index("transfers_debit_idx").on(t.debitAccountId, t.id),
    index("transfers_credit_idx").on(t.creditAccountId, t.id),
    index("transfers_ref_idx").on(t.refType, t.refId),
  ],
);

/**
 * Holds on a user's `bloqueado` account: one per asset whose credits are still
 * blocked, one per active loan guarantee. Resolved (released, destroyed or
 * paid out) at most once; a trigger forbids any change to a resolved hold.
 */
export const holds = pgTable(
  "holds",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    refType: text("ref_type").notNull(),
    refId: uuid("ref_id").notNull(),
    status: text("status").notNull().default("abierta"),
    createdTransferId: bigint("created_transfer_id", { mode: "number" }),
    resolvedTransferId: bigint("resolved_transfer_id", { mode: "number" }),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check("holds_amount_positive", sql`${t.amount} > 0`),
    check("holds_status", sql`${t.status} in ('abierta','liberada','destruida','ejecutada')`),
    uniqueIndex("holds_one_open_per_ref").on(t.refType, t.refId).where(sql`${t.status} = 'abierta'`),
    index("holds_user_idx").on(t.userId, t.status),
  ],
);
