export * from "./accounts.ts";
export * from "./consent.ts";
export * from "./contracts.ts";
export * from "./messages.ts";
export * from "./schemas.ts";
