import { z } from "zod";

/** A person found by email to pick as a counterpart: id and name only. */
export const userPickSchema = z.object({ _id: z.string(), name: z.string() });
export type UserPickDto = z.infer<typeof userPickSchema>;

/** GET /api/users/email/{email} */
export const userLookupResponseSchema = z.object({
  success: z.literal(true),
  _id: z.string(),
  name: z.string(),
  data: userPickSchema,
});
