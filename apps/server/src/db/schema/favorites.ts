/** Favourites (favorites area, issue 20): the assets a person keeps an eye on. Migration drizzle/0018_ops.sql. */
import { index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { assets } from "./assets.ts";
import { users } from "./users.ts";

export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "favorites_pkey", columns: [t.userId, t.assetId] }),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
    index("favorites_asset_idx").on(t.assetId),
  ],
);
