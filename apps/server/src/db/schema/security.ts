/** Failure counters of the sign-in and password throttles (lib/throttle.ts). */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per throttled key ("login:acct-ip:<email>|<ip>", "login:ip:<ip>",
 * "password:<userId>"). In PostgreSQL, not in process memory, so that several
 * server processes on one database count together.
 */
export const authThrottle = pgTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true, mode: "date" }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("auth_throttle_last_failure_idx").on(t.lastFailureAt)],
);
