export * from "./contracts.ts";
export * from "./messages.ts";
export * from "./text.ts";
