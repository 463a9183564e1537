import {
  ADMIN_ROLE,
  checkTransition,
  isFinalState,
  outcomeOf,
  ownerCompletion,
  PROCESS_MSG,
  type ProcessSpec,
  SYSTEM_ROLE,
  type TimerSpec,
  validateProcess,
} from "@valoriza/domain";
import type { Db, Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import { withDeferredWrites } from "../../lib/batch.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { type AssetRow, lockAsset } from "../assets/index.ts";
import {
  addParty,
  cancelPendingTimers,
  claimDueTimer,
  type DealRow,
  findDeal,
  finishTimer,
  insertDeal,
  insertHistory,
  insertTimer,
  lastHistory,
  listOpenDealsForAsset,
  lockDeal,
  postponeTimer,
  setDealState,
} from "./deals.repository.ts";
import { effectLibrary } from "./effects/index.ts";

/**
 * The process engine (deals.md, ADR 006). A process is a table in the domain
 * package plus, here, the code of its named guards and effects. Applying a
 * transition happens in ONE transaction (the caller's): lock the asset, lock
 * the deal, re-check the state under the lock, run guards and effects (which
 * call other areas through their index.ts), write the new state and a history
 * row, cancel the old state's timers and schedule the new state's. The same
 * transition taken twice by the same role is one effect (the second call
 * returns `applied: false`); of two racing parties exactly one wins, the other
 * gets a Spanish 409. A transition that stays in its state (a reminder) runs
 * its effects and writes history but leaves the state's timers as they are.
 * A transition into a final state stores the outcome its table declares
 * (ADR 024). Every table is checked against its handlers when it is
 * registered (at boot): a mismatch stops the server. Listeners of finished
 * deals (`onFinished`) run in the closing step's transaction (the reviews
 * area opens a review round after a completed deal).
 */

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
  guards: Record<string, Guard<D>>;
  /** The custom effects: those the table names but does not configure from the library (ADR 026). */
  effects: Record<string, Effect<D>>;
  /**
   * The deal's fields the table's effects and templates read (amounts, titles, flags), computed at each
   * effect from the record, the asset and the step's results; the engine adds transition, from and to.
   */
  fields?(ctx: TransitionContext<D>): object;
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
  /** Stores the process record once the guards passed and the deal row exists; returns it. */
  save(tx: Tx, deal: DealRow, built: D): Promise<D>;
  id?: string;
  /** The deal that starts this one as a sub-process (its table is `drivenBy` the parent's process). */
  parentId?: string;
  messages?: { assetNotFound?: string };
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
  save(tx: Tx, deal: DealRow, built: D): Promise<D>;
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
  messages?: { notFound?: string; notAllowed?: string; claimTaken?: string };
}

// biome-ignore lint/suspicious/noExplicitAny: handlers of different processes carry different record types.
type AnyHandlers = ProcessHandlers<any>;

const MAX_TIMER_ATTEMPTS_BACKOFF_MS = 60 * 60 * 1000;

export function createDealsEngine({ clock }: { clock: Clock }) {
  const processes = new Map<string, { spec: ProcessSpec; handlers: AnyHandlers }>();
  /** Observers of applied transitions (the /metrics counter, plugins/metrics.ts). */
  const transitionObservers: ((process: string, transition: string) => void)[] = [];
  /** Listeners of deals reaching a final state (the reviews area opens a review round). */
  const finishedListeners: ((f: FinishedDeal) => Promise<void>)[] = [];

  function registered(name: string) {
    const p = processes.get(name);
    if (!p) throw new Error(`deals: process ${name} is not registered`);
    return p;
  }

  function rolesOf(deal: DealRow, actor: Actor): string[] {
    if ("system" in actor) return [SYSTEM_ROLE];
    const roles = Object.entries(deal.parties)
      .filter(([, id]) => id === actor.user.id)
      .map(([role]) => role);
    if (actor.user.isAdmin) roles.push(ADMIN_ROLE);
    return roles;
  }

  async function run<D>(
    ctx: TransitionContext<D>,
    handlers: ProcessHandlers<D>,
    t: { guards: readonly string[]; effects: readonly string[] },
  ) {
    for (const g of t.guards) {
      const fn = handlers.guards[g];
      if (!fn) throw new Error(`deals: guard ${g} of ${ctx.process.name} is not implemented`);
      await fn(ctx);
    }
    for (const e of t.effects) {
      const custom = handlers.effects[e];
      const spec = ctx.process.effects?.[e];
      if (custom) await custom(ctx);
      else if (spec) await runEffect(ctx, spec, fieldsOf(ctx, handlers));
      else throw new Error(`deals: effect ${e} of ${ctx.process.name} is not implemented`);
    }
  }

  function fieldsOf<D>(ctx: TransitionContext<D>, handlers: ProcessHandlers<D>): Record<string, unknown> {
    return { transition: ctx.transition, from: ctx.from, to: ctx.to, ...handlers.fields?.(ctx) };
  }

  // The library effects; a sub-process step is the engine's own apply, as the system (ADR 024/025).
  const runEffect = effectLibrary(async ({ ctx, spec }, dealId) => {
    const out = await engine.apply(ctx.tx, {
      dealId,
      transition: spec.transition,
      actor: { system: true },
      process: spec.process,
    });
    return out.result;
  });

  async function enterState<D>(ctx: TransitionContext<D>, handlers: ProcessHandlers<D>, created: boolean) {
    const final = isFinalState(ctx.process, ctx.to);
    // A reminder (from = to) keeps the state's timers: it is not a new entry into the state.
    const stays = ctx.from === ctx.to;
    const outcome = final ? outcomeOf(ctx.process, ctx.transition, ctx.role) : null;
    if (final && !outcome)
      throw new Error(`deals: ${ctx.process.name}.${ctx.transition} ends the deal without outcome`);
    const closing = outcome ? { closedAt: ctx.now, outcome } : null;
    if (!created) await setDealState(ctx.tx, ctx.deal.id, ctx.to, ctx.now, closing);
    ctx.deal = {
      ...ctx.deal,
      state: ctx.to,
      updatedAt: ctx.now,
      ...(closing
        ? {
            closedAt: ctx.now,
            outcome: closing.outcome.resultado,
            outcomeRole: closing.outcome.por,
            outcomeProof: closing.outcome.confirma,
          }
        : {}),
    };
    await insertHistory(ctx.tx, {
      dealId: ctx.deal.id,
      fromState: ctx.from,
      toState: ctx.to,
      transition: ctx.transition,
      actorRole: ctx.role,
      actorUserId: ctx.actorUserId,
      createdAt: ctx.now,
    });
    for (const observe of transitionObservers) observe(ctx.process.name, ctx.transition);
    if (!stays) {
      if (!created) await cancelPendingTimers(ctx.tx, ctx.deal.id, ctx.now);
      for (const timer of ctx.process.states[ctx.to]?.timers ?? []) {
        const base = timer.relativeTo ? timerBaseOf(ctx, handlers, timer) : ctx.now;
        await insertTimer(ctx.tx, {
          dealId: ctx.deal.id,
          name: timer.name,
          transition: timer.transition,
          state: ctx.to,
          // Never before the deal entered the state (a reminder "a day before" a due date that is closer).
          dueAt: new Date(Math.max(ctx.now.getTime(), base.getTime() + timer.afterMs)),
          createdAt: ctx.now,
        });
      }
    }
    await handlers.onState?.(ctx);
    if (closing)
      for (const listen of finishedListeners)
        await listen({ tx: ctx.tx, now: ctx.now, process: ctx.process, deal: ctx.deal });
  }

  function timerBaseOf<D>(ctx: TransitionContext<D>, handlers: ProcessHandlers<D>, timer: TimerSpec): Date {
    if (!handlers.timerBase) throw new Error(`deals: ${ctx.process.name} has no timerBase for ${timer.name}`);
    return handlers.timerBase(ctx, timer);
  }

  /** The common part of start/startDetached: check, guards, deal row, record, effects, state. */
  async function begin<D>(
    tx: Tx,
    s: {
      process: string;
      transition: string;
      actor: Actor;
      input?: unknown;
      id?: string;
      parentId?: string;
    } & Pick<StartInput<D>, "save">,
    asset: AssetRow | null,
    parties: Record<string, string>,
    build: (tx: Tx, deal: { id: string; now: Date }) => Promise<D>,
  ): Promise<TransitionOutcome<D>> {
    const { spec, handlers } = registered(s.process) as { spec: ProcessSpec; handlers: ProcessHandlers<D> };
    const now = clock.now();
    const actorUserId = "system" in s.actor ? null : s.actor.user.id;
    const roles =
      actorUserId === null
        ? [SYSTEM_ROLE]
        : Object.entries(parties)
            .filter(([, id]) => id === actorUserId)
            .map(([r]) => r);
    const check = checkTransition(spec, { state: null, transition: s.transition, roles });
    if (!check.ok) throw forbidden(check.message);
    const role = roles.find((r) => check.transition.actors.includes(r)) ?? roles[0] ?? "";
    const id = s.id ?? uuidv7(now.getTime());
    const draft: DealRow = {
      id,
      process: spec.name,
      state: check.transition.to,
      assetId: asset?.id ?? null,
      parties,
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      outcome: null,
      outcomeRole: null,
      outcomeProof: null,
      parentId: s.parentId ?? null,
    };
    const ctx: TransitionContext<D> = {
      tx,
      now,
      process: spec,
      deal: draft,
      data: await build(tx, { id, now }),
      asset,
      setAsset(a) {
        ctx.asset = a;
      },
      transition: s.transition,
      from: null,
      to: check.transition.to,
      role,
      actorUserId,
      input: s.input,
      result: {},
    };
    // Guards first (nothing is written when they refuse), then the deal, its record, the effects.
    for (const g of check.transition.guards) {
      const fn = handlers.guards[g];
      if (!fn) throw new Error(`deals: guard ${g} of ${spec.name} is not implemented`);
      await fn(ctx);
    }
    ctx.deal = await insertDeal(tx, draft);
    ctx.data = await s.save(tx, ctx.deal, ctx.data);
    // The effects' movements, records, notifications and live events go as one statement at the end.
    await withDeferredWrites(tx, async () => {
      await run(ctx, handlers, { guards: [], effects: check.transition.effects });
      await enterState(ctx, handlers, true);
    });
    return { deal: ctx.deal, data: await handlers.load(tx, ctx.deal), applied: true, result: ctx.result };
  }

  const engine = {
    /**
     * Registers a process table with its handlers, after checking the table against THEM (issue 18
     * item 3): every guard and effect named is implemented and every one implemented is named,
     * relative timers have their base date, final transitions declare outcomes, every waiting state
     * has a deadline (or is a sub-process of an already registered parent). A mismatch throws, so a
     * server whose tables and handlers disagree does not boot.
     */
    register<D>(spec: ProcessSpec, handlers: ProcessHandlers<D>) {
      if (processes.has(spec.name)) throw new Error(`deals: process ${spec.name} registered twice`);
      const problems = validateProcess(spec, {
        guards: Object.keys(handlers.guards),
        effects: Object.keys(handlers.effects),
        timerBase: handlers.timerBase !== undefined,
      });
      for (const e of Object.keys(handlers.effects)) {
        if (spec.effects?.[e]) problems.push(`efecto configurado en la tabla e implementado a la vez: ${e}`);
      }
      if (spec.drivenBy && !processes.has(spec.drivenBy)) {
        problems.push(`sub-proceso de ${spec.drivenBy}, que no está registrado antes`);
      }
      if (problems.length > 0) {
        throw new Error(`deals: the table of ${spec.name} does not match its handlers:\n- ${problems.join("\n- ")}`);
      }
      processes.set(spec.name, { spec, handlers });
    },

    /** The names of the registered processes (every table of the app, checked at registration). */
    processNames(): string[] {
      return [...processes.keys()];
    },

    spec(name: string): ProcessSpec {
      return registered(name).spec;
    },

    /** Calls `fn` for every transition applied (its deal state recorded), e.g. to count them. */
    onTransition(fn: (process: string, transition: string) => void) {
      transitionObservers.push(fn);
    },

    /**
     * Calls `fn` when a deal reaches a final state (its outcome recorded), inside that step's
     * transaction, after the state, history, timers and `onState`: what `fn` writes commits or rolls
     * back with the deal's end, and a failure in `fn` fails the step. Listeners read the outcome,
     * never process names (e.g. the reviews area opens a round after a completed deal).
     */
    onFinished(fn: (f: FinishedDeal) => Promise<void>) {
      finishedListeners.push(fn);
    },

    /** Creates a deal by its initial transition, in the caller's transaction. */
    async start<D>(tx: Tx, s: StartInput<D>): Promise<TransitionOutcome<D>> {
      const asset = await lockAsset(tx, s.assetId);
      // Hidden by moderation (issue 19): no new deal about it while hidden, as if it did not exist.
      if (!asset || asset.status === "desactivado" || asset.hiddenAt !== null) {
        throw notFound(s.messages?.assetNotFound ?? "Activo no encontrado");
      }
      if (s.parentId) {
        const parent = await findDeal(tx, s.parentId);
        if (parent?.process !== registered(s.process).spec.drivenBy) {
          throw new Error(`deals: ${s.process} is not a sub-process of ${parent?.process ?? "nothing"}`);
        }
      }
      return begin(tx, s, asset, s.parties(asset), (t, d) => s.build(t, asset, d));
    },

    /** Creates a deal about no asset (marketplace purchase, withdrawal), in the caller's transaction. */
    async startDetached<D>(tx: Tx, s: StartDetachedInput<D>): Promise<TransitionOutcome<D>> {
      return begin(tx, s, null, s.parties, (t, d) => s.build(t, d));
    },

    /** Applies a transition to an existing deal, in the caller's transaction. */
    async apply<D>(tx: Tx, a: ApplyInput): Promise<TransitionOutcome<D>> {
      const notFoundMsg = a.messages?.notFound ?? "Operación no encontrada";
      const peek = await findDeal(tx, a.dealId);
      if (!peek || (a.process && peek.process !== a.process)) throw notFound(notFoundMsg);
      const { spec, handlers } = registered(peek.process);
      // Lock order everywhere: the asset, then the deal, then (inside the ledger) the accounts.
      const asset = peek.assetId ? ((await lockAsset(tx, peek.assetId)) ?? null) : null;
      let deal = await lockDeal(tx, a.dealId);
      if (!deal) throw notFound(notFoundMsg);
      const roles = rolesOf(deal, a.actor);
      // A claim: the vacant role the transition `claims` goes to the actor, under the deal's lock.
      const claimRole = a.claim && "user" in a.actor ? spec.transitions[a.transition]?.claims : undefined;
      if (a.claim && !claimRole) throw new Error(`deals: ${spec.name}.${a.transition} claims no role`);
      let claimed: string | null = null;
      if (claimRole !== undefined && !roles.includes(claimRole)) {
        if (deal.parties[claimRole]) throw conflict(a.messages?.claimTaken ?? PROCESS_MSG.wrongState);
        if (roles.some((r) => r !== ADMIN_ROLE)) throw forbidden(a.messages?.notAllowed ?? PROCESS_MSG.notAllowed);
        roles.push(claimRole);
        claimed = claimRole;
      }
      if (roles.length === 0) throw notFound(notFoundMsg);
      const last = await lastHistory(tx, deal.id);
      const check = checkTransition(spec, { state: deal.state, transition: a.transition, roles, last });
      if (!check.ok) {
        if (check.reason === "not_allowed") throw forbidden(a.messages?.notAllowed ?? check.message);
        if (check.reason === "unknown_transition") throw badRequest(PROCESS_MSG.unknownTransition);
        throw conflict(check.message);
      }
      if (claimed !== null && !check.repeat && "user" in a.actor) {
        deal = await addParty(tx, deal.id, claimed, a.actor.user.id);
      }
      const data = (await handlers.load(tx, deal)) as D;
      if (check.repeat) return { deal, data, applied: false, result: {} };
      const role = roles.find((r) => check.transition.actors.includes(r)) ?? roles[0] ?? "";
      const ctx: TransitionContext<D> = {
        tx,
        now: clock.now(),
        process: spec,
        deal,
        data,
        asset,
        setAsset(x) {
          ctx.asset = x;
        },
        transition: a.transition,
        from: deal.state,
        to: check.transition.to,
        role,
        actorUserId: "system" in a.actor ? null : a.actor.user.id,
        input: a.input,
        result: {},
      };
      // The effects' movements, records, notifications and live events go as one statement at the end.
      await withDeferredWrites(tx, async () => {
        await run(ctx, handlers, check.transition);
        await enterState(ctx, handlers, false);
      });
      return { deal: ctx.deal, data: (await handlers.load(tx, ctx.deal)) as D, applied: true, result: ctx.result };
    },

    /**
     * PUT /operaciones/finalizar/{id}: completes the asset's running deal when
     * its process lets the owner do it from the current state. Null when the
     * asset has no running deal (the caller keeps its own behaviour); CONFLICT
     * with the process's message when the process does not allow it.
     */
    async completeByOwner(tx: Tx, assetId: string, user: AuthUser) {
      const open = await listOpenDealsForAsset(tx, assetId);
      let deal = open[0];
      if (!deal) return null;
      if (open.length > 1) {
        // Several running deals only for a process that allows it (rental bookings): it picks.
        const { handlers } = registered(deal.process);
        deal = (await handlers.ownerCompletionDeal?.(tx, open, clock.now())) ?? deal;
      }
      const { spec } = registered(deal.process);
      const transition = ownerCompletion(spec, deal.state);
      if (!transition) throw conflict(spec.finishRefusedMessage);
      const out = await engine.apply(tx, { dealId: deal.id, transition, actor: { user } });
      return { dealId: deal.id, transition, result: out.result };
    },

    /**
     * Fires the timers due at `now`, each in its own transaction: claim one
     * (FOR UPDATE SKIP LOCKED, so several processes never fire the same one),
     * apply its transition as the system, mark it fired, commit. A timer whose
     * deal already left the timer's state is marked 'omitido'. A failing
     * transition is rolled back (to a savepoint) and retried later. Returns how
     * many transitions were applied.
     */
    async fireDueTimers(db: Db, now: Date = clock.now(), opts: { limit?: number } = {}): Promise<number> {
      const limit = opts.limit ?? 100;
      let fired = 0;
      for (let i = 0; i < limit; i++) {
        const outcome = await db.transaction(async (tx) => {
          const timer = await claimDueTimer(tx, now);
          if (!timer) return "none" as const;
          const deal = await findDeal(tx, timer.dealId);
          if (!deal || deal.state !== timer.state) {
            await finishTimer(tx, timer.id, "omitido", now);
            return "skipped" as const;
          }
          try {
            const applied = await tx.transaction((sp) =>
              engine.apply(sp, { dealId: deal.id, transition: timer.transition, actor: { system: true } }),
            );
            await finishTimer(tx, timer.id, applied.applied ? "disparado" : "omitido", now);
            return applied.applied ? ("fired" as const) : ("skipped" as const);
          } catch (e) {
            if (e instanceof AppError && e.code === "CONFLICT") {
              await finishTimer(tx, timer.id, "omitido", now);
              return "skipped" as const;
            }
            const backoff = Math.min(60_000 * 2 ** timer.attempts, MAX_TIMER_ATTEMPTS_BACKOFF_MS);
            await postponeTimer(
              tx,
              timer.id,
              e instanceof Error ? e.message : String(e),
              new Date(now.getTime() + backoff),
            );
            return "failed" as const;
          }
        });
        if (outcome === "none") break;
        if (outcome === "fired") fired++;
      }
      return fired;
    },
  };
  return engine;
}

export type DealsEngine = ReturnType<typeof createDealsEngine>;

export interface TimerRunner {
  stop(): Promise<void>;
}

/**
 * Fires due timers every `intervalMs` with the injected clock (server.ts starts
 * it; tests call engine.fireDueTimers directly). Runs never overlap.
 */
export function startTimerRunner(
  engine: DealsEngine,
  db: Db,
  clock: Clock,
  opts: { intervalMs?: number; onError?: (e: unknown) => void } = {},
): TimerRunner {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = engine
      .fireDueTimers(db, clock.now())
      .catch((e) => opts.onError?.(e))
      .finally(() => {
        running = null;
      });
  };
  const handle = setInterval(tick, opts.intervalMs ?? 5000);
  handle.unref?.();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(handle);
      await running;
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The process engine of this app (decorated in app.ts). */
    deals: DealsEngine;
  }
}
