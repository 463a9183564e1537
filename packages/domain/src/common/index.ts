export * from "./contracts.ts";
export * from "./ids.ts";
export * from "./messages.ts";
export * from "./query.ts";
export * from "./routes.ts";
export * from "./text.ts";
