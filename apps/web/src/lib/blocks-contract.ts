import { blocksListResponseSchema } from "@valoriza/domain";
import type { BlockedPerson } from "./blocks.ts";
import { parseAnswer } from "./contracts.ts";

/**
 * GET /api/bloqueos parsed with its contract, in the web's shape. Its own module, imported with the
 * first answer, so the pages with a block button carry no zod.
 */
export const parseBlocks = (body: unknown): BlockedPerson[] =>
  parseAnswer(blocksListResponseSchema, body).data.map(({ _id, ...b }) => ({ ...b, id: _id }));
