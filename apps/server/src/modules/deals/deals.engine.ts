import {
  ADMIN_ROLE,
  checkTransition,
  ownerCompletion,
  PROCESS_MSG,
  type ProcessSpec,
  SYSTEM_ROLE,
} from "@valoriza/domain";
import type { SQL } from "drizzle-orm";
import type { Db, ForeseenRead, Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import { withDeferredWrites } from "../../lib/batch.ts";
import type { Clock } from "../../lib/clock.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { UUID_RE, uuidv7 } from "../../lib/ids.ts";
import {
  type AssetRow,
  foreseeLockAssetOfDeal,
  foreseeLockAssetWith,
  lockAsset,
  lockAssetOfDeal,
  lockAssetWith,
} from "../assets/index.ts";
import { foreseeNoBlockAmong } from "../blocks/index.ts";
import { rolesOf, tableProblems } from "./deals.checks.ts";
import {
  addParty,
  type DealRow,
  dealInsertForRecord,
  findDeal,
  foreseeLockDealWithLast,
  insertDeal,
  insertDealDeferred,
  listOpenDealsForAsset,
  lockDealWithLast,
  partiesOf,
} from "./deals.repository.ts";
import { announceFinishing, enterState, type Listeners } from "./deals.state.ts";
import { fireDueTimers } from "./deals.timers.ts";
import type {
  Actor,
  ApplyInput,
  FinishedDeal,
  ProcessHandlers,
  StartDetachedInput,
  StartInput,
  TransitionContext,
  TransitionOutcome,
} from "./deals.types.ts";
import { guardOf } from "./effects/guards.ts";
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

export type * from "./deals.types.ts";

// biome-ignore lint/suspicious/noExplicitAny: handlers of different processes carry different record types.
type AnyHandlers = ProcessHandlers<any>;

export function createDealsEngine({ clock }: { clock: Clock }) {
  const processes = new Map<string, { spec: ProcessSpec; handlers: AnyHandlers }>();
  /** Observers of applied transitions (the /metrics counter, plugins/metrics.ts). */
  const transitionObservers: Listeners["transitionObservers"] = [];
  /** Listeners of deals reaching a final state (the reviews area opens a review round). */
  const finishedListeners: Listeners["finishedListeners"] = [];
  const finishingListeners: Listeners["finishingListeners"] = [];
  const listeners: Listeners = { transitionObservers, finishedListeners, finishingListeners };

  function registered(name: string) {
    const p = processes.get(name);
    if (!p) throw new Error(`deals: process ${name} is not registered`);
    return p;
  }

  async function run<D>(
    ctx: TransitionContext<D>,
    handlers: ProcessHandlers<D>,
    t: { guards: readonly string[]; effects: readonly string[] },
  ) {
    for (const g of t.guards) {
      const fn = guardOf(handlers, g);
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

  // The library effects; a sub-process step is the engine's own apply, as the system (ADR 024/025),
  // and a sub-process starts by the engine's own start, as the parent step's actor.
  const runEffect = effectLibrary({
    async applySub({ ctx, spec }, dealId) {
      const out = await engine.apply(ctx.tx, {
        dealId,
        transition: spec.transition,
        actor: { system: true },
        process: spec.process,
      });
      return out.result;
    },
    async startSub({ ctx, spec }, assetId) {
      const { handlers } = registered(ctx.process.name);
      const sub = registered(spec.process).spec;
      if (!("user" in ctx.actor) || !handlers.link) {
        throw new Error(`deals: ${ctx.process.name} starts ${spec.process} without a person or a link`);
      }
      const parties = Object.fromEntries(
        sub.roles.flatMap((r) => (ctx.deal.parties[r] ? [[r, ctx.deal.parties[r]]] : [])),
      );
      const link = handlers.link;
      await engine.start(ctx.tx, {
        process: spec.process,
        transition: spec.transition,
        assetId,
        parties: () => parties,
        actor: ctx.actor,
        messages: { assetGone: spec.gone },
        parentId: ctx.deal.id,
        // The sub-process shares the parent's record (a loan's collateral is read from the loan); the
        // link is written with the step's statement, so the record is not read back here.
        reload: false,
        build: async () => ctx.data,
        save: async (tx, deal) => {
          ctx.data = await link(tx, ctx.data, deal.id);
          return ctx.data;
        },
      });
    },
  });

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
      save?: StartInput<D>["save"];
      savesDeal?: true;
      reload?: false;
    },
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
      actor: s.actor,
      actorUserId,
      input: s.input,
      result: {},
    };
    // Guards first (nothing is written when they refuse), then the deal, its record, the effects.
    for (const g of check.transition.guards) {
      const fn = guardOf(handlers, g);
      if (!fn) throw new Error(`deals: guard ${g} of ${spec.name} is not implemented`);
      await fn(ctx);
    }
    if (s.save && s.savesDeal) {
      ctx.data = await s.save(tx, draft, ctx.data, await dealInsertForRecord(tx, draft));
    } else if (s.save) {
      ctx.deal = await insertDeal(tx, draft);
      ctx.data = await s.save(tx, ctx.deal, ctx.data);
    } else {
      await insertDealDeferred(tx, draft);
    }
    // The effects' movements, records, notifications, live events, history and timers go as one
    // statement at the end.
    announceFinishing(ctx, listeners);
    await withDeferredWrites(tx, async () => {
      await run(ctx, handlers, { guards: [], effects: check.transition.effects });
      await enterState(ctx, handlers, true, listeners);
    });
    const data = s.save && s.reload !== false ? await handlers.load(tx, ctx.deal) : ctx.data;
    return { deal: ctx.deal, data, applied: true, result: ctx.result };
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
      const problems = tableProblems(spec, handlers, (name) => processes.has(name));
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

    /**
     * Calls `fn` before a step's effects when its transition will end the deal, with the deal as it
     * will close (its outcome): for a listener of finished deals to read ahead what it will read
     * (db/client.ts readAhead). `fn` must not write: the step may still fail.
     */
    onFinishing(fn: (f: FinishedDeal) => void) {
      finishingListeners.push(fn);
    },

    /** Creates a deal by its initial transition, in the caller's transaction. */
    async start<D>(tx: Tx, s: StartInput<D>): Promise<TransitionOutcome<D>> {
      let asset: AssetRow | undefined;
      if (s.withLock) {
        const locked = await lockAssetWith(tx, s.assetId, s.withLock.column);
        s.withLock.check(locked.extra);
        asset = locked.asset;
      } else {
        asset = await lockAsset(tx, s.assetId);
      }
      // Hidden by moderation (issue 19): no new deal about it while hidden, as if it did not exist.
      if (!asset || asset.status === "desactivado" || asset.hiddenAt !== null) {
        if (s.messages?.assetGone) throw conflict(s.messages.assetGone);
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

    /**
     * The lock `start` will begin with when it reads a column with it (`withLock`), foreseen
     * (db/client.ts foresee; issue 21): a start's unit of work sends it with BEGIN. Nothing when the
     * id is no uuid (the engine then answers that the asset does not exist).
     */
    foreseeStart(s: { assetId: string; withLock: { column: (owner: SQL) => SQL<unknown> } }): ForeseenRead[] {
      return UUID_RE.test(s.assetId) ? [foreseeLockAssetWith(s.assetId, s.withLock.column)] : [];
    },

    /**
     * The reads `apply` will begin with for `transition` of deal `dealId` by `actorUserId`, foreseen
     * (db/client.ts foresee; issue 21): the asset's and the deal's locks, then, when the process's
     * handlers foresee them, its record and its guards' reads. A step's unit of work sends them
     * with BEGIN (its `opening`): one round trip instead of one each. Nothing when the id is no uuid.
     */
    foreseeApply(process: string, dealId: string, transition: string, actorUserId: string | null): ForeseenRead[] {
      if (!UUID_RE.test(dealId)) return [];
      const { spec, handlers } = registered(process);
      const out = [foreseeLockAssetOfDeal(dealId), foreseeLockDealWithLast(dealId)];
      if (!handlers.foresee) return out;
      out.push(handlers.foresee.load(dealId));
      for (const g of spec.transitions[transition]?.guards ?? []) {
        const reads =
          g === "sinBloqueo" && !handlers.guards[g]
            ? actorUserId
              ? [foreseeNoBlockAmong(actorUserId, partiesOf(dealId))]
              : []
            : handlers.foresee.guards?.[g]?.(dealId);
        if (!reads) break;
        out.push(...reads);
      }
      return out;
    },

    /** Applies a transition to an existing deal, in the caller's transaction. */
    async apply<D>(tx: Tx, a: ApplyInput): Promise<TransitionOutcome<D>> {
      const notFoundMsg = a.messages?.notFound ?? "Operación no encontrada";
      // Lock order everywhere: the asset (found through the deal), then the deal, then (inside the
      // ledger) the accounts.
      const asset = (await lockAssetOfDeal(tx, a.dealId)) ?? null;
      const locked = await lockDealWithLast(tx, a.dealId);
      if (!locked || (a.process && locked.deal.process !== a.process)) throw notFound(notFoundMsg);
      let deal = locked.deal;
      const { spec, handlers } = registered(deal.process);
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
      const check = checkTransition(spec, { state: deal.state, transition: a.transition, roles, last: locked.last });
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
        actor: a.actor,
        actorUserId: "system" in a.actor ? null : a.actor.user.id,
        input: a.input,
        result: {},
      };
      announceFinishing(ctx, listeners);
      // The effects' movements, records, notifications and live events go as one statement at the end.
      await withDeferredWrites(tx, async () => {
        await run(ctx, handlers, check.transition);
        await enterState(ctx, handlers, false, listeners);
      });
      const after = a.reload === false ? ctx.data : ((await handlers.load(tx, ctx.deal)) as D);
      return { deal: ctx.deal, data: after, applied: true, result: ctx.result };
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

    /** Fires the timers due at `now` (deals.timers.ts), each in its own transaction. */
    fireDueTimers(db: Db, now: Date = clock.now(), opts: { limit?: number } = {}): Promise<number> {
      return fireDueTimers(engine, db, now, opts.limit ?? 100);
    },
  };
  return engine;
}

export type DealsEngine = ReturnType<typeof createDealsEngine>;

declare module "fastify" {
  interface FastifyInstance {
    /** The process engine of this app (decorated in app.ts). */
    deals: DealsEngine;
  }
}
