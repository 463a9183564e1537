import { type Reputation, reputationResponseSchema } from "@valoriza/domain";
import { parseAnswer } from "./contracts.ts";

/**
 * GET /reputation/{id} parsed with its contract. Its own module, imported with the first answer, so
 * the pages that show a reputation (the asset page's owner card) load zod only then.
 */
export const parseReputation = (body: unknown): Reputation => parseAnswer(reputationResponseSchema, body).data;
