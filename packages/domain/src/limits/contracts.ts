import { z } from "zod";

/** Why credits are in review (labels: SIGNAL_LABELS). */
export const REVIEW_REASONS = ["limite", "valor_alto", "rafaga", "tratos_repetidos"] as const;
const motivo = z.enum(REVIEW_REASONS);

/** One amount 'en revisión' of a person. */
export const reviewItemSchema = z.object({
  _id: z.string(),
  monto: z.number().int(),
  motivo,
  motivoTexto: z.string(),
  activo: z.object({ _id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

/** GET /api/limites/mios: the person's release window and what is in review, and why. */
export const myLimitsSchema = z.object({
  verificado: z.boolean(),
  limiteVentana: z.number().int().describe("Créditos de activos autodeclarados que se liberan por 30 días"),
  liberadosVentana: z.number().int(),
  disponibleVentana: z.number().int(),
  creditosEnRevision: z.number().int(),
  explicacion: z.string(),
  revisiones: z.array(reviewItemSchema),
});
export type MyLimits = z.infer<typeof myLimitsSchema>;
export const myLimitsResponseSchema = z.object({ success: z.literal(true), data: myLimitsSchema });

const person = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  registros: z.number().int(),
  creditosEmitidos: z.number().int(),
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
