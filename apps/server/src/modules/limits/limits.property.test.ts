/**
 * The farm (issue 17, ADR 015 "the bound on people"), over HTTP with the injected clock: N accounts
 * (N drawn up to 50), their emails verified, V of them identity-verified (V drawn, 0 allowed), doing
 * any sequence of registrations, cash and credit sales, exchanges, loans with interest, rentals,
 * donations and gifts, looks at their limits (the read-time queue) and waits over simulated months.
 * After every step:
 * - the accounts without identity verification hold at most 5.000 spendable credits each;
 * - the farm's spendable credits (it starts with none, so every one of them came from self-declared
 *   value) are at most selfDeclaredBound(V, days): none at all when V = 0;
 * - the platform's automatic releases of each Colombian day are at most the brake for the
 *   circulation;
 * and at the end every ledger invariant holds. The "done when" is limits.attack.test.ts; the
 * farm's steps are in limits.farm.testkit.ts.
 *
 * LIMITS_RUNS sets the number of farm runs (default 5); LIMITS_SEED replays one.
 */
import { MAX_SPENDABLE_UNVERIFIED } from "@valoriza/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bound,
  createFarm,
  expectBrakeHeld,
  expectLedgerSound,
  step,
  stepArb,
  t,
  useFarmApp,
} from "./limits.farm.testkit.ts";

const RUNS = Number(process.env.LIMITS_RUNS ?? 5);
const SEED = process.env.LIMITS_SEED ? Number(process.env.LIMITS_SEED) : undefined;

useFarmApp();

describe("the bound on people (ADR 015)", () => {
  it("a farm of up to 50 accounts doing anything over months: accounts without identity verification never pass 5.000, the farm never passes the bound, the brake holds, the ledger stays sound", async () => {
    let steps = 0;
    const applied: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 50 }),
        fc.nat({ max: 3 }),
        fc.array(stepArb, { minLength: 10, maxLength: 40 }),
        async (n, v, seq) => {
          const farm = await createFarm(n, Math.min(v, n));
          const start = t.clock.now().getTime();
          for (const s of seq) {
            if (await step(farm, s)) applied[s.kind] = (applied[s.kind] ?? 0) + 1;
            steps++;
            const b = await bound(farm, start);
            expect(b.maxUnverified).toBeLessThanOrEqual(MAX_SPENDABLE_UNVERIFIED);
            expect(b.spendable).toBeLessThanOrEqual(b.bound);
          }
          await expectBrakeHeld();
          await expectLedgerSound();
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(
      `farm property: ${RUNS} runs, ${steps} steps on ${t.database.kind}; applied ${JSON.stringify(applied)}`,
    );
  }, 1_200_000);
});
