export * from "./actions.ts";
export * from "./catalog.ts";
export * from "./constants.ts";
export * from "./contracts.ts";
export * from "./format.ts";
export * from "./search.ts";
export * from "./valuation.ts";
