import type { ProcessSpec } from "../deals/process.ts";
import { EXCHANGE_MSG } from "./messages.ts";
import { EXCHANGE_TEMPLATES } from "./templates.ts";

/**
 * Exchange proposal (intercambio), deals.md "Exchange": the proposer
 * (proponente) offers one of their assets for one of the target's
 * (destinatario). Accept (destinatario): both assets change owner and each
 * asset's hold is released to the one who gave it; optional
 * creditosAdicionales are escrowed when proposed and paid to the target.
 * Reject (destinatario), cancel (proponente), expiry (sistema: 7 days direct,
 * 24 h local) or closing because one of the assets was exchanged in another
 * proposal: nothing moves and the escrow is refunded. Proposals do not reserve
 * the assets (several may wait on one asset); accept locks both.
 */

export const EXCHANGE_ROLES = ["proponente", "destinatario"] as const;
export type ExchangeRole = (typeof EXCHANGE_ROLES)[number];

export const EXCHANGE_STATES = ["pendiente", "aceptada", "rechazada", "cancelada", "expirada", "cerrada"] as const;
export type ExchangeState = (typeof EXCHANGE_STATES)[number];

export const EXCHANGE_KINDS = ["directo", "local"] as const;
export type ExchangeKind = (typeof EXCHANGE_KINDS)[number];

/** A direct proposal waits this long before it expires. */
export const EXCHANGE_DIRECT_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;
/** A local proposal expires after 24 hours (overview §9). */
export const EXCHANGE_LOCAL_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const EXCHANGE_EFFECTS = [
  "cobrarCreditosAdicionales", // proposer disponible -> custodia
  "intercambiarActivos", // owners swapped, each hold released to its giver, both unlisted
  "pagarCreditosAdicionales", // custodia -> target disponible
  "reembolsarCreditosAdicionales", // custodia -> proposer disponible
  "cerrarOtrasPropuestas", // other pending proposals on either asset -> cerrada
  "registrarPropuesta", // the proposer's movement (credits into escrow)
  "registrarIntercambio", // both parties' movement and transaction
  "registrarDevolucion", // the proposer's movement when credits come back
  "notificarOtraParte",
] as const;
export const EXCHANGE_GUARDS = ["sinBloqueo", "activosDisponibles"] as const;

const refundEffects = ["reembolsarCreditosAdicionales", "registrarDevolucion", "notificarOtraParte"] as const;

/** The library effects of the exchange processes (ADR 026); escrow under ('intercambio', deal id) for both. */
const EXCHANGE_EFFECT_SPECS = {
  intercambiarActivos: {
    kind: "asset.swap",
    a: "offeredAssetId",
    aTo: "destinatario",
    b: "requestedAssetId",
    bTo: "proponente",
    description: 'Intercambio completado con "{titulo}"',
  },
  cobrarCreditosAdicionales: {
    kind: "ledger.escrowPay",
    from: "proponente",
    amount: "adicionales",
    ref: "intercambio",
    description: 'Créditos adicionales de tu propuesta por "{solicitado}"',
  },
  pagarCreditosAdicionales: {
    kind: "ledger.escrowRelease",
    to: "destinatario",
    amount: "adicionales",
    ref: "intercambio",
    description: 'Créditos adicionales del intercambio por "{solicitado}"',
  },
  reembolsarCreditosAdicionales: {
    kind: "ledger.escrowRefund",
    to: "proponente",
    amount: "adicionales",
    ref: "intercambio",
    description: 'Devolución de los créditos adicionales de tu propuesta por "{solicitado}"',
  },
  registrarPropuesta: {
    kind: "activity",
    template: "actividad.propuesta",
    movimiento: "intercambio-propuesta",
    transaccion: null,
    activo: "requestedAssetId",
  },
  registrarIntercambio: {
    kind: "activity",
    template: "actividad.intercambio",
    movimiento: "intercambio",
    transaccion: "intercambio",
    creditos: "adicionales",
    conTitulo: true,
    // Each party's transaction names the asset they received.
    activoTransaccion: { proponente: "requestedAssetId", destinatario: "offeredAssetId" },
  },
  registrarDevolucion: {
    kind: "activity",
    template: "actividad.devolucion",
    when: "hayAdicionales",
    movimiento: "intercambio-propuesta",
    transaccion: null,
    activo: "requestedAssetId",
  },
  // relacionadoTipo 'propuesta': the bell opens /intercambiar on the receiver's tab.
  notificarOtraParte: {
    kind: "notify",
    tipo: { destinatario: "intercambio_recibida", proponente: "intercambio_enviada" },
    relacionado: "propuesta",
  },
} as const;

/**
 * Two processes share the transitions and differ only in the pending timer:
 * the engine keeps one timer per state, so the 24 h local expiry is its own table.
 */
function exchangeProcess(name: string, expiryMs: number) {
  return {
    name,
    roles: EXCHANGE_ROLES,
    states: {
      pendiente: {
        label: "Pendiente",
        timers: [{ name: "vencimiento", transition: "expirar", afterMs: expiryMs }],
      },
      aceptada: { label: "Aceptada", final: true },
      rechazada: { label: "Rechazada", final: true },
      cancelada: { label: "Cancelada", final: true },
      expirada: { label: "Expirada", final: true },
      cerrada: { label: "Cerrada", final: true },
    },
    transitions: {
      proponer: {
        label: "Propuesta enviada",
        from: null,
        to: "pendiente",
        actors: ["proponente"],
        guards: ["activosDisponibles"],
        effects: ["cobrarCreditosAdicionales", "registrarPropuesta", "notificarOtraParte"],
      },
      aceptar: {
        label: "Aceptada",
        from: ["pendiente"],
        to: "aceptada",
        actors: ["destinatario"],
        notAllowedMessage: EXCHANGE_MSG.onlyTarget,
        // Accepting makes the exchange: refused between people who blocked each other (issue 19).
        guards: ["sinBloqueo", "activosDisponibles"],
        // Closing the other proposals first: it locks their deals before any ledger account (ADR 013).
        effects: [
          "cerrarOtrasPropuestas",
          "intercambiarActivos",
          "pagarCreditosAdicionales",
          "registrarIntercambio",
          "notificarOtraParte",
        ],
        // Agreed and executed at once; no handover is confirmed by a receiving side (no proof).
        outcome: { resultado: "completado" },
      },
      rechazar: {
        label: "Rechazada",
        from: ["pendiente"],
        to: "rechazada",
        actors: ["destinatario"],
        notAllowedMessage: EXCHANGE_MSG.onlyTarget,
        guards: [],
        effects: refundEffects,
        outcome: { resultado: "rechazado" },
      },
      // The proposer withdraws their own proposal before an answer: not a failure (issue 18).
      cancelar: {
        label: "Cancelada por quien propuso",
        from: ["pendiente"],
        to: "cancelada",
        actors: ["proponente"],
        notAllowedMessage: EXCHANGE_MSG.onlyProposer,
        guards: [],
        effects: refundEffects,
        outcome: { resultado: "retirado" },
      },
      expirar: {
        label: "Vencida",
        from: ["pendiente"],
        to: "expirada",
        actors: ["sistema"],
        guards: [],
        effects: refundEffects,
        outcome: { resultado: "vencido" },
      },
      cerrar: {
        label: "Cerrada: uno de los activos ya se intercambió",
        from: ["pendiente"],
        to: "cerrada",
        actors: ["sistema"],
        guards: [],
        effects: refundEffects,
        outcome: { resultado: "cerrado" },
      },
    },
    stateMessages: {
      pendiente: "Esta propuesta ya está pendiente",
      aceptada: "Esta propuesta ya fue aceptada",
      rechazada: "Esta propuesta ya fue rechazada",
      cancelada: "Esta propuesta fue cancelada",
      expirada: "Esta propuesta expiró",
      cerrada: "Esta propuesta se cerró: uno de los activos ya se intercambió",
    },
    finishRefusedMessage: "Las propuestas de intercambio se aceptan o rechazan en Intercambiar",
    effects: EXCHANGE_EFFECT_SPECS,
    templates: EXCHANGE_TEMPLATES,
  } as const satisfies ProcessSpec;
}

export const EXCHANGE_PROCESS = exchangeProcess("intercambio", EXCHANGE_DIRECT_EXPIRY_MS);
export const LOCAL_EXCHANGE_PROCESS = exchangeProcess("intercambio_local", EXCHANGE_LOCAL_EXPIRY_MS);

/** The PATCH /exchanges/{id}/status body value -> the transition it asks for. */
export const EXCHANGE_STATUS_TRANSITIONS = {
  aceptada: "aceptar",
  rechazada: "rechazar",
  cancelada: "cancelar",
} as const;
export type ExchangeStatusRequest = keyof typeof EXCHANGE_STATUS_TRANSITIONS;

/** Why an asset cannot enter a proposal (null = it can). */
export function exchangeAssetRefusal(
  asset: { userId: string; status: string; privacy: string } | null | undefined,
  expectedOwnerId: string,
  side: "ofrecido" | "solicitado",
): "no_existe" | "no_es_del_dueno" | "no_disponible" | null {
  if (!asset || asset.status === "desactivado") return "no_existe";
  if (asset.userId !== expectedOwnerId) return "no_es_del_dueno";
  if (asset.status !== "activo" && asset.status !== "disponible") return "no_disponible";
  if (side === "solicitado" && asset.privacy !== "publico") return "no_disponible";
  return null;
}
