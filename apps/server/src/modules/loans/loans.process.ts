import {
  assetTransitionRefusal,
  DEALS_MSG,
  LOAN_COLLATERAL_PROCESS,
  LOAN_DUE_DATE_FIELD,
  LOAN_MSG,
  LOAN_PROCESS,
  loanDueDate,
  loanInterestCredits,
  nextAssetStatus,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import { badRequest, conflict, insufficientFunds, notFound } from "../../lib/errors.ts";
import { recordMovement, recordTransaction } from "../activity/index.ts";
import { type AssetRow, updateAsset } from "../assets/index.ts";
import {
  type DealRow,
  type DealsEngine,
  findOpenDealForAsset,
  type ProcessHandlers,
  type TransitionContext,
} from "../deals/index.ts";
import {
  blockFromAvailable,
  destroyHold,
  escrowPay,
  escrowRelease,
  executeHold,
  getUserBalances,
  releaseHold,
} from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import {
  findAssetRow,
  findLoanByCollateralDeal,
  findLoanData,
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

type Ctx = TransitionContext<LoanData>;
type CollateralCtx = TransitionContext<LoanData>;

/** The transition input of `aprobar`: the approving lender (the collateral deal is started as them). */
export interface ApproveInput {
  approver: AuthUser;
}

/** Purposes under which an asset is offered for lending (the spec's screens use both spellings). */
export const LOAN_PURPOSES = ["prestar", "prestamo"];

const fmt = (n: number) => n.toLocaleString("es-CO");

function assetOf(ctx: Ctx): AssetRow {
  if (!ctx.asset) throw notFound(DEALS_MSG.assetNotFound);
  return ctx.asset;
}

const ref = (ctx: Ctx) => ({ refType: "prestamo", refId: ctx.deal.id, actorUserId: ctx.actorUserId });

function lines(ctx: Ctx): { titulo: string; prestatario: string; prestamista: string; valores: [number, number] } {
  const base = baseLines(ctx);
  const l = ctx.data;
  if (!l.garantiaDealId || !l.garantiaTitulo) return base;
  const c = `"${l.garantiaTitulo}"`;
  const extra = ((): [string, string] => {
    switch (ctx.transition) {
      case "aprobar":
        return [
          ` Tu activo ${c} queda reservado como garantía hasta la devolución.`,
          ` ${c} queda reservado como garantía.`,
        ];
      case "confirmarDevolucion":
        return [` Tu activo ${c} ya no está reservado como garantía.`, ""];
      case "marcarVencido":
      case "vencer": {
        const destroyed = ctx.result.garantiaCreditosDestruidos ?? 0;
        return [
          ` Tu activo ${c} pasó al prestamista como garantía.${
            destroyed > 0 ? ` Sus ${fmt(destroyed)} créditos bloqueados se destruyeron.` : ""
          }`,
          ` Recibiste ${c} como garantía: está en Mis Activos, sin publicar.`,
        ];
      }
      default:
        return ["", ""];
    }
  })();
  return { ...base, prestatario: base.prestatario + extra[0], prestamista: base.prestamista + extra[1] };
}

function baseLines(ctx: Ctx): { titulo: string; prestatario: string; prestamista: string; valores: [number, number] } {
  const l = ctx.data;
  const title = ctx.asset?.title ?? "";
  const g = l.garantiaTipo === "creditos_bloqueados" ? l.garantiaValor : 0;
  switch (ctx.transition) {
    case "solicitar":
      return {
        titulo: "Solicitud de préstamo",
        prestatario: `Solicitaste en préstamo "${title}" por ${l.plazoDias} días.`,
        prestamista: `Recibiste una solicitud de préstamo de "${title}" por ${l.plazoDias} días.`,
        valores: [0, 0],
      };
    case "aprobar":
      return {
        titulo: "Préstamo aprobado",
        prestatario: `Se aprobó tu préstamo de "${title}".${g > 0 ? ` ${fmt(g)} créditos quedan bloqueados como garantía.` : ""}${
          l.interesCreditos > 0 ? ` Interés en custodia: ${fmt(l.interesCreditos)} créditos.` : ""
        }`,
        prestamista: `Aprobaste el préstamo de "${title}".`,
        valores: [-(g + l.interesCreditos), 0],
      };
    case "confirmarDevolucion":
      return {
        titulo: "Devolución confirmada",
        prestatario: `Se confirmó la devolución de "${title}".${g > 0 ? ` Se liberaron ${fmt(g)} créditos de tu garantía.` : ""}`,
        prestamista: `Confirmaste la devolución de "${title}".${l.interesCreditos > 0 ? ` Recibiste ${fmt(l.interesCreditos)} créditos de interés.` : ""}${
          (ctx.result.creditosLiberados ?? 0) > 0
            ? ` Se liberaron ${fmt(ctx.result.creditosLiberados ?? 0)} créditos del activo.`
            : ""
        }`,
        valores: [g, l.interesCreditos + (ctx.result.creditosLiberados ?? 0)],
      };
    case "marcarVencido":
    case "vencer":
      return {
        titulo: "Préstamo vencido",
        prestatario: `El préstamo de "${title}" se marcó como vencido.${g > 0 ? ` Tu garantía de ${fmt(g)} créditos pasó al prestamista.` : ""}`,
        prestamista: `El préstamo de "${title}" se marcó como vencido.${g > 0 ? ` Recibiste la garantía de ${fmt(g)} créditos.` : ""}`,
        valores: [0, g + l.interesCreditos],
      };
    default: {
      const why =
        ctx.transition === "expirar"
          ? "venció sin respuesta"
          : ctx.transition === "rechazar"
            ? "fue rechazada por el prestamista"
            : "fue cancelada por quien la solicitó";
      return {
        titulo: "Solicitud de préstamo cerrada",
        prestatario: `Tu solicitud de préstamo de "${title}" ${why}.`,
        prestamista: `La solicitud de préstamo de "${title}" ${why}.`,
        valores: [0, 0],
      };
    }
  }
}

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

export function createLoanHandlers(engine: DealsEngine): ProcessHandlers<LoanData> {
  /** Applies a transition of the loan's collateral deal (as the system: the loan decided it). */
  async function collateralStep(ctx: Ctx, transition: "liberar" | "ejecutar") {
    const dealId = ctx.data.garantiaDealId;
    if (!dealId) return;
    const out = await engine.apply<LoanData>(ctx.tx, {
      dealId,
      transition,
      actor: { system: true },
      process: LOAN_COLLATERAL_PROCESS.name,
    });
    Object.assign(ctx.result, out.result);
  }

  return {
    async load(tx: Tx, deal: DealRow) {
      const l = await findLoanData(tx, deal.id);
      if (!l) throw new Error(`loans: record of deal ${deal.id} missing`);
      return l;
    },

    guards: {
      async activoPrestable(ctx) {
        const a = assetOf(ctx);
        const l = ctx.data;
        if (a.userId === l.prestatarioId) throw conflict(LOAN_MSG.ownAsset);
        if (a.userId !== l.prestamistaId) throw conflict(LOAN_MSG.notLenderAsset);
        if (!LOAN_PURPOSES.includes(a.mainPurpose)) throw conflict(LOAN_MSG.notForLoan);
        if (assetTransitionRefusal(a, "reservar")) throw conflict(LOAN_MSG.notAvailable);
        if (ctx.transition === "solicitar" && (await findOpenDealForAsset(ctx.tx, a.id))) {
          throw conflict(LOAN_MSG.notAvailable);
        }
        if (ctx.transition === "solicitar" && l.garantiaActivoId) await checkCollateral(ctx.tx, l, l.garantiaActivoId);
        // The borrower pays the credit guarantee and the interest when the lender approves: refuse a
        // request they cannot cover (when asked), and say who is short when it is approved.
        const garantia = l.garantiaTipo === "creditos_bloqueados" ? l.garantiaValor : 0;
        const interes = loanInterestCredits(a.creditosAsignados, l.interes);
        if (garantia + interes > 0) {
          const { creditosDisponibles } = await getUserBalances(ctx.tx, l.prestatarioId);
          if (creditosDisponibles < garantia + interes) {
            throw insufficientFunds(
              ctx.transition === "solicitar"
                ? LOAN_MSG.borrowerShort(garantia, interes)
                : LOAN_MSG.borrowerShortAtApproval,
            );
          }
        }
      },
      activoEnOperacion(ctx) {
        if (assetOf(ctx).status !== "operacion") throw conflict(LOAN_MSG.notAvailable);
      },
      plazoVencido(ctx) {
        const due = ctx.data.fechaDevolucionEsperada;
        if (!due || ctx.now.getTime() <= due.getTime()) throw conflict(LOAN_MSG.notDue);
      },
    },

    effects: {
      async reservarGarantiaActivo(ctx) {
        const l = ctx.data;
        if (l.garantiaTipo !== "activo_colateral" || !l.garantiaActivoId) return;
        const approver = (ctx.input as ApproveInput | undefined)?.approver;
        if (!approver) throw new Error("loans: the approval needs the approving user");
        // Deactivated since the request: the same clean 409 as any other reason it is gone.
        const now = await findAssetRow(ctx.tx, l.garantiaActivoId);
        if (!now || now.status === "desactivado") throw conflict(LOAN_MSG.collateralTaken);
        // Its own deal on the collateral: locks that asset, re-checks it (garantiaDisponible) and reserves it.
        const out = await engine.start<LoanData>(ctx.tx, {
          process: LOAN_COLLATERAL_PROCESS.name,
          transition: "reservar",
          assetId: l.garantiaActivoId,
          parties: () => ({ prestatario: l.prestatarioId, prestamista: l.prestamistaId }),
          actor: { user: approver },
          messages: { assetNotFound: LOAN_MSG.collateralTaken },
          parentId: ctx.deal.id,
          build: async () => l,
          save: async (tx2, deal, built) => {
            await updateLoan(tx2, built.id, { garantiaDealId: deal.id });
            return { ...built, garantiaDealId: deal.id };
          },
        });
        ctx.data = { ...l, garantiaDealId: out.deal.id, garantiaValor: out.data.garantiaValor };
      },
      async liberarGarantiaActivo(ctx) {
        await collateralStep(ctx, "liberar");
      },
      async ejecutarGarantiaActivo(ctx) {
        await collateralStep(ctx, "ejecutar");
      },
      async reservarActivo(ctx) {
        const a = assetOf(ctx);
        ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "reservar") }));
      },
      async liberarActivo(ctx) {
        const a = assetOf(ctx);
        if (a.status !== "operacion") return;
        ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "liberar") }));
      },
      async bloquearGarantia(ctx) {
        const l = ctx.data;
        if (l.garantiaTipo !== "creditos_bloqueados" || l.garantiaValor <= 0) return;
        await blockFromAvailable(ctx.tx, {
          userId: l.prestatarioId,
          amount: l.garantiaValor,
          ...ref(ctx),
          description: `Garantía del préstamo de "${ctx.asset?.title ?? ""}"`,
        });
      },
      async cobrarInteres(ctx) {
        const l = ctx.data;
        const interes = loanInterestCredits(assetOf(ctx).creditosAsignados, l.interes);
        const due = loanDueDate(ctx.now, l.plazoDias);
        await updateLoan(ctx.tx, l.id, {
          interesCreditos: interes,
          fechaAprobacion: ctx.now,
          fechaDevolucionEsperada: due,
        });
        ctx.data = { ...l, interesCreditos: interes, fechaAprobacion: ctx.now, fechaDevolucionEsperada: due };
        if (interes <= 0) return;
        await escrowPay(ctx.tx, {
          userId: l.prestatarioId,
          amount: interes,
          ...ref(ctx),
          description: `Interés del préstamo de "${ctx.asset?.title ?? ""}"`,
        });
      },
      async liberarGarantia(ctx) {
        await releaseHold(ctx.tx, {
          now: ctx.now,
          ...ref(ctx),
          kind: "garantia_liberacion",
          description: `Garantía liberada: préstamo de "${ctx.asset?.title ?? ""}" devuelto`,
        });
      },
      async pagarInteres(ctx) {
        const l = ctx.data;
        if (l.interesCreditos <= 0) return;
        await escrowRelease(ctx.tx, {
          now: ctx.now,
          userId: l.prestamistaId,
          amount: l.interesCreditos,
          ...ref(ctx),
          description: `Interés del préstamo de "${ctx.asset?.title ?? ""}"`,
        });
      },
      async liberarRetencionActivo(ctx) {
        const a = assetOf(ctx);
        const r = await releaseHold(ctx.tx, {
          refType: "activo",
          refId: a.id,
          actorUserId: ctx.actorUserId,
          // The release window (ADR 015) counts by the deal's clock, as custody does.
          now: ctx.now,
          description: `Operación completada con "${a.title}"`,
        });
        ctx.result.creditosLiberados = r.amount;
        ctx.setAsset(await updateAsset(ctx.tx, a.id, { vecesUsado: a.vecesUsado + 1, estadoCredito: "liberado" }));
      },
      async ejecutarGarantia(ctx) {
        const l = ctx.data;
        await executeHold(ctx.tx, {
          now: ctx.now,
          ...ref(ctx),
          toUserId: l.prestamistaId,
          description: `Garantía ejecutada: préstamo de "${ctx.asset?.title ?? ""}" vencido`,
        });
      },
      async registrarActividad(ctx) {
        const l = ctx.data;
        const t = lines(ctx);
        for (const [userId, descripcion, valor] of [
          [l.prestatarioId, t.prestatario, t.valores[0]],
          [l.prestamistaId, t.prestamista, t.valores[1]],
        ] as const) {
          await recordMovement(ctx.tx, { userId, tipo: "prestamo", descripcion, valor, assetId: l.assetId });
          await recordTransaction(ctx.tx, {
            userId,
            type: "préstamo",
            assetId: l.assetId,
            amountCOP: 0,
            amountCredits: Math.abs(valor),
            description: `${t.titulo}: ${descripcion}`,
          });
        }
      },
      async notificarPartes(ctx) {
        const l = ctx.data;
        const t = lines(ctx);
        for (const [userId, descripcion] of [
          [l.prestatarioId, t.prestatario],
          [l.prestamistaId, t.prestamista],
        ] as const) {
          await notify(ctx.tx, {
            userId,
            tipo: `prestamo_${ctx.transition}`,
            titulo: t.titulo,
            descripcion,
            relacionadoId: l.id,
            relacionadoTipo: "transaccion",
          });
        }
      },
      /** Timer `recordatorio` (a day before the due date): the borrower is reminded, once. */
      async notificarRecordatorio(ctx) {
        const l = ctx.data;
        if (!(await markNotice(ctx.tx, l.id, "recordatorio", ctx.now))) return;
        const due = l.fechaDevolucionEsperada ?? loanDueDate(ctx.now, 0);
        await notify(ctx.tx, {
          userId: l.prestatarioId,
          tipo: "prestamo_recordatorio",
          titulo: "Recordatorio de devolución",
          descripcion: `Tu préstamo vence el ${due.toLocaleDateString("es-CO", { timeZone: "America/Bogota" })}. Recuerda devolver el activo a tiempo.`,
          relacionadoId: l.id,
          relacionadoTipo: "transaccion",
        });
      },
      /** Timer `aviso_vencimiento` (the due date has passed): both parties are told, once. */
      async notificarAvisoVencido(ctx) {
        const l = ctx.data;
        if (!(await markNotice(ctx.tx, l.id, "aviso", ctx.now))) return;
        for (const [userId, descripcion] of [
          [l.prestatarioId, "Tu préstamo superó la fecha de devolución. Devuelve el activo cuanto antes."],
          [l.prestamistaId, "Un préstamo tuyo superó la fecha de devolución. Ya puedes marcarlo como vencido."],
        ] as const) {
          await notify(ctx.tx, {
            userId,
            tipo: "prestamo_vencido_aviso",
            titulo: "Préstamo con la fecha de devolución vencida",
            descripcion,
            relacionadoId: l.id,
            relacionadoTipo: "transaccion",
          });
        }
      },
    },

    /** The active loan's timers count from its due date (set at approval by cobrarInteres). */
    timerBase(ctx, timer) {
      const due = timer.relativeTo === LOAN_DUE_DATE_FIELD ? ctx.data.fechaDevolucionEsperada : null;
      if (!due) throw new Error(`loans: timer ${timer.name} of loan ${ctx.deal.id} has no due date`);
      return due;
    },

    async onState(ctx) {
      if (ctx.from === ctx.to) return; // a reminder: the loan stays as it is
      const closed = ctx.process.states[ctx.to]?.final === true;
      await updateLoan(ctx.tx, ctx.deal.id, { estado: ctx.to, ...(closed ? { fechaCierre: ctx.now } : {}) });
    },
  };
}

export const LOAN = LOAN_PROCESS;

function collateralOf(ctx: CollateralCtx): AssetRow {
  if (!ctx.asset) throw conflict(LOAN_MSG.collateralTaken);
  return ctx.asset;
}

/** The guards and effects of LOAN_COLLATERAL_PROCESS: the collateral asset's own deal. */
export const collateralHandlers: ProcessHandlers<LoanData> = {
  async load(tx: Tx, deal: DealRow) {
    const l = await findLoanByCollateralDeal(tx, deal.id);
    if (!l) throw new Error(`loans: loan of collateral deal ${deal.id} missing`);
    return l;
  },

  guards: {
    /** Under the collateral's lock, at approval: still the borrower's, listed, in no other deal. */
    async garantiaDisponible(ctx) {
      const c = collateralOf(ctx);
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

  effects: {
    async reservarActivo(ctx) {
      const c = collateralOf(ctx);
      ctx.setAsset(await updateAsset(ctx.tx, c.id, { status: nextAssetStatus(c, "reservar") }));
      // The guarantee's value: the collateral's credits.
      await updateLoan(ctx.tx, ctx.data.id, { garantiaValor: c.creditosAsignados });
      ctx.data = { ...ctx.data, garantiaValor: c.creditosAsignados };
    },
    async liberarActivo(ctx) {
      const c = collateralOf(ctx);
      if (c.status !== "operacion") return;
      ctx.setAsset(await updateAsset(ctx.tx, c.id, { status: nextAssetStatus(c, "liberar") }));
    },
    /**
     * The loan is overdue: the collateral becomes the lender's, 'disponible' and unlisted (privado), as
     * a donation does. Its blocked credits (if its first use never released them) were issued to the
     * borrower: they are destroyed (borrower bloqueado -> destruccion), so the hold can never be
     * released to the defaulting borrower later and the lender receives the asset, not credits (ADR 014).
     */
    async entregarActivo(ctx) {
      const c = collateralOf(ctx);
      const l = ctx.data;
      const r = await destroyHold(ctx.tx, {
        refType: "activo",
        refId: c.id,
        actorUserId: ctx.actorUserId,
        description: `Garantía ejecutada: "${c.title}" pasó al prestamista (préstamo vencido)`,
      });
      ctx.result.garantiaCreditosDestruidos = r.amount;
      ctx.setAsset(
        await updateAsset(ctx.tx, c.id, {
          userId: l.prestamistaId,
          privacy: "privado",
          status: c.status === "operacion" ? nextAssetStatus(c, "liberar") : c.status,
          estadoCredito: "liberado",
        }),
      );
    },
  },
};
