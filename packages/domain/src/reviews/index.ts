export * from "./process.ts";
export * from "./schemas.ts";
