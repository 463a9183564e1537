export * from "./contracts.ts";
export * from "./csv.ts";
