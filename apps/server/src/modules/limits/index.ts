/** Public entry of the limits area (issue 12, ADR 015): the person's status, the admin's review queue, the report's figures. */
export { limitsRoutes } from "./limits.routes.ts";
export { createLimitsService, type LimitsService, limitTotals, monthStartColombia } from "./limits.service.ts";
