/**
 * Blocks (blocks area, issue 19 part 4): who blocked whom. Migration drizzle/0026_blocks.sql.
 * The primary key (blocker, blocked) answers "did I block them"; blocks_blocked_idx the reverse
 * ("did they block me"), so the feed's two `not exists` and every meeting check are index lookups.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "blocks_pkey", columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    index("blocks_blocker_created_idx").on(t.blockerId, t.createdAt),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);
