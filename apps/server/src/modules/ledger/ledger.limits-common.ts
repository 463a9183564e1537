import {
  AUTOMATIC_REVIEW_REASONS,
  BRAKE_MIN_CREDITS_PER_DAY,
  brakeCap,
  colombiaDayStart,
  DAY_MS,
  formatNumber,
  RELEASE_WINDOW_DAYS,
  type ReviewReason,
  releaseLimit,
  SIGNAL_BURST_REGISTRATIONS,
  SIGNAL_REPEATED_DEALS,
  SIGNAL_REPEATED_DEALS_DAYS,
  valueSignal,
} from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, foreseeNext } from "../../db/client.ts";
import { UUID_RE } from "../../lib/ids.ts";
import { pgError } from "./ledger.errors.ts";

/** The release rule's shared pieces (ledger.limits.ts): its locks, what it reads, and the brake's state. */

export async function rows<T>(exec: Executor, q: SQL): Promise<T[]> {
  const res = await exec.execute(q);
  return (res as unknown as { rows: T[] }).rows;
}

/**
 * `q`'s rows, read right after the statement `first` (a lock): on PostgreSQL `q` travels right
 * behind it, in the same round trip (db/client.ts foreseeNext), and still reads with its own
 * snapshot, taken after the lock was granted (READ COMMITTED: one per statement). Both may have been
 * foreseen already (releaseReadsAhead): then neither is sent again. Without `first`, just `q`'s rows.
 */
export async function rowsAfter<T>(
  tx: Executor,
  first: string | undefined,
  q: SQL,
  /** When `first` answers no row (a lock it took only on a condition): run this statement, then read `q`. */
  otherwise?: string,
): Promise<T[]> {
  if (first !== undefined) {
    foreseeNext(tx, [q]);
    const taken = await rows(tx, sql.raw(first));
    if (otherwise !== undefined && taken.length === 0) {
      await tx.execute(sql.raw(otherwise));
      return rows<T>(tx, q);
    }
  }
  return rows<T>(tx, q);
}

export const num = (v: unknown) => Number(v ?? 0);
export const iso = (d: Date) => d.toISOString();
export const fmt = (n: number) => formatNumber(n);

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
  await tx.execute(personLimitsLock(userId));
}

/** lockPersonLimits' statement, its key a parameter (a bound statement of an opening: db/client.ts `bind`). */
export function personLimitsLock(userId: string): SQL {
  return sql`select pg_advisory_xact_lock(hashtextextended(${limitsKey(userId)}, 0))`;
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

/**
 * The platform brake's lock: every automatic release decision (the window and the day's cap) is made
 * under it. One statement with no value: sent alone (lockPlatformReleases) or first (rowsAfter).
 */
export const PLATFORM_LOCK_STATEMENT = `select pg_advisory_xact_lock(hashtextextended('${PLATFORM_KEY}', 0))`;

/**
 * The platform lock, taken by a statement that answers a row only when `userId` is verified (the
 * release rule needs it only then): foreseen with an asset's release (releaseReadsAhead), it is not
 * held in vain when the hold's owner turns out unverified. The rule checks its row (rowsAfter's
 * `otherwise`): no row, and it takes the plain lock.
 */
export function platformLockIfVerifiedStatement(userId: string): string {
  if (!UUID_RE.test(userId)) throw new Error("platformLockIfVerifiedStatement: the user id is not a uuid");
  return `${PLATFORM_LOCK_STATEMENT} from users where id = '${userId}' and verified`;
}

export async function lockPlatformReleases(tx: Executor): Promise<void> {
  await tx.execute(sql.raw(PLATFORM_LOCK_STATEMENT));
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

/** The message of a registration refused by the day's bounds inside its batch (migration 0028's refuse_if). */
const DAILY_BOUNDS_REFUSED = "limite_diario";

/**
 * The day's bounds checked inside a registration's batch (a part that returns one row; lib/batch.ts):
 * the whole statement fails (SQLSTATE VZ001, refuse_if) when the person's registrations since
 * `fromId` reach `maxCount` or their credits issued pass `maxIssuedBefore` (domain dailyBounds). The
 * person's limits lock is taken by an earlier statement of the transaction, so the batch's snapshot
 * sees every registration of theirs committed before it, and a refused registration writes nothing.
 */
export function dailyBoundsGuardSql(
  userId: string,
  fromId: string,
  bounds: { maxCount: number; maxIssuedBefore: number },
): SQL {
  return sql`select refuse_if(r.n >= ${bounds.maxCount} or r.issued > ${bounds.maxIssuedBefore}, ${DAILY_BOUNDS_REFUSED},
      json_build_object('n', r.n, 'issued', r.issued)::text) as ok from (${registrationsSql(userId, fromId, null)}) r`;
}

/** The person's counts when `e` is dailyBoundsGuardSql's refusal; null for any other error. */
export function dailyBoundsRefused(e: unknown): { n: number; issued: number } | null {
  const pg = pgError(e) as { code?: string; message?: string; detail?: string } | undefined;
  if (pg?.code !== "VZ001" || pg.message !== DAILY_BOUNDS_REFUSED) return null;
  const d = JSON.parse(pg.detail ?? "{}") as { n?: unknown; issued?: unknown };
  return { n: Number(d.n ?? 0), issued: Number(d.issued ?? 0) };
}

/** Deal states that count as a completed deal between two people (never cancelled, rejected, expired or closed ones). */
const COMPLETED_STATES = sql`('confirmada','completada','finalizada','devuelto','vencido','aceptada')`;
export const AUTOMATIC = sql.raw(`(${AUTOMATIC_REVIEW_REASONS.map((r) => `'${r}'`).join(",")})`);

export interface ReleaseFacts {
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
export async function releaseFacts(
  tx: Executor,
  userId: string,
  assetId: string,
  now: Date,
  /** An inline lock to take first, in the same round trip (rowsAfter). */
  lockFirst?: string,
): Promise<ReleaseFacts> {
  const [r] = await rowsAfter<Record<string, unknown>>(tx, lockFirst, releaseFactsQuery(userId, assetId, now));
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

/** releaseFacts' one query. */
export function releaseFactsQuery(userId: string, assetId: string, now: Date): SQL {
  const since = new Date(now.getTime() - SIGNAL_REPEATED_DEALS_DAYS * DAY_MS);
  const mint = uuidv7Ms(assetId);
  const burst = registrationsSql(userId, uuidv7Floor(mint - DAY_MS), assetId);
  return sql`
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
    `;
}

/** Why a release is flagged for an admin, or null. */
export function signalOf(f: ReleaseFacts): ReviewReason | null {
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

/** A person's window: the limit in force and what the window has released in the last 30 days. */
export interface ReleaseWindow {
  verified: boolean;
  limit: number;
  used: number;
  waiting: number;
  /** Granted parts of their reviews not moved to them yet (moveGrants has work). */
  movable: boolean;
}

/** The columns of a person's window (windowFrom reads them), for a select of its own or a larger one. */
export function windowColumns(userId: string, now: Date): SQL {
  const since = new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS);
  return sql`coalesce((select verified from users where id = ${userId}), false) as verified,
      (select limite from limit_windows where user_id = ${userId}) as raised,
      coalesce((select sum(amount) from limit_releases where user_id = ${userId} and tipo = 'ventana'
        and released_at > ${iso(since)}), 0) as used,
      coalesce((select sum(r.amount - r.granted) from limit_reviews r where r.user_id = ${userId}
        and r.status = 'en_revision' and r.motivo in ${AUTOMATIC}
        and exists (select 1 from holds h where h.ref_type = 'revision' and h.ref_id = r.id and h.status = 'abierta')), 0)
        as waiting,
      exists (select 1 from limit_reviews m where m.user_id = ${userId} and m.status = 'en_revision'
        and m.granted > m.released) as movable`;
}

export function windowFrom(r: Record<string, unknown> | undefined): ReleaseWindow {
  const verified = r?.verified === true;
  const limit = releaseLimit(verified, r?.raised == null ? null : num(r.raised));
  return { verified, limit, used: num(r?.used), waiting: num(r?.waiting), movable: r?.movable === true };
}

export async function windowOf(tx: Executor, userId: string, now: Date): Promise<ReleaseWindow> {
  const [r] = await rows<Record<string, unknown>>(tx, sql`select ${windowColumns(userId, now)}`);
  return windowFrom(r);
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

/** The columns of the brake today (brakeFrom reads them), for a select of its own or a larger one. */
export function brakeColumns(now: Date): SQL {
  return sql`-(select coalesce(sum(balance), 0) from accounts where user_id is null) as circulation,
      coalesce((select sum(amount) from limit_releases where tipo = 'ventana'
        and released_at >= ${iso(colombiaDayStart(now))}), 0) as brake_used`;
}

export function brakeFrom(r: Record<string, unknown> | undefined): BrakeState {
  const circulation = num(r?.circulation);
  const cap = brakeCap(circulation, brakeMinPerDay);
  const used = num(r?.brake_used);
  return { cap, used, left: Math.max(0, cap - used), circulation };
}

/** The brake today: the cap for the circulation now (users' disponible + bloqueado) and what the windows released today. */
export async function brakeState(exec: Executor, now: Date): Promise<BrakeState> {
  const [r] = await rows<Record<string, unknown>>(exec, sql`select ${brakeColumns(now)}`);
  return brakeFrom(r);
}
