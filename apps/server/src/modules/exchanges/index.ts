/**
 * Public entry of the exchanges area: direct, open-offer and local exchanges on
 * the process engine, and where assets are (the offset public point; ADR 013).
 */
export { type PublicPoint, publicPoint, publicPointPart, savePublicPoint } from "./exchanges.location.ts";
export { gaveAwayInExchange } from "./exchanges.repository.ts";
export { exchangesRoutes } from "./exchanges.routes.ts";
export { createExchangesService, type ExchangesService } from "./exchanges.service.ts";
