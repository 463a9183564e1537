import {
  type AssetFormData,
  buildSearchText,
  CATEGORY_CATALOG,
  canDeactivate,
  currentYearInColombia,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  type MoneyRegisterData,
  normalizeSearch,
  RATIO_TEXT,
  type TimeRegisterData,
  valuateGood,
  valuateMoney,
  valuateTime,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { withIdempotency } from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { recordMovement, recordTransaction } from "../activity/activity.repository.ts";
import { destroyHold, getUserBalances, issueBlocked, releaseHold } from "../ledger/ledger.service.ts";
import { notify } from "../notifications/notifications.repository.ts";
import { findUserById } from "../users/users.repository.ts";
import { toAssetDto } from "./assets.dto.ts";
import { decodeImage, removeAssetImages, storeAssetImages } from "./assets.images.ts";
import {
  type AssetRow,
  findAssetWithOwner,
  insertAsset,
  listPublicAssets,
  listUserAssets,
  listUserGoodsForUpdate,
  lockAsset,
  type NewAsset,
  updateAsset,
} from "./assets.repository.ts";

export const ASSET_NOT_FOUND = "Activo no encontrado";
const NOT_YOURS = "Este activo no es tuyo";
const USER_MISMATCH = "No puedes registrar activos a nombre de otro usuario";

export interface Idem {
  key: string | undefined;
  route: string;
  body: unknown;
}

const fmt = (n: number) => n.toLocaleString("es-CO");

export function createAssetsService({ db, clock, config }: AppDeps) {
  /** Inserts the asset and issues its credits, blocked, in the caller's transaction. */
  async function registerAsset(tx: Tx, user: AuthUser, row: Omit<NewAsset, "userId" | "searchText">) {
    const before = await getUserBalances(tx, user.id);
    const asset = await insertAsset(tx, { ...row, userId: user.id, searchText: buildSearchText(row) });
    const added = asset.creditosAsignados;
    await recordMovement(tx, {
      userId: user.id,
      tipo: "publicar",
      descripcion: `Registraste "${asset.title}"`,
      valor: added,
      assetId: asset.id,
    });
    await recordTransaction(tx, {
      userId: user.id,
      type: "registro",
      assetId: asset.id,
      amountCOP: asset.valorCOPReconocido,
      amountCredits: added,
      description: `Registro de "${asset.title}"`,
    });
    await notify(tx, {
      userId: user.id,
      tipo: "creditos_emitidos",
      titulo: "Activo registrado",
      descripcion:
        added > 0
          ? `Registraste "${asset.title}" y recibiste ${fmt(added)} créditos bloqueados. Se liberan cuando completes una operación.`
          : `Registraste "${asset.title}". Su valor no alcanza para emitir créditos.`,
      relacionadoId: asset.id,
      relacionadoTipo: "activo",
    });
    // Last statement before COMMIT: every issue locks the one `emision` account,
    // so holding that lock for as short a time as possible is what lets
    // concurrent registrations proceed.
    if (added > 0) {
      await issueBlocked(tx, {
        userId: user.id,
        amount: added,
        refType: "activo",
        refId: asset.id,
        actorUserId: user.id,
        description: `Registro de "${asset.title}"`,
      });
    }
    const current = before.credits + added;
    return { asset, userCredits: { previous: before.credits, added, current } };
  }

  async function ownerLocation(userId: string) {
    const u = await findUserById(db, userId);
    return { ciudad: u?.ciudad ?? "", departamento: u?.departamento ?? "" };
  }

  async function lockOwned(tx: Tx, user: AuthUser, id: string): Promise<AssetRow> {
    const a = await lockAsset(tx, id);
    if (!a || (a.status === "desactivado" && a.userId !== user.id)) throw notFound(ASSET_NOT_FOUND);
    if (a.userId !== user.id && !user.isAdmin) throw forbidden(NOT_YOURS);
    return a;
  }

  return {
    async create(user: AuthUser, input: AssetFormData, idem: Idem) {
      if (input.userId && input.userId !== user.id) throw forbidden(USER_MISMATCH);
      const images = input.images.map((img, i) => decodeImage(img, i));
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
      const loc = input.ubicacion ?? (await ownerLocation(user.id));
      try {
        const res = await withIdempotency(
          db,
          { userId: user.id, key: idem.key, route: idem.route, body: idem.body },
          async (tx) => {
            const { asset, userCredits } = await registerAsset(tx, user, {
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
              ciudad: loc.ciudad ?? "",
              departamento: loc.departamento ?? "",
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
            });
            return {
              statusCode: 201,
              body: { success: true, message: "Activo registrado exitosamente", data: toAssetDto(asset), userCredits },
            };
          },
        );
        if (res.replayed) await removeAssetImages(config.dataDir, id);
        return res;
      } catch (e) {
        await removeAssetImages(config.dataDir, id);
        throw e;
      }
    },

    async registerTime(user: AuthUser, input: TimeRegisterData, idem: Idem) {
      if (input.userId && input.userId !== user.id) throw forbidden(USER_MISMATCH);
      const v = valuateTime({ horas: input.horas, especializado: input.especializado });
      const loc = await ownerLocation(user.id);
      return withIdempotency(db, { userId: user.id, key: idem.key, route: idem.route, body: idem.body }, async (tx) => {
        const { asset, userCredits } = await registerAsset(tx, user, {
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
          ciudad: loc.ciudad,
          departamento: loc.departamento,
        });
        const activo = { ...toAssetDto(asset), creditos: v.creditos, valorTotal: v.valorTotal, valorHora: v.valorHora };
        return {
          statusCode: 201,
          body: { success: true, message: "Tiempo registrado exitosamente", activo, data: activo, userCredits },
        };
      });
    },

    async registerMoney(user: AuthUser, input: MoneyRegisterData, idem: Idem) {
      if (input.userId && input.userId !== user.id) throw forbidden(USER_MISMATCH);
      const v = valuateMoney({ monto: input.monto });
      const loc = await ownerLocation(user.id);
      const defaultPurpose = input.tipo === "donacion" ? "donar" : input.tipo === "regalo" ? "regalar" : "prestar";
      return withIdempotency(db, { userId: user.id, key: idem.key, route: idem.route, body: idem.body }, async (tx) => {
        const { asset, userCredits } = await registerAsset(tx, user, {
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
          ciudad: loc.ciudad,
          departamento: loc.departamento,
        });
        const activo = { ...toAssetDto(asset), monto: input.monto, creditos: v.creditos, valorTotal: v.valorTotal };
        return {
          statusCode: 201,
          body: { success: true, message: "Aporte registrado exitosamente", activo, data: activo, userCredits },
        };
      });
    },

    async listPublic(opts: {
      excludeUserId?: string | undefined;
      q?: string | undefined;
      limit: number;
      offset: number;
    }) {
      const q = opts.q ? normalizeSearch(opts.q) : undefined;
      const rows = await listPublicAssets(db, { ...opts, q: q || undefined });
      return rows.map(({ asset, owner }) => toAssetDto(asset, owner));
    },

    async listMine(userId: string) {
      return (await listUserAssets(db, userId)).map((a) => toAssetDto(a));
    },

    async listByUser(
      caller: AuthUser,
      userId: string,
      opts: { mainPurpose?: string | undefined; statuses?: string[] | undefined },
    ) {
      if (caller.id !== userId && !caller.isAdmin) throw forbidden();
      return (await listUserAssets(db, userId, opts)).map((a) => toAssetDto(a));
    },

    async get(id: string, callerId: string | undefined) {
      const found = await findAssetWithOwner(db, id);
      if (!found || (found.asset.status === "desactivado" && found.asset.userId !== callerId))
        throw notFound(ASSET_NOT_FOUND);
      return toAssetDto(found.asset, found.owner);
    },

    async deactivate(user: AuthUser, id: string, idem: Idem) {
      return withIdempotency(db, { userId: user.id, key: idem.key, route: idem.route, body: idem.body }, async (tx) => {
        const a = await lockOwned(tx, user, id);
        if (a.status === "desactivado") throw conflict("Este activo ya está desactivado");
        if (!canDeactivate(a)) {
          throw conflict(
            a.vecesUsado > 0
              ? "Este activo ya se usó en una operación: sus créditos no se pueden destruir"
              : `Solo se pueden desactivar activos en estado activo o disponible (estado actual: ${a.status})`,
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
        const balanceActualizado = await getUserBalances(tx, a.userId);
        return {
          statusCode: 200,
          body: {
            success: true,
            message: "Activo desactivado. Sus créditos bloqueados fueron destruidos.",
            data: {
              asset: toAssetDto(asset),
              creditMovement: { creditosDestruidos: r.amount, razon: "Desactivación del activo" },
              balanceActualizado,
            },
          },
        };
      });
    },

    async finishOperation(user: AuthUser, id: string, idem: Idem) {
      return withIdempotency(db, { userId: user.id, key: idem.key, route: idem.route, body: idem.body }, async (tx) => {
        const a = await lockOwned(tx, user, id);
        if (a.status !== "operacion") throw conflict("Este activo no tiene una operación en curso");
        const r = await releaseHold(tx, {
          refType: "activo",
          refId: a.id,
          actorUserId: user.id,
          description: `Operación finalizada con "${a.title}"`,
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
        const balanceActualizado = await getUserBalances(tx, a.userId);
        return {
          statusCode: 200,
          body: {
            success: true,
            message: "Operación finalizada",
            data: {
              asset: { ...toAssetDto(asset), status: asset.status, vecesUsado: asset.vecesUsado },
              creditMovement: { creditosLiberados: r.amount },
              balanceActualizado,
            },
          },
        };
      });
    },

    async releaseCredits(user: AuthUser, activoId: string, idem: Idem) {
      return withIdempotency(db, { userId: user.id, key: idem.key, route: idem.route, body: idem.body }, async (tx) => {
        const a = await lockOwned(tx, user, activoId);
        if (a.vecesUsado === 0) {
          throw conflict("Los créditos de un activo solo se liberan cuando se completa una operación con él");
        }
        const r = await releaseHold(tx, {
          refType: "activo",
          refId: a.id,
          actorUserId: user.id,
          description: `Liberación de créditos de "${a.title}"`,
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
        const balanceActualizado = await getUserBalances(tx, a.userId);
        return {
          statusCode: 200,
          body: {
            success: true,
            message: r.amount > 0 ? "Créditos liberados" : "Los créditos de este activo ya estaban liberados",
            data: { creditosLiberados: r.amount, yaLiberados: r.alreadyResolved, balanceActualizado },
          },
        };
      });
    },

    /** Recomputes the current valuation of the caller's goods; issued credits never change. */
    async migrateValuation(user: AuthUser) {
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
            updated++;
          }
        }
        return {
          success: true as const,
          message: updated ? `Se actualizaron ${updated} activos` : "Tus activos ya tienen la valorización actual",
          stats: { updated, total: goods.length },
        };
      });
    },

    categories() {
      return { success: true as const, categorias: CATEGORY_CATALOG, ratio: RATIO_TEXT };
    },
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;
