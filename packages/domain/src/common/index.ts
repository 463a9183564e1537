export * from "./contracts.ts";
export * from "./messages.ts";
export * from "./routes.ts";
export * from "./text.ts";
