export * from "./process.ts";
export * from "./schemas.ts";
export * from "./templates.ts";
