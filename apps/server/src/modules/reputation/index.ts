/** Public entry of the reputation area (GET /reputation/{id}; derived from deal outcomes, ADR 014, ADR 024). */
export { REPUTATION_WEIGHTS, type Reputation } from "@valoriza/domain";
export { reputationRoutes } from "./reputation.routes.ts";
export { computeReputation } from "./reputation.service.ts";
