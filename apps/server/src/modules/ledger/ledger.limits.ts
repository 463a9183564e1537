import {
  DAY_MS,
  LIMITS_MSG,
  RELEASE_WINDOW_DAYS,
  type ReviewReason,
  releaseLimit,
  SIGNAL_BURST_REGISTRATIONS,
  SIGNAL_REPEATED_DEALS,
  splitRelease,
  valueSignal,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { UUID_RE, uuidv7 } from "../../lib/ids.ts";

/**
 * The release rule of self-declared value (issue 12, ADR 015), in the ledger because every
 * release of an asset's hold goes through releaseHold: finishOperation, custody and the other
 * deal processes. Of the credits an asset releases, the part within the person's rolling
 * 30-day limit becomes spendable; the rest (all of it when the release is flagged) is blocked
 * again under a 'revision' hold, 'en revisión', until the window allows it or an admin approves.
 */

async function rows<T>(exec: Executor, q: ReturnType<typeof sql>): Promise<T[]> {
  const res = await exec.execute(q);
  return (res as unknown as { rows: T[] }).rows;
}

/** The smallest uuidv7 of a millisecond: ids at or above it were minted at or after it (assets ids are uuidv7 of the clock). */
export function uuidv7Floor(ms: number): string {
  const h = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-0000-0000-000000000000`;
}

/** The millisecond a uuidv7 was minted at (0 for other ids). */
export function uuidv7Ms(id: string): number {
  if (id[14] !== "7") return 0;
  return Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);
}

/** The key of a person's limits lock; both forms below lock the same key. */
const limitsKey = (userId: string) => `limites:${userId}`;

/** Serialises the limit checks of one person (registrations, releases) until the transaction ends. */
export async function lockPersonLimits(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limitsKey(userId)}, 0))`);
}

/**
 * The same lock as lockPersonLimits, as an inline statement (db/client.ts InlineStatements) for a
 * unit of work's opening: sent with BEGIN in one round trip. The id is a uuid, checked before it
 * is inlined; anything else throws.
 */
export function personLimitsLockStatement(userId: string): string {
  if (!UUID_RE.test(userId)) throw new Error("personLimitsLockStatement: the user id is not a uuid");
  return `select pg_advisory_xact_lock(hashtextextended('${limitsKey(userId)}', 0))`;
}

interface ReleaseFacts {
  verified: boolean;
  released: number;
  asset_type: string | null;
  category: string | null;
  base_value: number | null;
  burst: number;
  repeated: number;
}

/** What one query tells about a release: the person's window, verification and the signals of the asset. */
async function releaseFacts(tx: Executor, userId: string, assetId: string, now: Date): Promise<ReleaseFacts> {
  const since = new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS);
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`
    with a as (select id, asset_type, category, base_value_cop from assets where id = ${assetId}),
    d as (select parties from deals where asset_id = ${assetId} order by created_at desc limit 1),
    other as (
      select p.value as uid from d, jsonb_each_text(d.parties) p where p.value <> ${userId} limit 1
    )
    select
      coalesce((select verified from users where id = ${userId}), false) as verified,
      coalesce((select sum(amount) from limit_releases
         where user_id = ${userId} and tipo = 'ventana' and released_at > ${since.toISOString()}), 0) as released,
      (select asset_type from a) as asset_type,
      (select category from a) as category,
      (select base_value_cop from a) as base_value,
      (select count(*) from assets x where x.user_id = ${userId}
         and x.id between ${uuidv7Floor(uuidv7Ms(assetId) - DAY_MS)}::uuid and ${assetId}::uuid) as burst,
      (select count(*) from deals dd, other
         where exists (select 1 from jsonb_each_text(dd.parties) q where q.value = ${userId})
           and exists (select 1 from jsonb_each_text(dd.parties) q where q.value = other.uid)) as repeated
    `,
  );
  return {
    verified: r?.verified === true,
    released: Number(r?.released ?? 0),
    asset_type: (r?.asset_type as string | null) ?? null,
    category: (r?.category as string | null) ?? null,
    base_value: r?.base_value == null ? null : Number(r.base_value),
    burst: Number(r?.burst ?? 0),
    repeated: Number(r?.repeated ?? 0),
  };
}

export interface LimitedRelease {
  spendable: number;
  inReview: number;
  reviewId: string | null;
  motivo: ReviewReason | null;
}

/** Why a release is flagged, or null. */
function signalOf(f: ReleaseFacts): ReviewReason | null {
  if (f.asset_type && f.base_value != null && valueSignal(f.asset_type as never, f.category ?? "", f.base_value))
    return "valor_alto";
  if (f.burst >= SIGNAL_BURST_REGISTRATIONS) return "rafaga";
  if (f.repeated >= SIGNAL_REPEATED_DEALS) return "tratos_repetidos";
  return null;
}

export type ReviewHoldOpener = (input: {
  userId: string;
  amount: number;
  reviewId: string;
  description: string;
}) => Promise<unknown>;

/**
 * Applies the rule to `amount` credits just released (bloqueado -> disponible) from asset
 * `assetId` of `userId`: records the spendable part against the window and blocks the rest
 * again under the hold ('revision', reviewId) through `openReviewHold`.
 */
export async function limitAssetRelease(
  tx: Executor,
  p: { userId: string; assetId: string; amount: number; now: Date },
  openReviewHold: ReviewHoldOpener,
): Promise<LimitedRelease> {
  await lockPersonLimits(tx, p.userId);
  const facts = await releaseFacts(tx, p.userId, p.assetId, p.now);
  const signal = signalOf(facts);
  const split = signal ? { spendable: 0, inReview: p.amount } : splitRelease(p.amount, facts.released, facts.verified);
  const motivo: ReviewReason | null = split.inReview > 0 ? (signal ?? "limite") : null;
  const reviewId = split.inReview > 0 ? uuidv7(p.now.getTime()) : null;
  const at = p.now.toISOString();
  if (split.spendable > 0) {
    await tx.execute(sql`insert into limit_releases (user_id, ref_type, ref_id, amount, tipo, released_at)
      values (${p.userId}, 'activo', ${p.assetId}, ${split.spendable}, 'ventana', ${at})`);
  }
  if (reviewId && motivo) {
    await tx.execute(sql`insert into limit_reviews (id, user_id, asset_id, amount, motivo, status, created_at)
      values (${reviewId}, ${p.userId}, ${p.assetId}, ${split.inReview}, ${motivo}, 'en_revision', ${at})`);
    await openReviewHold({
      userId: p.userId,
      amount: split.inReview,
      reviewId,
      description:
        motivo === "limite"
          ? LIMITS_MSG.reviewReasonLimit(releaseLimit(facts.verified))
          : LIMITS_MSG.reviewReasonSignal,
    });
  }
  return { ...split, reviewId, motivo };
}

export interface ReviewRow {
  id: string;
  user_id: string;
  asset_id: string | null;
  amount: number;
  motivo: ReviewReason;
  status: string;
  created_at: Date;
}

/** Locks one review (FOR UPDATE) or null. */
export async function lockReview(tx: Executor, id: string): Promise<ReviewRow | null> {
  const [r] = await rows<ReviewRow>(tx, sql`select * from limit_reviews where id = ${id} for update`);
  return r ? { ...r, amount: Number(r.amount) } : null;
}

/** Marks a review resolved and records the released credits ('ventana' counts against the window). */
export async function resolveReview(
  tx: Executor,
  r: ReviewRow,
  how: { status: "aprobada" | "liberada"; by: string | null; now: Date },
): Promise<void> {
  const at = how.now.toISOString();
  await tx.execute(sql`update limit_reviews set status = ${how.status}, resolved_at = ${at}, resolved_by = ${how.by}
    where id = ${r.id}`);
  await tx.execute(sql`insert into limit_releases (user_id, ref_type, ref_id, amount, tipo, released_at)
    values (${r.user_id}, 'revision', ${r.id}, ${r.amount}, ${how.status === "aprobada" ? "aprobada" : "ventana"}, ${at})`);
}

/** A person's reviews 'en revisión' that the window may release (motivo 'limite'), oldest first, and what the window has left. */
export async function windowReleasable(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<{ left: number; reviews: ReviewRow[] }> {
  const facts = await rows<{ verified: boolean; released: unknown }>(
    tx,
    sql`select coalesce((select verified from users where id = ${userId}), false) as verified,
      coalesce((select sum(amount) from limit_releases where user_id = ${userId} and tipo = 'ventana'
        and released_at > ${new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS).toISOString()}), 0) as released`,
  );
  const f = facts[0];
  const left = Math.max(0, releaseLimit(f?.verified === true) - Number(f?.released ?? 0));
  const reviews = await rows<ReviewRow>(
    tx,
    sql`select * from limit_reviews where user_id = ${userId} and status = 'en_revision' and motivo = 'limite'
      order by created_at, id for update`,
  );
  return { left, reviews: reviews.map((r) => ({ ...r, amount: Number(r.amount) })) };
}
