import type { Executor } from "../../db/client.ts";
import {
  foreseeUserBalances,
  getUserBalances,
  openUserAccounts,
  type UserAccountKind,
  type UserBalances,
  userBalancesColumn,
  userBalancesPart,
} from "./ledger.accounts.ts";
import {
  type AccountRef,
  checkAmount,
  checkDescription,
  checkKind,
  checkRefType,
  checkUuid,
  optUuid,
  resolveRef,
  type TransferKind,
  validation,
} from "./ledger.checks.ts";
import { insufficientFundsError } from "./ledger.errors.ts";
import { reviewOps } from "./ledger.holds.ts";
import { limitArrival } from "./ledger.limits.ts";
import {
  accountId,
  callMove,
  callTransferByIds,
  type HoldRow,
  type HoldStatus,
  type MoveRow,
  type RawTransferParams,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
} from "./ledger.repository.ts";

/**
 * The ledger: the only writer of credit movements (economy.md, docs/adr/002-ledger.md).
 *
 * Every function runs on the CALLER's executor, normally the transaction of the
 * business operation (asset registered, custody confirmed, ...), so the credit
 * movement commits or rolls back with it. Each movement is one round trip to a
 * stored function that locks the accounts in ascending id order.
 *
 * Errors: INSUFFICIENT_FUNDS (422) when the debited account does not cover the
 * amount (nothing is written and the caller's transaction stays usable),
 * CONFLICT (409) for a second open hold on one reference or a deadlock,
 * VALIDATION (400) for a bad amount/id, NOT_FOUND (404) for an unknown user.
 */

export {
  type AccountRef,
  MAX_LEDGER_AMOUNT,
  TRANSFER_KINDS,
  type TransferKind,
} from "./ledger.checks.ts";
export { INSUFFICIENT_FUNDS_MESSAGE, isInsufficientFunds } from "./ledger.errors.ts";
export {
  blockFromAvailable,
  destroyHold,
  executeHold,
  getHold,
  type HoldOpened,
  type HoldResolved,
  issueBlocked,
  issueBlockedPart,
  listOpenHolds,
  type OpenHoldInput,
  openHold,
  openHoldAmount,
  type ResolveHoldInput,
  releaseHold,
  reviewOps,
} from "./ledger.holds.ts";
export {
  checkInvariants,
  type EconomyTotals,
  getEconomyTotals,
  getSystemBalances,
  type InvariantReport,
  listUserTransfers,
  type SystemBalances,
  type UserTransfer,
} from "./ledger.reads.ts";
export { LEDGER_TRANSFER_SQL } from "./ledger.repository.ts";
export type { HoldRow, HoldStatus, SystemAccount, UserAccountKind, UserBalances };
export {
  foreseeUserBalances,
  getUserBalances,
  openUserAccounts,
  SYSTEM_ACCOUNTS,
  userBalancesColumn,
  userBalancesPart,
};

// ---------------------------------------------------------------------------
// Plain transfers
// ---------------------------------------------------------------------------

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransferKind;
  refType?: string | null;
  refId?: string | null;
  actorUserId?: string | null;
  description?: string;
  /** The caller's clock (reviews and receipts of ADR 015); default the wall clock. */
  now?: Date;
}

export interface TransferResult {
  transferId: number;
  /** Balance of the debited account after the transfer. */
  fromBalance: number;
  /** Balance of the credited account after the transfer. */
  toBalance: number;
}

function checkMove(row: MoveRow, from: string): asserts row is MoveRow & { transfer_id: number } {
  if (row.status !== "ok" || row.transfer_id === null) {
    throw insufficientFundsError({ available: row.debit_balance ?? 0, account: from });
  }
}

/**
 * Moves `amount` credits between a user's `disponible` and another user's
 * `disponible` or a system account. Blocked credits never move here (use the
 * hold functions). Throws INSUFFICIENT_FUNDS when `from` does not cover it.
 */
export async function transfer(tx: Executor, input: TransferInput): Promise<TransferResult> {
  const from = resolveRef(input.from, "Origen");
  const to = resolveRef(input.to, "Destino");
  if (from.user === to.user && from.kind === to.kind) throw validation("El origen y el destino deben ser distintos");
  const amount = checkAmount(input.amount, false);
  const row = await callMove(tx, {
    debitUser: from.user,
    debitKind: from.kind,
    creditUser: to.user,
    creditKind: to.kind,
    amount,
    kind: checkKind(input.kind),
    refType: input.refType == null ? null : checkRefType(input.refType),
    refId: optUuid(input.refId, "Referencia"),
    actorUserId: optUuid(input.actorUserId, "Usuario"),
    description: checkDescription(input.description),
  });
  checkMove(row, from.kind);
  const result = {
    transferId: row.transfer_id,
    fromBalance: row.debit_balance ?? 0,
    toBalance: row.credit_balance ?? 0,
  };
  // Credits into a person's spendable balance (ADR 015): from another person, or back from the store
  // or a withdrawal. A correction by the system ('correccion') is not an arrival.
  if (to.user && (from.user || ARRIVAL_REFUNDS.has(input.kind))) {
    const held = await limitArrival(
      tx,
      { userId: to.user, amount, now: input.now ?? new Date(), fromUserId: from.user },
      reviewOps(tx),
    );
    if (held > 0) result.toBalance -= held;
  }
  return result;
}

/** Transfers from a system account back to a person that count as arrivals (the concentration cap). */
const ARRIVAL_REFUNDS: ReadonlySet<string> = new Set(["reembolso_tienda", "reembolso_retiro"]);

/** The id of an account (a user's accounts are opened on first use). For the benchmark and tests. */
export function getAccountId(exec: Executor, ref: AccountRef): Promise<number> {
  if ("system" in ref) return accountId(exec, null, ref.system);
  return accountId(exec, checkUuid(ref.userId, "Usuario"), ref.kind);
}

/**
 * One transfer between two account ids through the stored function, with no
 * validation layer: the benchmark's "raw SQL" path. Not for bloqueado accounts.
 * Returns null when the debited account does not cover the amount.
 */
export async function rawTransfer(exec: Executor, p: RawTransferParams): Promise<TransferResult | null> {
  const row = await callTransferByIds(exec, p);
  if (row.status !== "ok" || row.transfer_id === null) return null;
  return { transferId: row.transfer_id, fromBalance: row.debit_balance ?? 0, toBalance: row.credit_balance ?? 0 };
}
