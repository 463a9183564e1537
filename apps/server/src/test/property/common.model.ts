/**
 * Steps of the ledger property test that belong to no single deal: a week passes (every timer due
 * fires, in every area) and someone earns spendable credits.
 */
import { CUSTODY_EXPIRY_MS } from "@valoriza/domain";
import fc from "fast-check";
import { type AreaModel, stepKind } from "./area.ts";
import { type Ctx, earn, USERS } from "./model.ts";

/** A week and a second pass (every custody's deadline), and the timers due fire. */
export async function expire(ctx: Ctx) {
  ctx.clock.advance(CUSTODY_EXPIRY_MS + 1000);
  await ctx.fireDue();
}

export const commonModel: AreaModel = {
  name: "common",
  steps: [
    stepKind({
      t: "expire" as const,
      weight: 1,
      arbitrary: fc.constant({ t: "expire" as const }),
      apply: (ctx) => expire(ctx),
    }),
    stepKind({
      t: "earn" as const,
      weight: 5,
      arbitrary: fc.record({
        t: fc.constant("earn" as const),
        user: fc.integer({ min: 0, max: USERS - 1 }),
        amount: fc.integer({ min: 1, max: 500 }),
      }),
      apply: (ctx, op) => earn(ctx, op.user, op.amount),
    }),
  ],
};
