/** Public entry of the analytics area (GET /analytics/overview for /status). */
export { analyticsRoutes } from "./analytics.routes.ts";
export { overview } from "./analytics.service.ts";
