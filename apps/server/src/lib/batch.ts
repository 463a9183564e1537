import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client.ts";

/**
 * One statement, one round trip (issue 7, ADR 012): several areas' writes of one
 * business step sent together as data-modifying CTEs. Each area builds its own
 * part (its SQL, never executed alone) and reads its own result back; the caller
 * only joins them. Parts run against the same snapshot: no part sees another
 * part's rows, so none may read them (the caller sends rows to be read in an
 * earlier statement). A part may insert a row whose foreign key references a row
 * another part inserts (a registration's asset row and its public point):
 * foreign keys are checked when the whole statement has run, and a failed check
 * fails the whole statement. Every data-modifying part runs exactly once, and a
 * part that `returns` is a query whose rows come back (as JSON objects, keys as
 * the part's columns).
 */
export interface BatchPart {
  sql: SQL;
  /** The part is a query (or ends in RETURNING) whose rows the caller wants back. */
  returns?: boolean;
}

/** Runs the parts as one statement; answers the rows of each part (empty for parts that return nothing). */
export async function runBatch(exec: Executor, parts: readonly BatchPart[]): Promise<Record<string, unknown>[][]> {
  if (parts.length === 0) return [];
  const ctes = sql.join(
    parts.map((p, i) => sql`${sql.raw(`p${i}`)} as (${p.sql})`),
    sql`, `,
  );
  const returning = parts.map((p, i) => ({ p, i })).filter(({ p }) => p.returns);
  // Data-modifying parts run whether or not they are read; query parts run only when read.
  const select =
    returning.length === 0
      ? sql`select 1 as done`
      : sql`select ${sql.join(
          returning.map(
            ({ i }) =>
              sql`(select coalesce(json_agg(${sql.raw(`p${i}`)}), '[]'::json) from ${sql.raw(`p${i}`)}) as ${sql.raw(`r${i}`)}`,
          ),
          sql`, `,
        )}`;
  const res = await exec.execute(sql`with ${ctes} ${select}`);
  const row = ((res as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {}) as Record<string, unknown>;
  return parts.map((p, i) => {
    if (!p.returns) return [];
    const v = row[`r${i}`];
    const list = typeof v === "string" ? JSON.parse(v) : v;
    return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  });
}

/**
 * Writes nobody reads back in the same step (a movement, an activity record, a notification,
 * a live event) can wait for the step's end: inside {@link withDeferredWrites} they are queued
 * and sent together as ONE statement when the step's work is done, still inside its
 * transaction (issue 7: fewer round trips per deal). Outside such a scope they run at once,
 * as one statement. Only inserts and pg_notify are deferred, never an update: several parts
 * in one statement must not touch the same row.
 */
const deferred = new WeakMap<object, BatchPart[]>();

export async function writeOrDefer(exec: Executor, parts: readonly BatchPart[]): Promise<void> {
  if (parts.length === 0) return;
  const queue = deferred.get(exec);
  if (queue) queue.push(...parts);
  else await runBatch(exec, parts);
}

/** Runs `work` with the deferrable writes made on `exec` queued, then sends them as one statement. */
export async function withDeferredWrites<T>(exec: Executor, work: () => Promise<T>): Promise<T> {
  // A nested scope (a transition applied inside another) leaves the flush to the outer one.
  if (deferred.has(exec)) return work();
  const queue: BatchPart[] = [];
  deferred.set(exec, queue);
  try {
    const result = await work();
    if (queue.length > 0) await runBatch(exec, queue);
    return result;
  } finally {
    deferred.delete(exec);
  }
}
