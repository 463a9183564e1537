export * from "./custody.ts";
export * from "./donation.ts";
export * from "./loan.ts";
export * from "./loan-contracts.ts";
export * from "./messages.ts";
export * from "./process.ts";
export * from "./rental.ts";
export * from "./schemas.ts";
