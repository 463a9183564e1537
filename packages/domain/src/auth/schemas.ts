import { z } from "zod";
import { isBlankText } from "../common/text.ts";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../constants.ts";
import { MSG } from "../messages.ts";

/** The sign-up form's consent checkbox, left unticked. */
export const CONSENT_REQUIRED = "Debes aceptar los Términos y la Política de tratamiento de datos personales";

const requiredText = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} no puede tener más de ${max} caracteres`)
    .refine((v) => !isBlankText(v), required);

export const emailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((e) => e.toLowerCase());

export const newPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax);

export const registerSchema = z.object({
  name: requiredText(MSG.nameRequired, NAME_MAX, "El nombre"),
  // One client variant does not ask for apellido (spec §5): the server accepts it missing.
  apellido: z
    .string({ error: MSG.apellidoRequired })
    .trim()
    .max(NAME_MAX, `El apellido no puede tener más de ${NAME_MAX} caracteres`)
    .optional()
    .default(""),
  email: emailSchema,
  password: newPasswordSchema,
  /**
   * Consent to the terms and the privacy policy (Ley 1581; issue 16): true records TERMINOS_VERSION
   * and the date. Optional at the API: an account without it is asked in a blocking dialog.
   */
  aceptaTerminos: z.boolean({ error: "aceptaTerminos debe ser true o false" }).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The registration form of the web, where apellido is required. */
export const registerFormSchema = registerSchema.extend({
  apellido: requiredText(MSG.apellidoRequired, NAME_MAX, "El apellido"),
  aceptaTerminos: z.boolean().refine((v) => v, CONSENT_REQUIRED),
});
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(PASSWORD_MAX, MSG.badCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

export const sessionUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  apellido: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  /** emailVerificado: false until the person follows the mailed link (issue 16). */
  data: sessionUserSchema.extend({ token: z.string(), emailVerificado: z.boolean() }),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
