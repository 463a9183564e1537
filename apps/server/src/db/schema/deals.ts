/**
 * Deals (deals.md): the process engine's tables (deals, deal_history, deal_timers), written only by
 * modules/deals. Migration drizzle/0004_deals.sql; ADR 006. Custody records: db/schema/custody.ts.
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { assets } from "./assets.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One deal of any process; `parties` maps each role to a user id. A closed deal keeps its outcome
 * as its process table declares it (migration 0022_outcomes, ADR 024): `outcome` (completado,
 * cancelado, ...), `outcomeRole` (the role that caused it) and `outcomeProof` (entrega/devolucion).
 * `parentId`: the deal that started this one as a sub-process (a loan's collateral).
 */
export const deals = pgTable(
  "deals",
  {
    id: uuid("id").primaryKey(),
    process: text("process").notNull(),
    state: text("state").notNull(),
    assetId: uuid("asset_id").references(() => assets.id),
    parties: jsonb("parties").$type<Record<string, string>>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    closedAt: ts("closed_at"),
    outcome: text("outcome"),
    outcomeRole: text("outcome_role"),
    outcomeProof: text("outcome_proof"),
    parentId: uuid("parent_id").references((): AnyPgColumn => deals.id),
  },
  // One running deal per asset, except rentals: an asset has several bookings (other dates) at once,
  // kept apart by rental_bookings_no_overlap (migration 0011_rentals).
  (t) => [
    uniqueIndex("deals_one_open_per_asset")
      .on(t.assetId)
      .where(sql`${t.closedAt} is null and ${t.process} <> 'alquiler'`),
    check(
      "deals_outcome",
      sql`${t.outcome} is null or ${t.outcome} in ('completado', 'cancelado', 'rechazado', 'retirado', 'vencido', 'incumplido', 'cerrado')`,
    ),
    check(
      "deals_outcome_proof",
      sql`${t.outcomeProof} is null or (${t.outcome} = 'completado' and ${t.outcomeProof} in ('entrega', 'devolucion'))`,
    ),
    index("deals_parent_idx").on(t.parentId).where(sql`${t.parentId} is not null`),
  ],
);

/** Append-only: one row per transition (a trigger forbids UPDATE and DELETE). */
export const dealHistory = pgTable(
  "deal_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    transition: text("transition").notNull(),
    actorRole: text("actor_role").notNull(),
    actorUserId: uuid("actor_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("deal_history_deal_idx").on(t.dealId, t.id)],
);

/** Durable timers: claimed with FOR UPDATE SKIP LOCKED and fired once. */
export const dealTimers = pgTable(
  "deal_timers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => deals.id),
    name: text("name").notNull(),
    transition: text("transition").notNull(),
    /** The deal's state when scheduled: the timer only fires while the deal is still in it. */
    state: text("state").notNull(),
    dueAt: ts("due_at").notNull(),
    status: text("status").notNull().default("pendiente"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    firedAt: ts("fired_at"),
  },
  (t) => [
    check("deal_timers_status", sql`${t.status} in ('pendiente', 'disparado', 'cancelado', 'omitido')`),
    index("deal_timers_due_idx").on(t.dueAt).where(sql`${t.status} = 'pendiente'`),
    uniqueIndex("deal_timers_one_pending").on(t.dealId, t.name).where(sql`${t.status} = 'pendiente'`),
  ],
);
