import { z } from "zod";
import { idSchema } from "../common/ids.ts";
import type { ProcessSpec } from "./process.ts";
import { isCalendarDate, RENTAL_MAX_DAYS, RENTAL_MAX_PRICE_PER_DAY, RENTAL_MSG, rentalDays } from "./rental.rules.ts";
import { RENTAL_TEMPLATES } from "./rental.templates.ts";
import { balanceSchema } from "./schemas.ts";

/**
 * Rental (alquiler), deals.md "Rental". Two records:
 * - the publication (`Rental`, spec: _id, assetId (title), ownerId, pricePerDay, startDate, endDate,
 *   terms, status): the owner offers one of their `alquilar` assets for a period at a price per day.
 *   It is not a deal: nothing moves when it is published.
 * - the booking (`RentalBooking`): a deal of the `alquiler` process. A renter books whole days inside
 *   the publication's period and pays pricePerDay x days into escrow (renter disponible -> custodia)
 *   in the same transaction. Overlapping bookings of one asset are refused by the database (an
 *   exclusion constraint on the date range). The owner finishes the booking once its period has
 *   started (payment to the owner, the asset's first-completion release); either party may cancel
 *   before the first day (full refund). A booking nobody finishes is closed by the system a few days
 *   after its last day (payment to the owner), so no escrow waits forever.
 *
 * Dates are calendar days in Colombia (America/Bogota, UTC-5, no DST), written YYYY-MM-DD; both ends
 * are included (a booking from 2026-12-01 to 2026-12-03 is 3 days).
 */

export const RENTAL_ROLES = ["arrendatario", "arrendador"] as const;
export const RENTAL_BOOKING_STATES = ["reservada", "finalizada", "cancelada"] as const;
export type RentalBookingState = (typeof RENTAL_BOOKING_STATES)[number];
/** Publication status as stored; 'finished' is computed on read once endDate has passed. */
export const RENTAL_STATUSES = ["active", "closed", "finished"] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A booking still 'reservada' this long after its last day is closed by the system (owner paid). */
export const RENTAL_AUTO_CLOSE_AFTER_END_MS = 3 * DAY_MS;
/** Purposes under which an asset may be rented out. */
export const RENTAL_PURPOSES = ["alquilar", "alquiler"];

export const RENTAL_PROCESS = {
  name: "alquiler",
  roles: RENTAL_ROLES,
  states: {
    // The closing timer counts from the booking's last day (the rentals area gives the engine that
    // date), not from when the booking was made.
    reservada: {
      label: "Reservada",
      timers: [
        { name: "cierre", transition: "cerrar", afterMs: RENTAL_AUTO_CLOSE_AFTER_END_MS, relativeTo: "endDate" },
      ],
    },
    finalizada: { label: "Finalizada", final: true },
    cancelada: { label: "Cancelada", final: true },
  },
  transitions: {
    reservar: {
      label: "Reserva pagada",
      from: null,
      to: "reservada",
      actors: ["arrendatario"],
      guards: ["alquilerReservable"],
      effects: ["cobrarAlquiler", "reservarActivo", "registrarActividad", "notificarPartes"],
    },
    finalizar: {
      label: "Alquiler finalizado por el dueño",
      from: ["reservada"],
      to: "finalizada",
      actors: ["arrendador"],
      guards: ["periodoIniciado"],
      effects: ["pagarAlquiler", "liberarRetencionActivo", "liberarActivo", "registrarActividad", "notificarPartes"],
      completesOperation: true,
      outcome: { resultado: "completado", confirma: "entrega" },
    },
    // The period is over and nobody objected: the rental was completed (ADR 016 counts it as a handover).
    cerrar: {
      label: "Alquiler cerrado por el sistema tras su último día",
      from: ["reservada"],
      to: "finalizada",
      actors: ["sistema"],
      guards: [],
      effects: ["pagarAlquiler", "liberarRetencionActivo", "liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "completado", confirma: "entrega" },
    },
    // Either party: the outcome names whichever cancelled it.
    cancelar: {
      label: "Reserva cancelada antes de empezar",
      from: ["reservada"],
      to: "cancelada",
      actors: ["arrendatario", "arrendador"],
      guards: ["antesDelInicio"],
      effects: ["reembolsarAlquiler", "liberarActivo", "registrarActividad", "notificarPartes"],
      outcome: { resultado: "cancelado" },
    },
  },
  stateMessages: {
    reservada: "Esta reserva aún está en curso",
    finalizada: "Este alquiler ya fue finalizado",
    cancelada: "Esta reserva fue cancelada",
  },
  finishRefusedMessage: "Este alquiler aún no ha comenzado: puedes cancelar la reserva desde Alquilar",
  effects: {
    cobrarAlquiler: {
      kind: "ledger.escrowPay",
      from: "arrendatario",
      amount: "total",
      description: 'Pago en custodia por el alquiler de "{titulo}" {periodo}',
    },
    pagarAlquiler: {
      kind: "ledger.escrowRelease",
      to: "arrendador",
      amount: "total",
      result: "pagoCreditos",
      description: 'Pago del alquiler de "{titulo}" {periodo}',
    },
    reembolsarAlquiler: {
      kind: "ledger.escrowRefund",
      to: "arrendatario",
      amount: "total",
      description: 'Devolución del pago del alquiler de "{titulo}" {periodo}',
    },
    reservarActivo: { kind: "asset.reserve" },
    // Free again only when no other booking of the asset is still running.
    liberarActivo: { kind: "asset.release", unlessOtherDeals: true },
    liberarRetencionActivo: { kind: "asset.releaseHold", description: 'Alquiler completado con "{titulo}"' },
    registrarActividad: {
      kind: "activity",
      movimiento: "alquiler",
      transaccion: "alquiler",
      conTitulo: true,
      activo: "assetId",
    },
    notificarPartes: { kind: "notify", tipo: "alquiler_{transition}", relacionado: "activo" },
  },
  templates: RENTAL_TEMPLATES,
} as const satisfies ProcessSpec;

// ---------- requests ----------

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());
const calendarDate = z
  .string({ error: RENTAL_MSG.invalidDate })
  .trim()
  .refine(isCalendarDate, { message: RENTAL_MSG.invalidDate });

function checkPeriod(v: { startDate: string; endDate: string }, ctx: z.RefinementCtx) {
  if (!isCalendarDate(v.startDate) || !isCalendarDate(v.endDate)) return;
  if (v.endDate < v.startDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: RENTAL_MSG.endBeforeStart });
  } else if (rentalDays(v.startDate, v.endDate) > RENTAL_MAX_DAYS) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: RENTAL_MSG.periodTooLong });
  }
}

/**
 * POST /rentals (calls §7): ownerId, assetId, pricePerDay, startDate, endDate, terms. The owner is the
 * session user (ownerId, when sent, must be that user). "Start not before today" needs the clock: the
 * server checks it (and the form does too).
 */
export const createRentalSchema = z
  .object({
    ownerId: z.string().trim().optional(),
    assetId: uuid(RENTAL_MSG.required),
    pricePerDay: z
      .number({ error: RENTAL_MSG.invalidPrice })
      .int(RENTAL_MSG.invalidPrice)
      .min(0, RENTAL_MSG.invalidPrice)
      .max(RENTAL_MAX_PRICE_PER_DAY, RENTAL_MSG.invalidPrice),
    terms: z
      .string({ error: RENTAL_MSG.termsRequired })
      .trim()
      .min(1, RENTAL_MSG.termsRequired)
      .max(2000, RENTAL_MSG.termsTooLong),
    startDate: calendarDate,
    endDate: calendarDate,
  })
  .superRefine(checkPeriod);
export type CreateRentalInput = z.input<typeof createRentalSchema>;
export type CreateRentalData = z.output<typeof createRentalSchema>;

/** POST /rentals/{id}/reservar: the days to book, inside the publication's period. */
export const bookRentalSchema = z.object({ startDate: calendarDate, endDate: calendarDate }).superRefine(checkPeriod);
export type BookRentalInput = z.input<typeof bookRentalSchema>;

export const rentalIdParamsSchema = z.object({ id: idSchema("alquiler") });
export const rentalBookingIdParamsSchema = z.object({ id: idSchema("reserva") });
export const rentalAssetParamsSchema = z.object({ assetId: idSchema("activo") });

// ---------- responses ----------

export const rentalSchema = z.object({
  _id: z.string(),
  assetId: z.object({ _id: z.string(), title: z.string() }),
  ownerId: z.string(),
  ownerName: z.string(),
  pricePerDay: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  terms: z.string(),
  status: z.enum(RENTAL_STATUSES),
  createdAt: z.string(),
});
export type Rental = z.infer<typeof rentalSchema>;

export const rentalBookingSchema = z.object({
  _id: z.string(),
  rentalId: z.string(),
  assetId: z.object({ _id: z.string(), title: z.string() }),
  arrendatarioId: z.object({ _id: z.string(), name: z.string() }),
  arrendadorId: z.object({ _id: z.string(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  dias: z.number(),
  pricePerDay: z.number(),
  total: z.number(),
  estado: z.enum(RENTAL_BOOKING_STATES),
  /** The caller's role in this booking. */
  miRol: z.enum(RENTAL_ROLES),
  /** Before the first day: either party may cancel (refund). */
  puedeCancelar: z.boolean(),
  /** From the first day on: the owner may finish it (payment to the owner). */
  puedeFinalizar: z.boolean(),
  createdAt: z.string(),
});
export type RentalBooking = z.infer<typeof rentalBookingSchema>;

/** GET /rentals/asset/{assetId} (public): the asset's open publication and the days already taken. */
export const assetRentalSchema = z.object({
  rental: rentalSchema.nullable(),
  /** Booked ranges (no renter identities), sorted by start. */
  reservas: z.array(z.object({ startDate: z.string(), endDate: z.string() })),
  /** Today in Colombia, so the page's calendar agrees with the server. */
  today: z.string(),
});
export type AssetRental = z.infer<typeof assetRentalSchema>;

export const rentalResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: rentalSchema });
export const rentalListSchema = z.array(rentalSchema);
export const assetRentalResponseSchema = z.object({ success: z.literal(true), data: assetRentalSchema });
export const rentalBookingResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: rentalBookingSchema,
  /** The caller's balance after the step, for the header. */
  balanceActualizado: balanceSchema,
});
export const rentalBookingListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(rentalBookingSchema),
});
