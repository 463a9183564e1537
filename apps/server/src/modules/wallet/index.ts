/** Public entry of the wallet area (balances and ledger history of a person). */
export { walletRoutes } from "./wallet.routes.ts";
export { createWalletService, type WalletService } from "./wallet.service.ts";
