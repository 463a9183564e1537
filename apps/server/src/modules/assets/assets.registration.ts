import {
  type AssetFormData,
  buildSearchText,
  currentYearInColombia,
  formatNumber,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  type MoneyRegisterData,
  type TimeRegisterData,
  valuateGood,
  valuateMoney,
  valuateTime,
} from "@valoriza/domain";
import { type BoundStatement, bind, executeBehind, lastStatement, type Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import { type BatchPart, runBatch } from "../../lib/batch.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { forbidden } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { movementPart, transactionPart } from "../activity/index.ts";
import { type PublicPoint, publicPoint, publicPointPart } from "../exchanges/index.ts";
import { issueBlockedPart, personLimitsLock, userBalancesPart } from "../ledger/index.ts";
import { notifyParts } from "../notifications/index.ts";
import { type AssetDto, toAssetDto } from "./assets.dto.ts";
import { createUploadQuota, decodeImage, removeAssetImages, storeAssetImages } from "./assets.images.ts";
import { checkIssuanceValue, dailyIssuanceGuard, rethrowDailyRefusal } from "./assets.limits.ts";
import {
  type AssetRow,
  insertAssetPart,
  type NewAsset,
  ownerLocationColumns,
  ownerLocationStatement,
  readOwnerLocation,
} from "./assets.repository.ts";

/** Registering an asset (goods, time or money) and issuing its credits, blocked (part of the assets service). */

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

const fmt = (n: number) => formatNumber(n);

/** The three registrations of the assets service (see createAssetsService). */
export function createRegistrations({ db, clock, config }: AppDeps) {
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
   * Registers an asset and issues its credits, blocked (issue 7, ADR 012; issue 21, ADR 028
   * amendment "A registration in one round trip"). On PostgreSQL, with a plain unit of work:
   *  - BEGIN, the person's limits lock and ONE statement (lib/batch.ts: the day's bounds, the asset
   *    row and its public point, the balances before, the movement, the transaction, the
   *    notification and its live event, the ledger's issue) with COMMIT right behind it, all in ONE
   *    round trip, when the public point does not depend on the owner's city (a location given,
   *    coordinates, or money, which has no point): an asset without a location takes its owner's
   *    city in the statement itself;
   *  - otherwise (time, goods with neither location nor coordinates: the point is the centre of the
   *    owner's city) TWO: BEGIN, the lock and the owner's city (named statements, one round trip);
   *    then the statement with COMMIT.
   * The lock is a statement of its own, before the batch, so the batch's snapshot (READ COMMITTED)
   * sees every earlier registration of this person. The value's bound is checked before the batch
   * is sent; the day's bounds inside it (dailyIssuanceGuard): a refusal fails it as a whole, writes
   * nothing, and is worded here from the counts it carries. With an Idempotency-Key the key row adds its own round trips
   * and COMMIT goes apart (lib/idempotency.ts).
   * `location` null: the owner's city. `place`: the asset's public point (ADR 013), computed before
   * the transaction, or a function of the owner's city when it needs it.
   */
  async function registration<T>(
    uow: UnitOfWork<T>,
    user: AuthUser,
    row: RegistrationRow,
    location: Location | null,
    place: PublicPoint | null | ((loc: Location) => Promise<PublicPoint | null>),
    answer: (r: { asset: AssetRow; userCredits: UserCredits }) => T,
  ): Promise<T> {
    const limits = issuanceOf(user, row);
    const guard = dailyIssuanceGuard(limits);
    const register = async (tx: Tx, loc: Location | null, point: PublicPoint | null) => {
      // The value's bound, before anything of the registration is written (a replay never gets here).
      checkIssuanceValue(limits);
      try {
        return answer(await registerAsset(tx, user, row, loc, point, guard));
      } catch (e) {
        rethrowDailyRefusal(limits, e);
      }
    };
    if (location || typeof place !== "function") {
      const point = typeof place === "function" ? await place(location as Location) : place;
      return uow(async (tx) => {
        // The person's lock, then the batch: sent one behind the other, one round trip.
        await executeBehind(tx, personLimitsLock(user.id));
        return register(tx, location, point);
      });
    }
    const placeFor = place;
    const opening: BoundStatement[] = [bind(personLimitsLock(user.id)), ownerLocationStatement(user.id)];
    return uow(async (tx, opened) => {
      // Every unit of work runs its whole opening before `work`: never register without the lock.
      if (opened?.length !== opening.length) throw new Error("the unit of work did not run the registration's opening");
      const loc = readOwnerLocation(opened[1]);
      return register(tx, loc, await placeFor(loc));
    }, opening);
  }

  /** Step 2 of a registration (see `registration`): the person's lock is already held. */
  async function registerAsset(
    tx: Tx,
    user: AuthUser,
    row: RegistrationRow,
    /** Null: the owner's city, read by the statement itself. */
    location: Location | null,
    place: PublicPoint | null,
    guard: BatchPart,
  ): Promise<{ asset: AssetRow; userCredits: UserCredits }> {
    const added = row.creditosAsignados ?? 0;
    const assetId = row.id;
    const inserted = insertAssetPart({
      ...row,
      ...(location ?? ownerLocationColumns(user.id)),
      userId: user.id,
      searchText: buildSearchText(row),
    });
    // Only the offset (or city-centre) point is stored; never the exact one (ADR 013).
    const placed = place ? publicPointPart(tx, assetId, place) : null;
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
      balances.part,
      guard,
      movementPart({
        userId: user.id,
        tipo: "publicar",
        descripcion: `Registraste "${row.title}"`,
        valor: added,
        assetId,
      }),
      transactionPart({
        userId: user.id,
        type: "registro",
        assetId,
        amountCOP: row.valorCOPReconocido ?? 0,
        amountCredits: added,
        description: `Registro de "${row.title}"`,
      }),
      ...notifyParts({
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
    // The registration's last statement: COMMIT travels right behind it (plain units of work).
    const results = await lastStatement(tx, () => runBatch(tx, parts));
    const asset = inserted.read(results[0] ?? []);
    const before = balances.read(results[1] ?? []);
    if (issue.part) issue.read(results[parts.length - 1] ?? []);
    if (asset.creditosAsignados !== added) throw new Error("the asset row does not carry the credits issued");
    const current = before.credits + added;
    return { asset, userCredits: { previous: before.credits, added, current } };
  }

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
          // With coordinates the point does not depend on the city (one round trip, ADR 028).
          input.coordenadas ? await publicPoint({ coordenadas: input.coordenadas }) : (loc) => publicPoint(loc),
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
        // Money has no public point: one round trip, the owner's city read by the statement.
        null,
        ({ asset, userCredits }) => ({
          asset: toAssetDto(asset),
          userCredits,
          valuation: { monto: input.monto, creditos: v.creditos, valorTotal: v.valorTotal },
        }),
      );
    },
  };
}
