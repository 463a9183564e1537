/**
 * Every table, one file per area. Each file in this folder is re-exported here:
 * a new area adds db/schema/<area>.ts and one `export * from "./<area>.ts";` line.
 */
export * from "./activity.ts";
export * from "./admin.ts";
export * from "./assets.ts";
export * from "./blocks.ts";
export * from "./chat.ts";
export * from "./custody.ts";
export * from "./deals.ts";
export * from "./donations.ts";
export * from "./events.ts";
export * from "./exchanges.ts";
export * from "./favorites.ts";
export * from "./idempotency.ts";
export * from "./ledger.ts";
export * from "./limits.ts";
export * from "./loans.ts";
export * from "./mail.ts";
export * from "./marketplace.ts";
export * from "./moderation.ts";
export * from "./notifications.ts";
export * from "./push.ts";
export * from "./rentals.ts";
export * from "./reviews.ts";
export * from "./security.ts";
export * from "./users.ts";
export * from "./verification.ts";
export * from "./withdrawals.ts";
