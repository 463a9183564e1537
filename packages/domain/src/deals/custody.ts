import { CUSTODY_EFFECT_SPECS, CUSTODY_TEMPLATES } from "./custody.templates.ts";
import type { ProcessSpec } from "./process.ts";

/**
 * Custody (custodia) and sale (venta): one process. A sale paid with credits
 * escrows the buyer's payment and opens a custody (oferente = seller,
 * receptor = buyer); a custody can also be assigned by an owner on its own.
 * The receiver confirms with the code (CODE_LENGTH digits); the offerer may cancel while
 * pendiente; after 7 days a pending custody expires (cancelled and refunded). Either party may open a
 * dispute while pendiente (issue 19, deals/dispute.ts): the custody waits in `en_disputa` (no timer;
 * the code and the cancel answer 409) until an admin refunds (`reembolsar`, like an expiry) or
 * releases it (`liberar`, like a confirmation).
 */

export const CUSTODY_ROLES = ["oferente", "receptor"] as const;
export type CustodyRole = (typeof CUSTODY_ROLES)[number];

export const CUSTODY_STATES = ["pendiente", "en_disputa", "confirmada", "cancelada"] as const;
export type CustodyState = (typeof CUSTODY_STATES)[number];

export const CUSTODY_TRANSACTION_TYPES = ["venta", "intercambio", "prestamo", "alquiler"] as const;
export type CustodyTransactionType = (typeof CUSTODY_TRANSACTION_TYPES)[number];
/** Custody types whose confirmation moves the asset to the receiver. */
export const OWNERSHIP_TRANSFER_TYPES: readonly CustodyTransactionType[] = ["venta", "intercambio"];

export const PAYMENT_MODES = ["creditos", "dinero"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** A pending custody expires this long after it was created. */
export const CUSTODY_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
/** Wrong confirmation codes a receiver may type in one window before being locked out. */
export const CUSTODY_MAX_WRONG_CODES = 5;
/** The window of the wrong-code counter and the length of the lock-out. */
export const CUSTODY_CODE_WINDOW_MS = 60 * 60 * 1000;
/**
 * Digits of a custody's confirmation code: the one constant (issue 18 item 3). The request schema,
 * the Spanish message, the draw (custody.service), the web's input and the SQL CHECK of
 * custodias.codigo (migration 0004_deals; a test compares it with this) follow it.
 */
export const CODE_LENGTH = 6;
/** How many codes there are: a draw is an integer in [0, CODE_SPACE). */
export const CODE_SPACE = 10 ** CODE_LENGTH;
export const CUSTODY_CODE_RE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** Effects and guards the engine must implement for this process (names used below). */
export const CUSTODY_EFFECTS = [
  "cobrarPago", // buyer disponible -> custodia (sale paid with credits)
  "reservarActivo", // asset -> operacion
  "pagarOferente", // custodia -> offerer disponible
  "liberarRetencionActivo", // the asset's hold -> its giver's disponible (first completion)
  "transferirPropiedad", // venta/intercambio: owner = receptor, unlisted
  "liberarActivo", // asset -> disponible (cancel, expiry)
  "reembolsarPago", // custodia -> buyer disponible
  "registrarActividad", // movements + transactions for both parties
  "notificarPartes", // notifications for both parties
  "abrirDisputa", // the dispute record and its evidence (issue 19)
  "cerrarDisputa", // the dispute resolved: outcome, note, admin
] as const;
export const CUSTODY_GUARDS = ["activoEnVenta", "activoDisponible", "activoEnOperacion", "codigoCorrecto"] as const;

/** The 409 of the code, the cancel and a second dispute while an admin reviews a disputed custody. */
export const CUSTODY_DISPUTED_MSG = "Esta custodia está en disputa: el equipo de Valoriza la está revisando.";

export const CUSTODY_PROCESS = {
  name: "custodia",
  roles: CUSTODY_ROLES,
  states: {
    pendiente: {
      label: "Pendiente",
      timers: [{ name: "vencimiento", transition: "expirar", afterMs: CUSTODY_EXPIRY_MS }],
    },
    /** Waits for an admin's decision on the desk (no deadline: ProcessSpec's `awaitsAdmin` exemption). */
    en_disputa: { label: "En disputa", awaitsAdmin: true },
    confirmada: { label: "Confirmada", final: true },
    cancelada: { label: "Cancelada", final: true },
  },
  transitions: {
    comprar: {
      label: "Compra",
      from: null,
      to: "pendiente",
      actors: ["receptor"],
      guards: ["activoEnVenta"],
      effects: ["cobrarPago", "reservarActivo", "registrarActividad", "notificarPartes"],
    },
    asignar: {
      label: "Custodia asignada",
      from: null,
      to: "pendiente",
      actors: ["oferente"],
      guards: ["activoDisponible"],
      effects: ["reservarActivo", "registrarActividad", "notificarPartes"],
    },
    confirmar: {
      label: "Entrega confirmada",
      from: ["pendiente"],
      to: "confirmada",
      actors: ["receptor"],
      guards: ["activoEnOperacion", "codigoCorrecto"],
      effects: [
        "pagarOferente",
        "liberarRetencionActivo",
        "transferirPropiedad",
        "liberarActivo",
        "registrarActividad",
        "notificarPartes",
      ],
      outcome: { resultado: "completado", confirma: "entrega" },
    },
    cancelar: {
      label: "Cancelada por quien entrega",
      from: ["pendiente"],
      to: "cancelada",
      actors: ["oferente"],
      guards: [],
      effects: ["reembolsarPago", "liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "cancelado" },
    },
    expirar: {
      label: "Vencida",
      from: ["pendiente"],
      to: "cancelada",
      actors: ["sistema"],
      guards: [],
      effects: ["reembolsarPago", "liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "vencido" },
    },
    disputar: {
      label: "Disputa abierta",
      from: ["pendiente"],
      to: "en_disputa",
      actors: ["oferente", "receptor"],
      guards: [],
      effects: ["abrirDisputa", "notificarPartes"],
    },
    reembolsar: {
      label: "Disputa resuelta: reembolso a quien recibe",
      from: ["en_disputa"],
      to: "cancelada",
      actors: ["admin"],
      guards: [],
      effects: ["reembolsarPago", "liberarActivo", "registrarActividad", "cerrarDisputa", "notificarPartes"],
      outcome: { resultado: "cancelado", por: "admin" },
    },
    liberar: {
      label: "Disputa resuelta: pago a quien entrega",
      from: ["en_disputa"],
      to: "confirmada",
      actors: ["admin"],
      guards: ["activoEnOperacion"],
      effects: [
        "pagarOferente",
        "liberarRetencionActivo",
        "transferirPropiedad",
        "liberarActivo",
        "registrarActividad",
        "cerrarDisputa",
        "notificarPartes",
      ],
      outcome: { resultado: "completado", por: "admin" },
    },
  },
  stateMessages: {
    confirmada: "Esta custodia ya fue confirmada",
    cancelada: "Esta custodia fue cancelada",
    pendiente: "Esta custodia ya está pendiente",
    en_disputa: CUSTODY_DISPUTED_MSG,
  },
  finishRefusedMessage:
    "Este activo está en una custodia pendiente: se completa cuando quien recibe ingresa el código de confirmación en Custodia",
  effects: CUSTODY_EFFECT_SPECS,
  templates: CUSTODY_TEMPLATES,
} as const satisfies ProcessSpec;

/** The code as shown: CODE_LENGTH digits with leading zeros, from an integer in [0, CODE_SPACE) (a CSPRNG draw). */
export function formatCustodyCode(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= CODE_SPACE) throw new RangeError("código fuera de rango");
  return String(n).padStart(CODE_LENGTH, "0");
}

export const isCustodyCode = (s: unknown): s is string => typeof s === "string" && CUSTODY_CODE_RE.test(s);

/**
 * Price of a sale (deals.md, Sale): in credits = the asset's credits; in cash = the seller's
 * asking price in COP (`baseValueCOP`, the /vender 'Precio de venta'), paid outside Valoriza.
 */
export function salePrice(asset: { creditosAsignados: number; baseValueCOP: number }) {
  return { creditos: asset.creditosAsignados, cop: asset.baseValueCOP };
}

/**
 * The wrong-code counter of one receiver at `now`: whether they are locked out
 * and, when a wrong code is typed, the counter to store.
 */
export interface CodeGuardState {
  failures: number;
  windowStartedAt: Date | null;
}

export function codeGuardAt(state: CodeGuardState, now: Date) {
  const expired =
    state.windowStartedAt === null || now.getTime() - state.windowStartedAt.getTime() >= CUSTODY_CODE_WINDOW_MS;
  const failures = expired ? 0 : state.failures;
  const windowStartedAt = expired ? null : state.windowStartedAt;
  const locked = failures >= CUSTODY_MAX_WRONG_CODES;
  const unlocksAt = locked && windowStartedAt ? new Date(windowStartedAt.getTime() + CUSTODY_CODE_WINDOW_MS) : null;
  return {
    locked,
    unlocksAt,
    failures,
    /** The state to store after one more wrong code. */
    afterWrong: (): CodeGuardState => ({ failures: failures + 1, windowStartedAt: windowStartedAt ?? now }),
  };
}

/** Whether the asset may enter a sale: listed for sale, available, not the buyer's own. */
export function saleRefusal(
  asset: { userId: string; mainPurpose: string; status: string; privacy: string },
  buyerId: string,
): "propio" | "no_en_venta" | "no_disponible" | null {
  if (asset.userId === buyerId) return "propio";
  if (asset.mainPurpose !== "vender" || asset.privacy !== "publico") return "no_en_venta";
  if (asset.status !== "activo" && asset.status !== "disponible") return "no_disponible";
  return null;
}
