import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { DealsEngine } from "./deals.engine.ts";
import { claimDueTimer, findDeal, finishTimer, postponeTimer } from "./deals.repository.ts";

const MAX_TIMER_ATTEMPTS_BACKOFF_MS = 60 * 60 * 1000;

/**
 * Fires the timers due at `now`, each in its own transaction: claim one (FOR UPDATE SKIP LOCKED, so
 * several processes never fire the same one), apply its transition as the system, mark it fired,
 * commit. A timer whose deal already left the timer's state is marked 'omitido'. A failing transition
 * is rolled back (to a savepoint) and retried later. Returns how many transitions were applied.
 */
export async function fireDueTimers(engine: DealsEngine, db: Db, now: Date, limit: number): Promise<number> {
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
}

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
