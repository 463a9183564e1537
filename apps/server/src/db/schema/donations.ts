import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { assets } from "./assets.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A donation or gift (a 'donacion' deal); recipientId null while a community donation is unclaimed. */
export const donations = pgTable(
  "donations",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => users.id),
    recipientId: uuid("recipient_id").references(() => users.id),
    community: boolean("community").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: ts("created_at").notNull(),
    closedAt: ts("closed_at"),
    /** 'regalo' (sent from /regalar) or 'donacion'. */
    kind: text("kind").notNull().default("donacion"),
    /** The transition that closed it (aceptar, reclamar, rechazar, cancelar, expirar); null while pending. */
    closedBy: text("closed_by"),
  },
  (t) => [
    index("donations_donor_idx").on(t.donorId, t.createdAt),
    index("donations_recipient_idx").on(t.recipientId, t.createdAt),
  ],
);
