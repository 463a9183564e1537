/**
 * Public entry of the deals area: the process engine (ADR 006). Processes
 * (custody/sale, loans, rentals, donations, exchanges...) register their guards and
 * effects with the engine built in app.ts and apply transitions through it.
 */
export {
  type Actor,
  createDealsEngine,
  type DealsEngine,
  type Effect,
  type Guard,
  type ProcessHandlers,
  startTimerRunner,
  type TimerRunner,
  type TransitionContext,
  type TransitionOutcome,
} from "./deals.engine.ts";
export {
  type DealRow,
  findOpenDealForAsset,
  listHistory,
  listOpenDealsForAsset,
  listTimers,
} from "./deals.repository.ts";
