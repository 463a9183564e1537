/** Public entry of the health area. */
export { healthRoutes } from "./health.routes.ts";
