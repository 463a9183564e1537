/**
 * Public entry of the deals area: the process engine (ADR 006). Processes
 * (custody/sale, loans, rentals, donations, exchanges...) register their guards and
 * effects with the engine built in app.ts and apply transitions through it.
 */
export {
  type Actor,
  createDealsEngine,
  type DealsEngine,
  type Effect,
  type FinishedDeal,
  type Guard,
  type ProcessHandlers,
  type TransitionContext,
  type TransitionOutcome,
} from "./deals.engine.ts";
export {
  type DealRow,
  findDeal,
  findOpenDealForAsset,
  listHistory,
  listOpenDealsForAsset,
  listTimers,
} from "./deals.repository.ts";
export { startTimerRunner, type TimerRunner } from "./deals.timers.ts";
export { assetInDeal, dealAsset, inputOf, recordOf } from "./handler-kit.ts";

// --- Reads for the holder's data rights (profile area, issue 16; ADR 018) ---
import { desc, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { deals as dealsTable } from "../../db/schema/index.ts";
import type { DealRow as Deal } from "./deals.repository.ts";

/**
 * The deals in which `userId` takes part (any role), newest first; `openOnly`: those still running,
 * but not those that follow another deal (`parent_id`: a loan's collateral ends with its loan; a
 * review round is no deal in progress).
 */
export async function listDealsOfUser(
  exec: Executor,
  userId: string,
  opts: { openOnly?: boolean; limit?: number } = {},
): Promise<Deal[]> {
  const party = sql`exists (select 1 from jsonb_each_text(${dealsTable.parties}) p where p.value = ${userId})`;
  const where = opts.openOnly
    ? sql`${party} and ${dealsTable.closedAt} is null and ${dealsTable.parentId} is null`
    : party;
  return exec
    .select()
    .from(dealsTable)
    .where(where)
    .orderBy(desc(dealsTable.createdAt), desc(dealsTable.id))
    .limit(opts.limit ?? 5000);
}
