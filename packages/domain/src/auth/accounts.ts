import { z } from "zod";
import { newPasswordSchema } from "./schemas.ts";

/**
 * Account links and sessions (issue 16): email verification, password reset, sign-out and the
 * sign-up limit per client address. Messages are part of the contract (the pages compare them).
 */
export const ACCOUNT_MSG = {
  linkInvalid: "El enlace no es válido. Revisa que lo hayas copiado completo o pide uno nuevo.",
  linkExpired: "El enlace expiró. Pide uno nuevo.",
  linkUsed: "Este enlace ya se usó.",
  emailVerified: "¡Tu correo quedó verificado!",
  alreadyVerified: "Tu correo ya está verificado.",
  verificationSent: "Te enviamos un nuevo enlace de verificación. Revisa tu correo.",
  tooManyVerificationMails: (minutes: number) =>
    `Ya te enviamos un enlace hace poco. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  resetRequested:
    "Si existe una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.",
  tooManyResetRequests: (minutes: number) =>
    `Demasiadas solicitudes. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  passwordReset: "Tu contraseña quedó restablecida.",
  loggedOut: "Cerraste sesión.",
  tooManySignups: (minutes: number) =>
    `Se crearon demasiadas cuentas desde tu conexión. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
  forgotPassword: "¿Olvidaste tu contraseña?",
  banner: "Verifica tu correo electrónico: te enviamos un enlace para confirmar tu cuenta.",
  resend: "Reenviar enlace",
  tokenRequired: "Falta el enlace",
} as const;

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
