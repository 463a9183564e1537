/** Chat area of the domain package (ADR 007). */
export * from "./messages.ts";
export * from "./schemas.ts";
