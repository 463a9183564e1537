import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Live events kept by a transaction until after its COMMIT (migration 0029, ADR 012 "Live events
 * after the commit"): written by `live_publish` in a transaction opened by transactionWith on
 * PostgreSQL, taken and notified by `live_flush()` (modules/events events.flush.ts). UNLOGGED in
 * the database (drizzle does not describe it): its rows are hints for open pages, not records.
 */
export const livePending = pgTable("live_pending", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text("channel").notNull(),
  payload: text("payload").notNull(),
});
