/**
 * Public entry of the ledger area: the only writer of credits (economy.md, ADR 002).
 * Other areas call these operations with THEIR transaction so the credit movement
 * commits or rolls back with the business effect. Nothing else in this folder may be imported
 * from outside it (enforced by the linter, ADR 004).
 */

export {
  type EscrowInput,
  type EscrowResult,
  escrowHeld,
  escrowPay,
  escrowRefund,
  escrowRelease,
} from "./ledger.escrow.ts";
export type { LimitedRelease } from "./ledger.limits.ts";
export {
  type BrakeState,
  brakeState,
  dailyBoundsGuardSql,
  dailyBoundsRefused,
  lockPersonLimits,
  personLimitsLock,
  personLimitsLockStatement,
  registrationsSql,
  setBrakeMinimum,
  uuidv7Floor,
} from "./ledger.limits-common.ts";
export {
  type ShopMoveInput,
  shopPay,
  shopRefund,
  withdrawalDebit,
  withdrawalRefund,
} from "./ledger.marketplace.ts";
export { approveReview, type ReviewApproved, releaseReviewsByWindow } from "./ledger.reviews.ts";
export {
  type AccountRef,
  blockFromAvailable,
  checkInvariants,
  destroyHold,
  type EconomyTotals,
  executeHold,
  foreseeUserBalances,
  getAccountId,
  getEconomyTotals,
  getHold,
  getSystemBalances,
  getUserBalances,
  type HoldOpened,
  type HoldResolved,
  type HoldRow,
  type HoldStatus,
  INSUFFICIENT_FUNDS_MESSAGE,
  type InvariantReport,
  isInsufficientFunds,
  issueBlocked,
  issueBlockedPart,
  LEDGER_TRANSFER_SQL,
  listOpenHolds,
  listUserTransfers,
  MAX_LEDGER_AMOUNT,
  type OpenHoldInput,
  openHold,
  openHoldAmount,
  openUserAccounts,
  type ResolveHoldInput,
  rawTransfer,
  releaseHold,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
  type SystemBalances,
  TRANSFER_KINDS,
  type TransferInput,
  type TransferKind,
  type TransferResult,
  transfer,
  type UserAccountKind,
  type UserBalances,
  type UserTransfer,
  userBalancesColumn,
  userBalancesPart,
} from "./ledger.service.ts";
