import { z } from "zod";
import { UUID_RE } from "../common/ids.ts";

/**
 * Identity verification (issue 17 item 1, ADR 021): a person sends a photo of an identity document
 * and a selfie; an admin approves or rejects it on the desk. The request and answer contracts, and
 * every Spanish message of the area, live here.
 */

/** Documents accepted in Colombia: cédula, cédula de extranjería, Permiso por Protección Temporal, pasaporte. */
export const TIPOS_DOCUMENTO = ["CC", "CE", "PPT", "PA"] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];
export const TIPO_DOCUMENTO_LABELS: Record<TipoDocumento, string> = {
  CC: "Cédula de ciudadanía",
  CE: "Cédula de extranjería",
  PPT: "Permiso por Protección Temporal (PPT)",
  PA: "Pasaporte",
};

/** The person's state: 'ninguna' until the first submission. */
export const ESTADOS_IDENTIDAD = ["ninguna", "pendiente", "aprobada", "rechazada"] as const;
export type EstadoIdentidad = (typeof ESTADOS_IDENTIDAD)[number];
export const ESTADO_IDENTIDAD_LABELS: Record<EstadoIdentidad, string> = {
  ninguna: "Sin verificar",
  pendiente: "En revisión",
  aprobada: "Aprobada",
  rechazada: "Rechazada",
};

/**
 * Version of the biometric-data consent text shown on the form (Ley 1581 de 2012, art. 6: a selfie is
 * sensitive data; its treatment needs explicit, optional authorization). Stored with each submission.
 */
export const CONSENTIMIENTO_BIOMETRICO_VERSION = "2026-11-26";
export const CONSENTIMIENTO_BIOMETRICO_TEXTO =
  "Autorizo a Valoriza a tratar la foto de mi documento y mi selfie (dato biométrico, dato sensible según la Ley 1581 de 2012) " +
  "solo para verificar mi identidad. Entiendo que no estoy obligado a entregar datos sensibles, que solo el equipo de " +
  "administración los verá y que se borran al eliminar mi cuenta.";

/** Each image as a data URL: 5 MB decoded at most (as asset photos), so ~7 MB of base64 text. */
export const MAX_IDENTITY_IMAGE_CHARS = Math.ceil(((5 * 1024 * 1024) / 3) * 4) + 64;
export const MOTIVO_RECHAZO_MAX = 500;

export const IDENTITY_MSG = {
  tipoRequerido: "Elige el tipo de documento: cédula de ciudadanía, cédula de extranjería, PPT o pasaporte",
  numeroRequerido: "Escribe el número de tu documento",
  numeroCC: "El número de cédula tiene solo dígitos (entre 3 y 10)",
  numeroOtro: "El número del documento tiene entre 3 y 15 letras o dígitos",
  fotoDocumentoRequerida: "Adjunta una foto de tu documento",
  selfieRequerida: "Adjunta una selfie (una foto de tu cara)",
  imagenInvalida: (que: string) => `${que} no es válida: debe ser una imagen JPG, PNG, WEBP o GIF`,
  imagenGrande: (que: string) => `${que} supera el tamaño máximo de 5 MB`,
  fotoDocumento: "La foto del documento",
  selfie: "La selfie",
  emailNoVerificado:
    "Primero verifica tu correo electrónico: abre el enlace que te enviamos (o pide otro desde el aviso de la parte superior) y vuelve a intentarlo.",
  pendiente: "Ya enviaste tus documentos y están en revisión. Te avisaremos por correo y en la aplicación.",
  yaAprobada: "Tu identidad ya está verificada.",
  documentoEnUso:
    "Ese número de documento ya está registrado en otra cuenta de Valoriza. Cada documento puede verificar una sola cuenta; si crees que es un error, escríbenos a soporte@valoriza.co.",
  enviada: "Recibimos tus documentos. Te avisaremos por correo y en la aplicación cuando revisemos tu identidad.",
  noEncontrada: "Verificación no encontrada",
  yaDecidida: "Otra persona del equipo ya decidió esta verificación. Actualiza la lista.",
  motivoRequerido: "Escribe el motivo del rechazo: la persona lo verá para corregir y volver a enviar",
  motivoLargo: `El motivo no puede tener más de ${MOTIVO_RECHAZO_MAX} caracteres`,
  aprobadaAdmin: "Identidad aprobada: la cuenta quedó verificada",
  rechazadaAdmin: "Verificación rechazada: la persona recibió el motivo",
  idInvalido: "El identificador de la verificación no es válido",
  imagenTipoInvalido: "La imagen pedida no existe: usa documento o selfie",
  // In-app notifications (the mails say the same).
  notifAprobadaTitulo: "Tu identidad fue verificada",
  notifAprobadaTexto: "Revisamos tus documentos y tu cuenta quedó verificada.",
  notifRechazadaTitulo: "No pudimos verificar tu identidad",
  notifRechazadaTexto: (motivo: string) =>
    `Motivo: ${motivo.trim().replace(/[.\s]*$/, ".")} Puedes corregirlo y enviar tus documentos de nuevo.`,
} as const;

const dataUrl = (que: string, requerida: string) =>
  z
    .string({ error: requerida })
    .trim()
    .min(1, { error: requerida, abort: true })
    .max(MAX_IDENTITY_IMAGE_CHARS, { error: IDENTITY_MSG.imagenGrande(que), abort: true })
    .regex(/^data:image\/[a-z0-9.+-]+;base64,/i, IDENTITY_MSG.imagenInvalida(que));

/** A document number as stored: upper case, without spaces, dots or dashes ('1.020.304-5' → '10203045'). */
export const normalizeNumeroDocumento = (s: string): string => s.replace(/[\s.-]/g, "").toUpperCase();

/** POST /api/verificacion/identidad */
export const identitySubmitSchema = z
  .object({
    tipoDocumento: z.enum(TIPOS_DOCUMENTO, { error: IDENTITY_MSG.tipoRequerido }),
    numeroDocumento: z
      .string({ error: IDENTITY_MSG.numeroRequerido })
      .max(40, IDENTITY_MSG.numeroOtro)
      .transform(normalizeNumeroDocumento)
      .refine((s) => s.length > 0, IDENTITY_MSG.numeroRequerido),
    fotoDocumento: dataUrl(IDENTITY_MSG.fotoDocumento, IDENTITY_MSG.fotoDocumentoRequerida),
    selfie: dataUrl(IDENTITY_MSG.selfie, IDENTITY_MSG.selfieRequerida),
  })
  .superRefine((v, ctx) => {
    if (!v.numeroDocumento) return;
    const ok =
      v.tipoDocumento === "CC" ? /^\d{3,10}$/.test(v.numeroDocumento) : /^[A-Z0-9]{3,15}$/.test(v.numeroDocumento);
    if (!ok) {
      ctx.addIssue({
        code: "custom",
        path: ["numeroDocumento"],
        message: v.tipoDocumento === "CC" ? IDENTITY_MSG.numeroCC : IDENTITY_MSG.numeroOtro,
      });
    }
  });
export type IdentitySubmitInput = z.input<typeof identitySubmitSchema>;
export type IdentitySubmit = z.output<typeof identitySubmitSchema>;

/** POST /api/admin/verificaciones/{id}/rechazar */
export const identityRejectSchema = z.object({
  motivo: z
    .string({ error: IDENTITY_MSG.motivoRequerido })
    .trim()
    .min(3, IDENTITY_MSG.motivoRequerido)
    .max(MOTIVO_RECHAZO_MAX, IDENTITY_MSG.motivoLargo),
});
export type IdentityRejectInput = z.infer<typeof identityRejectSchema>;

export const identityIdParamsSchema = z.object({
  id: z
    .string({ error: IDENTITY_MSG.idInvalido })
    .trim()
    .regex(UUID_RE, { message: IDENTITY_MSG.idInvalido })
    .transform((s) => s.toLowerCase()),
});
export const IDENTITY_IMAGES = ["documento", "selfie"] as const;
export type IdentityImage = (typeof IDENTITY_IMAGES)[number];
export const identityImageParamsSchema = identityIdParamsSchema.extend({
  imagen: z.enum(IDENTITY_IMAGES, { error: IDENTITY_MSG.imagenTipoInvalido }),
});

/** GET /api/verificacion/identidad: the person's state; `motivo` only when rejected. */
export const identityStatusSchema = z.object({
  estado: z.enum(ESTADOS_IDENTIDAD),
  motivo: z.string().nullable().describe("Motivo del rechazo; null si no fue rechazada"),
  enviadaEn: z.string().nullable().describe("Fecha (ISO 8601) del último envío; null si nunca envió"),
});
export type IdentityStatus = z.infer<typeof identityStatusSchema>;
export const identityStatusResponseSchema = z.object({ success: z.literal(true), data: identityStatusSchema });
export const identitySubmittedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: identityStatusSchema,
});

/** One submission on the admin's desk. The images are admin-only URLs of the API (fetched with the session). */
export const adminIdentitySchema = z.object({
  _id: z.string(),
  estado: z.enum(["pendiente", "aprobada", "rechazada"]),
  tipoDocumento: z.enum(TIPOS_DOCUMENTO),
  numeroDocumento: z.string(),
  motivo: z.string().nullable(),
  usuario: z.object({
    _id: z.string(),
    name: z.string(),
    apellido: z.string(),
    email: z.string(),
    createdAt: z.string(),
  }),
  enviadaEn: z.string(),
  decididaEn: z.string().nullable(),
  decididaPor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  imagenes: z.object({
    documento: z.string().describe("GET con sesión de administración: la foto del documento (image/webp)"),
    selfie: z.string().describe("GET con sesión de administración: la selfie (image/webp)"),
  }),
});
export type AdminIdentity = z.infer<typeof adminIdentitySchema>;
export const adminIdentityListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminIdentitySchema),
  counts: z.object({ pendiente: z.number().int(), aprobada: z.number().int(), rechazada: z.number().int() }),
});
export const adminIdentityListQuerySchema = z.object({
  estado: z.enum(["pendiente", "aprobada", "rechazada"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const adminIdentityDecisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminIdentitySchema,
});
