export * from "./contracts.ts";
export * from "./links.ts";
export * from "./schemas.ts";
