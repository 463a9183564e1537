import { z } from "zod";
import { isBlankText } from "../common/text.ts";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SEXOS, USER_TYPES, VISIBILITIES } from "../constants.ts";
import { MSG } from "../messages.ts";

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} no puede tener más de ${max} caracteres`);

/** A real calendar day written AAAA-MM-DD ('2026-02-30' is not one: Date.parse would roll it to March). */
const isCalendarDay = (s: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const isoDate = z
  .string({ error: "La fecha de nacimiento debe tener el formato AAAA-MM-DD" })
  .trim()
  .refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), "La fecha de nacimiento debe tener el formato AAAA-MM-DD")
  .refine(
    (s) => s === "" || !/^\d{4}-\d{2}-\d{2}$/.test(s) || isCalendarDay(s),
    "La fecha de nacimiento no existe en el calendario",
  )
  .refine(
    (s) => s === "" || !isCalendarDay(s) || (s >= "1900-01-01" && Date.parse(s) <= Date.now()),
    "La fecha de nacimiento no es válida",
  );

/** Where a handle of each network lives: '@laurarios' on Instagram is https://www.instagram.com/laurarios. */
const NETWORK_SITES = {
  facebook: { label: "Facebook", base: "https://www.facebook.com/", hosts: ["facebook.com", "fb.com"] },
  instagram: { label: "Instagram", base: "https://www.instagram.com/", hosts: ["instagram.com"] },
  linkedin: { label: "LinkedIn", base: "https://www.linkedin.com/", hosts: ["linkedin.com"] },
} as const;

/**
 * A social network link: stored and answered only as an http(s) URL (issue 15 item 24). An http(s) address
 * is kept; a bare one of the network ('facebook.com/laura') or a handle ('@laura', LinkedIn 'in/laura') is
 * made one; any other scheme (javascript:, data:, ...) or text is refused.
 */
const networkLink = (network: keyof typeof NETWORK_SITES) => {
  const { label, base, hosts } = NETWORK_SITES[network];
  const message = `${label}: escribe un enlace que empiece por https:// (por ejemplo ${base}tu-perfil) o tu usuario`;
  return z
    .string({ error: message })
    .trim()
    .max(200, `${label} no puede tener más de 200 caracteres`)
    .transform((s, ctx) => {
      if (s === "") return "";
      const bareSite = new RegExp(`^(www\\.)?(${hosts.map((h) => h.replace(".", "\\.")).join("|")})(/|$)`, "i");
      const handle = network === "linkedin" ? /^(in|company)\/[\w.-]{1,100}\/?$/i : /^@?[\w.-]{1,100}$/;
      const candidate = /^https?:\/\//i.test(s)
        ? s
        : bareSite.test(s)
          ? `https://${s}`
          : handle.test(s)
            ? `${base}${s.replace(/^@/, "")}`
            : null;
      let url: URL | null = null;
      try {
        url = candidate ? new URL(candidate) : null;
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname.includes(".")) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return candidate as string;
    });
};

/** Social networks; in an update, a network not sent keeps its value. */
export const redesSchema = z.object({
  facebook: networkLink("facebook").optional(),
  instagram: networkLink("instagram").optional(),
  linkedin: networkLink("linkedin").optional(),
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
