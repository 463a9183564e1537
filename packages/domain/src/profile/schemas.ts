import { z } from "zod";
import { isBlankText } from "../common/text.ts";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SEXOS, USER_TYPES, VISIBILITIES } from "../constants.ts";
import { MSG } from "../messages.ts";

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} no puede tener más de ${max} caracteres`);

const isoDate = z
  .string()
  .trim()
  .refine(
    (s) => s === "" || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s))),
    "La fecha de nacimiento debe tener el formato AAAA-MM-DD",
  )
  .refine((s) => s === "" || (s >= "1900-01-01" && Date.parse(s) <= Date.now()), "La fecha de nacimiento no es válida");

/** Social networks; in an update, a network not sent keeps its value. */
export const redesSchema = z.object({
  facebook: optionalText(200, "Facebook").optional(),
  instagram: optionalText(200, "Instagram").optional(),
  linkedin: optionalText(200, "LinkedIn").optional(),
});

/**
 * PUT /api/profile. Every editable field of overview §3. email, isAdmin,
 * credits and verified are not part of it: unknown keys are dropped.
 */
export const profileUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, MSG.nameRequired)
    .max(NAME_MAX, `El nombre no puede tener más de ${NAME_MAX} caracteres`)
    .refine((v) => !isBlankText(v), MSG.nameRequired)
    .optional(),
  apellido: optionalText(NAME_MAX, "El apellido").optional(),
  pais: optionalText(80, "El país").optional(),
  ciudad: optionalText(80, "La ciudad").optional(),
  telefono: z
    .string()
    .trim()
    .max(30, "El teléfono no puede tener más de 30 caracteres")
    .refine((s) => s === "" || /^[+()\d\s-]{7,30}$/.test(s), "Ingresa un teléfono válido")
    .optional(),
  sexo: z.enum(SEXOS, { error: "Selecciona una opción de sexo válida" }).optional(),
  fechaNacimiento: isoDate.optional(),
  userType: z.enum(USER_TYPES, { error: "Selecciona un tipo de usuario válido" }).optional(),
  visibility: z.enum(VISIBILITIES, { error: "Selecciona una visibilidad válida" }).optional(),
  description: optionalText(1000, "La descripción").optional(),
  redes: redesSchema.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  apellido: z.string(),
  email: z.string(),
  verified: z.boolean(),
  pais: z.string(),
  ciudad: z.string(),
  telefono: z.string(),
  sexo: z.enum(SEXOS),
  fechaNacimiento: z.string(),
  userType: z.enum(USER_TYPES),
  visibility: z.enum(VISIBILITIES),
  description: z.string(),
  redes: z.object({ facebook: z.string(), instagram: z.string(), linkedin: z.string() }),
  credits: z.number(),
  creditosDisponibles: z.number(),
  creditosBloqueados: z.number(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  /** false until the person follows the mailed verification link (issue 16). */
  emailVerificado: z.boolean(),
  /** The terms and privacy policy accepted (version, ISO date); null when none (issue 16). */
  consentimiento: z.object({ version: z.string(), fecha: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MSG.passwordFieldsRequired })
    .min(1, MSG.passwordFieldsRequired)
    .max(128, MSG.currentPasswordWrong),
  newPassword: z
    .string({ error: MSG.passwordFieldsRequired })
    .min(1, MSG.passwordFieldsRequired)
    .min(PASSWORD_MIN, MSG.newPasswordMin)
    .max(PASSWORD_MAX, MSG.passwordMax),
});

/** The web form: three fields, confirmation must match (spec §5). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.passwordFieldsRequired),
    newPassword: z.string().min(1, MSG.passwordFieldsRequired).min(PASSWORD_MIN, MSG.newPasswordMin),
    confirmPassword: z.string().min(1, MSG.passwordFieldsRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ["confirmPassword"],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;
