import {
  ASSET_MSG,
  ASSET_RESULT_MSG,
  type AssetFormData,
  type AssetSearchQuery,
  assetTransitionRefusal,
  buildSearchText,
  CATEGORY_CATALOG,
  currentYearInColombia,
  isActionAllowed,
  type MainPurpose,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  type MoneyRegisterData,
  normalizeSearch,
  RATIO_TEXT,
  type TimeRegisterData,
  toAssetType,
  valuateGood,
  valuateMoney,
  valuateTime,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import { type BatchPart, runBatch } from "../../lib/batch.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { movementPart, recordMovement, transactionPart } from "../activity/index.ts";
import { gaveAwayInExchange, type PublicPoint, publicPoint, publicPointPart } from "../exchanges/index.ts";
import {
  destroyHold,
  getUserBalances,
  issueBlockedPart,
  personLimitsLockStatement,
  releaseHold,
  type UserBalances,
  userBalancesPart,
} from "../ledger/index.ts";
import { notify, notifyFavoriteChange, notifyParts } from "../notifications/index.ts";
import { type AssetDto, toAssetDto, withModeration } from "./assets.dto.ts";
import { updateAsset } from "./assets.favorites.ts";
import { createUploadQuota, decodeImage, removeAssetImages, storeAssetImages } from "./assets.images.ts";
import { checkIssuanceValue, dailyIssuancePart } from "./assets.limits.ts";
import {
  type AssetRow,
  findAssetWithOwner,
  insertAssetPart,
  listPublicAssets,
  listUserAssets,
  listUserGoodsForUpdate,
  lockAsset,
  type NewAsset,
  ownerLocationStatement,
  readOwnerLocation,
  type UserAssetsFilter,
} from "./assets.repository.ts";

export const ASSET_NOT_FOUND = "Activo no encontrado";
const NOT_YOURS = "Este activo no es tuyo";
const USER_MISMATCH = "No puedes registrar activos a nombre de otro usuario";

/** Credits of the owner before and after a registration. */
export interface UserCredits {
  previous: number;
  added: number;
  current: number;
}

/** A registered asset (goods, time or money) and the credits it issued, blocked. */
export interface Registered {
  asset: AssetDto;
  userCredits: UserCredits;
}

export interface TimeRegistered extends Registered {
  valuation: { creditos: number; valorTotal: number; valorHora: number };
}

export interface MoneyRegistered extends Registered {
  valuation: { monto: number; creditos: number; valorTotal: number };
}

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

const fmt = (n: number) => n.toLocaleString("es-CO");

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

export function createAssetsService({ db, clock, config }: AppDeps, hooks: { runningDeal?: RunningDealHook } = {}) {
  const uploads = createUploadQuota(db, clock, config.uploadImagesPerHour);
  const plain = plainUnitOfWork(db);

  /** A registration's row as the three registrations build it (its owner, search text and place come later). */
  type RegistrationRow = Omit<NewAsset, "userId" | "searchText" | "ciudad" | "departamento"> & { id: string };
  type Location = { ciudad: string; departamento: string };

  /** The daily bounds' input of a registration (ADR 015). */
  const issuanceOf = (user: AuthUser, row: RegistrationRow) => ({
    userId: user.id,
    now: clock.now(),
    assetType: row.assetType,
    category: row.category ?? "",
    valueCOP: row.baseValueCOP ?? 0,
    credits: row.creditosAsignados ?? 0,
    maxRegistrationsPerDay: config.maxRegistrationsPerDay,
  });

  /**
   * Registers an asset and issues its credits, blocked, in THREE round trips on PostgreSQL (issue 7,
   * ADR 012) when the unit of work is a plain transaction:
   *  1. BEGIN, the person's limits lock and (when the input has no location) the owner's city, as
   *     one message (the unit of work's opening). The lock is its own statement, before anything
   *     else of the registration, so the next statement's snapshot (READ COMMITTED) sees every
   *     earlier registration of this person;
   *  2. ONE statement (lib/batch.ts): the asset row and its public point, the daily-limits count,
   *     the balances before, the movement, the transaction, the notification and its live event,
   *     and the ledger's issue;
   *  3. COMMIT.
   * The value bound is checked before the batch is sent; a refusal by the daily limits is thrown
   * after it: the transaction rolls back and nothing of the registration stays. With an
   * Idempotency-Key the key row adds its own round trips (lib/idempotency.ts).
   * `location` null: the owner's city, read in the opening. `placeFor`: the public point of the
   * asset at its location (ADR 013), computed before the transaction when the location is known.
   */
  async function registration<T>(
    uow: UnitOfWork<T>,
    user: AuthUser,
    row: RegistrationRow,
    location: Location | null,
    placeFor: (loc: Location) => Promise<PublicPoint | null>,
    answer: (r: { asset: AssetRow; userCredits: UserCredits }) => T,
  ): Promise<T> {
    const known = location ? { loc: location, place: await placeFor(location) } : null;
    const opening = [personLimitsLockStatement(user.id)];
    if (!known) opening.push(ownerLocationStatement(user.id));
    return uow(async (tx, opened) => {
      // Every unit of work runs its whole opening before `work`: never register without the lock.
      if (opened?.length !== opening.length) throw new Error("the unit of work did not run the registration's opening");
      // The value bound, before anything of the registration is written (a replay never gets here).
      checkIssuanceValue(issuanceOf(user, row));
      const loc = known?.loc ?? readOwnerLocation(opened[1]);
      const place = known ? known.place : await placeFor(loc);
      return answer(
        await registerAsset(tx, user, { ...row, ciudad: loc.ciudad, departamento: loc.departamento }, place),
      );
    }, opening);
  }

  /** Step 2 of a registration (see `registration`): the person's lock is already held. */
  async function registerAsset(
    tx: Tx,
    user: AuthUser,
    row: RegistrationRow & Location,
    place: PublicPoint | null,
  ): Promise<{ asset: AssetRow; userCredits: UserCredits }> {
    const limits = issuanceOf(user, row);
    const added = row.creditosAsignados ?? 0;
    const assetId = row.id;
    const inserted = insertAssetPart(tx, { ...row, userId: user.id, searchText: buildSearchText(row) });
    // Only the offset (or city-centre) point is stored; never the exact one (ADR 013).
    const placed = place ? publicPointPart(tx, assetId, place) : null;
    const daily = dailyIssuancePart(limits, assetId);
    const balances = userBalancesPart(user.id);
    const issue = issueBlockedPart({
      userId: user.id,
      amount: added,
      refType: "activo",
      refId: assetId,
      actorUserId: user.id,
      description: `Registro de "${row.title}"`,
    });
    const parts: BatchPart[] = [
      inserted.part,
      daily.part,
      balances.part,
      movementPart(tx, {
        userId: user.id,
        tipo: "publicar",
        descripcion: `Registraste "${row.title}"`,
        valor: added,
        assetId,
      }),
      transactionPart(tx, {
        userId: user.id,
        type: "registro",
        assetId,
        amountCOP: row.valorCOPReconocido ?? 0,
        amountCredits: added,
        description: `Registro de "${row.title}"`,
      }),
      ...notifyParts(tx, {
        userId: user.id,
        tipo: "creditos_emitidos",
        titulo: "Activo registrado",
        descripcion:
          added > 0
            ? `Registraste "${row.title}" y recibiste ${fmt(added)} créditos bloqueados. Se liberan cuando completes una operación.`
            : `Registraste "${row.title}". Su valor no alcanza para emitir créditos.`,
        relacionadoId: assetId,
        relacionadoTipo: "activo",
      }),
    ];
    if (placed) parts.push(placed);
    if (issue.part) parts.push(issue.part);
    const results = await runBatch(tx, parts);
    const asset = inserted.read(results[0] ?? []);
    daily.check(results[1] ?? []);
    const before = balances.read(results[2] ?? []);
    if (issue.part) issue.read(results[parts.length - 1] ?? []);
    if (asset.creditosAsignados !== added) throw new Error("the asset row does not carry the credits issued");
    const current = before.credits + added;
    return { asset, userCredits: { previous: before.credits, added, current } };
  }

  async function lockOwned(tx: Tx, user: AuthUser, id: string): Promise<AssetRow> {
    const a = await lockAsset(tx, id);
    if (!a || (a.status === "desactivado" && a.userId !== user.id)) throw notFound(ASSET_NOT_FOUND);
    if (a.userId !== user.id && !user.isAdmin) throw forbidden(NOT_YOURS);
    return a;
  }

  const noPlace = async () => null;

  return {
    async create(user: AuthUser, input: AssetFormData, uow: UnitOfWork<Registered> = plain): Promise<Registered> {
      if (input.userId && input.userId !== user.id) throw forbidden(USER_MISMATCH);
      const images = input.images.map((img, i) => decodeImage(img, i));
      await uploads.take(user.id, images.length);
      const now = clock.now();
      const valuation = valuateGood({
        baseValueCOP: input.baseValueCOP,
        category: input.category,
        physicalState: input.physicalState,
        condition: input.condition,
        yearOfPurchase: input.yearOfPurchase,
        currentYear: currentYearInColombia(now),
      });
      const id = uuidv7(now.getTime());
      const stored = await storeAssetImages(config.dataDir, id, images);
      try {
        return await registration(
          uow,
          user,
          {
            id,
            title: input.title,
            description: input.description,
            assetType: input.assetType,
            origin: input.origin,
            category: input.category,
            subcategory: input.subcategory ?? "",
            especializacion: input.especializacion ?? "",
            condition: input.condition,
            physicalState: input.physicalState,
            yearOfPurchase: input.yearOfPurchase,
            baseValueCOP: input.baseValueCOP,
            location: input.location ?? "",
            mainPurpose: input.mainPurpose,
            privacy: input.privacy,
            images: stored,
            depreciation: valuation.depreciation,
            valorActualCOP: valuation.valorActualCOP,
            valorCOPOriginal: valuation.valorCOPOriginal,
            valorCOPReconocido: valuation.valorCOPReconocido,
            antiguedadAnios: valuation.antiguedadAnios,
            creditosAsignados: valuation.creditosAsignados,
            estadoCredito: "bloqueado",
            status: "disponible",
          },
          input.ubicacion
            ? { ciudad: input.ubicacion.ciudad ?? "", departamento: input.ubicacion.departamento ?? "" }
            : null,
          (loc) => publicPoint({ coordenadas: input.coordenadas, ...loc }),
          ({ asset, userCredits }) => ({ asset: toAssetDto(asset), userCredits }),
        );
      } catch (e) {
        // Failed, or replayed (IdempotentReplay): the images written for this attempt are not used.
        await removeAssetImages(config.dataDir, id);
        throw e;
      }
    },

    async registerTime(
      user: AuthUser,
      input: TimeRegisterData,
      uow: UnitOfWork<TimeRegistered> = plain,
    ): Promise<TimeRegistered> {
      if (input.userId && input.userId !== user.id) throw forbidden(USER_MISMATCH);
      const v = valuateTime({ horas: input.horas, especializado: input.especializado });
      return registration(
        uow,
        user,
        {
          id: uuidv7(clock.now().getTime()),
          title: `${input.tipo} (${input.horas} ${input.horas === 1 ? "hora" : "horas"})`,
          description: input.descripcion,
          assetType: "tiempo",
          category: "Tiempo",
          subcategory: input.tipo,
          mainPurpose: input.mainPurpose ?? "intercambiar",
          baseValueCOP: v.valorTotal,
          valorActualCOP: v.valorTotal,
          valorCOPOriginal: v.valorTotal,
          valorCOPReconocido: v.valorTotal,
          creditosAsignados: v.creditos,
          horas: input.horas,
          especializado: input.especializado,
          tipoServicio: input.tipo,
        },
        null,
        // Time is offered where its owner lives: the centre of their city (ADR 013), so it can be
        // found by the local exchanges search like goods without coordinates.
        (loc) => publicPoint(loc),
        ({ asset, userCredits }) => ({
          asset: toAssetDto(asset),
          userCredits,
          valuation: { creditos: v.creditos, valorTotal: v.valorTotal, valorHora: v.valorHora },
        }),
      );
    },

    async registerMoney(
      user: AuthUser,
      input: MoneyRegisterData,
      uow: UnitOfWork<MoneyRegistered> = plain,
    ): Promise<MoneyRegistered> {
      if (input.userId && input.userId !== user.id) throw forbidden(USER_MISMATCH);
      const v = valuateMoney({ monto: input.monto });
      const defaultPurpose = input.tipo === "donacion" ? "donar" : input.tipo === "regalo" ? "regalar" : "prestar";
      return registration(
        uow,
        user,
        {
          id: uuidv7(clock.now().getTime()),
          title: `Aporte en dinero: ${MONEY_CONTRIBUTION_TYPE_LABELS[input.tipo]}`,
          description: input.descripcion,
          assetType: "dinero",
          category: "Dinero",
          mainPurpose: input.mainPurpose ?? defaultPurpose,
          baseValueCOP: v.valorTotal,
          valorActualCOP: v.valorTotal,
          valorCOPOriginal: v.valorTotal,
          valorCOPReconocido: v.valorTotal,
          creditosAsignados: v.creditos,
          monto: input.monto,
          tipoAporte: input.tipo,
        },
        null,
        noPlace,
        ({ asset, userCredits }) => ({
          asset: toAssetDto(asset),
          userCredits,
          valuation: { monto: input.monto, creditos: v.creditos, valorTotal: v.valorTotal },
        }),
      );
    },
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
