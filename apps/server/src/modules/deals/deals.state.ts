import { isFinalState, outcomeOf, type TimerSpec } from "@valoriza/domain";
import { cancelPendingTimers, insertHistory, insertTimer, setDealState } from "./deals.repository.ts";
import type { FinishedDeal, ProcessHandlers, TransitionContext } from "./deals.types.ts";

/** Who the engine tells of its steps: counters of transitions (metrics) and listeners of finished deals. */
export interface Listeners {
  transitionObservers: ((process: string, transition: string) => void)[];
  finishedListeners: ((f: FinishedDeal) => Promise<void>)[];
  finishingListeners: ((f: FinishedDeal) => void)[];
}

/**
 * Before a step's effects, when its transition ends the deal: the listeners of finishing deals learn
 * it, with the deal as it will close (its outcome), so they can read ahead what they will need
 * (db/client.ts readAhead) without a round trip of its own. They must not write.
 */
export function announceFinishing<D>(ctx: TransitionContext<D>, { finishingListeners }: Listeners) {
  if (finishingListeners.length === 0 || !isFinalState(ctx.process, ctx.to)) return;
  const outcome = outcomeOf(ctx.process, ctx.transition, ctx.role);
  if (!outcome) return;
  const deal = {
    ...ctx.deal,
    state: ctx.to,
    updatedAt: ctx.now,
    closedAt: ctx.now,
    outcome: outcome.resultado,
    outcomeRole: outcome.por,
    outcomeProof: outcome.confirma,
  };
  for (const listen of finishingListeners) listen({ tx: ctx.tx, now: ctx.now, process: ctx.process, deal });
}

/**
 * A deal enters the transition's target state: the deal row (and its outcome when the state is final),
 * a history row, the old state's timers cancelled and the new state's scheduled (not for a reminder,
 * from = to), the record's mirror (`onState`), then the listeners of finished deals, all in the step's
 * transaction.
 */
export async function enterState<D>(
  ctx: TransitionContext<D>,
  handlers: ProcessHandlers<D>,
  created: boolean,
  { transitionObservers, finishedListeners }: Listeners,
) {
  const final = isFinalState(ctx.process, ctx.to);
  // A reminder (from = to) keeps the state's timers: it is not a new entry into the state.
  const stays = ctx.from === ctx.to;
  const outcome = final ? outcomeOf(ctx.process, ctx.transition, ctx.role) : null;
  if (final && !outcome) throw new Error(`deals: ${ctx.process.name}.${ctx.transition} ends the deal without outcome`);
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

export function timerBaseOf<D>(ctx: TransitionContext<D>, handlers: ProcessHandlers<D>, timer: TimerSpec): Date {
  if (!handlers.timerBase) throw new Error(`deals: ${ctx.process.name} has no timerBase for ${timer.name}`);
  return handlers.timerBase(ctx, timer);
}
