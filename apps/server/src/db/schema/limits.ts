/**
 * Limits on self-declared value (issues 12 and 17, ADR 015). Written only by modules/ledger
 * (ledger.limits.ts and ledger.limits-release.ts: the release rule, the queue, the concentration cap
 * and the fan-in signal) and
 * by modules/limits (an admin's raise of a window, a signal marked as reviewed); read by
 * modules/limits (the person's status, the admin's desk) and modules/economy (the report).
 * Migrations drizzle/0010_limits.sql and 0021_limits.sql.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /** Given by the window and the brake so far (limit_releases 'ventana' rows); <= amount. */
    granted: money("granted").notNull().default(0),
    /** Already spendable; the hold ('revision', id) holds amount - released. */
    released: money("released").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    resolvedAt: ts("resolved_at"),
    resolvedBy: uuid("resolved_by"),
  },
  (t) => [
    check("limit_reviews_amount_positive", sql`${t.amount} > 0`),
    check(
      "limit_reviews_motivo",
      sql`${t.motivo} in ('limite','verificacion','freno','concentracion','valor_alto','rafaga','tratos_repetidos')`,
    ),
    check("limit_reviews_status", sql`${t.status} in ('en_revision','aprobada','liberada','anulada')`),
    check(
      "limit_reviews_parts",
      sql`${t.released} >= 0 and ${t.released} <= ${t.granted} and ${t.granted} <= ${t.amount}`,
    ),
    index("limit_reviews_user_idx").on(t.userId, t.status),
    index("limit_reviews_status_idx").on(t.status, t.createdAt),
  ],
);

/** An admin's raise of one person's 30-day window (logged in admin_actions). */
export const limitWindows = pgTable(
  "limit_windows",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id),
    limite: money("limite").notNull(),
    updatedBy: uuid("updated_by"),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [check("limit_windows_limite_positive", sql`${t.limite} > 0`)],
);

/** Credits a person received from another person (the fan-in signal counts them). */
export const limitReceipts = pgTable(
  "limit_receipts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    fromUserId: uuid("from_user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    receivedAt: ts("received_at").notNull(),
  },
  (t) => [
    check("limit_receipts_amount_positive", sql`${t.amount} > 0`),
    index("limit_receipts_user_idx").on(t.userId, t.receivedAt),
  ],
);

/** Signals for the admin's desk that hold no credits (fan-in); one open per person and kind. */
export const limitFlags = pgTable(
  "limit_flags",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    motivo: text("motivo").notNull(),
    status: text("status").notNull().default("abierta"),
    createdAt: ts("created_at").notNull(),
    resolvedAt: ts("resolved_at"),
    resolvedBy: uuid("resolved_by"),
  },
  (t) => [
    check("limit_flags_motivo", sql`${t.motivo} in ('abanico')`),
    check("limit_flags_status", sql`${t.status} in ('abierta','revisada')`),
    uniqueIndex("limit_flags_one_open").on(t.userId, t.motivo).where(sql`${t.status} = 'abierta'`),
  ],
);
