import type { ProcessSpec } from "@valoriza/domain";
import { assertNoBlock, assertNoBlockAmong } from "../../blocks/index.ts";
import { partiesOf } from "../deals.repository.ts";
import type { Guard, ProcessHandlers } from "../deals.types.ts";

/**
 * Guards every table may name without its handlers implementing them (like the library's effects,
 * ADR 026): `sinBloqueo`, the actor and each other party have not blocked each other (403 BLOCKED,
 * issue 19 part 4), for the steps that start or take a deal between two people.
 */
export const LIBRARY_GUARDS: Readonly<Record<string, Guard<unknown>>> = {
  async sinBloqueo(ctx) {
    if (!ctx.actorUserId) return;
    if (ctx.from === null) {
      // A deal being started: its parties are not stored yet.
      for (const id of new Set(Object.values(ctx.deal.parties))) await assertNoBlock(ctx.tx, ctx.actorUserId, id);
      return;
    }
    // A stored deal: all its parties in one statement (foreseeable: engine.foreseeApply).
    await assertNoBlockAmong(ctx.tx, ctx.actorUserId, partiesOf(ctx.deal.id));
  },
};

/** The guard `name` of a process: its handlers' own, else the library's. */
export function guardOf<D>(handlers: ProcessHandlers<D>, name: string): Guard<D> | undefined {
  return handlers.guards[name] ?? LIBRARY_GUARDS[name];
}

/** The guards a table's handlers provide: their own plus the library's the table names. */
export function providedGuards(spec: ProcessSpec, handlers: { guards: object }): string[] {
  const named = new Set(Object.values(spec.transitions).flatMap((t) => t.guards));
  return [...Object.keys(handlers.guards), ...Object.keys(LIBRARY_GUARDS).filter((g) => named.has(g))];
}
