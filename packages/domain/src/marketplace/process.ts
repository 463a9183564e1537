import type { ProcessSpec } from "../deals/process.ts";
import { formatNumber } from "../economy/format.ts";
import { PURCHASE_TEMPLATES } from "./templates.ts";

/**
 * A purchase in the official marketplace (deals.md "Official marketplace"):
 * the buyer pays `disponible -> tienda` and the stock drops in the same
 * transaction (`comprar`, creating the deal in `pendiente`); an admin marks
 * it delivered (`entregar`) or cancels it with a refund and the unit back in
 * stock (`cancelar`). Nothing waits forever: a purchase nobody delivered in
 * 30 days is cancelled and refunded by the system (`expirar`).
 */
export const PURCHASE_ROLES = ["comprador"] as const;
export const PURCHASE_STATES = ["pendiente", "entregado", "cancelado"] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** A purchase not delivered within this time is cancelled and refunded. */
export const PURCHASE_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;

export const PURCHASE_GUARDS = [] as const;
export const PURCHASE_EFFECTS = [
  "descontarStock", // stock - 1 unless -1, at the price the buyer saw (then cobrar, in one transaction)
  "cobrar", // buyer disponible -> tienda (library)
  "reembolsar", // tienda -> buyer disponible (library)
  "reponerStock", // stock + 1 unless -1
  "registrarActividad", // the buyer's movement and transaction (state visible in /mi-actividad)
  "notificarComprador",
] as const;

export const PURCHASE_STATE_LABELS: Record<PurchaseState, string> = {
  pendiente: "Pendiente de entrega",
  entregado: "Entregado",
  cancelado: "Cancelado",
};

export const PURCHASE_PROCESS = {
  name: "compra_tienda",
  roles: PURCHASE_ROLES,
  states: {
    pendiente: {
      label: PURCHASE_STATE_LABELS.pendiente,
      timers: [{ name: "vencimiento", transition: "expirar", afterMs: PURCHASE_EXPIRY_MS }],
    },
    entregado: { label: PURCHASE_STATE_LABELS.entregado, final: true },
    cancelado: { label: PURCHASE_STATE_LABELS.cancelado, final: true },
  },
  transitions: {
    comprar: {
      label: "Compra",
      from: null,
      to: "pendiente",
      actors: ["comprador"],
      guards: [],
      effects: ["descontarStock", "cobrar", "registrarActividad", "notificarComprador"],
    },
    entregar: {
      label: "Entregado",
      from: ["pendiente"],
      to: "entregado",
      actors: ["admin"],
      guards: [],
      effects: ["registrarActividad", "notificarComprador"],
      outcome: { resultado: "completado" },
    },
    // Cancelled by the shop (an admin, who is no party of the purchase).
    cancelar: {
      label: "Cancelada con reembolso",
      from: ["pendiente"],
      to: "cancelado",
      actors: ["admin"],
      guards: [],
      effects: ["reembolsar", "reponerStock", "registrarActividad", "notificarComprador"],
      outcome: { resultado: "cancelado" },
    },
    expirar: {
      label: "Vencida sin entrega (reembolso)",
      from: ["pendiente"],
      to: "cancelado",
      actors: ["sistema"],
      guards: [],
      effects: ["reembolsar", "reponerStock", "registrarActividad", "notificarComprador"],
      outcome: { resultado: "vencido" },
    },
  },
  stateMessages: {
    entregado: "Esta compra ya fue entregada",
    cancelado: "Esta compra ya fue cancelada",
    pendiente: "Esta compra ya está pendiente",
  },
  finishRefusedMessage: "Las compras del Marketplace las entrega un administrador",
  effects: {
    cobrar: {
      kind: "ledger.deskPay",
      desk: "tienda",
      from: "comprador",
      amount: "creditos",
      description: "Compra en el Marketplace: {nombre}",
      result: "creditosRestantes",
    },
    reembolsar: {
      kind: "ledger.deskRefund",
      desk: "tienda",
      to: "comprador",
      amount: "creditos",
      description: "Reembolso de la compra: {nombre}",
      result: "creditosRestantes",
    },
    registrarActividad: {
      kind: "activity",
      movimiento: "compra",
      transaccion: "compra",
      cop: "cop",
      creditos: "creditos",
    },
    notificarComprador: { kind: "notify", tipo: "compra_tienda_{to}", relacionado: "transaccion" },
  },
  templates: PURCHASE_TEMPLATES,
} as const satisfies ProcessSpec;

/** Whether a product can be bought now (the button's rule, calls-validation-errors §5 Marketplace). */
export const canBuy = (p: { stock: number }) => p.stock === -1 || p.stock > 0;

/** The stock badge: hidden for -1 (unlimited), 'N disponibles' ('1 disponible') or 'Sin stock'. */
export function stockBadge(stock: number): string | null {
  if (stock === -1) return null;
  if (stock <= 0) return "Sin stock";
  return stock === 1 ? "1 disponible" : `${formatNumber(stock)} disponibles`;
}
