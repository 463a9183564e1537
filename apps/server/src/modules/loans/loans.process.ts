import {
  assetTransitionRefusal,
  LOAN_DUE_DATE_FIELD,
  LOAN_MSG,
  type LoanFields,
  loanAssetRefusal,
  loanDueDate,
  loanInterestCredits,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { badRequest, conflict, insufficientFunds } from "../../lib/errors.ts";
import { assetInDeal, dealAsset, findOpenDealForAsset, type ProcessHandlers, recordOf } from "../deals/index.ts";
import { foreseeUserBalances, getUserBalances } from "../ledger/index.ts";
import {
  borrowerOfLoan,
  findAssetRow,
  findLoanByCollateralDeal,
  findLoanData,
  foreseeLoanData,
  type LoanData,
  markNotice,
  updateLoan,
} from "./loans.repository.ts";

/**
 * The guards and effects of LOAN_PROCESS and LOAN_COLLATERAL_PROCESS (domain package), through the
 * other areas' index.ts. A loan guaranteed by an asset (activo_colateral) drives a second deal on
 * that asset: opened at approval (the reservation), closed at the return (freed) or when the loan is
 * overdue (handed to the lender). Those effects run FIRST in their transition, so the lock order stays
 * assets -> deals -> ledger accounts (the service locks both assets in id order before the engine).
 */

/**
 * Checks the collateral a borrower names (at the request, without a lock; the approval re-checks it
 * under the lock): theirs, listed (activo/disponible), not the lent asset, not in another deal.
 */
export async function checkCollateral(tx: Tx, loan: { assetId: string; prestatarioId: string }, assetId: string) {
  if (assetId === loan.assetId) throw badRequest(LOAN_MSG.collateralSameAsset);
  const c = await findAssetRow(tx, assetId);
  if (!c || c.userId !== loan.prestatarioId || c.status === "desactivado")
    throw badRequest(LOAN_MSG.collateralNotYours);
  if (assetTransitionRefusal(c, "reservar") || (await findOpenDealForAsset(tx, c.id))) {
    throw conflict(LOAN_MSG.collateralNotAvailable);
  }
  return c;
}

/** A notice of the loan goes out once: `avisoNuevo` tells the table's notify effect it is the first time. */
const markedOnce =
  (kind: "recordatorio" | "aviso") =>
  async (ctx: { tx: Tx; data: LoanData; now: Date; result: Record<string, number> }) => {
    if (await markNotice(ctx.tx, ctx.data.id, kind, ctx.now)) ctx.result.avisoNuevo = 1;
  };

export const loanHandlers: ProcessHandlers<LoanData> = {
  load: recordOf(findLoanData, "loans: record"),
  // A step's opening sends these with BEGIN (loans.service step, issue 21): the record, the blocks
  // (the library's), the borrower's balances (activoPrestable at the approval).
  foresee: {
    load: foreseeLoanData,
    guards: { activoPrestable: (id) => [foreseeUserBalances(borrowerOfLoan(id))] },
  },

  guards: {
    async activoPrestable(ctx) {
      const a = dealAsset(ctx);
      const l = ctx.data;
      const refusal = loanAssetRefusal(a, l);
      if (refusal) throw conflict(refusal);
      const requesting = ctx.from === null;
      if (requesting && (await findOpenDealForAsset(ctx.tx, a.id))) throw conflict(LOAN_MSG.notAvailable);
      if (requesting && l.garantiaActivoId) await checkCollateral(ctx.tx, l, l.garantiaActivoId);
      // The borrower pays the credit guarantee and the interest when the lender approves: refuse a
      // request they cannot cover (when asked), and say who is short when it is approved.
      const garantia = l.garantiaTipo === "creditos_bloqueados" ? l.garantiaValor : 0;
      const interes = loanInterestCredits(a.creditosAsignados, l.interes);
      if (garantia + interes > 0) {
        // A stored loan: its borrower by the loan (the read foreseen above); at the request, by id.
        const borrower = requesting ? l.prestatarioId : borrowerOfLoan(l.id);
        const { creditosDisponibles } = await getUserBalances(ctx.tx, borrower);
        if (creditosDisponibles < garantia + interes) {
          throw insufficientFunds(
            requesting ? LOAN_MSG.borrowerShort(garantia, interes) : LOAN_MSG.borrowerShortAtApproval,
          );
        }
      }
    },
    activoEnOperacion: assetInDeal(LOAN_MSG.notAvailable),
    plazoVencido(ctx) {
      const due = ctx.data.fechaDevolucionEsperada;
      if (!due || ctx.now.getTime() <= due.getTime()) throw conflict(LOAN_MSG.notDue);
    },
  },

  effects: {
    /** The interest and the due date are fixed at approval (cobrarInteres then escrows the interest). */
    async fijarInteres(ctx) {
      const l = ctx.data;
      const interes = loanInterestCredits(dealAsset(ctx).creditosAsignados, l.interes);
      const due = loanDueDate(ctx.now, l.plazoDias);
      await updateLoan(ctx.tx, l.id, {
        interesCreditos: interes,
        fechaAprobacion: ctx.now,
        fechaDevolucionEsperada: due,
      });
      ctx.data = { ...l, interesCreditos: interes, fechaAprobacion: ctx.now, fechaDevolucionEsperada: due };
    },
    /** Timer `recordatorio` (a day before the due date): the borrower is reminded once. */
    marcarRecordatorio: markedOnce("recordatorio"),
    /** Timer `aviso_vencimiento` (the due date has passed): both parties are told once. */
    marcarAvisoVencido: markedOnce("aviso"),
  },

  fields: (ctx): LoanFields => {
    const l = ctx.data;
    return {
      titulo: ctx.asset?.title ?? "",
      plazoDias: l.plazoDias,
      garantia: l.garantiaTipo === "creditos_bloqueados" ? l.garantiaValor : 0,
      interes: l.interesCreditos,
      liberados: ctx.result.creditosLiberados ?? 0,
      garantiaActivo: l.garantiaDealId && l.garantiaTitulo ? l.garantiaTitulo : null,
      garantiaDealId: l.garantiaDealId,
      garantiaActivoId: l.garantiaTipo === "activo_colateral" ? l.garantiaActivoId : null,
      destruidos: ctx.result.garantiaCreditosDestruidos ?? 0,
      vence: (l.fechaDevolucionEsperada ?? loanDueDate(ctx.now, 0)).toLocaleDateString("es-CO", {
        timeZone: "America/Bogota",
      }),
      avisoNuevo: ctx.result.avisoNuevo === 1,
      assetId: l.assetId,
    };
  },

  /** The collateral's deal (started by the library's `reservarGarantiaActivo`) is the loan's garantiaDealId. */
  async link(tx, l, subDealId) {
    await updateLoan(tx, l.id, { garantiaDealId: subDealId });
    return { ...l, garantiaDealId: subDealId };
  },

  /** The active loan's timers count from its due date (set at approval by cobrarInteres). */
  timerBase(ctx, timer) {
    const due = timer.relativeTo === LOAN_DUE_DATE_FIELD ? ctx.data.fechaDevolucionEsperada : null;
    if (!due) throw new Error(`loans: timer ${timer.name} of loan ${ctx.deal.id} has no due date`);
    return due;
  },

  async onState({ tx, deal, from, to, now }) {
    if (from === to) return; // a reminder: the loan stays as it is
    await updateLoan(tx, deal.id, { estado: to, ...(deal.closedAt ? { fechaCierre: now } : {}) });
  },
};

/** The guards and effects of LOAN_COLLATERAL_PROCESS: the collateral asset's own deal. */
export const collateralHandlers: ProcessHandlers<LoanData> = {
  load: recordOf(findLoanByCollateralDeal, "loans: loan of collateral"),

  guards: {
    /** Under the collateral's lock, at approval: still the borrower's, listed, in no other deal. */
    async garantiaDisponible(ctx) {
      const c = dealAsset(ctx, LOAN_MSG.collateralTaken);
      const l = ctx.data;
      if (
        c.id === l.assetId ||
        c.userId !== l.prestatarioId ||
        assetTransitionRefusal(c, "reservar") ||
        (await findOpenDealForAsset(ctx.tx, c.id))
      ) {
        throw conflict(LOAN_MSG.collateralTaken);
      }
    },
  },

  /** The collateral's title, for the ledger's description when it is handed to the lender. */
  fields: (ctx) => ({ titulo: ctx.asset?.title ?? "" }),

  effects: {
    /** The guarantee's value: the collateral's credits. */
    async fijarValorGarantia(ctx) {
      const c = dealAsset(ctx, LOAN_MSG.collateralTaken);
      await updateLoan(ctx.tx, ctx.data.id, { garantiaValor: c.creditosAsignados });
      ctx.data = { ...ctx.data, garantiaValor: c.creditosAsignados };
    },
  },
};
