import { z } from "zod";
import { idSchema } from "../common/ids.ts";
import { DONATION_MSG } from "./donation.messages.ts";
import { DONATION_TEMPLATES } from "./donation.templates.ts";
import type { ProcessSpec } from "./process.ts";

/**
 * Donation and gift (donación, regalo), deals.md: direct (a recipient) or
 * community (no recipient: listed publicly with 'Reclamar'; the first claim
 * wins). The asset is reserved while the donation waits; the recipient accepts
 * (or claims) and the asset changes owner, its hold released to the donor. The
 * recipient may reject, the donor may cancel; unaccepted donations expire after
 * 30 days. Gifts are donations with a recipient.
 */

export const DONATION_ROLES = ["donante", "beneficiario"] as const;
export const DONATION_STATES = ["pendiente", "completada", "cancelada"] as const;
/** The status the screens read (overview §4: 'completed' green, else orange). */
export const DONATION_STATUS: Record<string, "pending" | "completed" | "cancelled"> = {
  pendiente: "pending",
  completada: "completed",
  cancelada: "cancelled",
};
export const DONATION_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;
/** Purposes under which an asset may be donated or gifted. */
export const DONATION_PURPOSES = ["donar", "regalar", "donacion", "regalo"];

export const DONATION_PROCESS = {
  name: "donacion",
  roles: DONATION_ROLES,
  states: {
    pendiente: {
      label: "Pendiente",
      timers: [{ name: "vencimiento", transition: "expirar", afterMs: DONATION_EXPIRY_MS }],
    },
    completada: { label: "Completada", final: true },
    cancelada: { label: "Cancelada", final: true },
  },
  transitions: {
    donar: {
      label: "Donación creada",
      from: null,
      to: "pendiente",
      actors: ["donante"],
      guards: ["activoDonable"],
      effects: ["reservarActivo", "registrarActividad", "notificarPartes"],
    },
    // Also a community donation's claim: whoever claims it first takes the vacant beneficiary role.
    aceptar: {
      label: "Donación aceptada",
      from: ["pendiente"],
      to: "completada",
      actors: ["beneficiario"],
      claims: "beneficiario",
      // Taking the gift: refused between people who blocked each other (issue 19).
      guards: ["sinBloqueo", "activoEnOperacion"],
      effects: [
        "asignarBeneficiario",
        "liberarRetencionActivo",
        "transferirPropiedad",
        "liberarActivo",
        "registrarActividad",
        "notificarPartes",
      ],
      outcome: { resultado: "completado", confirma: "entrega" },
    },
    rechazar: {
      label: "Donación rechazada",
      from: ["pendiente"],
      to: "cancelada",
      actors: ["beneficiario"],
      guards: [],
      effects: ["liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "rechazado" },
    },
    cancelar: {
      label: "Donación cancelada por quien dona",
      from: ["pendiente"],
      to: "cancelada",
      actors: ["donante"],
      guards: [],
      effects: ["liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "cancelado" },
    },
    expirar: {
      label: "Donación vencida sin aceptarse",
      from: ["pendiente"],
      to: "cancelada",
      actors: ["sistema"],
      guards: [],
      effects: ["liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "vencido" },
    },
  },
  stateMessages: {
    completada: "Esta donación ya fue entregada",
    cancelada: "Esta donación fue cancelada",
    pendiente: "Esta donación aún está pendiente",
  },
  finishRefusedMessage:
    "Este activo está en una donación pendiente: se completa cuando quien la recibe la acepta o reclama",
  effects: {
    reservarActivo: { kind: "asset.reserve" },
    liberarActivo: { kind: "asset.release" },
    liberarRetencionActivo: { kind: "asset.releaseHold", description: 'Donación entregada: "{titulo}"' },
    transferirPropiedad: { kind: "asset.transfer", to: "beneficiario" },
    registrarActividad: {
      kind: "activity",
      movimiento: "{movimiento}",
      transaccion: "{transaccion}",
      conTitulo: true,
      activo: "assetId",
    },
    notificarPartes: { kind: "notify", tipo: "donacion_{transition}", relacionado: "activo" },
  },
  templates: DONATION_TEMPLATES,
} as const satisfies ProcessSpec;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /donations: donorId (the session user), assetId, recipientId (optional: blank = community), message. */
export const createDonationSchema = z
  .object({
    donorId: z.string().trim().optional(),
    assetId: z
      .string({ error: DONATION_MSG.required })
      .trim()
      .regex(UUID_RE, { message: DONATION_MSG.required })
      .transform((s) => s.toLowerCase()),
    recipientId: z
      .string()
      .trim()
      .refine((s) => s === "" || UUID_RE.test(s), { message: DONATION_MSG.recipientNotFound })
      .transform((s) => (s === "" ? null : s.toLowerCase()))
      .nullish(),
    message: z
      .string({ error: DONATION_MSG.required })
      .trim()
      .min(1, DONATION_MSG.required)
      .max(1000, "El mensaje no puede superar 1000 caracteres"),
    /** 'regalo' from /regalar: then the recipient is required. */
    kind: z.enum(["donacion", "regalo"], { error: "El tipo debe ser donacion o regalo" }).optional(),
  })
  .superRefine((d, ctx) => {
    // A gift without recipient is invalid input (400 VALIDATION), not a rule of the deal (issue 15 item 23).
    if (d.kind === "regalo" && !d.recipientId)
      ctx.addIssue({ code: "custom", path: ["recipientId"], message: DONATION_MSG.giftRecipientRequired });
  });
export type CreateDonationInput = z.input<typeof createDonationSchema>;

export const donationIdParamsSchema = z.object({ id: idSchema("donacion") });

export const donationSchema = z.object({
  _id: z.string(),
  assetId: z.object({ _id: z.string(), title: z.string() }),
  donorId: z.object({ _id: z.string(), name: z.string() }),
  recipientId: z.object({ _id: z.string(), name: z.string() }).nullable(),
  message: z.string(),
  status: z.enum(["pending", "completed", "cancelled"]),
  community: z.boolean(),
  /** 'regalo' when sent from /regalar, else 'donacion'. */
  kind: z.enum(["donacion", "regalo"]),
  /** The step that closed it; null while pending. */
  closedBy: z.enum(["aceptar", "reclamar", "rechazar", "cancelar", "expirar"]).nullable(),
  createdAt: z.string(),
});
export type Donation = z.infer<typeof donationSchema>;

export const communityDonationSchema = z.object({
  _id: z.string(),
  assetId: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  donorName: z.string(),
  message: z.string(),
});

/**
 * GET /donations/asset/{assetId} (session optional): the asset's pending donation as the asset page
 * shows it to whoever looks. A community donation is public (donor, message; anyone signed in but the
 * donor may claim it). A direct donation or gift shows its details only to its donor and its
 * recipient; anyone else gets `_id` and `details` null and `reservedForSomeoneElse` true, so nothing
 * about the recipient leaks.
 */
export const assetDonationSchema = z.object({
  _id: z.string().nullable(),
  assetId: z.string(),
  community: z.boolean(),
  status: z.literal("pending"),
  /** The viewer's part in it: donante, beneficiario, or null (a visitor, or not signed in). */
  role: z.enum(["donante", "beneficiario"]).nullable(),
  /** A direct donation or gift for another person: the viewer can neither see nor take it. */
  reservedForSomeoneElse: z.boolean(),
  details: z
    .object({
      donorId: z.object({ _id: z.string(), name: z.string() }),
      recipientId: z.object({ _id: z.string(), name: z.string() }).nullable(),
      message: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type AssetDonation = z.infer<typeof assetDonationSchema>;
export const assetDonationResponseSchema = z.object({
  success: z.literal(true),
  /** null: no pending donation on this asset. */
  data: assetDonationSchema.nullable(),
});
export type AssetDonationResponse = z.infer<typeof assetDonationResponseSchema>;
