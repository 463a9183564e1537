import type { ProcessSpec } from "../deals/process.ts";
import { WITHDRAWAL_TEMPLATES } from "./templates.ts";

/**
 * A withdrawal (retiro; deals.md "Withdrawals"): requesting it moves the credits
 * `disponible -> retiros` (`solicitar`, deal in `pendiente`); an admin pays it
 * out through the payout provider and marks it `aprobado` with the payout
 * reference, or rejects it (`rechazado`: the credits go back). Nothing waits
 * forever: a withdrawal nobody paid in 15 days is rejected and refunded by the
 * system (`expirar`).
 */
export const WITHDRAWAL_ROLES = ["solicitante"] as const;
export const WITHDRAWAL_STATES = ["pendiente", "aprobado", "rechazado"] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
export const WITHDRAWAL_TYPES = ["dinero", "bienes", "tiempo"] as const;
export type WithdrawalType = (typeof WITHDRAWAL_TYPES)[number];
export const WITHDRAWAL_METHODS = ["nequi", "daviplata", "wompi", "pse"] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
/** Low-amount wallets paid to a phone number; the others are paid to a bank account. */
export const WALLET_METHODS: readonly WithdrawalMethod[] = ["nequi", "daviplata"];
export const isWalletMethod = (m: string) => (WALLET_METHODS as readonly string[]).includes(m);

export const WITHDRAWAL_METHOD_LABELS: Record<WithdrawalMethod, string> = {
  nequi: "Nequi",
  daviplata: "Daviplata",
  wompi: "Wompi (cuenta bancaria)",
  pse: "PSE (cuenta bancaria)",
};
export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, string> = {
  pendiente: "Pendiente",
  aprobado: "Aprobado",
  rechazado: "Rechazado",
};

/** A withdrawal not paid within this time is rejected and its credits returned. */
export const WITHDRAWAL_EXPIRY_MS = 15 * 24 * 60 * 60 * 1000;

export const WITHDRAWAL_GUARDS = ["dentroDelTope"] as const;
export const WITHDRAWAL_EFFECTS = [
  "debitarCreditos", // user disponible -> retiros (library)
  "registrarPago", // the payout reference (provider 'manual': typed by the admin)
  "devolverCreditos", // retiros -> user disponible (library)
  "anotarRechazo", // the admin's reason and who resolved it
  "ocultarDestino", // keep only what identifies the destination (last 4 digits) once final
  "registrarActividad",
  "notificarSolicitante",
] as const;

export const WITHDRAWAL_PROCESS = {
  name: "retiro",
  roles: WITHDRAWAL_ROLES,
  states: {
    pendiente: {
      label: WITHDRAWAL_STATE_LABELS.pendiente,
      timers: [{ name: "vencimiento", transition: "expirar", afterMs: WITHDRAWAL_EXPIRY_MS }],
    },
    aprobado: { label: WITHDRAWAL_STATE_LABELS.aprobado, final: true },
    rechazado: { label: WITHDRAWAL_STATE_LABELS.rechazado, final: true },
  },
  transitions: {
    solicitar: {
      label: "Retiro solicitado",
      from: null,
      to: "pendiente",
      actors: ["solicitante"],
      guards: ["dentroDelTope"],
      effects: ["debitarCreditos", "registrarActividad", "notificarSolicitante"],
    },
    aprobar: {
      label: "Pagado",
      from: ["pendiente"],
      to: "aprobado",
      actors: ["admin"],
      guards: [],
      effects: ["registrarPago", "ocultarDestino", "registrarActividad", "notificarSolicitante"],
      outcome: { resultado: "completado" },
    },
    rechazar: {
      label: "Rechazado (créditos devueltos)",
      from: ["pendiente"],
      to: "rechazado",
      actors: ["admin"],
      guards: [],
      effects: ["devolverCreditos", "anotarRechazo", "ocultarDestino", "registrarActividad", "notificarSolicitante"],
      outcome: { resultado: "rechazado" },
    },
    expirar: {
      label: "Vencido sin pago (créditos devueltos)",
      from: ["pendiente"],
      to: "rechazado",
      actors: ["sistema"],
      guards: [],
      effects: ["devolverCreditos", "anotarRechazo", "ocultarDestino", "registrarActividad", "notificarSolicitante"],
      outcome: { resultado: "vencido" },
    },
  },
  stateMessages: {
    aprobado: "Este retiro ya fue aprobado",
    rechazado: "Este retiro ya fue rechazado",
    pendiente: "Este retiro ya está pendiente",
  },
  finishRefusedMessage: "Los retiros los resuelve un administrador",
  effects: {
    debitarCreditos: {
      kind: "ledger.deskPay",
      desk: "retiros",
      from: "solicitante",
      amount: "monto",
      description: "Retiro a {metodo}",
      result: "creditosRestantes",
    },
    devolverCreditos: {
      kind: "ledger.deskRefund",
      desk: "retiros",
      to: "solicitante",
      amount: "monto",
      description: "Retiro rechazado: créditos devueltos",
      result: "creditosRestantes",
    },
    registrarActividad: {
      kind: "activity",
      movimiento: "retiro",
      transaccion: "retiro",
      cop: "valorCOP",
      creditos: "monto",
    },
    notificarSolicitante: { kind: "notify", tipo: "retiro_{to}", relacionado: "transaccion" },
  },
  templates: WITHDRAWAL_TEMPLATES,
} as const satisfies ProcessSpec;

/**
 * Nequi and Daviplata are low-amount deposits ("depósitos de bajo monto"):
 * credits into one of them may not exceed 210.5 UVT per calendar month.
 * UVT 2026 = 52,374 COP (DIAN Resolución 000238 of 2025), so the cap is
 * 11,024,727 COP. Update this one dated constant each year.
 */
export const LOW_AMOUNT_WALLET_CAP = {
  year: 2026,
  uvt: 210.5,
  uvtCOP: 52_374,
  monthlyCOP: 11_024_727,
} as const;

/** The calendar month (Colombia, UTC-5, no DST) `at` falls in: [start, end) as instants. */
export function colombianMonth(at: Date): { start: Date; end: Date; key: string } {
  const local = new Date(at.getTime() - 5 * 60 * 60 * 1000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const start = new Date(Date.UTC(y, m, 1, 5));
  const end = new Date(Date.UTC(y, m + 1, 1, 5));
  return { start, end, key: `${y}-${String(m + 1).padStart(2, "0")}` };
}

/**
 * Whether a withdrawal of `montoCOP` to a wallet fits the month's cap given
 * what is already pending or paid to that destination this month.
 */
export function walletCapCheck(alreadyCOP: number, montoCOP: number, creditValueCOP = 1000) {
  const cap = LOW_AMOUNT_WALLET_CAP.monthlyCOP;
  const ok = alreadyCOP + montoCOP <= cap;
  const remainingCOP = Math.max(0, cap - alreadyCOP);
  return { ok, remainingCOP, remainingCredits: Math.floor(remainingCOP / creditValueCOP) };
}

/** The visible part of a destination: the last 4 digits. */
export const maskDigits = (digits: string) => (digits.length <= 4 ? digits : `••••${digits.slice(-4)}`);
