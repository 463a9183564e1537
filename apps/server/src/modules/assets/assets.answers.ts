import { ASSET_RESULT_MSG } from "@valoriza/domain";
import type { MoneyRegistered, Registered, TimeRegistered } from "./assets.registration.ts";
import type { CreditsReleased, Deactivated, OperationFinished } from "./assets.service.ts";

/** Balances as the contract documents them (dates as ISO text, also in stored replays). */
const balancesDto = (b: Deactivated["balances"]) => ({ ...b, lastUpdated: b.lastUpdated?.toISOString() ?? null });

/** HTTP answers built from the service's domain results (stored as-is for idempotent replays). */
export const answers = {
  registered: (r: Registered) => ({
    success: true as const,
    message: ASSET_RESULT_MSG.registered,
    data: r.asset,
    userCredits: r.userCredits,
  }),
  time: (r: TimeRegistered) => {
    const activo = { ...r.asset, ...r.valuation };
    return {
      success: true as const,
      message: ASSET_RESULT_MSG.timeRegistered,
      activo,
      data: activo,
      userCredits: r.userCredits,
    };
  },
  money: (r: MoneyRegistered) => {
    const activo = { ...r.asset, ...r.valuation };
    return {
      success: true as const,
      message: ASSET_RESULT_MSG.moneyRegistered,
      activo,
      data: activo,
      userCredits: r.userCredits,
    };
  },
  deactivated: (r: Deactivated) => ({
    success: true as const,
    message: ASSET_RESULT_MSG.deactivated,
    data: {
      asset: r.asset,
      creditMovement: { creditosDestruidos: r.destroyed, razon: ASSET_RESULT_MSG.deactivationReason },
      balanceActualizado: balancesDto(r.balances),
    },
  }),
  finished: (r: OperationFinished) => ({
    success: true as const,
    message: ASSET_RESULT_MSG.operationFinished,
    data: {
      asset: r.asset,
      creditMovement: { creditosLiberados: r.released },
      balanceActualizado: balancesDto(r.balances),
    },
  }),
  released: (r: CreditsReleased) => ({
    success: true as const,
    message: r.goneWithExchange
      ? ASSET_RESULT_MSG.creditsGoneWithExchange
      : r.released > 0
        ? ASSET_RESULT_MSG.creditsReleased
        : ASSET_RESULT_MSG.creditsAlreadyReleased,
    data: {
      creditosLiberados: r.released,
      yaLiberados: r.alreadyReleased,
      balanceActualizado: balancesDto(r.balances),
    },
  }),
};
