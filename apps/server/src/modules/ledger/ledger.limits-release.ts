import {
  DAY_MS,
  MAX_SPENDABLE_UNVERIFIED,
  RELEASE_WINDOW_DAYS,
  type ReviewReason,
  releaseLimit,
} from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  AUTOMATIC,
  type BrakeState,
  brakeColumns,
  brakeFrom,
  fmt,
  iso,
  lockPersonAccounts,
  lockPersonLimits,
  lockPlatformReleases,
  num,
  type ReleaseWindow,
  type ReviewOps,
  rows,
  rowsAfter,
  windowColumns,
  windowFrom,
  windowOf,
} from "./ledger.limits-common.ts";

/**
 * Credits in review becoming spendable (the release rule, ledger.limits.ts): the brake's queue, the
 * grants it gives, the concentration cap, the check at read time and an admin's approval.
 */

interface Candidate {
  id: string;
  user_id: string;
  rem: unknown;
  raised: unknown;
  used: unknown;
}

/**
 * The queue (caller holds the platform lock): gives the brake's room left today to the waiting
 * items of verified people, oldest first across the platform, each within its owner's window
 * (partly when only part fits; an owner's later items wait behind their earlier ones). Writes
 * only bookkeeping, in one statement: never an account. Returns the brake after it.
 */
export async function grantQueue(tx: Executor, now: Date): Promise<BrakeState> {
  return (await grantQueueThen(tx, now, null)).brake;
}

/**
 * grantQueue, then the window of `userId` as it is after it (ledger.limits.ts's release). The brake,
 * the queue's candidates and the window are read in one statement; the window is read again only
 * when the queue granted something.
 */
export async function grantQueueThenWindow(
  tx: Executor,
  userId: string,
  now: Date,
  /** An inline lock to take first, in the same round trip (rowsAfter). */
  lockFirst?: string,
  /** The lock to take instead when `lockFirst` answered no row (rowsAfter). */
  otherwise?: string,
): Promise<{ brake: BrakeState; window: ReleaseWindow }> {
  const out = await grantQueueThen(tx, now, userId, lockFirst, otherwise);
  const window = out.granted || !out.window ? await windowOf(tx, userId, now) : out.window;
  return { brake: out.brake, window };
}

async function grantQueueThen(
  tx: Executor,
  now: Date,
  windowFor: string | null,
  lockFirst?: string,
  otherwise?: string,
): Promise<{ brake: BrakeState; window: ReleaseWindow | null; granted: boolean }> {
  const [r] = await rowsAfter<Record<string, unknown>>(tx, lockFirst, grantQueueQuery(now, windowFor), otherwise);
  const brake = brakeFrom(r);
  const window = windowFor ? windowFrom(r) : null;
  if (brake.left <= 0) return { brake, window, granted: false };
  const raw = r?.candidates;
  const candidates = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as Candidate[];
  let left = brake.left;
  const room = new Map<string, number>();
  const grants: { id: string; amount: number }[] = [];
  for (const c of candidates) {
    if (left <= 0) break;
    if (!room.has(c.user_id)) {
      room.set(c.user_id, releaseLimit(true, c.raised == null ? null : num(c.raised)) - num(c.used));
    }
    const g = Math.max(0, Math.min(num(c.rem), room.get(c.user_id) ?? 0, left));
    // An owner's later items wait behind an earlier one the window could not release whole.
    room.set(c.user_id, g < num(c.rem) ? 0 : (room.get(c.user_id) ?? 0) - g);
    if (g <= 0) continue;
    grants.push({ id: c.id, amount: g });
    left -= g;
  }
  if (grants.length === 0) return { brake, window, granted: false };
  const values = sql.join(
    grants.map((g) => sql`(${g.id}::uuid, ${g.amount}::bigint)`),
    sql`, `,
  );
  const granted = await rows<{ amt: unknown }>(
    tx,
    sql`with g(id, amt) as (values ${values}),
      upd as (
        update limit_reviews r set granted = r.granted + g.amt from g
        where r.id = g.id and r.status = 'en_revision' and r.granted + g.amt <= r.amount
        returning r.id, r.user_id, g.amt
      ),
      ins as (
        insert into limit_releases (user_id, ref_type, ref_id, amount, tipo, released_at)
        select user_id, 'revision', id, amt, 'ventana', ${iso(now)} from upd returning amount
      )
      select amount as amt from ins`,
  );
  const used = brake.used + granted.reduce((s, g) => s + num(g.amt), 0);
  return { brake: { ...brake, used, left: Math.max(0, brake.cap - used) }, window, granted: true };
}

/** The brake, the queue's candidates and (with `windowFor`) that person's window: grantQueueThen's read. */
export function grantQueueQuery(now: Date, windowFor: string | null): SQL {
  const since = new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS);
  return sql`select ${brakeColumns(now)}, ${windowFor ? sql`${windowColumns(windowFor, now)},` : sql``}
      (select coalesce(json_agg(c), '[]'::json) from (
        select r.id, r.user_id, r.amount - r.granted as rem, w.limite as raised,
          coalesce((select sum(x.amount) from limit_releases x where x.user_id = r.user_id and x.tipo = 'ventana'
            and x.released_at > ${iso(since)}), 0) as used
        from limit_reviews r
          join users u on u.id = r.user_id and u.verified
          left join limit_windows w on w.user_id = r.user_id
        where r.status = 'en_revision' and r.motivo in ${AUTOMATIC} and r.granted < r.amount
          and exists (select 1 from holds h where h.ref_type = 'revision' and h.ref_id = r.id and h.status = 'abierta')
        order by r.created_at, r.id
        limit 500) c) as candidates`;
}

interface MovableRow {
  id: string;
  amount: unknown;
  granted: unknown;
  released: unknown;
  motivo: string;
}

/** Releases `part` more of a review (its hold holds amount - released): the hold is released, the rest blocked again. */
async function releasePart(
  tx: Executor,
  ops: ReviewOps,
  userId: string,
  r: { id: string; amount: number; released: number },
  part: number,
  now: Date,
  opts: { status: "liberada" | "aprobada"; by: string | null; countGranted: boolean },
): Promise<number> {
  const held = r.amount - r.released;
  const rest = held - part;
  const moved = await ops.releaseHold({
    reviewId: r.id,
    actorUserId: opts.by,
    description:
      rest > 0
        ? `Créditos en revisión: se liberan ${fmt(part)} y ${fmt(rest)} siguen en revisión`
        : `Créditos en revisión liberados (${fmt(part)})`,
  });
  if (moved === 0) {
    // The hold ended elsewhere (the account was closed): the review ends with it.
    await tx.execute(sql`update limit_reviews set status = 'anulada', resolved_at = ${iso(now)} where id = ${r.id}`);
    return 0;
  }
  if (rest > 0) {
    await ops.openHold({
      userId,
      amount: rest,
      reviewId: r.id,
      description: `Siguen en revisión ${fmt(rest)} créditos`,
    });
  }
  const released = r.released + part;
  const done = released >= r.amount;
  await tx.execute(sql`update limit_reviews set released = ${released},
      granted = ${opts.countGranted ? sql`granted` : sql`greatest(granted, ${released})`},
      status = ${done ? opts.status : "en_revision"},
      resolved_at = ${done ? iso(now) : null}, resolved_by = ${done ? opts.by : null}
    where id = ${r.id}`);
  return part;
}

/** Moves a person's granted credits (caller holds their accounts and lock): they become spendable. */
export async function moveGrants(tx: Executor, ops: ReviewOps, userId: string, now: Date): Promise<number> {
  const list = await rows<MovableRow>(
    tx,
    sql`select id, amount, granted, released, motivo from limit_reviews
      where user_id = ${userId} and status = 'en_revision' and granted > released
      order by created_at, id for update`,
  );
  let moved = 0;
  for (const r of list) {
    const part = num(r.granted) - num(r.released);
    moved += await releasePart(
      tx,
      ops,
      userId,
      { id: r.id, amount: num(r.amount), released: num(r.released) },
      part,
      now,
      { status: "liberada", by: null, countGranted: true },
    );
  }
  return moved;
}

/**
 * Concentration reviews of a person (caller holds their accounts and lock): all of them once the
 * person is verified; otherwise, oldest first, as much as fits under the cap now.
 */
async function releaseConcentration(tx: Executor, ops: ReviewOps, userId: string, now: Date): Promise<number> {
  const list = await rows<MovableRow & { verified: boolean; disponible: unknown }>(
    tx,
    sql`select r.id, r.amount, r.granted, r.released, r.motivo,
        (select verified from users where id = ${userId}) as verified,
        (select balance from accounts where user_id = ${userId} and kind = 'disponible') as disponible
      from limit_reviews r where r.user_id = ${userId} and r.status = 'en_revision' and r.motivo = 'concentracion'
      order by r.created_at, r.id for update`,
  );
  if (list.length === 0) return 0;
  const verified = list[0]?.verified === true;
  let room = verified ? Number.POSITIVE_INFINITY : MAX_SPENDABLE_UNVERIFIED - num(list[0]?.disponible);
  let moved = 0;
  for (const r of list) {
    if (room <= 0) break;
    const held = num(r.amount) - num(r.released);
    const part = Math.min(held, room);
    const m = await releasePart(
      tx,
      ops,
      userId,
      { id: r.id, amount: num(r.amount), released: num(r.released) },
      part,
      now,
      { status: "liberada", by: null, countGranted: false },
    );
    room -= m;
    moved += m;
  }
  return moved;
}

/**
 * The check at read time (the wallet, the header and /economia ask every 10 s while the person is
 * signed in), in its own transaction: runs the queue when the person has items it may release, then
 * makes spendable what the queue granted them and what now fits under the concentration cap.
 * Returns the credits that became spendable.
 */
export async function processPerson(tx: Executor, userId: string, now: Date, ops: ReviewOps): Promise<number> {
  const [q] = await rows<{ auto: unknown; conc: unknown; granted: unknown; verified: boolean }>(
    tx,
    sql`select count(*) filter (where motivo in ${AUTOMATIC} and granted < amount) as auto,
        count(*) filter (where motivo = 'concentracion') as conc,
        count(*) filter (where granted > released) as granted,
        coalesce((select verified from users where id = ${userId}), false) as verified
      from limit_reviews where user_id = ${userId} and status = 'en_revision'`,
  );
  // Without identity verification only the concentration cap can release something.
  const auto = q?.verified === true ? num(q?.auto) : 0;
  if (auto + num(q?.conc) + num(q?.granted) === 0) return 0;
  await lockPersonAccounts(tx, userId);
  await lockPersonLimits(tx, userId);
  if (auto > 0) {
    const w = await windowOf(tx, userId, now);
    if (w.verified && w.used < w.limit) {
      await lockPlatformReleases(tx);
      await grantQueue(tx, now);
    }
  }
  let moved = await moveGrants(tx, ops, userId, now);
  if (num(q?.conc) > 0) moved += await releaseConcentration(tx, ops, userId, now);
  return moved;
}

export interface ReviewRow {
  id: string;
  user_id: string;
  asset_id: string | null;
  amount: number;
  granted: number;
  released: number;
  motivo: ReviewReason;
  status: string;
  created_at: Date;
}

/**
 * An admin approves a review: what it still holds becomes spendable, once (CONFLICT after).
 * Not counted in any window nor in the brake. Returns null for an unknown review.
 */
export async function approveReviewRow(
  tx: Executor,
  p: { reviewId: string; adminId: string; now: Date },
  ops: ReviewOps,
): Promise<{ review: ReviewRow; released: number } | null | "resolved"> {
  const [owner] = await rows<{ user_id: string }>(tx, sql`select user_id from limit_reviews where id = ${p.reviewId}`);
  if (!owner) return null;
  await lockPersonAccounts(tx, owner.user_id);
  await lockPersonLimits(tx, owner.user_id);
  const [raw] = await rows<ReviewRow>(tx, sql`select * from limit_reviews where id = ${p.reviewId} for update`);
  if (raw?.status !== "en_revision") return "resolved";
  const r: ReviewRow = { ...raw, amount: num(raw.amount), granted: num(raw.granted), released: num(raw.released) };
  const held = r.amount - r.released;
  const moved = await releasePart(tx, ops, r.user_id, r, held, p.now, {
    status: "aprobada",
    by: p.adminId,
    countGranted: false,
  });
  if (moved === 0) return "resolved";
  // Self-declared credits the window had not given: an admin's approval (not counted in any window).
  const approved = r.amount - r.granted;
  if (approved > 0 && r.motivo !== "concentracion") {
    await tx.execute(sql`insert into limit_releases (user_id, ref_type, ref_id, amount, tipo, released_at)
      values (${r.user_id}, 'revision', ${r.id}, ${approved}, 'aprobada', ${iso(p.now)})`);
  }
  return { review: r, released: moved };
}
