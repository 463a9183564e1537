import type { LiveEvent } from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { type BatchPart, writeOrDefer } from "../../lib/batch.ts";
import { EVENTS_CHANNEL, type EventEnvelope } from "./events.hub.ts";

/**
 * Publishes a live event to `userIds` on the caller's transaction (`live_publish`,
 * migration 0029: pg_notify, or kept until right after the COMMIT in a transaction
 * opened by transactionWith on PostgreSQL): listeners in every process hear it only
 * if and when that transaction commits (never for a rollback). Identical events
 * within one transaction are delivered once.
 */
export async function publishEvent(exec: Executor, userIds: readonly string[], event: LiveEvent): Promise<void> {
  // Deferred to the end of a deal's step when one is running (lib/batch.ts).
  const part = publishEventPart(userIds, event);
  if (part) await writeOrDefer(exec, [part]);
}

function publishSql(userIds: readonly string[], event: LiveEvent): SQL | null {
  const u = [...new Set(userIds.map((id) => id.toLowerCase()))];
  if (u.length === 0) return null;
  const envelope: EventEnvelope = { u, e: event };
  return sql`select live_publish(${EVENTS_CHANNEL}, ${JSON.stringify(envelope)})::text as done`;
}

/** {@link publishEvent} as a part of a one-statement batch (lib/batch.ts); null when there is nobody to tell. */
export function publishEventPart(userIds: readonly string[], event: LiveEvent): BatchPart | null {
  const q = publishSql(userIds, event);
  // A query part runs only when read: `returns` makes the batch read it.
  return q ? { sql: q, returns: true } : null;
}
