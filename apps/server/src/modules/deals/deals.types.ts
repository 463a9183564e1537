import type { ProcessSpec, TimerSpec } from "@valoriza/domain";
import type { SQL } from "drizzle-orm";
import type { ForeseenRead, Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AssetRow } from "../assets/index.ts";
import type { DealRow } from "./deals.repository.ts";

/** The engine's vocabulary (ADR 006, ADR 026): contexts, handlers, inputs and outcomes of the process engine. */

/** Who acts: a signed-in user (roles from the deal's parties) or the system (timers). */
export type Actor = { user: AuthUser } | { system: true };

export interface TransitionContext<D> {
  tx: Tx;
  now: Date;
  process: ProcessSpec;
  deal: DealRow;
  /** The process's own record (e.g. the custody row), loaded after the locks. */
  data: D;
  /** The deal's asset, locked; effects that change it replace it with setAsset. */
  asset: AssetRow | null;
  setAsset(a: AssetRow): void;
  transition: string;
  from: string | null;
  to: string;
  role: string;
  /** Who takes the step (a sub-process started by it is started as them). */
  actor: Actor;
  actorUserId: string | null;
  /** Transition input from the caller (e.g. the typed code). */
  input: unknown;
  /** Effects may leave figures for the caller here (e.g. creditosLiberados). */
  result: Record<string, number>;
}

export type Guard<D> = (ctx: TransitionContext<D>) => Promise<void> | void;
export type Effect<D> = (ctx: TransitionContext<D>) => Promise<void>;

export interface ProcessHandlers<D> {
  /** Loads the process record of a deal (after the locks). */
  load(tx: Tx, deal: DealRow): Promise<D>;
  /**
   * The reads `load` and the named guards will make for deal `dealId`, foreseen (db/client.ts
   * foresee), in their order, so a step's opening sends them with BEGIN (engine.foreseeApply,
   * issue 21). A guard absent here ends what is foreseen; one that reads nothing answers [].
   */
  foresee?: {
    load(dealId: string): ForeseenRead;
    guards?: Record<string, (dealId: string) => ForeseenRead[]>;
  };
  guards: Record<string, Guard<D>>;
  /** The custom effects: those the table names but does not configure from the library (ADR 026). */
  effects: Record<string, Effect<D>>;
  /**
   * The deal's fields the table's effects and templates read (amounts, titles, flags), computed at each
   * effect from the record, the asset and the step's results; the engine adds transition, from and to.
   */
  fields?(ctx: TransitionContext<D>): object;
  /**
   * Records on the process record the deal id of a sub-process the step started (the library's
   * `subprocess.start`), returning the record as it now is; required when a table starts one.
   */
  link?(tx: Tx, data: D, subDealId: string): Promise<D>;
  /** Runs after the state changed (e.g. mirror it on the process record). */
  onState?(ctx: TransitionContext<D>): Promise<void>;
  /** The date a timer with `relativeTo` counts from (e.g. a booking's last day); required when a table has one. */
  timerBase?(ctx: TransitionContext<D>, timer: TimerSpec): Date;
  /**
   * When an asset has several running deals of this process (rental bookings), the one the owner's
   * 'Finalizar operación' applies to (e.g. the booking that has started); default: the oldest.
   */
  ownerCompletionDeal?(tx: Tx, open: DealRow[], now: Date): Promise<DealRow | undefined>;
}

export interface TransitionOutcome<D> {
  deal: DealRow;
  data: D;
  /** False for an idempotent repeat: nothing was done this time. */
  applied: boolean;
  result: Record<string, number>;
}

export interface StartInput<D> {
  process: string;
  transition: string;
  assetId: string;
  /** The parties, derived from the session and the LOCKED asset (never from a request body). */
  parties: (asset: AssetRow) => Record<string, string>;
  actor: { user: AuthUser };
  input?: unknown;
  /** Builds the process record (not yet stored) from the locked asset: the guards read it. */
  build(tx: Tx, asset: AssetRow, deal: { id: string; now: Date }): Promise<D>;
  /**
   * Stores the process record once the guards passed and the deal row exists; returns it. With
   * `savesDeal`, the deal row does not exist yet: `dealRow` is its insert, to be sent as a CTE of the
   * record's own statement (a repeat of it inserts nothing, so `save` may retry its statement).
   */
  save(tx: Tx, deal: DealRow, built: D, dealRow?: SQL): Promise<D>;
  /** `save` writes the deal row with its record, in one statement (one round trip less). */
  savesDeal?: true;
  id?: string;
  /** The deal that starts this one as a sub-process (its table is `drivenBy` the parent's process). */
  parentId?: string;
  /**
   * false: the caller does not read the record after the step, so the engine answers it as the step
   * left it in memory (`data`, without the step's deferred changes) instead of reading it back.
   */
  reload?: false;
  /**
   * A column read with the asset's lock and checked first (before the asset's own checks), e.g. the
   * blocks between the buyer and the owner: one statement instead of two.
   */
  withLock?: { column: (owner: SQL) => SQL<unknown>; check: (value: unknown) => void };
  /** `assetGone`: an asset gone since (a sub-process's, checked earlier by its parent) is a 409 with it, not a 404. */
  messages?: { assetNotFound?: string; assetGone?: string };
}

/**
 * A deal about no asset (a marketplace purchase, a withdrawal; ADR 011): the
 * parties are given (from the session), no asset is locked, the record is
 * built from the input. Lock order: the deal, then the ledger's accounts.
 */
export interface StartDetachedInput<D> {
  process: string;
  transition: string;
  parties: Record<string, string>;
  /** A person, or the system (a deal opened by another deal's end, e.g. a review round). */
  actor: { user: AuthUser } | { system: true };
  input?: unknown;
  build(tx: Tx, deal: { id: string; now: Date }): Promise<D>;
  /**
   * Stores the record once the guards passed and the deal row exists. Without it the deal has no
   * record of its own (a review round): what `build` made is its data, the deal row goes with the
   * step's one statement, and the engine does not read the record back.
   */
  save?(tx: Tx, deal: DealRow, built: D): Promise<D>;
  id?: string;
  /**
   * The deal this one follows from (a review round: the deal reviewed). Like a sub-process, a deal
   * with a parent is part of it: reputation and analytics do not count it again.
   */
  parentId?: string;
}

/**
 * What a listener of finished deals gets ({@link DealsEngine.onFinished}): the deal as just closed
 * (state, `outcome`, `outcomeRole`, `outcomeProof`, `closedAt`), its table, in the step's transaction.
 */
export interface FinishedDeal {
  tx: Tx;
  now: Date;
  process: ProcessSpec;
  deal: DealRow;
}

export interface ApplyInput {
  dealId: string;
  transition: string;
  actor: Actor;
  input?: unknown;
  /** Only deals of this process (else NOT_FOUND). */
  process?: string;
  /**
   * The actor takes the role the transition `claims` if it is still vacant (a community donation's
   * claim): checked and written under the deal's lock, so of two claims exactly one wins.
   */
  claim?: boolean;
  /**
   * false: the caller does not read the record after the step, so the engine answers it as the step
   * left it in memory (`data`, without the step's deferred changes) instead of reading it back.
   */
  reload?: false;
  messages?: { notFound?: string; notAllowed?: string; claimTaken?: string };
}
