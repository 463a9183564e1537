/** Public entry of the reputation area (GET /reputation/{id}; derived from deal history, ADR 014). */
export { reputationRoutes } from "./reputation.routes.ts";
export { computeReputation, REPUTATION_WEIGHTS, type Reputation } from "./reputation.service.ts";
