/** Public entry of withdrawals (issue 11, ADR 011): requests, the payout provider, admin resolution. */
export { manualPayout, type PayoutProvider, type PayoutRequest, type PayoutResult } from "./withdrawals.payout.ts";
export { withdrawalsRoutes } from "./withdrawals.routes.ts";
export { createWithdrawalsService, type Requested, type WithdrawalsService } from "./withdrawals.service.ts";
