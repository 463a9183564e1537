import { formatCredits } from "@valoriza/domain";
import { onFirstUse } from "../../lib/utils.ts";

const dateTimeFormatter = onFirstUse(
  () => new Intl.DateTimeFormat("es-CO", { dateStyle: "medium", timeStyle: "short" }),
);

/** "21 nov 2026, 12:29 p. m." (es-CO), or "" for a missing date. */
export function formatDateTime(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormatter().format(date);
}

/** "+979" / "-979" / "0" credits, with the thousands of es-CO. */
export function signedCredits(n: number): string {
  if (n > 0) return `+${formatCredits(n)}`;
  return formatCredits(n);
}

/**
 * One name per event in the three histories: registering an asset is a movement 'publicar', a
 * transaction 'registro' and a wallet transfer the server labels the same way
 * (apps/server/src/modules/wallet/wallet.labels.ts).
 */
export const ASSET_REGISTERED = "Registro de activo";
/** Deactivating an asset destroys its blocked credits (movement 'retirar', wallet 'Créditos destruidos'). */
export const CREDITS_DESTROYED = "Créditos destruidos";

/** Movement kinds (overview §3 Movement) as Spanish labels; unknown kinds read as words. */
const MOVEMENT_LABELS: Record<string, string> = {
  publicar: ASSET_REGISTERED,
  retirar: CREDITS_DESTROYED,
  retiro: "Retiro",
  "intercambio-propuesta": "Propuesta de intercambio",
  intercambio: "Intercambio",
  venta: "Venta",
  donacion: "Donación",
  prestamo: "Préstamo",
  regalo: "Regalo",
  alquiler: "Alquiler",
  liberacion: "Créditos liberados",
  compra: "Compra en el Marketplace",
};

/** Transaction types (overview §3 Transaction). */
export const TRANSACTION_TYPES = [
  "registro",
  "retiro",
  "intercambio",
  "venta",
  "donación",
  "préstamo",
  "regalo",
  "alquiler",
] as const;

const TRANSACTION_LABELS: Record<string, string> = {
  registro: ASSET_REGISTERED,
  retiro: "Retiro",
  intercambio: "Intercambio",
  venta: "Venta",
  donación: "Donación",
  donacion: "Donación",
  préstamo: "Préstamo",
  prestamo: "Préstamo",
  regalo: "Regalo",
  alquiler: "Alquiler",
  compra: "Compra en el Marketplace",
};

function humanize(kind: string): string {
  const words = kind.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Movimiento";
}

export const movementLabel = (tipo: string) => MOVEMENT_LABELS[tipo] ?? humanize(tipo);

/**
 * Events that change blocked credits, not spendable ones: registering issues them blocked,
 * deactivating destroys them. Shown as blocked amounts, never as green '+N'.
 */
const BLOCKED_MOVEMENTS = new Set(["publicar", "retirar"]);
const BLOCKED_WALLET_LABELS = new Set([ASSET_REGISTERED, CREDITS_DESTROYED]);
const BLOCKED_TRANSACTIONS = new Set(["registro"]);
export const isBlockedMovement = (tipo: string) => BLOCKED_MOVEMENTS.has(tipo);
export const isBlockedWalletEntry = (tipo: string) => BLOCKED_WALLET_LABELS.has(tipo);
export const isBlockedTransaction = (type: string) => BLOCKED_TRANSACTIONS.has(type);

/** "2.430 bloqueados" / "−30 bloqueados": no '+', the word says which balance changed. */
export function blockedCredits(n: number): string {
  return `${n < 0 ? "−" : ""}${formatCredits(Math.abs(n))} bloqueados`;
}
export const transactionLabel = (type: string) => TRANSACTION_LABELS[type] ?? humanize(type);
