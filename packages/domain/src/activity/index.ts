export * from "./contracts.ts";
