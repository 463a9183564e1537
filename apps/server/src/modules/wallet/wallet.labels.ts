import type { TransferKind } from "../ledger/index.ts";

type Label = string | ((amount: number) => string);

/**
 * Readable Spanish labels for the ledger's transfer kinds, shown as `tipo` in
 * the wallet history. `amount` is the signed change for the user: a few kinds
 * read differently for the payer and the payee. Typed against the ledger's
 * kinds, so a new kind without a label does not compile.
 */
const LABELS = {
  // One name per event: the web calls the same registration "Registro de activo" in movements
  // and transactions too (apps/web/src/features/wallet/format.ts).
  emision_activo: "Registro de activo",
  liberacion: "Créditos liberados",
  destruccion: "Créditos destruidos",
  pago_custodia: "Pago enviado a custodia",
  liberacion_custodia: "Pago recibido de custodia",
  reembolso_custodia: "Reembolso de custodia",
  garantia_bloqueo: "Garantía bloqueada",
  garantia_liberacion: "Garantía devuelta",
  garantia_ejecucion: (a) =>
    a < 0 ? "Garantía ejecutada por préstamo vencido" : "Garantía recibida por préstamo vencido",
  alquiler: (a) => (a < 0 ? "Pago de alquiler" : "Ingreso por alquiler"),
  compra_tienda: "Compra en el marketplace",
  retiro: "Retiro de créditos",
  reembolso_tienda: "Reembolso de compra en el marketplace",
  reembolso_retiro: "Retiro rechazado: créditos devueltos",
  correccion: "Corrección",
  revision: "Créditos en revisión (límite de 30 días o señal de revisión)",
  revision_liberacion: "Créditos en revisión liberados",
} satisfies Record<TransferKind, Label>;

const ALIASES: Record<string, Label> = { emision: "Registro de activo" };

/** 'pago_de_prueba' -> 'Pago de prueba': an unknown kind still reads as words. */
function humanize(kind: string): string {
  const words = kind.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Movimiento";
}

export function transferLabel(kind: string, amount: number): string {
  const l: Label | undefined = (LABELS as Record<string, Label>)[kind] ?? ALIASES[kind];
  if (l === undefined) return humanize(kind);
  return typeof l === "string" ? l : l(amount);
}
