import {
  ASSET_MSG,
  ASSET_RESULT_MSG,
  type AssetSearchQuery,
  assetTransitionRefusal,
  CATEGORY_CATALOG,
  currentYearInColombia,
  formatNumber,
  isActionAllowed,
  type MainPurpose,
  normalizeSearch,
  RATIO_TEXT,
  toAssetType,
  valuateGood,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { recordMovement } from "../activity/index.ts";
import { gaveAwayInExchange } from "../exchanges/index.ts";
import { destroyHold, getUserBalances, releaseHold, type UserBalances } from "../ledger/index.ts";
import { notify, notifyFavoriteChange } from "../notifications/index.ts";
import { type AssetDto, toAssetDto, withModeration } from "./assets.dto.ts";
import { updateAsset } from "./assets.favorites.ts";
import { createRegistrations } from "./assets.registration.ts";
import {
  type AssetRow,
  findAssetWithOwner,
  listPublicAssets,
  listUserAssets,
  listUserGoodsForUpdate,
  lockAsset,
  type UserAssetsFilter,
} from "./assets.repository.ts";

export const ASSET_NOT_FOUND = "Activo no encontrado";
const NOT_YOURS = "Este activo no es tuyo";

export interface Deactivated {
  asset: AssetDto;
  destroyed: number;
  balances: UserBalances;
}

export interface OperationFinished {
  asset: AssetDto;
  released: number;
  balances: UserBalances;
}

export interface CreditsReleased {
  released: number;
  alreadyReleased: boolean;
  balances: UserBalances;
  /** The caller gave the asset away in an accepted exchange: nothing of theirs was left to release. */
  goneWithExchange?: boolean;
}

const fmt = (n: number) => formatNumber(n);

/**
 * Write operations take a UnitOfWork (ADR 004): the route runs them through the idempotency
 * helper; other callers (seed, tests) omit it and get a plain transaction.
 */
/**
 * The asset's running deal, if any (modules/deals, wired in app.ts): PUT
 * /operaciones/finalizar completes it where its process lets the owner do it,
 * refuses (409) where it does not, and returns null when the asset has none.
 */
export interface RunningDealHook {
  completeByOwner(tx: Tx, assetId: string, user: AuthUser): Promise<{ result: Record<string, number> } | null>;
}

/** A page of a list: `limit` rows from `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

export function createAssetsService(deps: AppDeps, hooks: { runningDeal?: RunningDealHook } = {}) {
  const { db, clock } = deps;
  const plain = plainUnitOfWork(db);

  async function lockOwned(tx: Tx, user: AuthUser, id: string): Promise<AssetRow> {
    const a = await lockAsset(tx, id);
    if (!a || (a.status === "desactivado" && a.userId !== user.id)) throw notFound(ASSET_NOT_FOUND);
    if (a.userId !== user.id && !user.isAdmin) throw forbidden(NOT_YOURS);
    return a;
  }

  return {
    /** create, registerTime, registerMoney: assets.registration.ts. */
    ...createRegistrations(deps),

    /**
     * GET /api/assets (issue 20): one page of the public feed with its filters and order, and the
     * count of every match. Distances are rounded (to 0.1 km) and measured to the public point.
     */
    async listPublic(query: AssetSearchQuery, viewerId?: string) {
      const q = query.q ? normalizeSearch(query.q) : "";
      const ciudad = query.ciudad ? normalizeSearch(query.ciudad) : "";
      const from = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : undefined;
      const { rows, total } = await listPublicAssets(db, {
        excludeUserId: query.excludeUserId,
        viewerId,
        q: q || undefined,
        categoria: query.categoria,
        tipo: query.tipo,
        proposito: query.proposito,
        ciudad: ciudad || undefined,
        minCreditos: query.minCreditos,
        maxCreditos: query.maxCreditos,
        orden: query.orden ?? "recientes",
        from,
        limit: query.limit,
        offset: query.offset,
      });
      const items = rows.map(({ asset, owner, distanceKm }) => {
        const dto = toAssetDto(asset, owner);
        return from ? { ...dto, distanciaKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10 } : dto;
      });
      return { items, total, limit: query.limit, offset: query.offset };
    },

    /** One page of my assets (not deactivated), newest first, with the total. */
    async listMine(userId: string, page: Page) {
      const { rows, total } = await listUserAssets(db, userId, page);
      return { items: rows.map((a) => withModeration(toAssetDto(a), a)), total, ...page };
    },

    /**
     * One page of a user's assets with the total: all of them (but deactivated) for their owner or an
     * admin; for anyone else, signed in or not, only the public listings the feed shows (issue 15 item 18).
     */
    async listByUser(caller: AuthUser | undefined, userId: string, opts: UserAssetsFilter & Page) {
      const whole = caller !== undefined && (caller.id === userId || caller.isAdmin);
      const { rows, total } = await listUserAssets(db, userId, { ...opts, publicOnly: !whole });
      const items = rows.map((a) => (whole ? withModeration(toAssetDto(a), a) : toAssetDto(a)));
      return { items, total, limit: opts.limit, offset: opts.offset };
    },

    /**
     * The detail. Deactivated: its owner only. Hidden by an admin, or its owner suspended (issue 19):
     * its owner and admins only, with the reason (`oculto`); 404 for anyone else.
     */
    async get(id: string, callerId: string | undefined, opts: { isAdmin?: boolean | undefined } = {}) {
      const found = await findAssetWithOwner(db, id);
      const mine = found !== undefined && found.asset.userId === callerId;
      if (!found || (found.asset.status === "desactivado" && !mine)) throw notFound(ASSET_NOT_FOUND);
      const moderated = found.asset.hiddenAt !== null || found.ownerSuspended;
      if (moderated && !mine && !opts.isAdmin) throw notFound(ASSET_NOT_FOUND);
      return withModeration(toAssetDto(found.asset, found.owner), found.asset, found.ownerSuspended);
    },

    /**
     * Publishes again an asset its owner holds unlisted (after a sale, an exchange, a donation or a
     * gift it arrives `privado`, deals.md): listed `publico` with the purpose chosen, which the
     * matrix of its type must allow. Not while in a deal, never when deactivated.
     */
    async publish(user: AuthUser, id: string, mainPurpose: MainPurpose): Promise<AssetDto> {
      return db.transaction(async (tx) => {
        const a = await lockOwned(tx, user, id);
        if (a.status === "desactivado") throw conflict(ASSET_MSG.publishDeactivated);
        if (a.status === "operacion") throw conflict(ASSET_MSG.publishInOperation);
        const type = toAssetType(a.assetType);
        if (type && !isActionAllowed(type, mainPurpose)) throw badRequest(ASSET_MSG.actionNotAllowed);
        return toAssetDto(await updateAsset(tx, a.id, { privacy: "publico", mainPurpose }));
      });
    },

    async deactivate(user: AuthUser, id: string, uow: UnitOfWork<Deactivated> = plain): Promise<Deactivated> {
      return uow(async (tx) => {
        const a = await lockOwned(tx, user, id);
        if (a.status === "desactivado") throw conflict("Este activo ya está desactivado");
        // The asset's life (domain assets/lifecycle.ts): only listed, never-used assets.
        const refusal = assetTransitionRefusal(a, "desactivar");
        if (refusal) {
          throw conflict(
            refusal === "usado"
              ? "Este activo ya se usó en una operación: sus créditos no se pueden destruir"
              : ASSET_RESULT_MSG.deactivateRefusedState(a.status),
          );
        }
        const r = await destroyHold(tx, {
          refType: "activo",
          refId: a.id,
          actorUserId: user.id,
          description: `Desactivación de "${a.title}"`,
        });
        const asset = await updateAsset(tx, a.id, { status: "desactivado" });
        await recordMovement(tx, {
          userId: a.userId,
          tipo: "retirar",
          descripcion: `Desactivaste "${a.title}": se destruyeron ${fmt(r.amount)} créditos`,
          valor: -r.amount,
          assetId: a.id,
        });
        await notify(tx, {
          userId: a.userId,
          tipo: "creditos_destruidos",
          titulo: "Activo desactivado",
          descripcion: `Desactivaste "${a.title}". Se destruyeron ${fmt(r.amount)} créditos bloqueados.`,
          relacionadoId: a.id,
          relacionadoTipo: "activo",
        });
        return { asset: toAssetDto(asset), destroyed: r.amount, balances: await getUserBalances(tx, a.userId) };
      });
    },

    async finishOperation(
      user: AuthUser,
      id: string,
      uow: UnitOfWork<OperationFinished> = plain,
    ): Promise<OperationFinished> {
      return uow(async (tx) => {
        const a = await lockOwned(tx, user, id);
        if (assetTransitionRefusal(a, "liberar")) throw conflict("Este activo no tiene una operación en curso");
        const viaDeal = await hooks.runningDeal?.completeByOwner(tx, a.id, user);
        if (viaDeal) {
          const done = (await lockAsset(tx, a.id)) ?? a;
          const released = viaDeal.result.creditosLiberados ?? 0;
          return { asset: toAssetDto(done), released, balances: await getUserBalances(tx, a.userId) };
        }
        const r = await releaseHold(tx, {
          refType: "activo",
          refId: a.id,
          actorUserId: user.id,
          description: `Operación finalizada con "${a.title}"`,
          now: clock.now(),
        });
        const asset = await updateAsset(tx, a.id, {
          status: "disponible",
          vecesUsado: a.vecesUsado + 1,
          estadoCredito: "liberado",
        });
        await recordMovement(tx, {
          userId: a.userId,
          tipo: "liberacion",
          descripcion: `Operación finalizada con "${a.title}"`,
          valor: r.amount,
          assetId: a.id,
        });
        if (r.amount > 0) {
          await notify(tx, {
            userId: a.userId,
            tipo: "creditos_liberados",
            titulo: "Créditos liberados",
            descripcion: `Se liberaron ${fmt(r.amount)} créditos de "${a.title}". Ya están disponibles.`,
            relacionadoId: a.id,
            relacionadoTipo: "activo",
          });
        }
        return { asset: toAssetDto(asset), released: r.amount, balances: await getUserBalances(tx, a.userId) };
      });
    },

    async releaseCredits(
      user: AuthUser,
      activoId: string,
      uow: UnitOfWork<CreditsReleased> = plain,
    ): Promise<CreditsReleased> {
      return uow(async (tx) => {
        // After accepting an exchange the spec's client asks to release the requested asset, whose
        // owner just changed: its credits were released to the accepting party when they accepted.
        const held = await lockAsset(tx, activoId);
        if (held && held.userId !== user.id && !user.isAdmin && (await gaveAwayInExchange(tx, held.id, user.id))) {
          return {
            released: 0,
            alreadyReleased: true,
            balances: await getUserBalances(tx, user.id),
            goneWithExchange: true,
          };
        }
        const a = await lockOwned(tx, user, activoId);
        if (a.vecesUsado === 0) {
          throw conflict("Los créditos de un activo solo se liberan cuando se completa una operación con él");
        }
        const r = await releaseHold(tx, {
          refType: "activo",
          refId: a.id,
          actorUserId: user.id,
          description: `Liberación de créditos de "${a.title}"`,
          now: clock.now(),
        });
        if (r.amount > 0) {
          await updateAsset(tx, a.id, { estadoCredito: "liberado" });
          await notify(tx, {
            userId: a.userId,
            tipo: "creditos_liberados",
            titulo: "Créditos liberados",
            descripcion: `Se liberaron ${fmt(r.amount)} créditos de "${a.title}". Ya están disponibles.`,
            relacionadoId: a.id,
            relacionadoTipo: "activo",
          });
        }
        return {
          released: r.amount,
          alreadyReleased: r.alreadyResolved,
          balances: await getUserBalances(tx, a.userId),
        };
      });
    },

    /** Recomputes the current valuation of the caller's goods; issued credits never change. */
    async migrateValuation(user: AuthUser): Promise<{ updated: number; total: number }> {
      const currentYear = currentYearInColombia(clock.now());
      return db.transaction(async (tx) => {
        const goods = await listUserGoodsForUpdate(tx, user.id);
        let updated = 0;
        for (const a of goods) {
          if (a.yearOfPurchase == null) continue;
          const v = valuateGood({
            baseValueCOP: a.baseValueCOP,
            category: a.category,
            physicalState: a.physicalState as never,
            condition: a.condition as never,
            yearOfPurchase: a.yearOfPurchase,
            currentYear,
          });
          if (
            v.valorActualCOP !== a.valorActualCOP ||
            v.depreciation !== a.depreciation ||
            v.antiguedadAnios !== a.antiguedadAnios
          ) {
            await updateAsset(tx, a.id, {
              valorActualCOP: v.valorActualCOP,
              depreciation: v.depreciation,
              antiguedadAnios: v.antiguedadAnios,
            });
            // Issue 20: the people who keep it as a favourite hear that it got cheaper.
            if (v.valorActualCOP < a.valorActualCOP) {
              await notifyFavoriteChange(tx, {
                assetId: a.id,
                ownerId: a.userId,
                title: a.title,
                change: "mas_barato",
                before: a.valorActualCOP,
                after: v.valorActualCOP,
              });
            }
            updated++;
          }
        }
        return { updated, total: goods.length };
      });
    },

    categories() {
      return { categorias: CATEGORY_CATALOG, ratio: RATIO_TEXT };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
