/**
 * Model-based property test of the ledger: random sequences of steps run against the real services
 * (on a fresh database) and against a small in-memory model, and after EVERY step the invariants of
 * economy.md hold and the database equals the model. The harness and the model are in
 * src/test/property/: model.ts (balances per account kind, holds, assets), runner.ts, and one
 * <area>.model.ts per area (its steps, its timers, its end-of-run checks), listed in registry.ts as
 * app.ts wires the areas. A new kind of deal that moves credits adds its model file and one line there.
 *
 * The areas: assets (registrations, releases, deactivations), the ledger's own calls (transfers,
 * escrows, guarantees), sales and custody (purchases with credits or cash, confirmation by code,
 * cancellation, the 7-day expiry), exchanges, loans, donations, rentals, the official marketplace and
 * withdrawals; a step lets a week pass (every timer due fires) and one lets someone earn credits.
 * Every run ends with every deal closed, each escrow and guarantee resolved exactly once.
 *
 * LEDGER_PBT_RUNS sets the number of runs (default 400: a run costs about 0.1-0.25 s on PGlite on a
 * loaded 2-core machine; raise it for a longer soak); LEDGER_PBT_SEED replays a failing seed.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { AREAS } from "../../test/property/registry.ts";
import {
  appliedSummary,
  expectWholeLedgerSound,
  type PropertyEnv,
  runOnce,
  setUp,
  stepArbitrary,
} from "../../test/property/runner.ts";

const RUNS = Number(process.env.LEDGER_PBT_RUNS ?? 400);
const SEED = process.env.LEDGER_PBT_SEED ? Number(process.env.LEDGER_PBT_SEED) : undefined;

let env: PropertyEnv;
beforeAll(async () => {
  env = await setUp(AREAS);
});
afterAll(() => env.drop());

describe("ledger model-based property", () => {
  it(`random operation sequences keep every invariant and match the model (${RUNS} runs)`, async () => {
    const started = performance.now();
    const stats = { steps: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary(AREAS), { minLength: 1, maxLength: 14 }), (ops) =>
        runOnce(env, AREAS, ops, stats),
      ),
      // LEDGER_PBT_END_ON_FAILURE=1: report the first failing run as it was, unshrunk (a shrunk
      // replay runs on a database the failed run left behind, so its error can be a different one).
      { numRuns: RUNS, seed: SEED, endOnFailure: process.env.LEDGER_PBT_END_ON_FAILURE === "1" },
    );
    await expectWholeLedgerSound(env);
    console.log(`ledger property, deals applied: ${appliedSummary(AREAS)}`);
    console.log(
      `ledger property: ${RUNS} runs, ${stats.steps} steps in ${((performance.now() - started) / 1000).toFixed(1)} s on ${env.database.kind}`,
    );
  }, 600_000);
});
