import { z } from "zod";

/** Why credits are in review (labels: SIGNAL_LABELS). */
export const REVIEW_REASONS = [
  "limite",
  "verificacion",
  "freno",
  "concentracion",
  "valor_alto",
  "rafaga",
  "tratos_repetidos",
] as const;
const motivo = z.enum(REVIEW_REASONS);
/** What a review waits for (labels: REVIEW_WAITS). */
export const REVIEW_WAIT_KINDS = ["verificacion", "ventana", "freno", "administrador"] as const;

/** One amount 'en revisión' of a person. */
export const reviewItemSchema = z.object({
  _id: z.string(),
  monto: z.number().int().describe("Créditos que siguen en revisión"),
  montoOriginal: z.number().int().describe("Créditos que entraron en revisión (una parte puede haberse liberado ya)"),
  motivo,
  motivoTexto: z.string(),
  espera: z
    .enum(REVIEW_WAIT_KINDS)
    .describe("Qué espera: la verificación, la ventana, el tope diario o un administrador"),
  fechaLiberacion: z
    .string()
    .nullable()
    .describe(
      "ISO 8601: cuándo se liberan (estimado con el tope diario); null si esperan una verificación o un administrador",
    ),
  activo: z.object({ _id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** GET /api/limites/mios: the person's release window and what is in review, and why. */
export const myLimitsSchema = z.object({
  verificado: z.boolean().describe("Identidad verificada"),
  limiteVentana: z
    .number()
    .int()
    .describe("Créditos de activos autodeclarados que se liberan por 30 días (0 sin verificación)"),
  liberadosVentana: z.number().int(),
  disponibleVentana: z.number().int(),
  topeSinVerificar: z.number().int().describe("Créditos disponibles que puede tener una cuenta sin verificación"),
  verificacionRequerida: z.boolean().describe("Hay créditos que esperan la verificación de identidad"),
  creditosEnRevision: z.number().int(),
  explicacion: z.string(),
  revisiones: z.array(reviewItemSchema),
});
export type MyLimits = z.infer<typeof myLimitsSchema>;
export const myLimitsResponseSchema = z.object({ success: z.literal(true), data: myLimitsSchema });
export type MyLimitsResponse = z.infer<typeof myLimitsResponseSchema>;

const person = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  registros: z.number().int().describe("Registros hechos (también los de activos que ya vendió o regaló)"),
  creditosEmitidos: z.number().int().describe("Créditos emitidos por sus registros"),
  ventas: z.number().int().describe("Ventas completadas como vendedor"),
  limiteVentana: z.number().int(),
  liberadosVentana: z.number().int(),
});

/** One entry of the admin's review queue, with its evidence. */
export const adminReviewSchema = reviewItemSchema.extend({
  persona: person,
  evidencia: z.object({
    activo: z
      .object({
        _id: z.string(),
        title: z.string(),
        category: z.string(),
        assetType: z.string(),
        baseValueCOP: z.number(),
        creditosAsignados: z.number().int(),
      })
      .nullable(),
    tratos: z.array(
      z.object({ _id: z.string(), process: z.string(), state: z.string(), contraparte: z.string().nullable() }),
    ),
    contraparte: z.object({ _id: z.string(), name: z.string(), email: z.string(), verified: z.boolean() }).nullable(),
  }),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewListResponseSchema = z.object({ success: z.literal(true), data: z.array(adminReviewSchema) });
export const reviewApprovedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string(), liberados: z.number().int(), userId: z.string() }),
});
export const userVerifiedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string(), verified: z.literal(true) }),
});

/** PUT /api/admin/usuarios/{id}/limite: an admin raises one verified person's 30-day window. */
export const raiseWindowBodySchema = z.object({
  limite: z.coerce
    .number({ error: "El límite debe ser un número" })
    .int("El límite debe ser un número entero")
    .min(10_000, "El límite no puede ser menor que 10.000 créditos")
    .max(1_000_000, "El límite no puede superar 1.000.000 créditos"),
});
export const raiseWindowResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string(), limiteVentana: z.number().int() }),
});

/** A fan-in signal on the desk: an account received credits from several young accounts in 7 days. */
export const adminSignalSchema = z.object({
  _id: z.string(),
  motivo: z.literal("abanico"),
  motivoTexto: z.string(),
  persona: z.object({ _id: z.string(), name: z.string(), email: z.string(), verified: z.boolean() }),
  remitentes: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      cuentaCreada: z.string().describe("ISO 8601"),
      creditos: z.number().int().describe("Créditos que le envió en los 7 días"),
    }),
  ),
  createdAt: z.string(),
});
export type AdminSignal = z.infer<typeof adminSignalSchema>;
export const adminSignalListResponseSchema = z.object({ success: z.literal(true), data: z.array(adminSignalSchema) });
export const signalReviewedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string(), status: z.literal("revisada") }),
});
