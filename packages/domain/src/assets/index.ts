export * from "./contracts.ts";
export * from "./lifecycle.ts";
export * from "./messages.ts";
export * from "./publish-contract.ts";
export * from "./schemas.ts";
export * from "./search.ts";
export * from "./search-query.ts";
