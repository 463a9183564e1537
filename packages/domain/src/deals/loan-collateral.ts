import { LOAN_MSG } from "./loan.messages.ts";
import { LOAN_ROLES } from "./loan.ts";
import type { ProcessSpec } from "./process.ts";

export const LOAN_COLLATERAL_GUARDS = ["garantiaDisponible"] as const;
export const LOAN_COLLATERAL_EFFECTS = [
  "reservarActivo",
  "fijarValorGarantia", // the guarantee's value: the collateral's credits
  "liberarActivo",
  "destruirCreditosBloqueados", // its blocked credits (issued to the borrower) are destroyed (ADR 014)
  "entregarActivo",
] as const;

/**
 * The collateral of a loan guaranteed by an asset (garantiaTipo activo_colateral): a deal of its own on
 * the borrower's asset, so the asset holds its one open deal (no sale, loan, rental, donation or
 * deactivation meanwhile, and 'Finalizar operación' is refused) with history and a timer like any
 * deal. The loan drives it: approval reserves it (`reservar`, by the approving lender), the return frees
 * it (`liberar`), an overdue loan hands it to the lender (`ejecutar`; its blocked credits are destroyed,
 * ADR 014). A sub-process (`drivenBy`): it has no timer of its own; it ends when its loan leaves
 * `activo`, and every way out of `activo` (returned, overdue by the lender or by the loan's own
 * deadline) ends it (a domain test checks that).
 */
export const LOAN_COLLATERAL_PROCESS = {
  name: "garantia_prestamo",
  roles: LOAN_ROLES,
  drivenBy: "prestamo",
  states: {
    reservada: { label: "Reservado como garantía" },
    liberada: { label: "Garantía liberada", final: true },
    ejecutada: { label: "Garantía ejecutada", final: true },
  },
  transitions: {
    reservar: {
      label: "Reservado como garantía del préstamo",
      from: null,
      to: "reservada",
      actors: ["prestamista"],
      guards: ["garantiaDisponible"],
      effects: ["reservarActivo", "fijarValorGarantia"],
    },
    liberar: {
      label: "Liberado: préstamo devuelto",
      from: ["reservada"],
      to: "liberada",
      actors: ["sistema"],
      guards: [],
      effects: ["liberarActivo"],
      outcome: { resultado: "cerrado" },
    },
    ejecutar: {
      label: "Entregado al prestamista: préstamo vencido",
      from: ["reservada"],
      to: "ejecutada",
      actors: ["sistema"],
      guards: [],
      // The collateral becomes the lender's, unlisted and out of the deal, as a donation does; its
      // blocked credits can never be released to the defaulting borrower later.
      effects: ["destruirCreditosBloqueados", "entregarActivo", "liberarActivo"],
      outcome: { resultado: "incumplido", por: "prestatario" },
    },
  },
  stateMessages: {
    reservada: "Este activo está reservado como garantía de un préstamo",
    liberada: "Esta garantía ya fue liberada",
    ejecutada: "Esta garantía ya fue entregada al prestamista",
  },
  finishRefusedMessage: LOAN_MSG.collateralReserved,
  effects: {
    reservarActivo: { kind: "asset.reserve" },
    liberarActivo: { kind: "asset.release" },
    destruirCreditosBloqueados: {
      kind: "asset.destroyHold",
      description: 'Garantía ejecutada: "{titulo}" pasó al prestamista (préstamo vencido)',
      result: "garantiaCreditosDestruidos",
    },
    entregarActivo: { kind: "asset.transfer", to: "prestamista" },
  },
} as const satisfies ProcessSpec;
