import { z } from "zod";
import { UUID_RE } from "../common/ids.ts";
import { formatNumber } from "../economy/format.ts";
import { reputationSchema } from "../reputation/index.ts";
import { REVIEW_COMMENT_MAX } from "./process.ts";

/** Spanish messages of the reviews area (issue 19 part 1). */
export const REVIEW_MSG = {
  yaCalificaste: "Ya calificaste esta operación.",
  enCurso: "Esta operación todavía está en curso.",
  soloPartes: "Solo las partes de la operación pueden calificarla.",
  plazoTerminado: "El plazo para calificar esta operación terminó.",
  noCalificable: "Solo se califican las operaciones completadas entre dos personas.",
  operacionNoEncontrada: "Operación no encontrada",
  operacionInvalida: "El identificador de la operación no es válido",
  puntuacionInvalida: "La puntuación debe ser un número entero de 1 a 5.",
  comentarioLargo: `El comentario puede tener hasta ${formatNumber(REVIEW_COMMENT_MAX)} caracteres.`,
  guardada:
    "¡Gracias! Tu calificación quedó guardada. Se publicará cuando la otra parte califique o al terminar el plazo.",
  publicada: "¡Gracias! Ambas partes calificaron: las calificaciones ya están publicadas.",
  usuarioNoEncontrado: "Esta persona no existe o eliminó su cuenta.",
  perfilPrivado: "Esta persona mantiene su perfil privado.",
  perfilNoDisponible: "Este perfil no está disponible.",
  perfilSoloVerificados: "Solo las personas con identidad verificada pueden ver este perfil.",
} as const;

/** POST /api/resenas: the deal reviewed (its `_id`), 1 to 5 stars and an optional comment. */
export const createReviewSchema = z.object({
  operacionId: z
    .string({ error: REVIEW_MSG.operacionInvalida })
    .trim()
    .max(36, REVIEW_MSG.operacionInvalida)
    .regex(UUID_RE, { message: REVIEW_MSG.operacionInvalida })
    .transform((s) => s.toLowerCase()),
  puntuacion: z
    .number({ error: REVIEW_MSG.puntuacionInvalida })
    .int(REVIEW_MSG.puntuacionInvalida)
    .min(1, REVIEW_MSG.puntuacionInvalida)
    .max(5, REVIEW_MSG.puntuacionInvalida),
  comentario: z
    .string({ error: REVIEW_MSG.comentarioLargo })
    .trim()
    .max(REVIEW_COMMENT_MAX, REVIEW_MSG.comentarioLargo)
    .optional()
    .default(""),
});
export type CreateReviewInput = z.infer<typeof createReviewSchema>;

const person = z.object({ _id: z.string(), name: z.string() });

/** One deal I can still review (GET /api/resenas/pendientes). */
export const pendingReviewSchema = z.object({
  operacionId: z.string().describe("El _id de la custodia, propuesta, préstamo, reserva o donación"),
  contraparte: person,
  activo: z.object({ _id: z.string(), title: z.string() }).nullable(),
  completadaEn: z.string().describe("ISO 8601: cuándo terminó la operación"),
  cierraEn: z.string().describe("ISO 8601: hasta cuándo se puede calificar"),
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;
export const pendingReviewsResponseSchema = z.object({ success: z.literal(true), data: z.array(pendingReviewSchema) });

/** POST /api/resenas answer: my review (hidden until published) and whether the round is published. */
export const createdReviewResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    operacionId: z.string(),
    puntuacion: z.number().int(),
    comentario: z.string(),
    publicada: z.boolean(),
  }),
});

/** A published review as anyone sees it. */
export const publicReviewSchema = z.object({
  _id: z.string(),
  autor: person,
  puntuacion: z.number().int().min(1).max(5),
  comentario: z.string(),
  fecha: z.string().describe("ISO 8601: cuándo se publicó"),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** The average (1 decimal; null without reviews) and how many published reviews a person has. */
export const reviewSummarySchema = z.object({ promedio: z.number().nullable(), cantidad: z.number().int() });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /api/resenas/usuario/{userId} (public): the published reviews about a person, newest first. */
export const userReviewsResponseSchema = z.object({
  success: z.literal(true),
  promedio: z.number().nullable(),
  cantidad: z.number().int(),
  data: z.array(publicReviewSchema),
});
export type UserReviewsResponse = z.infer<typeof userReviewsResponseSchema>;

/**
 * GET /api/usuarios/{id}/perfil: what others may see of a person, as the person's profile visibility
 * allows (publico: anyone; validado: people with a verified identity; privado: nobody but them).
 * Never email or contact data.
 */
export const publicProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  apellido: z.string(),
  ciudad: z.string(),
  departamento: z.string(),
  miembroDesde: z.string().describe("ISO 8601"),
  verificado: z.boolean().describe("Identidad verificada"),
  reputacion: reputationSchema,
  resenas: reviewSummarySchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;
export const publicProfileResponseSchema = z.object({ success: z.literal(true), data: publicProfileSchema });

/** The average as shown: one decimal, null without reviews. */
export function reviewAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
