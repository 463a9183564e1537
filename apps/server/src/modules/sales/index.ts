/** Public entry of the sales area (POST /transacciones/crear). */
export { salesRoutes } from "./sales.routes.ts";
export { createSalesService, type Purchase, purchaseBody, type SalesService } from "./sales.service.ts";
