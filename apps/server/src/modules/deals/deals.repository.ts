import type { DealOutcome } from "@valoriza/domain";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type Executor, type ForeseenRead, foresee, queryBuilder } from "../../db/client.ts";
import { dealHistory, deals, dealTimers } from "../../db/schema/index.ts";
import { flushDeferred, hasPendingPatch, patchOrDefer, rows, withPendingPatch, writeOrDefer } from "../../lib/batch.ts";

/** Queries of the process engine; every function takes the caller's executor (usually its transaction). */

export type DealRow = typeof deals.$inferSelect;
export type DealTimerRow = typeof dealTimers.$inferSelect;

export async function insertDeal(tx: Executor, row: typeof deals.$inferInsert): Promise<DealRow> {
  // Inside a running step (a sub-process), the step's deal state changes are written first: the
  // asset's previous deal may have just ended (one running deal per asset).
  if (row.assetId && hasPendingPatch(tx, "deals:")) await flushDeferred(tx);
  const [d] = await tx.insert(deals).values(row).returning();
  if (!d) throw new Error("deals: insert returned no row");
  return d;
}

/**
 * The deal's insert for its record's statement (`savesDeal`): the record's insert sends it as a CTE,
 * so the deal and its record cost one round trip. `on conflict (id) do nothing`: a record insert
 * retried (a custody's code drawn again) does not insert the deal twice. One running deal per asset
 * is still refused by its unique index, as by `insertDeal`.
 */
export async function dealInsertForRecord(tx: Executor, row: typeof deals.$inferInsert): Promise<SQL> {
  if (row.assetId && hasPendingPatch(tx, "deals:")) await flushDeferred(tx);
  return sql`${rows.insert(deals).values(row)} on conflict (id) do nothing`;
}

/**
 * A deal without its own record (a review round): the row goes with the step's statement when the
 * step is running (it is written at once otherwise). Nothing in the step may reference it before.
 */
export async function insertDealDeferred(tx: Executor, row: typeof deals.$inferInsert): Promise<void> {
  await writeOrDefer(tx, [{ sql: rows.insert(deals).values(row) }]);
}

const dealKey = (id: string) => `deals:${id}`;

/** The deal row locked FOR UPDATE (the engine locks the asset first). */
export async function lockDeal(tx: Executor, id: string): Promise<DealRow | undefined> {
  const [d] = await tx.select().from(deals).where(eq(deals.id, id)).for("update").limit(1);
  return withPendingPatch(tx, "deals", d);
}

/**
 * The deal row locked FOR UPDATE with its latest history entry that changed its state (what the
 * idempotency check compares with: lastHistory), in one statement.
 */
export async function lockDealWithLast(
  tx: Executor,
  id: string,
): Promise<{ deal: DealRow; last: { transition: string; actorRole: string } | null } | undefined> {
  const [r] = await lockDealWithLastQuery(tx, id);
  if (!r) return undefined;
  const last = typeof r.last === "string" ? JSON.parse(r.last) : r.last;
  return {
    deal: withPendingPatch(tx, "deals", r.deal) as DealRow,
    last: (last as { transition: string; actorRole: string } | null) ?? null,
  };
}

const lockDealWithLastQuery = (x: Executor, id: string) =>
  x
    .select({
      deal: deals,
      last: sql<unknown>`(select json_build_object('transition', h.transition, 'actorRole', h.actor_role)
        from deal_history h where h.deal_id = "deals"."id" and h.from_state is distinct from h.to_state
        order by h.id desc limit 1)`,
    })
    .from(deals)
    .where(eq(deals.id, id))
    .for("update", { of: deals })
    .limit(1);

/** lockDealWithLast foreseen (db/client.ts foresee; issue 21). */
export const foreseeLockDealWithLast = (id: string): ForeseenRead => foresee(lockDealWithLastQuery(queryBuilder, id));

/** The user ids of a deal's parties, as a subquery (one statement checks them all, e.g. for blocks). */
export const partiesOf = (dealId: string): SQL =>
  sql`(select p.value::uuid from ${deals} d cross join jsonb_each_text(d.parties) p where d.id = ${dealId}::uuid)`;

export async function findDeal(exec: Executor, id: string): Promise<DealRow | undefined> {
  const [d] = await exec.select().from(deals).where(eq(deals.id, id)).limit(1);
  return withPendingPatch(exec, "deals", d);
}

/**
 * The asset's running deal, if any: at most one per asset (a partial unique index), except rental
 * bookings, of which an asset has several (then the oldest).
 */
export async function findOpenDealForAsset(exec: Executor, assetId: string): Promise<DealRow | undefined> {
  const [d] = await exec
    .select()
    .from(deals)
    .where(and(eq(deals.assetId, assetId), sql`${deals.closedAt} is null`))
    .orderBy(deals.createdAt, deals.id)
    .limit(1);
  return d;
}

/** Every running deal of the asset, oldest first (several only for rental bookings). */
export async function listOpenDealsForAsset(exec: Executor, assetId: string): Promise<DealRow[]> {
  return exec
    .select()
    .from(deals)
    .where(and(eq(deals.assetId, assetId), sql`${deals.closedAt} is null`))
    .orderBy(deals.createdAt, deals.id)
    .limit(500);
}

/** The closing columns of a deal (ADR 024): when it closed and how it ended. */
export interface DealClosing {
  closedAt: Date;
  outcome: DealOutcome;
}

/**
 * The deal's new state (and its closing), written with the step's statement when a step is running
 * (lockDeal and findDeal see it before that); at once otherwise.
 */
export async function setDealState(tx: Executor, id: string, state: string, now: Date, closing: DealClosing | null) {
  const patch: Partial<typeof deals.$inferInsert> = {
    state,
    updatedAt: now,
    ...(closing
      ? {
          closedAt: closing.closedAt,
          outcome: closing.outcome.resultado,
          outcomeRole: closing.outcome.por,
          outcomeProof: closing.outcome.confirma,
        }
      : {}),
  };
  await patchOrDefer(tx, dealKey(id), patch, (p) => tx.update(deals).set(p).where(eq(deals.id, id)).getSQL());
}

/** Adds a party to a deal (a vacant role claimed through the engine, e.g. a community donation's beneficiary). */
export async function addParty(tx: Executor, id: string, role: string, userId: string): Promise<DealRow> {
  const [d] = await tx
    .update(deals)
    .set({ parties: sql`${deals.parties} || jsonb_build_object(${role}::text, ${userId}::text)` })
    .where(eq(deals.id, id))
    .returning();
  if (!d) throw new Error("deals: update returned no row");
  return d;
}

/**
 * The deal's latest history entry that changed its state (the idempotency check compares with it): a
 * transition that stays in its state (a reminder) is history too, but no step a party repeats.
 */
export async function lastHistory(exec: Executor, dealId: string) {
  const [h] = await exec
    .select()
    .from(dealHistory)
    .where(and(eq(dealHistory.dealId, dealId), sql`${dealHistory.fromState} is distinct from ${dealHistory.toState}`))
    .orderBy(desc(dealHistory.id))
    .limit(1);
  return h;
}

export async function listHistory(exec: Executor, dealId: string) {
  return exec.select().from(dealHistory).where(eq(dealHistory.dealId, dealId)).orderBy(dealHistory.id);
}

/** A history row; with the step's statement when a step is running (nobody reads it back in the step). */
export async function insertHistory(tx: Executor, row: typeof dealHistory.$inferInsert): Promise<void> {
  await writeOrDefer(tx, [{ sql: rows.insert(dealHistory).values(row) }]);
}

/**
 * A timer; with the step's statement when a step is running. Should a later transition of the same
 * step leave the state, the timer's runner finds the deal elsewhere and marks it 'omitido'.
 */
export async function insertTimer(tx: Executor, row: typeof dealTimers.$inferInsert): Promise<void> {
  await writeOrDefer(tx, [{ sql: rows.insert(dealTimers).values(row) }]);
}

/**
 * Cancels the deal's pending timers without waiting: a timer a runner has
 * claimed right now (row locked) is skipped; that runner re-checks the deal's
 * state under the deal lock and marks it 'omitido'. With the step's statement when a step is
 * running: it sees the timers written before the step, not those the same statement adds (the new
 * state's).
 */
export async function cancelPendingTimers(tx: Executor, dealId: string, now: Date): Promise<void> {
  await writeOrDefer(tx, [
    {
      sql: sql`update deal_timers set status = 'cancelado', fired_at = ${now}
    where id in (select id from deal_timers where deal_id = ${dealId}::uuid and status = 'pendiente'
                 for update skip locked)`,
    },
  ]);
}

/** Claims one due timer (FOR UPDATE SKIP LOCKED): another process never gets the same one. */
export async function claimDueTimer(tx: Executor, now: Date): Promise<DealTimerRow | undefined> {
  const [t] = await tx
    .select()
    .from(dealTimers)
    .where(and(eq(dealTimers.status, "pendiente"), sql`${dealTimers.dueAt} <= ${now}`))
    .orderBy(dealTimers.dueAt, dealTimers.id)
    .limit(1)
    .for("update", { skipLocked: true });
  return t;
}

export async function finishTimer(tx: Executor, id: number, status: "disparado" | "omitido", now: Date) {
  await tx.update(dealTimers).set({ status, firedAt: now }).where(eq(dealTimers.id, id));
}

/** After a failed attempt: count it, keep the error, retry later. */
export async function postponeTimer(exec: Executor, id: number, error: string, retryAt: Date) {
  await exec
    .update(dealTimers)
    .set({ attempts: sql`${dealTimers.attempts} + 1`, lastError: error.slice(0, 500), dueAt: retryAt })
    .where(and(eq(dealTimers.id, id), eq(dealTimers.status, "pendiente")));
}

export async function listTimers(exec: Executor, dealId: string) {
  return exec.select().from(dealTimers).where(eq(dealTimers.dealId, dealId)).orderBy(dealTimers.id);
}
