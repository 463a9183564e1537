import { z } from "zod";
import { profileSchema } from "./schemas.ts";

/** GET and PUT /api/profile */
export const profileResponseSchema = z.object({ success: z.literal(true), data: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** PUT /api/profile/password: the earlier tokens are revoked, the client keeps the session with this one. */
export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ token: z.string() }),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
