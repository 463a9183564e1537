/*
 * The rentals' Spanish messages, limits and date rules (pure), in a module of their own: the web's
 * asset page shows and checks them without loading the rentals' schemas (and zod) that rental.ts builds.
 */
import { formatNumber } from "../economy/format.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest publication period, and so the longest booking. */
export const RENTAL_MAX_DAYS = 365;
/** Highest price per day accepted (credits). */
export const RENTAL_MAX_PRICE_PER_DAY = 1_000_000;

export const RENTAL_MSG = {
  // Spec (calls-validation-errors §5 Rentals, §8)
  loginRequired: "Debes iniciar sesión para crear un alquiler.",
  createFailed: "No se pudo crear el alquiler.",
  required: "Debes completar el activo, el precio por día, las fechas y los términos.",
  // Validation
  invalidPrice: `El precio por día debe ser un número entero de créditos entre 0 y ${formatNumber(RENTAL_MAX_PRICE_PER_DAY)}`,
  invalidDate: "La fecha no es válida (usa el formato AAAA-MM-DD)",
  startBeforeToday: "La fecha de inicio no puede ser anterior a hoy",
  endBeforeStart: "La fecha de fin no puede ser anterior a la fecha de inicio",
  periodTooLong: `El periodo no puede superar ${RENTAL_MAX_DAYS} días`,
  termsRequired: "Debes escribir los términos del alquiler",
  termsTooLong: "Los términos no pueden superar 2000 caracteres",
  // Publication
  notFound: "Alquiler no encontrado",
  notYourAsset: "Solo puedes publicar en alquiler tus propios activos",
  notForRent: "Este activo no está publicado para alquilar",
  notAvailable: "Este activo no está disponible en este momento",
  alreadyPublished: "Este activo ya tiene un alquiler activo",
  closed: "Este alquiler ya no recibe reservas",
  created: "Alquiler creado",
  closedOk: "Publicación cerrada: no recibirá nuevas reservas",
  onlyOwner: "Solo quien publicó el alquiler puede cerrarlo",
  // Booking
  bookingNotFound: "Reserva no encontrada",
  ownRental: "No puedes reservar tu propio activo",
  outsidePeriod: "Las fechas deben estar dentro del periodo disponible del alquiler",
  overlap: "Esas fechas ya están reservadas: elige otras",
  booked: "Reserva confirmada. El pago queda en custodia hasta que termine el alquiler.",
  /** A free booking (price 0): no payment, nothing in custody. */
  bookedFree: "Reserva confirmada. Es gratis: no se descontaron créditos.",
  notStarted: "El alquiler aún no ha comenzado: puedes cancelarlo para devolver el pago",
  alreadyStarted: "El alquiler ya comenzó: no puede cancelarse",
  finished: "Alquiler finalizado: el pago fue entregado al dueño",
  finishedFree: "Alquiler finalizado",
  cancelled: "Reserva cancelada: el pago fue devuelto",
  cancelledFree: "Reserva cancelada",
  bookFailed: "No se pudo reservar.",
} as const;

// ---------- dates (pure) ----------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Today's date in Colombia (America/Bogota, UTC-5 all year), YYYY-MM-DD. */
export function colombiaToday(now: Date): string {
  return new Date(now.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both included (1 when they are the same day). */
export function rentalDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** What a booking costs: pricePerDay x days. */
export const rentalTotal = (pricePerDay: number, start: string, end: string) => pricePerDay * rentalDays(start, end);

/** The instant a Colombian calendar day ends (the next day's 00:00 in Bogota), for timers. */
export function colombiaDayEnd(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS + 5 * 60 * 60 * 1000);
}

/** Two inclusive date ranges share at least one day. */
export const rangesOverlap = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) =>
  a.startDate <= b.endDate && b.startDate <= a.endDate;
