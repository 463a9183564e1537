/**
 * Limits on self-declared value (issue 12, ADR 015). Written only by modules/ledger
 * (ledger.limits.ts: the release rule) and read by modules/limits (the person's
 * status, the admin's review queue) and modules/economy (the report).
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { money } from "../columns.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Credits from self-declared assets that became spendable. `tipo` 'ventana' counts against
 * the person's rolling 30-day limit; 'aprobada' (an admin's approval) does not.
 */
export const limitReleases = pgTable(
  "limit_releases",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    refType: text("ref_type").notNull(),
    refId: uuid("ref_id").notNull(),
    amount: money("amount").notNull(),
    tipo: text("tipo").notNull(),
    releasedAt: ts("released_at").notNull(),
  },
  (t) => [
    check("limit_releases_amount_positive", sql`${t.amount} > 0`),
    check("limit_releases_tipo", sql`${t.tipo} in ('ventana','aprobada')`),
    index("limit_releases_user_idx").on(t.userId, t.releasedAt),
    index("limit_releases_time_idx").on(t.releasedAt),
  ],
);

/**
 * Credits 'en revisión': the part of a release beyond the 30-day limit, or a flagged release.
 * Each has an open ledger hold ('revision', id) on the person's bloqueado account until it is
 * released by the window or approved by an admin (exactly once: the hold resolves once).
 */
export const limitReviews = pgTable(
  "limit_reviews",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    assetId: uuid("asset_id"),
    amount: money("amount").notNull(),
    motivo: text("motivo").notNull(),
    status: text("status").notNull().default("en_revision"),
    createdAt: ts("created_at").notNull(),
    resolvedAt: ts("resolved_at"),
    resolvedBy: uuid("resolved_by"),
  },
  (t) => [
    check("limit_reviews_amount_positive", sql`${t.amount} > 0`),
    check("limit_reviews_motivo", sql`${t.motivo} in ('limite','valor_alto','rafaga','tratos_repetidos')`),
    check("limit_reviews_status", sql`${t.status} in ('en_revision','aprobada','liberada')`),
    index("limit_reviews_user_idx").on(t.userId, t.status),
    index("limit_reviews_status_idx").on(t.status, t.createdAt),
  ],
);
