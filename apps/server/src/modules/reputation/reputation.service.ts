import { type Reputation, reputationFactSchema, scoreReputation } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Reputation (deals.md "Reputation", ADR 014, ADR 024): derived from how the user's deals ended,
 * never stored. This area only reads the outcomes the engine recorded on closed deals (the result,
 * the role that caused it, the proof of a completion) and hands them to the domain's pure scoring
 * (packages/domain/src/reputation): no process or transition is named here. Deals where the user is
 * a party count; sub-process deals (a loan's collateral) are part of their parent and do not.
 */
export async function computeReputation(exec: Executor, userId: string): Promise<Reputation> {
  const res = await exec.execute(sql`select d.outcome as "resultado", d.outcome_proof as "confirma",
      coalesce(d.parties->>d.outcome_role = ${userId}, false) as "causadoPorMi", count(*)::int as "cantidad"
    from deals d
    where d.outcome is not null and d.parent_id is null
      and exists (select 1 from jsonb_each_text(d.parties) p where p.value = ${userId})
    group by 1, 2, 3`);
  const rows = (res as unknown as { rows: unknown[] }).rows;
  // Each row is checked against the domain's contract (an unknown outcome in the data fails loudly).
  return scoreReputation(
    userId,
    rows.map((r) => reputationFactSchema.parse(r)),
  );
}
