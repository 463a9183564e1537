import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/** The counters of rate_limit_hits (REGISTROS_POR_IP_HORA, signup-limit.ts): its only writer. */

type Rows<T> = { rows: T[] };

/**
 * One hit of `key`: the window starts with the first hit and the count starts again once `reset_at`
 * has passed. Answers the count and when the window ends.
 */
export async function hitRateLimit(
  exec: Executor,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ hits: number; resetAt: number }> {
  const nowIso = new Date(now).toISOString();
  const r = await exec.execute(sql`
    insert into rate_limit_hits (key, hits, reset_at)
    values (${key}, 1, ${new Date(now + windowMs).toISOString()}::timestamptz)
    on conflict (key) do update set
      hits = case when rate_limit_hits.reset_at <= ${nowIso}::timestamptz then 1 else rate_limit_hits.hits + 1 end,
      reset_at = case when rate_limit_hits.reset_at <= ${nowIso}::timestamptz then excluded.reset_at
                 else rate_limit_hits.reset_at end
    returning hits, reset_at`);
  const row = (r as unknown as Rows<{ hits: number; reset_at: string | Date }>).rows[0];
  return { hits: Number(row?.hits ?? 1), resetAt: row ? new Date(row.reset_at).getTime() : now + windowMs };
}

/** Gives back one hit of `key` in its current window. */
export async function refundRateLimitHit(exec: Executor, key: string, now: Date): Promise<void> {
  await exec.execute(sql`
    update rate_limit_hits set hits = greatest(hits - 1, 0)
    where key = ${key} and reset_at > ${now.toISOString()}::timestamptz`);
}
