import { z } from "zod";
import { assetTransitionRefusal } from "../assets/lifecycle.ts";
import { idSchema } from "../common/ids.ts";
import { GUARANTEE_TYPES, LOAN_DEFAULTS } from "../economy/constants.ts";
import { LOAN_MAX_DAYS, LOAN_MSG } from "./loan.messages.ts";
import { LOAN_EFFECT_SPECS, LOAN_TEMPLATES } from "./loan.templates.ts";
import type { ProcessSpec } from "./process.ts";

/**
 * Loan (préstamo), deals.md "Loan": the borrower (prestatario) requests one of
 * the lender's (prestamista) `prestar` assets; the lender approves (asset
 * reserved, guarantee held, interest escrowed), then confirms the return
 * (guarantee released, interest paid, first-completion release, both gain
 * reputation) or, only after the due date, marks it overdue (the guarantee goes
 * to the lender, the borrower loses reputation). The borrower may cancel a
 * pending request; an unanswered request expires after 7 days. An active loan
 * gets a reminder a day before its due date and a notice after it (engine
 * timers counted from the due date), and a loan nobody closes is closed as
 * overdue by the system a year after its due date. With the
 * guarantee `activo_colateral` one of the borrower's assets is reserved at
 * approval (LOAN_COLLATERAL_PROCESS, loan-collateral.ts), freed at the return and handed to the
 * lender when the loan is overdue.
 */

export const LOAN_ROLES = ["prestatario", "prestamista"] as const;
export const LOAN_STATES = ["pendiente", "activo", "devuelto", "vencido", "cancelado"] as const;
export type LoanState = (typeof LOAN_STATES)[number];
const DAY_MS = 24 * 60 * 60 * 1000;
export const DAY_MS_LOAN = DAY_MS;
/** An unanswered request expires after this long. */
export const LOAN_REQUEST_EXPIRY_MS = 7 * DAY_MS;
/** The borrower's reminder comes this long before the due date (or at approval, for a shorter loan). */
export const LOAN_REMINDER_BEFORE_DUE_MS = DAY_MS;
/** An active loan nobody returned nor marked overdue is closed as overdue by the system this long after its due date. */
export const LOAN_AUTO_CLOSE_AFTER_DUE_MS = 365 * DAY_MS;
/** The record's date the active loan's timers count from (ProcessHandlers.timerBase of the loans area). */
export const LOAN_DUE_DATE_FIELD = "fechaDevolucionEsperada";

/** Purposes under which an asset is offered for lending (the spec's screens use both spellings). */
export const LOAN_PURPOSES = ["prestar", "prestamo"];

/** Why `asset` cannot be lent in `loan` now (its Spanish message), or null: the lender's, for lending, free. */
export function loanAssetRefusal(
  asset: { userId: string; mainPurpose: string; status: string; vecesUsado: number },
  loan: { prestatarioId: string; prestamistaId: string },
): string | null {
  if (asset.userId === loan.prestatarioId) return LOAN_MSG.ownAsset;
  if (asset.userId !== loan.prestamistaId) return LOAN_MSG.notLenderAsset;
  if (!LOAN_PURPOSES.includes(asset.mainPurpose)) return LOAN_MSG.notForLoan;
  if (assetTransitionRefusal(asset, "reservar")) return LOAN_MSG.notAvailable;
  return null;
}

export const LOAN_EFFECTS = [
  "reservarGarantiaActivo",
  "liberarGarantiaActivo",
  "ejecutarGarantiaActivo",
  "reservarActivo",
  "bloquearGarantia",
  "fijarInteres",
  "cobrarInteres",
  "liberarGarantia",
  "pagarInteres",
  "liberarRetencionActivo",
  "ejecutarGarantia",
  "liberarActivo",
  "registrarActividad",
  "notificarPartes",
  "marcarRecordatorio",
  "marcarAvisoVencido",
  "notificarRecordatorio",
  "notificarAvisoVencido",
] as const;
export const LOAN_GUARDS = ["sinBloqueo", "activoPrestable", "activoEnOperacion", "plazoVencido"] as const;

export const LOAN_PROCESS = {
  name: "prestamo",
  roles: LOAN_ROLES,
  states: {
    pendiente: {
      label: "Pendiente",
      timers: [{ name: "vencimiento_solicitud", transition: "expirar", afterMs: LOAN_REQUEST_EXPIRY_MS }],
    },
    // Every timer of an active loan counts from its own due date (approval + plazoDias): the
    // borrower's reminder a day before (at approval for a one-day loan), the notice to both once it
    // has passed, and the deadline: a year after it, the system closes the loan as overdue.
    activo: {
      label: "Activo",
      timers: [
        {
          name: "recordatorio",
          transition: "recordarDevolucion",
          afterMs: -LOAN_REMINDER_BEFORE_DUE_MS,
          relativeTo: LOAN_DUE_DATE_FIELD,
        },
        { name: "aviso_vencimiento", transition: "avisarVencimiento", afterMs: 1, relativeTo: LOAN_DUE_DATE_FIELD },
        {
          name: "cierre",
          transition: "vencer",
          afterMs: LOAN_AUTO_CLOSE_AFTER_DUE_MS,
          relativeTo: LOAN_DUE_DATE_FIELD,
        },
      ],
    },
    devuelto: { label: "Devuelto", final: true },
    vencido: { label: "Vencido", final: true },
    cancelado: { label: "Cancelado", final: true },
  },
  transitions: {
    solicitar: {
      label: "Solicitud de préstamo",
      from: null,
      to: "pendiente",
      actors: ["prestatario"],
      guards: ["activoPrestable"],
      effects: ["registrarActividad", "notificarPartes"],
    },
    aprobar: {
      label: "Préstamo aprobado",
      from: ["pendiente"],
      to: "activo",
      actors: ["prestamista"],
      // Approving starts the loan: refused between people who blocked each other (issue 19).
      guards: ["sinBloqueo", "activoPrestable"],
      effects: [
        "reservarGarantiaActivo",
        "bloquearGarantia",
        "fijarInteres",
        "cobrarInteres",
        "reservarActivo",
        "registrarActividad",
        "notificarPartes",
      ],
    },
    confirmarDevolucion: {
      label: "Devolución confirmada",
      from: ["activo"],
      to: "devuelto",
      actors: ["prestamista"],
      guards: ["activoEnOperacion"],
      effects: [
        "liberarGarantiaActivo",
        "liberarGarantia",
        "pagarInteres",
        "liberarRetencionActivo",
        "liberarActivo",
        "registrarActividad",
        "notificarPartes",
      ],
      completesOperation: true,
      outcome: { resultado: "completado", confirma: "devolucion" },
    },
    // Reminders: the loan stays active; the state's other timers (the deadline) stay as they are.
    recordarDevolucion: {
      label: "Recordatorio de devolución",
      from: ["activo"],
      to: "activo",
      actors: ["sistema"],
      guards: [],
      effects: ["marcarRecordatorio", "notificarRecordatorio"],
    },
    avisarVencimiento: {
      label: "Aviso: pasó la fecha de devolución",
      from: ["activo"],
      to: "activo",
      actors: ["sistema"],
      guards: [],
      effects: ["marcarAvisoVencido", "notificarAvisoVencido"],
    },
    marcarVencido: {
      label: "Marcado como vencido",
      from: ["activo"],
      to: "vencido",
      actors: ["prestamista"],
      guards: ["plazoVencido"],
      effects: [
        "ejecutarGarantiaActivo",
        "ejecutarGarantia",
        "pagarInteres",
        "liberarActivo",
        "registrarActividad",
        "notificarPartes",
      ],
      // Whoever marks it, the borrower is the party who did not return it.
      outcome: { resultado: "incumplido", por: "prestatario" },
    },
    vencer: {
      label: "Cerrado como vencido por el sistema",
      from: ["activo"],
      to: "vencido",
      actors: ["sistema"],
      guards: [],
      effects: [
        "ejecutarGarantiaActivo",
        "ejecutarGarantia",
        "pagarInteres",
        "liberarActivo",
        "registrarActividad",
        "notificarPartes",
      ],
      outcome: { resultado: "incumplido", por: "prestatario" },
    },
    cancelar: {
      label: "Cancelada por quien solicita",
      from: ["pendiente"],
      to: "cancelado",
      actors: ["prestatario"],
      guards: [],
      effects: ["registrarActividad", "notificarPartes"],
      outcome: { resultado: "cancelado" },
    },
    rechazar: {
      label: "Rechazada por el prestamista",
      from: ["pendiente"],
      to: "cancelado",
      actors: ["prestamista"],
      guards: [],
      effects: ["registrarActividad", "notificarPartes"],
      outcome: { resultado: "rechazado" },
    },
    expirar: {
      label: "Solicitud vencida sin respuesta",
      from: ["pendiente"],
      to: "cancelado",
      actors: ["sistema"],
      guards: [],
      effects: ["registrarActividad", "notificarPartes"],
      outcome: { resultado: "vencido" },
    },
  },
  stateMessages: {
    pendiente: "Esta solicitud aún está pendiente",
    activo: "Este préstamo ya está activo",
    devuelto: "Este préstamo ya fue devuelto",
    vencido: "Este préstamo ya fue marcado como vencido",
    cancelado: "Esta solicitud fue cancelada",
  },
  finishRefusedMessage:
    "Este activo tiene una solicitud de préstamo pendiente: apruébala o recházala en Préstamos antes de finalizar",
  effects: {
    ...LOAN_EFFECT_SPECS,
    // The collateral's own deal (LOAN_COLLATERAL_PROCESS): it locks, re-checks and reserves that asset.
    reservarGarantiaActivo: {
      kind: "subprocess.start",
      process: "garantia_prestamo",
      transition: "reservar",
      asset: "garantiaActivoId",
      gone: LOAN_MSG.collateralTaken,
    },
  },
  templates: LOAN_TEMPLATES,
} as const satisfies ProcessSpec;

/** Interest in whole credits: a percent of the asset's credits, rounded. */
export const loanInterestCredits = (assetCredits: number, interesPct: number) =>
  Math.round((assetCredits * interesPct) / 100);

/** The due date: approval + plazoDias. */
export const loanDueDate = (approvedAt: Date, plazoDias: number) => new Date(approvedAt.getTime() + plazoDias * DAY_MS);

/** Reminder one day before the due date (or at approval for a one-day loan). */
export const loanReminderAt = (approvedAt: Date, plazoDias: number) =>
  new Date(Math.max(approvedAt.getTime(), loanDueDate(approvedAt, plazoDias).getTime() - LOAN_REMINDER_BEFORE_DUE_MS));

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());

/** POST /loans/create (calls §7 Loans). The borrower is the session user. */
export const createLoanSchema = z
  .object({
    activoId: id(LOAN_MSG.required),
    prestamistaId: id(LOAN_MSG.required),
    garantiaTipo: z.enum(GUARANTEE_TYPES, { error: LOAN_MSG.invalidGuaranteeType }).default("creditos_bloqueados"),
    garantiaValor: z
      .number({ error: LOAN_MSG.invalidGuarantee })
      .int(LOAN_MSG.invalidGuarantee)
      .min(0, LOAN_MSG.invalidGuarantee)
      .max(1_000_000_000, LOAN_MSG.invalidGuarantee)
      .nullish(),
    plazoDias: z
      .number({ error: LOAN_MSG.invalidTerm })
      .int(LOAN_MSG.invalidTerm)
      .min(1, LOAN_MSG.invalidTerm)
      .max(LOAN_MAX_DAYS, LOAN_MSG.invalidTerm)
      .default(LOAN_DEFAULTS.plazoDias),
    interes: z
      .number({ error: LOAN_MSG.invalidInterest })
      .min(0, LOAN_MSG.invalidInterest)
      .max(100, LOAN_MSG.invalidInterest)
      .default(0),
    notas: z.string().trim().max(1000, "Las notas no pueden superar 1000 caracteres").default(""),
    /** With garantiaTipo activo_colateral: one of the borrower's own listed assets (ignored otherwise). */
    garantiaActivoId: id(LOAN_MSG.collateralRequired).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.garantiaTipo === "creditos_bloqueados" && !v.garantiaValor) {
      ctx.addIssue({ code: "custom", path: ["garantiaValor"], message: LOAN_MSG.guaranteeRequired });
    }
    if (v.garantiaTipo === "activo_colateral") {
      if (!v.garantiaActivoId) {
        ctx.addIssue({ code: "custom", path: ["garantiaActivoId"], message: LOAN_MSG.collateralRequired });
      } else if (v.garantiaActivoId === v.activoId) {
        ctx.addIssue({ code: "custom", path: ["garantiaActivoId"], message: LOAN_MSG.collateralSameAsset });
      }
    }
  });
export type CreateLoanInput = z.input<typeof createLoanSchema>;
export type CreateLoanData = z.output<typeof createLoanSchema>;

export const loanIdParamsSchema = z.object({ id: idSchema("prestamo") });
/** GET /loans/lender-assets/{id}: the id is a lender's (a user), not a loan's. */
export const lenderIdParamsSchema = z.object({ id: idSchema("prestamista") });
