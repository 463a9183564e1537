import { z } from "zod";

/**
 * Blocks (issue 19 part 4): POST/DELETE /api/bloqueos/{userId} and GET /api/bloqueos. Only the
 * signed-in person's own blocks are ever read or changed. Blocking and unblocking can be repeated
 * (200 both times; `cambio` says whether this call changed anything).
 */

/** POST and DELETE /api/bloqueos/{userId} */
export const blockToggledResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    userId: z.string(),
    bloqueado: z.boolean().describe("true después de POST, false después de DELETE"),
    cambio: z.boolean().describe("false cuando ya estaba así (la llamada se puede repetir)"),
  }),
});
export type BlockToggledResponse = z.infer<typeof blockToggledResponseSchema>;

/** One person I blocked. */
export const blockedPersonSchema = z.object({
  _id: z.string().describe("Id de la persona bloqueada"),
  name: z.string(),
  apellido: z.string(),
  createdAt: z.string().describe("Cuándo la bloqueé (ISO 8601)"),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

/** GET /api/bloqueos: the people the caller blocked, the newest first. */
export const blocksListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(blockedPersonSchema),
  total: z.number().int(),
});
export type BlocksListResponse = z.infer<typeof blocksListResponseSchema>;
