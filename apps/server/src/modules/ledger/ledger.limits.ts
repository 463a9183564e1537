import {
  AUTOMATIC_REVIEW_REASONS,
  BRAKE_MIN_CREDITS_PER_DAY,
  brakeCap,
  colombiaDayStart,
  DAY_MS,
  FAN_IN_SENDERS,
  FAN_IN_WINDOW_DAYS,
  FAN_IN_YOUNG_ACCOUNT_DAYS,
  LIMITS_MSG,
  MAX_SPENDABLE_UNVERIFIED,
  RELEASE_WINDOW_DAYS,
  type ReviewReason,
  releaseLimit,
  SIGNAL_BURST_REGISTRATIONS,
  SIGNAL_REPEATED_DEALS,
  SIGNAL_REPEATED_DEALS_DAYS,
  splitRelease,
  valueSignal,
} from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { UUID_RE, uuidv7 } from "../../lib/ids.ts";

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

async function rows<T>(exec: Executor, q: SQL): Promise<T[]> {
  const res = await exec.execute(q);
  return (res as unknown as { rows: T[] }).rows;
}

const num = (v: unknown) => Number(v ?? 0);
const iso = (d: Date) => d.toISOString();
const fmt = (n: number) => n.toLocaleString("es-CO");

/** The smallest uuidv7 of a millisecond: ids at or above it were minted at or after it (assets ids are uuidv7 of the clock). */
export function uuidv7Floor(ms: number): string {
  const h = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-0000-0000-000000000000`;
}

/** The largest uuidv7 of a millisecond. */
export function uuidv7Ceil(ms: number): string {
  const h = Math.max(0, Math.floor(ms)).toString(16).padStart(12, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-ffff-ffff-ffffffffffff`;
}

/** The millisecond a uuidv7 was minted at (0 for other ids). */
export function uuidv7Ms(id: string): number {
  if (id[14] !== "7") return 0;
  return Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16);
}

/** The key of a person's limits lock; both forms below lock the same key. */
const limitsKey = (userId: string) => `limites:${userId}`;
const PLATFORM_KEY = "limites:plataforma";

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

/** The platform brake's lock: every automatic release decision (the window and the day's cap) is made under it. */
export async function lockPlatformReleases(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${PLATFORM_KEY}, 0))`);
}

/** Locks a person's two accounts (ascending id, as every ledger call does) before their advisory lock. */
export async function lockPersonAccounts(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select id from accounts where user_id = ${userId} order by id for no key update`);
}

/**
 * Registrations a person made with ids in [fromId, toId] (toId null: no upper bound), whoever owns
 * the asset now: the asset holds issued to them (a hold is never deleted, its owner never changes),
 * plus their own assets that issued no credits (no hold). `excludeId` leaves one asset out.
 */
export function registrationsSql(userId: string, fromId: string, toId: string | null, excludeId?: string): SQL {
  const upper = (col: SQL) => (toId ? sql` and ${col} <= ${toId}::uuid` : sql``);
  const except = (col: SQL) => (excludeId ? sql` and ${col} <> ${excludeId}::uuid` : sql``);
  return sql`select count(*) as n, coalesce(sum(amount), 0) as issued from (
      select h.amount from holds h where h.ref_type = 'activo' and h.user_id = ${userId}
        and h.ref_id >= ${fromId}::uuid${upper(sql`h.ref_id`)}${except(sql`h.ref_id`)}
      union all
      select 0 from assets a where a.user_id = ${userId} and a.creditos_asignados = 0
        and a.id >= ${fromId}::uuid${upper(sql`a.id`)}${except(sql`a.id`)}
    ) r`;
}

/** Deal states that count as a completed deal between two people (never cancelled, rejected, expired or closed ones). */
const COMPLETED_STATES = sql`('confirmada','completada','finalizada','devuelto','vencido','aceptada')`;
const AUTOMATIC = sql.raw(`(${AUTOMATIC_REVIEW_REASONS.map((r) => `'${r}'`).join(",")})`);

interface ReleaseFacts {
  verified: boolean;
  raised: number | null;
  asset_type: string | null;
  category: string | null;
  base_value: number | null;
  burst: number;
  repeated: number;
}

/**
 * What one query tells about an asset's release: verification, the raised window, the asset, the
 * registrations the person made in the 24 h up to the asset (whoever owns them now), and the
 * completed deals of the last 30 days with the counterpart of the deal completing now (the asset's
 * open deal, or the pending exchange proposal that names it), this one included.
 */
async function releaseFacts(tx: Executor, userId: string, assetId: string, now: Date): Promise<ReleaseFacts> {
  const since = new Date(now.getTime() - SIGNAL_REPEATED_DEALS_DAYS * DAY_MS);
  const mint = uuidv7Ms(assetId);
  const burst = registrationsSql(userId, uuidv7Floor(mint - DAY_MS), assetId);
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`
    with a as (select asset_type, category, base_value_cop from assets where id = ${assetId}),
    cur as (
      (select d.id, d.parties from deals d
        where d.asset_id = ${assetId} and d.closed_at is null and d.process <> 'garantia_prestamo'
        order by d.created_at, d.id limit 1)
      union all
      (select d.id, d.parties from exchange_proposals e join deals d on d.id = e.id
        where e.estado = 'pendiente' and (e.offered_asset_id = ${assetId} or e.requested_asset_id = ${assetId})
          and d.closed_at is null
        order by d.created_at, d.id limit 1)
      limit 1
    ),
    other as (select p.value as uid from cur, jsonb_each_text(cur.parties) p where p.value <> ${userId} limit 1)
    select
      coalesce((select verified from users where id = ${userId}), false) as verified,
      (select limite from limit_windows where user_id = ${userId}) as raised,
      (select asset_type from a) as asset_type,
      (select category from a) as category,
      (select base_value_cop from a) as base_value,
      (select n from (${burst}) b) as burst,
      (select count(*) from other) + (select count(*) from deals dd, other
         where dd.closed_at > ${iso(since)} and dd.state in ${COMPLETED_STATES}
           and dd.id not in (select id from cur)
           and exists (select 1 from jsonb_each_text(dd.parties) q where q.value = ${userId})
           and exists (select 1 from jsonb_each_text(dd.parties) q where q.value = other.uid)) as repeated
    `,
  );
  return {
    verified: r?.verified === true,
    raised: r?.raised == null ? null : num(r.raised),
    asset_type: (r?.asset_type as string | null) ?? null,
    category: (r?.category as string | null) ?? null,
    base_value: r?.base_value == null ? null : num(r.base_value),
    burst: num(r?.burst),
    repeated: num(r?.repeated),
  };
}

/** Why a release is flagged for an admin, or null. */
function signalOf(f: ReleaseFacts): ReviewReason | null {
  if (f.asset_type && f.base_value != null && valueSignal(f.asset_type as never, f.category ?? "", f.base_value))
    return "valor_alto";
  if (f.burst >= SIGNAL_BURST_REGISTRATIONS) return "rafaga";
  if (f.repeated >= SIGNAL_REPEATED_DEALS) return "tratos_repetidos";
  return null;
}

/** The ledger moves the review rules need, given by ledger.service (this file does not import it). */
export interface ReviewOps {
  /** Blocks `amount` of the person's disponible under the hold ('revision', reviewId). */
  openHold(input: { userId: string; amount: number; reviewId: string; description: string }): Promise<unknown>;
  /** Releases the open hold ('revision', reviewId) to its owner; the credits moved (0 when it was not open). */
  releaseHold(input: { reviewId: string; description: string; actorUserId?: string | null }): Promise<number>;
}

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

/** A person's window: the limit in force and what the window has released in the last 30 days. */
async function windowOf(tx: Executor, userId: string, now: Date) {
  const since = new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS);
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`select coalesce((select verified from users where id = ${userId}), false) as verified,
      (select limite from limit_windows where user_id = ${userId}) as raised,
      coalesce((select sum(amount) from limit_releases where user_id = ${userId} and tipo = 'ventana'
        and released_at > ${iso(since)}), 0) as used,
      coalesce((select sum(r.amount - r.granted) from limit_reviews r where r.user_id = ${userId}
        and r.status = 'en_revision' and r.motivo in ${AUTOMATIC}
        and exists (select 1 from holds h where h.ref_type = 'revision' and h.ref_id = r.id and h.status = 'abierta')), 0)
        as waiting`,
  );
  const verified = r?.verified === true;
  const limit = releaseLimit(verified, r?.raised == null ? null : num(r.raised));
  return { verified, limit, used: num(r?.used), waiting: num(r?.waiting) };
}

export interface BrakeState {
  cap: number;
  used: number;
  left: number;
  circulation: number;
}

/**
 * The brake's floor in this process: the domain's BRAKE_MIN_CREDITS_PER_DAY, or the operator's
 * FRENO_MINIMO_DIA (config, set at boot by buildApp; the same setting on every replica).
 */
let brakeMinPerDay = BRAKE_MIN_CREDITS_PER_DAY;
export function setBrakeMinimum(credits: number | undefined): void {
  brakeMinPerDay = credits ?? BRAKE_MIN_CREDITS_PER_DAY;
}

/** The brake today: the cap for the circulation now (users' disponible + bloqueado) and what the windows released today. */
export async function brakeState(exec: Executor, now: Date): Promise<BrakeState> {
  const [r] = await rows<Record<string, unknown>>(
    exec,
    sql`select
      -(select coalesce(sum(balance), 0) from accounts where user_id is null) as circulation,
      coalesce((select sum(amount) from limit_releases where tipo = 'ventana'
        and released_at >= ${iso(colombiaDayStart(now))}), 0) as used`,
  );
  const circulation = num(r?.circulation);
  const cap = brakeCap(circulation, brakeMinPerDay);
  const used = num(r?.used);
  return { cap, used, left: Math.max(0, cap - used), circulation };
}

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
  const brake = await brakeState(tx, now);
  if (brake.left <= 0) return brake;
  const since = new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS);
  const candidates = await rows<Candidate>(
    tx,
    sql`select r.id, r.user_id, r.amount - r.granted as rem, w.limite as raised,
        coalesce((select sum(x.amount) from limit_releases x where x.user_id = r.user_id and x.tipo = 'ventana'
          and x.released_at > ${iso(since)}), 0) as used
      from limit_reviews r
        join users u on u.id = r.user_id and u.verified
        left join limit_windows w on w.user_id = r.user_id
      where r.status = 'en_revision' and r.motivo in ${AUTOMATIC} and r.granted < r.amount
        and exists (select 1 from holds h where h.ref_type = 'revision' and h.ref_id = r.id and h.status = 'abierta')
      order by r.created_at, r.id
      limit 500`,
  );
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
  if (grants.length === 0) return brake;
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
  return { ...brake, used, left: Math.max(0, brake.cap - used) };
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
async function moveGrants(tx: Executor, ops: ReviewOps, userId: string, now: Date): Promise<number> {
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
  await lockPersonLimits(tx, p.userId);
  const facts = await releaseFacts(tx, p.userId, p.assetId, p.now);
  const signal = signalOf(facts);
  let spendable = 0;
  let motivo: ReviewReason = signal ?? "verificacion";
  if (!signal && facts.verified) {
    await lockPlatformReleases(tx);
    const brake = await grantQueue(tx, p.now);
    const w = await windowOf(tx, p.userId, p.now);
    // Oldest first: with older items of theirs still waiting, the new one waits behind them.
    spendable = w.waiting > 0 ? 0 : splitRelease(p.amount, w.used, w.limit, brake.left).spendable;
    motivo = w.waiting > 0 || w.used + spendable >= w.limit ? "limite" : "freno";
    if (spendable > 0) {
      await tx.execute(sql`insert into limit_releases (user_id, ref_type, ref_id, amount, tipo, released_at)
        values (${p.userId}, 'activo', ${p.assetId}, ${spendable}, 'ventana', ${iso(p.now)})`);
    }
    await moveGrants(tx, ops, p.userId, p.now);
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
 * Credits arrived in `userId`'s disponible (the caller's ledger call holds that account): from
 * another person (`fromUserId`, or the payer into the escrow reference `fromRef`), or back to them
 * (a refund, a guarantee returned: neither given). Records a receipt from another person and flags
 * a fan-in on the desk; without identity verification, what passes MAX_SPENDABLE_UNVERIFIED
 * (never more than `amount`) waits in review ('concentracion'). Returns the credits held.
 */
export async function limitArrival(
  tx: Executor,
  p: {
    userId: string;
    amount: number;
    now: Date;
    fromUserId?: string | null;
    fromRef?: { refType: string; refId: string } | null;
  },
  ops: ReviewOps,
): Promise<number> {
  const from: SQL = p.fromUserId
    ? sql`${p.fromUserId}::uuid`
    : p.fromRef
      ? sql`(select a.user_id from transfers t join accounts a on a.id = t.debit_account_id
          where t.ref_type = ${p.fromRef.refType} and t.ref_id = ${p.fromRef.refId}::uuid and a.user_id is not null
            and a.user_id <> ${p.userId}::uuid order by t.id limit 1)`
      : sql`null::uuid`;
  const since = new Date(p.now.getTime() - FAN_IN_WINDOW_DAYS * DAY_MS);
  const young = `${FAN_IN_YOUNG_ACCOUNT_DAYS} days`;
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`with f as (select ${from} as uid),
      ins as (
        insert into limit_receipts (user_id, from_user_id, amount, received_at)
        select ${p.userId}, f.uid, ${p.amount}, ${iso(p.now)} from f where f.uid is not null and f.uid <> ${p.userId}::uuid
        returning from_user_id
      )
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
          ) x) end as fan_in,
        (select count(*) from ins) as receipts
      from users u where u.id = ${p.userId}`,
  );
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
