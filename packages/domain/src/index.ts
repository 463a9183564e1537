import { z } from "zod";

// Default zod messages in Spanish for every consumer of the domain package.
z.config(z.locales.es());

// One line per area (ADR 004): packages/domain/src/<area>/index.ts holds its request
// schemas, response contracts and Spanish messages.
export * from "./activity/index.ts";
export * from "./admin/index.ts";
export * from "./assets/index.ts";
export * from "./auth/index.ts";
export * from "./blocks/index.ts";
export * from "./chat/index.ts";
export * from "./common/index.ts";
export * from "./constants.ts";
export * from "./deals/index.ts";
export * from "./economy/index.ts";
export * from "./events/index.ts";
export * from "./exchanges/index.ts";
export * from "./favorites/index.ts";
export * from "./limits/index.ts";
export * from "./marketplace/index.ts";
export * from "./messages.ts";
export * from "./moderation/index.ts";
export * from "./notifications/index.ts";
export * from "./profile/index.ts";
export * from "./push/index.ts";
export * from "./reputation/index.ts";
export * from "./reviews/index.ts";
export * from "./verification/index.ts";
export * from "./wallet/index.ts";
export * from "./withdrawals/index.ts";
