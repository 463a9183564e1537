import { z } from "zod";
import { ACCOUNT_MSG } from "./messages.ts";
import { newPasswordSchema } from "./schemas.ts";

/*
 * Account links and sessions (issue 16): email verification, password reset, sign-out and the
 * sign-up limit per client address. Their messages (ACCOUNT_MSG) are in messages.ts, zod-free.
 */

/** Lifetimes of the mailed links. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const linkTokenSchema = z
  .string({ error: ACCOUNT_MSG.tokenRequired })
  .trim()
  .min(1, ACCOUNT_MSG.tokenRequired)
  .max(200, ACCOUNT_MSG.linkInvalid);

/** POST /api/users/verificar-email */
export const verifyEmailSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** POST /api/users/restablecer-contrasena */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, newPassword: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** The reset page's form: the new password twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Las contraseñas no coinciden",
  });

/** Answer of verificar-email, reenviar, olvide-contrasena and logout. */
export const accountMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ emailVerificado: z.boolean().optional() }).optional(),
});
export type AccountMessageResponse = z.infer<typeof accountMessageResponseSchema>;
