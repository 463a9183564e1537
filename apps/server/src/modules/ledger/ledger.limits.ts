import {
  DAY_MS,
  FAN_IN_SENDERS,
  FAN_IN_WINDOW_DAYS,
  FAN_IN_YOUNG_ACCOUNT_DAYS,
  LIMITS_MSG,
  MAX_SPENDABLE_UNVERIFIED,
  type ReviewReason,
  splitRelease,
} from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, executeBehind } from "../../db/client.ts";
import { uuidv7 } from "../../lib/ids.ts";
import {
  iso,
  lockPersonLimits,
  num,
  PLATFORM_LOCK_STATEMENT,
  personLimitsLockStatement,
  platformLockIfVerifiedStatement,
  type ReviewOps,
  releaseFacts,
  releaseFactsQuery,
  rows,
  signalOf,
} from "./ledger.limits-common.ts";
import { grantQueueQuery, grantQueueThenWindow, moveGrants } from "./ledger.limits-release.ts";

/**
 * The release rule of self-declared value (issues 12 and 17, ADR 015), in the ledger because every
 * release of an asset's hold goes through releaseHold and every arrival of credits into a person's
 * spendable balance goes through the ledger.
 *
 * - Tiers: an asset's released credits become spendable only for a person whose identity is
 *   verified (users.verified), within their rolling 30-day window, oldest review first. Without
 *   identity verification everything waits 'en revisión' ('verificacion').
 * - The platform brake: automatic releases (the windows) make at most brakeCap(circulation)
 *   credits spendable per Colombian day, counted under one advisory lock; the rest queues, oldest
 *   first ('freno'). The queue's decisions ("grants") are bookkeeping only (limit_reviews.granted +
 *   a limit_releases row 'ventana'); the credits move (the review hold is released, the rest blocked
 *   again) in the owner's own transaction, which holds the owner's accounts.
 * - Concentration: an account without identity verification keeps at most MAX_SPENDABLE_UNVERIFIED
 *   spendable; what arrives above it waits in review ('concentracion') until there is room or the
 *   person verifies their identity. Credits from other people's spendable balances are otherwise
 *   never held.
 * - Signals (value far above typical, a burst of registrations, repeated completed deals with one
 *   person) send the whole release to an admin; the fan-in signal (credits from >= 3 young accounts
 *   in 7 days) flags the receiver on the desk without holding anything.
 *
 * Lock order everywhere: the person's accounts (the ledger's row locks), then the person's advisory
 * lock, then the platform's advisory lock, then review rows. The queue step under the platform lock
 * never touches an account, so it never waits on a transaction that is waiting for it.
 */

export interface LimitedRelease {
  spendable: number;
  inReview: number;
  reviewId: string | null;
  motivo: ReviewReason | null;
}

async function insertReview(
  tx: Executor,
  ops: ReviewOps,
  p: { userId: string; assetId: string | null; amount: number; motivo: ReviewReason; now: Date; description: string },
): Promise<string> {
  const id = uuidv7(p.now.getTime());
  await tx.execute(sql`insert into limit_reviews (id, user_id, asset_id, amount, motivo, status, created_at)
    values (${id}, ${p.userId}, ${p.assetId}, ${p.amount}, ${p.motivo}, 'en_revision', ${iso(p.now)})`);
  await ops.openHold({ userId: p.userId, amount: p.amount, reviewId: id, description: p.description });
  return id;
}

/**
 * Applies the rule to `amount` credits just released (bloqueado -> disponible) from asset
 * `assetId` of `userId` (the caller's transaction holds the person's accounts): a signal sends it
 * all to an admin; without identity verification it all waits for one; otherwise, after the queue
 * (older items first, everybody's), the part within the person's window and the day's brake stays
 * spendable and the rest waits, behind the person's older items.
 */
export async function limitAssetRelease(
  tx: Executor,
  p: { userId: string; assetId: string; amount: number; now: Date },
  ops: ReviewOps,
): Promise<LimitedRelease> {
  // The person's lock and the facts in one round trip, as the platform's lock and the brake below.
  const facts = await releaseFacts(tx, p.userId, p.assetId, p.now, personLimitsLockStatement(p.userId));
  const signal = signalOf(facts);
  let spendable = 0;
  let motivo: ReviewReason = signal ?? "verificacion";
  if (!signal && facts.verified) {
    // The brake's queue first (it may grant this person's waiting items), then their window.
    const { brake, window: w } = await grantQueueThenWindow(
      tx,
      p.userId,
      p.now,
      platformLockIfVerifiedStatement(p.userId),
      PLATFORM_LOCK_STATEMENT,
    );
    // Oldest first: with older items of theirs still waiting, the new one waits behind them.
    spendable = w.waiting > 0 ? 0 : splitRelease(p.amount, w.used, w.limit, brake.left).spendable;
    motivo = w.waiting > 0 || w.used + spendable >= w.limit ? "limite" : "freno";
    if (spendable > 0) {
      // Nobody reads it back in the step: it travels with the step's next statement.
      await executeBehind(
        tx,
        sql`insert into limit_releases (user_id, ref_type, ref_id, amount, tipo, released_at)
        values (${p.userId}, 'activo', ${p.assetId}, ${spendable}, 'ventana', ${iso(p.now)})`,
      );
    }
    // Granted parts of their reviews (by the queue just now or earlier) become theirs.
    if (w.movable) await moveGrants(tx, ops, p.userId, p.now);
  }
  const inReview = p.amount - spendable;
  if (inReview <= 0) return { spendable, inReview: 0, reviewId: null, motivo: null };
  const reviewId = await insertReview(tx, ops, {
    userId: p.userId,
    assetId: p.assetId,
    amount: inReview,
    motivo,
    now: p.now,
    description:
      motivo === "verificacion"
        ? LIMITS_MSG.verifyIdentity
        : signal
          ? LIMITS_MSG.reviewReasonSignal
          : "Créditos en la fila de liberación: se liberan en orden de llegada",
  });
  return { spendable, inReview, reviewId, motivo };
}

/**
 * What limitAssetRelease reads first, in its order (the person's lock, the facts, the platform's
 * lock taken for a verified person, the brake with the queue and the window), for a caller that
 * knows the release will come and whose: sent right behind the hold's resolution
 * (db/client.ts foreseeNext), one round trip for all. Built by the same functions the rule uses, so
 * a read that differs (another owner, nothing released) is simply not used.
 */
export function releaseReadsAhead(userId: string, assetId: string, now: Date): SQL[] {
  return [
    sql.raw(personLimitsLockStatement(userId)),
    releaseFactsQuery(userId, assetId, now),
    sql.raw(platformLockIfVerifiedStatement(userId)),
    grantQueueQuery(now, userId),
  ];
}

export interface ArrivalInput {
  userId: string;
  amount: number;
  now: Date;
  fromUserId?: string | null;
  fromRef?: { refType: string; refId: string } | null;
}

/**
 * limitArrival's read (it writes nothing: the receipt follows it): verification, the disponible
 * after the arrival, the sender, and the fan-in counting this sender. Foreseen by a caller that
 * sends it right behind the ledger call of the arrival (escrowOut).
 */
export function arrivalQuery(p: ArrivalInput): SQL {
  const from: SQL = p.fromUserId
    ? sql`${p.fromUserId}::uuid`
    : p.fromRef
      ? sql`(select a.user_id from transfers t join accounts a on a.id = t.debit_account_id
          where t.ref_type = ${p.fromRef.refType} and t.ref_id = ${p.fromRef.refId}::uuid and a.user_id is not null
            and a.user_id <> ${p.userId}::uuid order by t.id limit 1)`
      : sql`null::uuid`;
  const since = new Date(p.now.getTime() - FAN_IN_WINDOW_DAYS * DAY_MS);
  const young = `${FAN_IN_YOUNG_ACCOUNT_DAYS} days`;
  return sql`with f as (select ${from} as uid)
      select u.verified,
        (select balance from accounts where user_id = ${p.userId} and kind = 'disponible') as disponible,
        (select uid from f) as from_user,
        case when (select uid from f) is null then 0 else (
          select count(distinct x.uid) from (
            select lr.from_user_id as uid from limit_receipts lr join users s on s.id = lr.from_user_id
              where lr.user_id = ${p.userId} and lr.received_at > ${iso(since)}
                and s.created_at > lr.received_at - ${young}::interval
            union
            select s.id from users s, f where s.id = f.uid and s.created_at > ${iso(p.now)}::timestamptz - ${young}::interval
          ) x) end as fan_in
      from users u where u.id = ${p.userId}`;
}

/**
 * Credits arrived in `userId`'s disponible (the caller's ledger call holds that account): from
 * another person (`fromUserId`, or the payer into the escrow reference `fromRef`), or back to them
 * (a refund, a guarantee returned: neither given). Records a receipt from another person and flags
 * a fan-in on the desk; without identity verification, what passes MAX_SPENDABLE_UNVERIFIED
 * (never more than `amount`) waits in review ('concentracion'). Returns the credits held.
 */
export async function limitArrival(tx: Executor, p: ArrivalInput, ops: ReviewOps): Promise<number> {
  const [r] = await rows<Record<string, unknown>>(tx, arrivalQuery(p));
  if (r?.from_user != null && r.from_user !== p.userId) {
    // Nobody reads it back in the step: it travels with the step's next statement.
    await executeBehind(
      tx,
      sql`insert into limit_receipts (user_id, from_user_id, amount, received_at)
        values (${p.userId}, ${String(r.from_user)}, ${p.amount}, ${iso(p.now)})`,
    );
  }
  if (!r) return 0;
  if (num(r.fan_in) >= FAN_IN_SENDERS) {
    await tx.execute(sql`insert into limit_flags (id, user_id, motivo, status, created_at)
      values (${uuidv7(p.now.getTime())}, ${p.userId}, 'abanico', 'abierta', ${iso(p.now)})
      on conflict (user_id, motivo) where status = 'abierta' do nothing`);
  }
  if (r.verified === true) return 0;
  const held = Math.min(p.amount, num(r.disponible) - MAX_SPENDABLE_UNVERIFIED);
  if (held <= 0) return 0;
  await lockPersonLimits(tx, p.userId);
  await insertReview(tx, ops, {
    userId: p.userId,
    assetId: null,
    amount: held,
    motivo: "concentracion",
    now: p.now,
    description: LIMITS_MSG.verifyIdentity,
  });
  return held;
}
