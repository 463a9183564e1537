export * from "./messages.ts";
export * from "./process.ts";
export * from "./schemas.ts";
export * from "./templates.ts";
