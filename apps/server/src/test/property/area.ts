/**
 * The shape of one area's model in the ledger property test (ledger.property.test.ts): the steps it
 * adds to the random sequences, the timers it expects the engine to fire, and what must hold at the
 * end of a run. registry.ts lists the areas, as app.ts wires the real ones.
 */
import type fc from "fast-check";
import type { AppDeps } from "../../lib/deps.ts";
import type { DealsEngine } from "../../modules/deals/index.ts";
import type { Ctx } from "./model.ts";

/** One kind of random step: `t` names it in the generated sequences (and in a counterexample). */
export interface StepKind<O extends { t: string } = { t: string }> {
  t: O["t"];
  /** How often fc.oneof picks it, relative to the other kinds. */
  weight: number;
  /** The op's random fields (its `t` is the constant above). */
  arbitrary: fc.Arbitrary<O>;
  /**
   * Runs the op against the real services, checks the answer the model predicts (a refusal with its
   * code, or the result), and applies it to the model. A method: any area's op fits the registry.
   */
  apply(ctx: Ctx, op: O): Promise<void>;
}

/** The timers of an area due at the (advanced) clock: how many the engine fires, then the model's side. */
export interface Due {
  count: number;
  /** Applies the fired timers to the model (after the engine fired them). */
  fire(): Promise<void>;
}

export interface AreaModel {
  name: string;
  /** Creates the area's service on the test's engine (its process table registers, as in app.ts). */
  wire?(deps: AppDeps, engine: DealsEngine): void;
  /** Its steps; their order (and the registry's) is fc.oneof's: changing it changes what a seed replays. */
  steps: StepKind[];
  /** Its deals' timers due at `now` (deadlines, reminders). */
  due?(ctx: Ctx, now: number): Due;
  /** The longest a deal of this area waits for its deadline once the run ends (the end of a run waits that long). */
  waitsAtMostMs?: number;
  /** End of a run, before the clock moves: what only a party ends (e.g. the active loans). */
  settle?(ctx: Ctx): Promise<void>;
  /** End of a run, every deadline passed: nothing left open, each escrow resolved once. */
  checkEnd?(ctx: Ctx): Promise<void>;
  /** How many steps really did something (printed at the end: the property is not vacuous). */
  applied?: Record<string, number>;
}

/** Declares a step kind with its op type checked against its arbitrary and apply. */
export const stepKind = <O extends { t: string }>(kind: StepKind<O>): StepKind => kind;
