import { formatNumber, MAX_AMOUNT_CREDITS } from "@valoriza/domain";
import { AppError } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/ids.ts";
import type { UserAccountKind } from "./ledger.accounts.ts";
import { SYSTEM_ACCOUNTS, type SystemAccount } from "./ledger.repository.ts";

/** The ledger's movement kinds and the validation of every operation's input (ledger.service.ts). */

export const TRANSFER_KINDS = [
  "emision_activo", // emision -> owner bloqueado (asset registered)
  "liberacion", // owner bloqueado -> owner disponible (operation finished)
  "destruccion", // owner bloqueado -> destruccion (asset deactivated)
  "pago_custodia", // buyer disponible -> custodia (sale paid with credits)
  "liberacion_custodia", // custodia -> offerer disponible (custody confirmed)
  "reembolso_custodia", // custodia -> buyer disponible (custody cancelled)
  "garantia_bloqueo", // borrower disponible -> borrower bloqueado (loan guarantee)
  "garantia_liberacion", // borrower bloqueado -> borrower disponible (loan returned)
  "garantia_ejecucion", // borrower bloqueado -> lender disponible (loan overdue)
  "alquiler", // renter disponible -> owner disponible (or via custodia)
  "compra_tienda", // buyer disponible -> tienda (marketplace)
  "retiro", // user disponible -> retiros (withdrawal)
  "reembolso_tienda", // tienda -> buyer disponible (marketplace purchase cancelled)
  "reembolso_retiro", // retiros -> user disponible (withdrawal rejected)
  "correccion", // a correcting transfer (transfers are never edited)
  "revision", // owner disponible -> owner bloqueado (released credits beyond the 30-day limit, en revisión; ADR 015)
  "revision_liberacion", // owner bloqueado -> owner disponible (review released by the window or an admin)
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export type AccountRef = { userId: string; kind: UserAccountKind } | { system: SystemAccount };

/** Largest amount one movement accepts (shared with the client-side validation). */
export const MAX_LEDGER_AMOUNT = MAX_AMOUNT_CREDITS;

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

export const validation = (message: string) => new AppError("VALIDATION", message);

export function checkAmount(amount: unknown, allowZero: boolean): number {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount)) {
    throw validation("El monto de créditos debe ser un número entero");
  }
  if (amount < 0 || (amount === 0 && !allowZero)) throw validation("El monto de créditos debe ser mayor que 0");
  if (amount > MAX_LEDGER_AMOUNT) {
    throw validation(`El monto de créditos no puede superar ${formatNumber(MAX_LEDGER_AMOUNT)}`);
  }
  return amount;
}

export function checkUuid(value: unknown, field: string): string {
  if (typeof value !== "string" || !UUID_RE.test(value)) throw validation(`${field} no es un identificador válido`);
  return value;
}

export const optUuid = (value: string | null | undefined, field: string): string | null =>
  value === undefined || value === null ? null : checkUuid(value, field);

export function checkRefType(value: unknown): string {
  if (typeof value !== "string" || !/^[a-z][a-z0-9_]{0,39}$/.test(value)) {
    throw validation("El tipo de referencia no es válido");
  }
  return value;
}

export function checkKind(value: unknown): TransferKind {
  if (typeof value !== "string" || !(TRANSFER_KINDS as readonly string[]).includes(value)) {
    throw validation("El tipo de movimiento no es válido");
  }
  return value as TransferKind;
}

export function checkDescription(value: string | undefined): string {
  const d = value ?? "";
  if (typeof d !== "string" || d.length > 500) throw validation("La descripción del movimiento es demasiado larga");
  return d;
}

export function resolveRef(ref: AccountRef, field: string): { user: string | null; kind: string } {
  if ("system" in ref) {
    if (!(SYSTEM_ACCOUNTS as readonly string[]).includes(ref.system)) throw validation(`${field}: cuenta desconocida`);
    return { user: null, kind: ref.system };
  }
  checkUuid(ref.userId, field);
  if (ref.kind === "bloqueado") {
    // Invariant 4 (bloqueado = open holds) would break: blocked credits move only through holds.
    throw validation(`${field}: los créditos bloqueados solo se mueven mediante retenciones`);
  }
  if (ref.kind !== "disponible") throw validation(`${field}: cuenta desconocida`);
  return { user: ref.userId, kind: ref.kind };
}
