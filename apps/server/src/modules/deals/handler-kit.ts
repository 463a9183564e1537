import { DEALS_MSG } from "@valoriza/domain";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { AssetRow } from "../assets/index.ts";
import type { TransitionContext } from "./deals.engine.ts";
import type { DealRow } from "./deals.repository.ts";

/** Small pieces every area's handlers use (ADR 026): typed input, the record loader, the locked asset. */

/**
 * A transition's input, parsed by its zod schema (the route's body schema or the domain's input
 * schema), so guards and effects read it typed, never cast (issue 18 item 1). No input reads as {}.
 */
export function inputOf<S extends z.ZodType>(ctx: Pick<TransitionContext<unknown>, "input">, schema: S): z.output<S> {
  return schema.parse(ctx.input ?? {});
}

/** `ProcessHandlers.load` for a record whose id is the deal's: `find` it, or fail loudly (a missing record is a bug). */
export function recordOf<D>(find: (exec: Executor, id: string) => Promise<D | undefined>, what: string) {
  return async (exec: Executor, deal: DealRow): Promise<D> => {
    const row = await find(exec, deal.id);
    if (!row) throw new Error(`${what} of deal ${deal.id} missing`);
    return row;
  };
}

/** The deal's locked asset (a deal about an asset always has it; NOT_FOUND otherwise). */
export function dealAsset(
  ctx: Pick<TransitionContext<unknown>, "asset">,
  message: string = DEALS_MSG.assetNotFound,
): AssetRow {
  if (!ctx.asset) throw notFound(message);
  return ctx.asset;
}

/** The guard every deal about a reserved asset shares: the asset is in the deal (operacion); else 409 with `message`. */
export function assetInDeal(message: string) {
  return (ctx: Pick<TransitionContext<unknown>, "asset">): void => {
    if (dealAsset(ctx).status !== "operacion") throw conflict(message);
  };
}
