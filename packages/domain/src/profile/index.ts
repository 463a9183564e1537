export * from "./contracts.ts";
export * from "./data-rights.ts";
export * from "./messages.ts";
export * from "./schemas.ts";
