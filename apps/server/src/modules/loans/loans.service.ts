import {
  type CreateLoanData,
  LOAN_COLLATERAL_PROCESS,
  LOAN_MSG,
  LOAN_PROCESS,
  LOAN_PURPOSES,
  type Loan,
} from "@valoriza/domain";
import { lastStatement, type Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { UUID_RE } from "../../lib/ids.ts";
import { foreseeLockAssets, lockAssets, toAssetDto } from "../assets/index.ts";
import { assertNoBlock } from "../blocks/index.ts";
import type { DealsEngine } from "../deals/index.ts";
import { findUserById } from "../users/index.ts";
import { collateralHandlers, loanHandlers } from "./loans.process.ts";
import {
  assetsOfLoan,
  findAssetRow,
  findLoanView,
  insertLoan,
  type LoanData,
  type LoanRow,
  type LoanView,
  listLendableAssets,
  listLoanViews,
} from "./loans.repository.ts";

export interface LoanResult {
  loan: Loan;
}

export function toLoanDto(v: LoanView, viewerId: string, now: Date): Loan {
  const l = v.l;
  const due = l.fechaDevolucionEsperada;
  return {
    _id: l.id,
    activoId: { _id: l.assetId, title: v.assetTitle, category: v.assetCategory },
    prestatarioId: { _id: l.prestatarioId, name: v.prestatarioName ?? "" },
    prestamistaId: { _id: l.prestamistaId, name: v.prestamistaName ?? "" },
    estado: l.estado as Loan["estado"],
    garantiaTipo: l.garantiaTipo as Loan["garantiaTipo"],
    garantiaValor: l.garantiaValor,
    garantiaActivoId: l.garantiaActivoId
      ? { _id: l.garantiaActivoId, title: v.garantiaTitle ?? "", category: v.garantiaCategory ?? "" }
      : null,
    plazoDias: l.plazoDias,
    interes: l.interes,
    interesCreditos: l.interesCreditos,
    notas: l.notas,
    fechaSolicitud: l.fechaSolicitud.toISOString(),
    fechaAprobacion: l.fechaAprobacion ? l.fechaAprobacion.toISOString() : null,
    fechaDevolucionEsperada: due ? due.toISOString() : null,
    fechaCierre: l.fechaCierre ? l.fechaCierre.toISOString() : null,
    miRol: l.prestamistaId === viewerId ? "prestamista" : "prestatario",
    puedeMarcarVencido: l.estado === "activo" && due !== null && now.getTime() > due.getTime(),
  };
}

export function createLoansService({ db, clock }: AppDeps, engine: DealsEngine) {
  engine.register(LOAN_PROCESS, loanHandlers);
  engine.register(LOAN_COLLATERAL_PROCESS, collateralHandlers);
  const plain = plainUnitOfWork(db);

  async function view(tx: Tx, id: string, viewerId: string): Promise<Loan> {
    // The step's answer is its last statement: COMMIT travels with it (db/client.ts lastStatement).
    const v = await lastStatement(tx, () => findLoanView(tx, id));
    if (!v) throw notFound(LOAN_MSG.notFound);
    return toLoanDto(v, viewerId, clock.now());
  }

  async function step(
    user: AuthUser,
    id: string,
    transition: string,
    uow: UnitOfWork<LoanResult>,
    notAllowed: string = LOAN_MSG.onlyLender,
  ): Promise<LoanResult> {
    return uow(
      async (tx) => {
        // A loan with an asset collateral touches two assets: lock both in ascending id order first
        // (the order exchanges use), then the engine re-locks the lent asset (already ours) and the deal.
        await lockAssets(tx, assetsOfLoan(id));
        const out = await engine.apply<LoanRow>(tx, {
          dealId: id,
          transition,
          actor: { user },
          process: LOAN_PROCESS.name,
          // The answer is the loan's view, read below.
          reload: false,
          messages: { notFound: LOAN_MSG.notFound, notAllowed },
        });
        return { loan: await view(tx, out.deal.id, user.id) };
      },
      // Sent with BEGIN (issue 21): the two assets' lock, then what the engine reads first.
      UUID_RE.test(id)
        ? [foreseeLockAssets(assetsOfLoan(id)), ...engine.foreseeApply(LOAN_PROCESS.name, id, transition, user.id)]
        : [],
    );
  }

  return {
    async create(user: AuthUser, input: CreateLoanData, uow: UnitOfWork<LoanResult> = plain): Promise<LoanResult> {
      if (input.prestamistaId === user.id) throw badRequest(LOAN_MSG.ownAsset);
      const lender = await findUserById(db, input.prestamistaId);
      if (!lender) throw notFound(LOAN_MSG.lenderNotFound);
      const garantiaValor = input.garantiaTipo === "ninguna" ? 0 : (input.garantiaValor ?? 0);
      // activo_colateral: the borrower's asset named as the guarantee (checked by the activoPrestable guard).
      const garantiaActivoId = input.garantiaTipo === "activo_colateral" ? (input.garantiaActivoId ?? null) : null;
      return uow(async (tx) => {
        await assertNoBlock(tx, user.id, input.prestamistaId);
        const out = await engine.start<LoanData>(tx, {
          process: LOAN_PROCESS.name,
          transition: "solicitar",
          assetId: input.activoId,
          parties: () => ({ prestatario: user.id, prestamista: input.prestamistaId }),
          actor: { user },
          messages: { assetNotFound: LOAN_MSG.notAvailable },
          save: async (tx2, _deal, { garantiaTitulo: _t, ...built }) => ({
            ...(await insertLoan(tx2, built)),
            garantiaTitulo: null,
          }),
          build: async (tx2, asset, { id, now }) => ({
            id,
            assetId: asset.id,
            prestatarioId: user.id,
            prestamistaId: input.prestamistaId,
            estado: "pendiente",
            garantiaTipo: input.garantiaTipo,
            // An asset collateral is worth its credits (set again at approval, when it is reserved).
            garantiaValor: garantiaActivoId
              ? ((await findAssetRow(tx2, garantiaActivoId))?.creditosAsignados ?? 0)
              : garantiaValor,
            garantiaActivoId,
            garantiaDealId: null,
            garantiaTitulo: null,
            plazoDias: input.plazoDias,
            interes: input.interes,
            interesCreditos: 0,
            notas: input.notas,
            fechaSolicitud: now,
            fechaAprobacion: null,
            fechaDevolucionEsperada: null,
            fechaCierre: null,
            recordatorioEnviado: null,
            avisoVencidoEnviado: null,
          }),
        });
        return { loan: await view(tx, out.deal.id, user.id) };
      });
    },

    approve: (user: AuthUser, id: string, uow: UnitOfWork<LoanResult> = plain) => step(user, id, "aprobar", uow),
    confirmReturn: (user: AuthUser, id: string, uow: UnitOfWork<LoanResult> = plain) =>
      step(user, id, "confirmarDevolucion", uow),
    markDefault: (user: AuthUser, id: string, uow: UnitOfWork<LoanResult> = plain) =>
      step(user, id, "marcarVencido", uow),
    reject: (user: AuthUser, id: string, uow: UnitOfWork<LoanResult> = plain) => step(user, id, "rechazar", uow),
    cancel: (user: AuthUser, id: string, uow: UnitOfWork<LoanResult> = plain) =>
      step(user, id, "cancelar", uow, "Solo quien solicitó el préstamo puede cancelarlo"),

    async list(user: AuthUser, role: "prestatario" | "prestamista") {
      const now = clock.now();
      const rows = await listLoanViews(db, role, user.id);
      return { success: true as const, data: rows.map((v) => toLoanDto(v, user.id, now)) };
    },

    /** The lender's public 'prestar' assets that are free now (for the request dialog). */
    async lendableAssets(lenderId: string) {
      const rows = await listLendableAssets(db, lenderId, LOAN_PURPOSES);
      return { success: true as const, data: rows.map((a) => toAssetDto(a)) };
    },
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
