import { EXCHANGE_MSG, type ExchangeFields, exchangeAssetRefusal } from "@valoriza/domain";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { foreseeLockAssets, lockAssets } from "../assets/index.ts";
import { type DealsEngine, type ProcessHandlers, recordOf } from "../deals/index.ts";
import {
  assetsOfProposal,
  closeOffersOfAssets,
  findProposalData,
  foreseeProposalData,
  type ProposalData,
  pendingProposalsOnAssets,
  updateProposal,
} from "./exchanges.repository.ts";

/**
 * The guards and effects of the exchange processes (EXCHANGE_PROCESS and
 * LOCAL_EXCHANGE_PROCESS in the domain package). A proposal is a deal about
 * no single asset (startDetached): the service locks BOTH assets, in id
 * order, before the engine locks the deal, so the lock order stays assets ->
 * deals -> ledger accounts everywhere (timers lock only the deal and the
 * accounts). Closing the other pending proposals of an accepted pair runs
 * before any ledger movement for the same reason.
 */

export function createExchangeHandlers(engine: DealsEngine): ProcessHandlers<ProposalData> {
  return {
    load: recordOf(findProposalData, "exchanges: record"),
    // A step's opening sends these with BEGIN (exchanges.service setStatus, issue 21).
    foresee: {
      load: foreseeProposalData,
      guards: { activosDisponibles: (id) => [foreseeLockAssets(assetsOfProposal(id))] },
    },

    guards: {
      async activosDisponibles(ctx) {
        const p = ctx.data;
        const creating = ctx.from === null;
        // Already locked by the service in this transaction (in id order): one re-read; of a stored
        // proposal, by its id (the read foreseen above).
        const pair = await lockAssets(
          ctx.tx,
          creating ? [p.offeredAssetId, p.requestedAssetId] : assetsOfProposal(p.id),
        );
        const [offered, requested] = [pair.get(p.offeredAssetId), pair.get(p.requestedAssetId)];
        const req = exchangeAssetRefusal(requested, p.targetUserId, creating ? "solicitado" : "ofrecido");
        if (req === "no_existe") throw notFound(EXCHANGE_MSG.requestedUnavailable);
        if (req === "no_es_del_dueno")
          throw conflict(creating ? EXCHANGE_MSG.targetMismatch : EXCHANGE_MSG.requestedUnavailable);
        if (req === "no_disponible") throw conflict(EXCHANGE_MSG.requestedUnavailable);
        const off = exchangeAssetRefusal(offered, p.proposingUserId, "ofrecido");
        if (off === "no_existe" || off === "no_es_del_dueno") {
          throw creating ? forbidden(EXCHANGE_MSG.offeredNotYours) : conflict(EXCHANGE_MSG.offeredUnavailable);
        }
        if (off === "no_disponible") throw conflict(EXCHANGE_MSG.offeredUnavailable);
      },
    },

    effects: {
      async cerrarOtrasPropuestas(ctx) {
        const p = ctx.data;
        const assetIds = [p.offeredAssetId, p.requestedAssetId];
        // By the proposal's id (its assets never change): the read its step's opening foresaw.
        for (const id of await pendingProposalsOnAssets(ctx.tx, assetsOfProposal(p.id), p.id)) {
          await engine.apply(ctx.tx, { dealId: id, transition: "cerrar", actor: { system: true } });
        }
        await closeOffersOfAssets(ctx.tx, assetIds, ctx.now);
      },
    },

    fields: ({ data: p, to }): ExchangeFields => ({
      ofrecido: p.offeredTitle ?? "",
      solicitado: p.requestedTitle ?? "",
      adicionales: p.creditosAdicionales,
      hayAdicionales: p.creditosAdicionales > 0,
      local: p.tipo === "local",
      offeredAssetId: p.offeredAssetId,
      requestedAssetId: p.requestedAssetId,
      to,
    }),

    onState: ({ tx, deal, to, now }) =>
      updateProposal(tx, deal.id, { estado: to, ...(deal.closedAt ? { closedAt: now, expiresAt: null } : {}) }),
  };
}
