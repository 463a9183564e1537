import { z } from "zod";
import { idSchema } from "../common/ids.ts";
import { CUSTODY_DISPUTED_MSG, CUSTODY_STATES, CUSTODY_TRANSACTION_TYPES, PAYMENT_MODES } from "./custody.ts";

/**
 * Disputes on a custody (issue 19 part 2): either party of a pending custody opens one
 * (POST /api/custodia/{id}/disputa); the custody waits in `en_disputa` (no timer, the code and the
 * cancel answer 409) until an admin resolves it from the desk (POST /api/admin/disputas/{id}/resolver):
 * `reembolsar` (the buyer's payment back, the asset back to its giver) or `liberar` (the payment to the
 * giver, the asset to the receiver), exactly once.
 */

export const DISPUTE_MOTIVOS = ["no_coincide", "no_entregado", "danado", "otro"] as const;
export type DisputeMotivo = (typeof DISPUTE_MOTIVOS)[number];
export const DISPUTE_MOTIVO_LABELS: Record<DisputeMotivo, string> = {
  no_coincide: "No coincide con lo publicado",
  no_entregado: "No me lo entregaron",
  danado: "Llegó dañado",
  otro: "Otro",
};

export const DISPUTE_RESULTS = ["reembolsar", "liberar"] as const;
export type DisputeResult = (typeof DISPUTE_RESULTS)[number];
export const DISPUTE_RESULT_LABELS: Record<DisputeResult, string> = {
  reembolsar: "Reembolsar a quien recibe",
  liberar: "Liberar a quien entrega",
};
export const DISPUTE_STATES = ["abierta", "resuelta"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** Evidence photos: at most this many per dispute, each at most DISPUTE_MAX_IMAGE_BYTES decoded. */
export const DISPUTE_MAX_IMAGES = 5;
export const DISPUTE_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_IMAGE_CHARS = Math.ceil((DISPUTE_MAX_IMAGE_BYTES / 3) * 4) + 64;
export const DISPUTE_DESCRIPTION_MIN = 10;
export const DISPUTE_DESCRIPTION_MAX = 2000;
export const DISPUTE_NOTE_MAX = 1000;

export const DISPUTE_MSG = {
  /** The 409 of the code, the cancel and a second dispute while an admin reviews the custody. */
  enDisputa: CUSTODY_DISPUTED_MSG,
  abierta: "Abriste una disputa: el equipo de Valoriza la revisará y les escribirá a ambos.",
  chatLeido: "El equipo de Valoriza leerá el chat entre ustedes sobre este activo para decidir.",
  motivoInvalido: "Elige el motivo de la disputa: no coincide, no entregado, dañado u otro",
  descripcionRequerida: `Describe qué pasó (al menos ${DISPUTE_DESCRIPTION_MIN} caracteres)`,
  descripcionLarga: `La descripción no puede tener más de ${DISPUTE_DESCRIPTION_MAX} caracteres`,
  demasiadasImagenes: `Puedes adjuntar hasta ${DISPUTE_MAX_IMAGES} fotos`,
  imagenInvalida: "Cada foto debe ser una imagen JPG, PNG, WEBP o GIF",
  imagenGrande: `Cada foto puede pesar hasta ${DISPUTE_MAX_IMAGE_BYTES / (1024 * 1024)} MB`,
  resultadoInvalido: "El resultado debe ser reembolsar o liberar",
  notaRequerida: "Escribe una nota para las partes (al menos 3 caracteres)",
  notaLarga: `La nota no puede tener más de ${DISPUTE_NOTE_MAX} caracteres`,
  reembolsada: "Disputa resuelta: el pago volvió a quien recibe y el activo a quien lo entregó",
  liberada: "Disputa resuelta: el pago pasó a quien entregó y el activo a quien lo recibe",
  yaResuelta: "Esta disputa ya fue resuelta",
  noEncontrada: "Disputa no encontrada",
  imagenNoEncontrada: "Foto no encontrada",
  propia: "No puedes resolver una disputa en la que participas",
  soloPendiente: "Solo puedes abrir una disputa sobre una custodia pendiente",
} as const;

/** POST /api/custodia/{id}/disputa */
export const openDisputeSchema = z.object({
  motivo: z.enum(DISPUTE_MOTIVOS, { error: DISPUTE_MSG.motivoInvalido }),
  descripcion: z
    .string({ error: DISPUTE_MSG.descripcionRequerida })
    .trim()
    .min(DISPUTE_DESCRIPTION_MIN, DISPUTE_MSG.descripcionRequerida)
    .max(DISPUTE_DESCRIPTION_MAX, DISPUTE_MSG.descripcionLarga),
  imagenes: z
    .array(
      z
        .string({ error: DISPUTE_MSG.imagenInvalida })
        .trim()
        .max(MAX_IMAGE_CHARS, { error: DISPUTE_MSG.imagenGrande, abort: true })
        .regex(/^data:image\/[a-z0-9.+-]+;base64,/i, DISPUTE_MSG.imagenInvalida),
      { error: DISPUTE_MSG.imagenInvalida },
    )
    .max(DISPUTE_MAX_IMAGES, DISPUTE_MSG.demasiadasImagenes)
    .default([]),
});
export type OpenDisputeInput = z.input<typeof openDisputeSchema>;
export type OpenDisputeData = z.output<typeof openDisputeSchema>;
/** Body limit of the route: every photo at its largest as base64, plus the rest. */
export const DISPUTE_BODY_LIMIT = DISPUTE_MAX_IMAGES * MAX_IMAGE_CHARS + 64 * 1024;

/** POST /api/admin/disputas/{id}/resolver */
export const resolveDisputeSchema = z.object({
  resultado: z.enum(DISPUTE_RESULTS, { error: DISPUTE_MSG.resultadoInvalido }),
  nota: z
    .string({ error: DISPUTE_MSG.notaRequerida })
    .trim()
    .min(3, DISPUTE_MSG.notaRequerida)
    .max(DISPUTE_NOTE_MAX, DISPUTE_MSG.notaLarga),
});
export type ResolveDisputeInput = z.infer<typeof resolveDisputeSchema>;

export const disputeIdParamsSchema = z.object({ id: idSchema("disputa") });
export const disputeImageParamsSchema = disputeIdParamsSchema.extend({
  n: z.coerce
    .number({ error: DISPUTE_MSG.imagenNoEncontrada })
    .int(DISPUTE_MSG.imagenNoEncontrada)
    .min(1, DISPUTE_MSG.imagenNoEncontrada)
    .max(DISPUTE_MAX_IMAGES, DISPUTE_MSG.imagenNoEncontrada),
});
export const adminDisputeListQuerySchema = z.object({
  estado: z.enum(DISPUTE_STATES, { error: "El estado debe ser abierta o resuelta" }).default("abierta"),
});

const person = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** One dispute as the admin's desk shows it: the custody, both parties, the evidence and their chat. */
export const adminDisputeSchema = z.object({
  _id: z.string(),
  estado: z.enum(DISPUTE_STATES),
  motivo: z.enum(DISPUTE_MOTIVOS),
  descripcion: z.string(),
  /** Who opened it and in which role. */
  abiertaPor: z.object({ _id: z.string(), name: z.string(), rol: z.enum(["oferente", "receptor"]) }),
  abiertaEn: z.string(),
  /** URLs of the evidence photos (admin only, never cached): /api/admin/disputas/{id}/imagenes/{n}. */
  imagenes: z.array(z.string()),
  custodia: z.object({
    _id: z.string(),
    estado: z.enum(CUSTODY_STATES),
    tipoTransaccion: z.enum(CUSTODY_TRANSACTION_TYPES),
    modoPago: z.enum(PAYMENT_MODES).nullable(),
    pagoCreditos: z.number().int(),
    creditosActivo: z.number().int(),
    montoCOP: z.number().int(),
    fechaIngreso: z.string(),
    activo: z.object({ _id: z.string(), title: z.string() }),
  }),
  oferente: person,
  receptor: person,
  /** The two parties' chat about the asset, oldest first (the latest messages). */
  chat: z.array(z.object({ de: z.string(), texto: z.string(), fecha: z.string() })),
  resultado: z.enum(DISPUTE_RESULTS).nullable(),
  nota: z.string().nullable(),
  resueltaEn: z.string().nullable(),
  resueltaPor: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;
export const adminDisputeListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminDisputeSchema),
});
export const adminDisputeResolveResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminDisputeSchema,
});
