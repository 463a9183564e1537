import { type ReviewSummary, userReviewsResponseSchema } from "@valoriza/domain";
import { parseAnswer } from "./contracts.ts";

/**
 * GET /resenas/usuario/{id} parsed with its contract, for its average and count. Its own module,
 * imported with the first answer, so the asset page's owner card loads zod only then.
 */
export function parseReviewSummary(body: unknown): ReviewSummary {
  const { promedio, cantidad } = parseAnswer(userReviewsResponseSchema, body);
  return { promedio, cantidad };
}
