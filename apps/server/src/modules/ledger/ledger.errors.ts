import { MSG } from "@valoriza/domain";
import { AppError, conflict, insufficientFunds, notFound } from "../../lib/errors.ts";

/** The message shown when a user's spendable credits do not cover an amount (spec wording). */
export const INSUFFICIENT_FUNDS_MESSAGE = "No tienes suficientes créditos disponibles";
export const HOLD_EXISTS_MESSAGE = "Ya hay créditos bloqueados para esta referencia";
export const CONCURRENT_MESSAGE = "Otra operación modificó los mismos créditos al mismo tiempo. Intenta de nuevo.";

/** An INSUFFICIENT_FUNDS AppError (HTTP 422). */
export function insufficientFundsError(details?: { available?: number; required?: number; account?: string }) {
  const e = insufficientFunds(
    details?.account && details.account !== "disponible"
      ? `La cuenta ${details.account} no tiene saldo suficiente`
      : INSUFFICIENT_FUNDS_MESSAGE,
  );
  return details ? new AppError(e.code, e.message, details) : e;
}

export const isInsufficientFunds = (e: unknown): e is AppError =>
  e instanceof AppError && e.code === "INSUFFICIENT_FUNDS";

interface PgErrorLike {
  code?: string;
  constraint?: string;
  message?: string;
}

/** The PostgreSQL error behind a (possibly wrapped) driver or Drizzle error. */
export function pgError(e: unknown): PgErrorLike | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const c = cur as PgErrorLike & { cause?: unknown };
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}

/**
 * Maps database errors raised by a ledger call to typed AppErrors; anything
 * unexpected is rethrown unchanged (a 500 for the error handler).
 */
export function mapLedgerError(e: unknown): never {
  if (e instanceof AppError) throw e;
  const pg = pgError(e);
  switch (pg?.code) {
    case "23514": // check_violation: the last line of defence behind the in-function funds check
      if (pg.constraint === "accounts_non_negative" || !pg.constraint) throw insufficientFundsError();
      break;
    case "23503": // foreign_key_violation: a user account for a user that does not exist
      throw notFound(MSG.userNotFound);
    case "23505":
      if (pg.constraint === "holds_one_open_per_ref") throw conflict(HOLD_EXISTS_MESSAGE);
      break;
    case "40P01": // deadlock_detected
    case "40001": // serialization_failure
      throw conflict(CONCURRENT_MESSAGE);
  }
  throw e;
}
