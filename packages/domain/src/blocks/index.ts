/** Blocks area of the domain package (issue 19 part 4). */
export * from "./contracts.ts";
export * from "./messages.ts";
