import { z } from "zod";

// Default zod messages in Spanish for every consumer of the domain package.
z.config(z.locales.es());

export * from "./constants.ts";
export * from "./economy/index.ts";
export * from "./messages.ts";
export * from "./schemas/assets.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/profile.ts";
