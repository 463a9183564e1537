/** Public entry of the economy area (the public economic report). */
export { economyRoutes } from "./economy.routes.ts";
export { createEconomyService, type EconomicReport, type EconomyService } from "./economy.service.ts";
