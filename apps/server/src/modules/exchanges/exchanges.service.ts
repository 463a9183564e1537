import {
  boundingBox,
  type CreateExchangeData,
  type CreateLocalExchangeData,
  type CreateOpenOfferData,
  EXCHANGE_DIRECT_EXPIRY_MS,
  EXCHANGE_LOCAL_EXPIRY_MS,
  EXCHANGE_MSG,
  EXCHANGE_PROCESS,
  EXCHANGE_STATUS_TRANSITIONS,
  type ExchangeProposal,
  type ExchangeStatusRequest,
  LOCAL_EXCHANGE_PROCESS,
  MOBILITY_MAX_KM,
  type Mobility,
  type NearbyAsset,
  type OpenOffer,
  proximityBadge,
  roundKm,
} from "@valoriza/domain";
import { lastStatement, type Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, forbidden, notFound, unprocessable } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { UUID_RE, uuidv7 } from "../../lib/ids.ts";
import { foreseeLockAssets, lockAssets, toAssetDto } from "../assets/index.ts";
import { assertNoBlock } from "../blocks/index.ts";
import type { DealsEngine } from "../deals/index.ts";
import { placeKey } from "./exchanges.location.ts";
import { createExchangeHandlers } from "./exchanges.process.ts";
import {
  assetsOfProposal,
  findProposal,
  findProposalView,
  foreseeFindProposal,
  foreseePendingProposalsOnAssets,
  insertOfferIfNoneOpen,
  insertProposal,
  listExchangeableOwnAssets,
  listOpenOffers,
  listProposalViews,
  nearbyExchangeable,
  type OfferView,
  type ProposalData,
  type ProposalView,
} from "./exchanges.repository.ts";

type AssetBrief = ProposalView["offered"];
const brief = (a: AssetBrief) => ({
  _id: a.id,
  title: a.title,
  category: a.category,
  creditosAsignados: a.creditosAsignados,
  baseValueCOP: a.baseValueCOP,
  thumbnail: a.images[0]?.thumbUrl ?? null,
});

export function toProposalDto(v: ProposalView): ExchangeProposal {
  const p = v.p;
  return {
    _id: p.id,
    offeredAssetId: brief(v.offered),
    requestedAssetId: brief(v.requested),
    targetUserId: { _id: p.targetUserId, name: v.targetName },
    proposingUserId: { _id: p.proposingUserId, name: v.proposerName },
    message: p.message,
    status: p.estado as ExchangeProposal["status"],
    tipo: p.tipo as ExchangeProposal["tipo"],
    creditosAdicionales: p.creditosAdicionales,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.estado === "pendiente" && p.expiresAt ? p.expiresAt.toISOString() : null,
  };
}

/** Whether `asset` fits what an open offer asks for: category (and subcategory when set) and the value range. */
export function fitsOffer(o: OfferView["o"], asset: { category: string; subcategory: string; baseValueCOP: number }) {
  if (placeKey(asset.category) !== placeKey(o.categoriaDeseada)) return false;
  if (o.subcategoriaDeseada && placeKey(asset.subcategory) !== placeKey(o.subcategoriaDeseada)) return false;
  return asset.baseValueCOP >= o.rangoMinCOP && asset.baseValueCOP <= o.rangoMaxCOP;
}

/** At most this many nearby results, nearest first. */
const NEARBY_LIMIT = 100;

export interface ProposalResult {
  proposal: ExchangeProposal;
}

/**
 * Exchanges (deals.md "Exchange"): direct and local proposals on the process
 * engine, open offers, and the nearby search. Every transition locks both
 * assets (id order) before the engine locks the deal.
 */
export function createExchangesService({ db }: AppDeps, engine: DealsEngine) {
  const handlers = createExchangeHandlers(engine);
  engine.register(EXCHANGE_PROCESS, handlers);
  engine.register(LOCAL_EXCHANGE_PROCESS, handlers);
  const plain = plainUnitOfWork(db);

  async function view(tx: Tx, id: string) {
    // The step's answer is its last statement: COMMIT travels with it (db/client.ts lastStatement).
    const v = await lastStatement(tx, () => findProposalView(tx, id));
    if (!v) throw notFound(EXCHANGE_MSG.proposalNotFound);
    return toProposalDto(v);
  }

  async function propose(
    user: AuthUser,
    input: CreateExchangeData & { mobility?: Mobility },
    tipo: "directo" | "local",
    uow: UnitOfWork<ProposalResult>,
  ): Promise<ProposalResult> {
    if (input.offeredAssetId === input.requestedAssetId) throw badRequest(EXCHANGE_MSG.sameAsset);
    if (input.targetUserId === user.id) throw badRequest(EXCHANGE_MSG.ownRequested);
    const spec = tipo === "local" ? LOCAL_EXCHANGE_PROCESS : EXCHANGE_PROCESS;
    const expiryMs = tipo === "local" ? EXCHANGE_LOCAL_EXPIRY_MS : EXCHANGE_DIRECT_EXPIRY_MS;
    return uow(async (tx) => {
      const pair = await lockAssets(tx, [input.offeredAssetId, input.requestedAssetId]);
      const requested = pair.get(input.requestedAssetId);
      const offered = pair.get(input.offeredAssetId);
      if (!requested || requested.status === "desactivado") throw notFound(EXCHANGE_MSG.requestedUnavailable);
      if (requested.userId === user.id) throw badRequest(EXCHANGE_MSG.ownRequested);
      if (!offered) throw forbidden(EXCHANGE_MSG.offeredNotYours);
      // Proposer and owner must not have blocked each other (issue 19 part 4).
      await assertNoBlock(tx, user.id, requested.userId);
      const out = await engine.startDetached<ProposalData>(tx, {
        process: spec.name,
        transition: "proponer",
        parties: { proponente: user.id, destinatario: input.targetUserId },
        actor: { user },
        build: async (_tx, { id, now }) => ({
          id,
          tipo,
          offeredAssetId: input.offeredAssetId,
          requestedAssetId: input.requestedAssetId,
          proposingUserId: user.id,
          targetUserId: input.targetUserId,
          message: input.message,
          creditosAdicionales: input.creditosAdicionales,
          mobility: input.mobility ?? null,
          estado: "pendiente",
          expiresAt: new Date(now.getTime() + expiryMs),
          createdAt: now,
          closedAt: null,
          offeredTitle: offered.title,
          requestedTitle: requested.title,
        }),
        save: async (tx2, _deal, built) => {
          const { offeredTitle, requestedTitle, ...row } = built;
          return { ...(await insertProposal(tx2, row)), offeredTitle, requestedTitle };
        },
      });
      return { proposal: await view(tx, out.deal.id) };
    });
  }

  return {
    propose(user: AuthUser, input: CreateExchangeData, uow: UnitOfWork<ProposalResult> = plain) {
      return propose(user, input, "directo", uow);
    },

    async proposeLocal(user: AuthUser, input: CreateLocalExchangeData, uow: UnitOfWork<ProposalResult> = plain) {
      const mine = await listExchangeableOwnAssets(db, user.id);
      if (mine.length === 0) throw unprocessable(EXCHANGE_MSG.noAssetsAvailable);
      return propose(user, input, "local", uow);
    },

    async setStatus(
      user: AuthUser,
      id: string,
      status: ExchangeStatusRequest,
      uow: UnitOfWork<ProposalResult> = plain,
    ): Promise<ProposalResult> {
      if (!UUID_RE.test(id)) throw notFound(EXCHANGE_MSG.proposalNotFound);
      const transition = EXCHANGE_STATUS_TRANSITIONS[status];
      // The proposal's two assets, by its id (they never change), for the locks and reads foreseen.
      const assets = assetsOfProposal(id);
      return uow(
        async (tx) => {
          const peek = await findProposal(tx, id);
          if (!peek || (peek.proposingUserId !== user.id && peek.targetUserId !== user.id)) {
            throw notFound(EXCHANGE_MSG.proposalNotFound);
          }
          const process = peek.tipo === "local" ? LOCAL_EXCHANGE_PROCESS.name : EXCHANGE_PROCESS.name;
          await lockAssets(tx, assets);
          const out = await engine.apply<ProposalData>(tx, {
            dealId: id,
            transition,
            actor: { user },
            process,
            // The answer is the proposal's view, read below.
            reload: false,
            messages: { notFound: EXCHANGE_MSG.proposalNotFound },
          });
          return { proposal: await view(tx, out.deal.id) };
        },
        // Sent with BEGIN (issue 21): the proposal, the two assets' lock, then what the engine reads
        // first (the same for both exchange processes, whose tables differ only in name and expiry);
        // for an acceptance, then its first effect's read (the other pending proposals of the two
        // assets). Someone outside the proposal gets 404 after it, the locks released.
        [
          foreseeFindProposal(id),
          foreseeLockAssets(assets),
          ...engine.foreseeApply(EXCHANGE_PROCESS.name, id, transition, user.id),
          ...(transition === "aceptar" ? [foreseePendingProposalsOnAssets(assets, id)] : []),
        ],
      );
    },

    async list(user: AuthUser, side: "received" | "sent") {
      const rows = await listProposalViews(db, side, user.id);
      const data = rows.map(toProposalDto);
      return { success: true as const, count: data.length, data };
    },

    async createOffer(user: AuthUser, input: CreateOpenOfferData): Promise<OpenOffer> {
      const id = await db.transaction(async (tx) => {
        const pair = await lockAssets(tx, [input.activoId]);
        const asset = pair.get(input.activoId);
        if (!asset || asset.status === "desactivado" || asset.userId !== user.id) {
          throw notFound(EXCHANGE_MSG.offerFieldsRequired);
        }
        if (asset.mainPurpose !== "intercambiar" || (asset.status !== "activo" && asset.status !== "disponible")) {
          throw conflict(EXCHANGE_MSG.offerNotIntercambiar);
        }
        const range = input.rangoValorDeseadoCOP ?? {
          min: Math.round(asset.baseValueCOP * 0.8),
          max: Math.round(asset.baseValueCOP * 1.2),
        };
        const o = await insertOfferIfNoneOpen(tx, {
          id: uuidv7(),
          assetId: asset.id,
          userId: user.id,
          tipoIntercambio: input.tipoIntercambio,
          categoriaDeseada: input.categoriaDeseada,
          subcategoriaDeseada: input.subcategoriaDeseada,
          rangoMinCOP: range.min,
          rangoMaxCOP: range.max,
          modalidadEconomica: input.modalidadEconomica,
          radioKm: input.radioKm,
          preferenciaContraparte: input.preferenciaContraparte || "cualquiera",
          permiteContraofertas: input.permiteContraofertas,
        });
        if (!o) throw conflict(EXCHANGE_MSG.offerExists);
        return o.id;
      });
      const mine = await listOpenOffers(db, { userId: user.id });
      const found = mine.find((v) => v.o.id === id);
      if (!found) throw notFound(EXCHANGE_MSG.offerFailed);
      return toOfferDto(found, []);
    },

    async listOffers(user: AuthUser, tipo: "mias" | "todas" | undefined) {
      const rows = await listOpenOffers(db, tipo === "mias" ? { userId: user.id } : { viewerId: user.id });
      const mine = tipo === "mias" ? [] : await listExchangeableOwnAssets(db, user.id);
      const data = rows
        .filter((v) => tipo === "mias" || v.o.userId !== user.id)
        .map((v) =>
          toOfferDto(
            v,
            mine.filter((a) => fitsOffer(v.o, a)).map((a) => brief(a)),
          ),
        );
      return { success: true as const, count: data.length, data };
    },

    /** Other people's exchangeable assets near `userLocation` within the mobility's range, nearest first. */
    async nearby(user: AuthUser, input: { userLocation: { lat: number; lng: number }; mobility: Mobility }) {
      const maxKm = MOBILITY_MAX_KM[input.mobility];
      // Expanding rings: search radius r (box on the index + haversine), growing x3 up to maxKm.
      // When r already yields the limit, those are the nearest overall (anything else is farther
      // than r), so a dense city never scans its whole 30 km box (bench/nearby.ts).
      let rows: Awaited<ReturnType<typeof nearbyExchangeable>> = [];
      for (let r = Math.min(1, maxKm); ; r = Math.min(maxKm, r * 3)) {
        rows = await nearbyExchangeable(
          db,
          input.userLocation,
          boundingBox(input.userLocation, r),
          r,
          user.id,
          NEARBY_LIMIT,
        );
        if (rows.length >= NEARBY_LIMIT || r >= maxKm) break;
      }
      const results: NearbyAsset[] = [];
      for (const r of rows) {
        const distanceKm = roundKm(r.km);
        const badge = proximityBadge(r.km);
        if (!badge) continue;
        results.push({
          ...toAssetDto(r.asset, {
            _id: r.asset.userId,
            name: r.ownerName,
            apellido: r.ownerApellido,
            ciudad: r.ownerCiudad,
            pais: r.ownerPais,
          }),
          distanceKm,
          proximityBadge: badge,
        });
      }
      return { success: true as const, results, count: results.length, maxKm };
    },
  };
}

function toOfferDto(v: OfferView, compatibles: ReturnType<typeof brief>[]): OpenOffer {
  const o = v.o;
  return {
    _id: o.id,
    activoId: o.assetId,
    activoOfrecidoId: brief(v.asset),
    userId: { _id: o.userId, name: v.ownerName },
    tipoIntercambio: o.tipoIntercambio as OpenOffer["tipoIntercambio"],
    categoriaDeseada: o.categoriaDeseada,
    subcategoriaDeseada: o.subcategoriaDeseada,
    rangoValorDeseadoCOP: { min: o.rangoMinCOP, max: o.rangoMaxCOP },
    modalidadEconomica: o.modalidadEconomica as OpenOffer["modalidadEconomica"],
    radioKm: o.radioKm,
    preferenciaContraparte: o.preferenciaContraparte,
    permiteContraofertas: o.permiteContraofertas,
    estado: o.estado as OpenOffer["estado"],
    createdAt: o.createdAt.toISOString(),
    activosCompatibles: compatibles,
  };
}

export type ExchangesService = ReturnType<typeof createExchangesService>;
