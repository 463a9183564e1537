/**
 * The runner of the ledger property test: one database per file with the areas' services wired on one
 * deal engine (registry.ts), random sequences of the areas' steps, and after EVERY step the invariants
 * of economy.md and the database equal to the model. Each run uses fresh people, so runs (and
 * fast-check's shrinking) never see each other's accounts; every run ends with every deal closed (the
 * areas' settle, then every deadline passed) and the areas' end checks.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { Database } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { createDealsEngine, type DealsEngine } from "../../modules/deals/index.ts";
import { getSystemBalances } from "../../modules/ledger/index.ts";
import { createUsers, fastCommits, quietPoolErrors, raiseBrake } from "../../modules/ledger/ledger.testkit.ts";
import { freshDatabase } from "../harness.ts";
import type { AreaModel, StepKind } from "./area.ts";
import { expectDbEqualsModel, expectHoldsEqualModel, expectInvariants } from "./checks.ts";
import { expire } from "./common.model.ts";
import { type Ctx, Model, applied as shared, USERS } from "./model.ts";

export interface PropertyEnv {
  database: Database;
  clock: ManualClock;
  engine: DealsEngine;
  drop(): Promise<void>;
}

/** One fresh database, its people identity-verified (ledger.testkit), every area's service wired. */
export async function setUp(areas: readonly AreaModel[]): Promise<PropertyEnv> {
  const { database, drop } = await freshDatabase();
  quietPoolErrors(database);
  await fastCommits(database);
  // Many runs release many assets' credits a day: the platform's brake is raised out of the way.
  await raiseBrake(database.db);
  const clock = new ManualClock(new Date());
  const engine = createDealsEngine({ clock });
  const deps = { db: database.db, clock } as unknown as AppDeps;
  for (const a of areas) a.wire?.(deps, engine);
  return { database, clock, engine, drop };
}

/** A random step of any area, weighted. */
export function stepArbitrary(areas: readonly AreaModel[]): fc.Arbitrary<{ t: string }> {
  return fc.oneof(...areas.flatMap((a) => a.steps.map((s) => ({ arbitrary: s.arbitrary, weight: s.weight }))));
}

/** Fires every timer due at the clock: the engine fires exactly the ones the areas expect, then the model follows. */
async function fireDue(env: PropertyEnv, areas: readonly AreaModel[], ctx: Ctx) {
  const now = ctx.clock.now().getTime();
  const dues = areas.flatMap((a) => (a.due ? [a.due(ctx, now)] : []));
  expect(await env.engine.fireDueTimers(ctx.db, ctx.clock.now())).toBe(dues.reduce((n, d) => n + d.count, 0));
  for (const d of dues) await d.fire();
}

export interface RunStats {
  steps: number;
}

/** One run: fresh people, the steps in order (the checks after each), then every deal closed and the end checks. */
export async function runOnce(env: PropertyEnv, areas: readonly AreaModel[], ops: { t: string }[], stats: RunStats) {
  const kinds = new Map<string, StepKind>(areas.flatMap((a) => a.steps.map((s) => [s.t, s] as const)));
  const db = env.database.db;
  const ctx: Ctx = {
    db,
    ids: await createUsers(db, USERS),
    m: new Model(await getSystemBalances(db)),
    clock: env.clock,
    fireDue: () => fireDue(env, areas, ctx),
  };
  for (const op of ops) {
    await kinds.get(op.t)!.apply(ctx, op);
    await expectDbEqualsModel(ctx);
    stats.steps++;
  }
  // What only a party ends (e.g. every active loan, by its lender).
  for (const a of areas) await a.settle?.(ctx);
  // Every escrow ends: what is still pending expires, the custodia account goes back to where it was.
  await expire(ctx);
  await expectDbEqualsModel(ctx);
  // Then every deadline of every area passes (a purchase's 30 days, a withdrawal's 15...).
  ctx.clock.advance(Math.max(...areas.map((a) => a.waitsAtMostMs ?? 0)) + 1000);
  await ctx.fireDue();
  await expectDbEqualsModel(ctx);
  for (const a of areas) await a.checkEnd?.(ctx);
  await expectHoldsEqualModel(ctx);
}

/** The whole database at the end, not only the last run's people. */
export const expectWholeLedgerSound = (env: PropertyEnv) => expectInvariants(env.database.db);

/** What the steps really did, by area (printed at the end: the property is not vacuous). */
export const appliedSummary = (areas: readonly AreaModel[]) =>
  JSON.stringify(Object.assign({}, ...areas.map((a) => a.applied ?? {}), shared));
