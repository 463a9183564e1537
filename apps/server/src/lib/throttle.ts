import { MSG } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import { rateLimited } from "./errors.ts";

/** The 429 for a throttled attempt: Retry-After in seconds, the Spanish wait in minutes. */
export function tooManyAttempts(waitMs: number) {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return rateLimited(MSG.tooManyLoginAttempts(minutes), Math.max(1, Math.ceil(waitMs / 1000)));
}

/** How a key slows down: after `max` failures, each further failure doubles the wait. */
export interface SlowdownPolicy {
  /** Failures (within `windowMs` of one another) before the first wait. */
  max: number;
  /** A key quiet for this long (after its last failure and its last wait) starts again from zero. */
  windowMs: number;
  /** Wait after the `max`-th failure; doubles with each failure after it. */
  firstDelayMs: number;
  /** Longest wait. */
  maxDelayMs: number;
}

/** Wait imposed after the `failures`-th failure (0 below the policy's max). */
export function slowdownDelay(policy: SlowdownPolicy, failures: number): number {
  if (failures < policy.max) return 0;
  const doublings = Math.min(failures - policy.max, 30);
  return Math.min(policy.firstDelayMs * 2 ** doublings, policy.maxDelayMs);
}

const iso = (ms: number) => new Date(ms).toISOString();
type Rows<T> = { rows: T[] };

/**
 * Failure counters in PostgreSQL (table auth_throttle): every server process on
 * one database sees the same counts. Nothing is ever locked for good: a key
 * that keeps failing waits longer and longer (up to the policy's maximum), and
 * a key that stays quiet for the window after its last failure and wait is forgotten.
 */
export class DbThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until every one of `keys` may try again (the longest wait), or 0. */
  async waitFor(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const now = this.clock.now().getTime();
    const keyList = sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    );
    const r = (await this.db.execute(sql`
      select max(blocked_until) as until from auth_throttle
      where key in (${keyList}) and blocked_until > ${iso(now)}::timestamptz`)) as unknown as Rows<{
      until: string | Date | null;
    }>;
    const until = r.rows[0]?.until;
    return until ? Math.max(0, new Date(until).getTime() - now) : 0;
  }

  /** Records one failure of `key`; answers the wait it now imposes (0 if none). */
  async fail(key: string, policy: SlowdownPolicy): Promise<number> {
    const now = this.clock.now().getTime();
    const r = (await this.db.execute(sql`
      insert into auth_throttle (key, failures, last_failure_at, blocked_until)
      values (${key}, 1, ${iso(now)}::timestamptz, null)
      on conflict (key) do update set
        failures = case
          when greatest(auth_throttle.last_failure_at, coalesce(auth_throttle.blocked_until, auth_throttle.last_failure_at))
               <= ${iso(now - policy.windowMs)}::timestamptz
          then 1 else auth_throttle.failures + 1 end,
        last_failure_at = excluded.last_failure_at
      returning failures`)) as unknown as Rows<{ failures: number }>;
    const failures = Number(r.rows[0]?.failures ?? 1);
    const delay = slowdownDelay(policy, failures);
    if (delay > 0) {
      await this.db.execute(
        sql`update auth_throttle set blocked_until = ${iso(now + delay)}::timestamptz where key = ${key}`,
      );
    }
    if (failures === 1 && Math.random() < 0.02) await this.prune(now);
    return delay;
  }

  /**
   * Fixed-window quota: adds `amount` to `key` when the window's total stays
   * within `max`, and answers 0; otherwise adds nothing and answers the
   * milliseconds until the window ends. Atomic (one statement).
   */
  async take(key: string, amount: number, max: number, windowMs: number): Promise<number> {
    const now = this.clock.now().getTime();
    const expired = sql`auth_throttle.last_failure_at <= ${iso(now - windowMs)}::timestamptz`;
    if (amount > max) return windowMs;
    const r = (await this.db.execute(sql`
      insert into auth_throttle (key, failures, last_failure_at, blocked_until)
      values (${key}, ${amount}, ${iso(now)}::timestamptz, null)
      on conflict (key) do update set
        failures = case when ${expired} then excluded.failures else auth_throttle.failures + excluded.failures end,
        last_failure_at = case when ${expired} then excluded.last_failure_at else auth_throttle.last_failure_at end
      where ${expired} or auth_throttle.failures + excluded.failures <= ${max}
      returning failures`)) as unknown as Rows<{ failures: number }>;
    if (r.rows.length > 0) return 0;
    const w = (await this.db.execute(
      sql`select last_failure_at as start from auth_throttle where key = ${key}`,
    )) as unknown as Rows<{ start: string | Date }>;
    const start = w.rows[0]?.start;
    return start ? Math.max(1000, new Date(start).getTime() + windowMs - now) : 1000;
  }

  /** Forgets `key` (after a success). */
  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from auth_throttle where key = ${key}`);
  }

  /** Drops counters idle for a day. */
  async prune(now = this.clock.now().getTime()): Promise<void> {
    const cutoff = iso(now - 24 * 3600_000);
    await this.db.execute(sql`
      delete from auth_throttle
      where last_failure_at < ${cutoff}::timestamptz
        and (blocked_until is null or blocked_until < ${iso(now)}::timestamptz)`);
  }
}

/**
 * Keyed leases kept in the same table (auth_throttle is its only writer's, this file's): a key held
 * until `until`, seen by every server process (e.g. a participant present on a chat, modules/chat).
 */
export async function holdLease(exec: Executor, key: string, now: Date, until: Date): Promise<void> {
  await exec.execute(sql`
    insert into auth_throttle (key, failures, last_failure_at, blocked_until)
    values (${key}, 1, ${now.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)
    on conflict (key) do update set last_failure_at = excluded.last_failure_at, blocked_until = excluded.blocked_until`);
}

export async function dropLease(exec: Executor, key: string): Promise<void> {
  await exec.execute(sql`delete from auth_throttle where key = ${key}`);
}

export async function leaseHeld(exec: Executor, key: string, now: Date): Promise<boolean> {
  const r = (await exec.execute(sql`
    select 1 as held from auth_throttle
    where key = ${key} and blocked_until > ${now.toISOString()}::timestamptz`)) as unknown as Rows<unknown>;
  return r.rows.length > 0;
}
