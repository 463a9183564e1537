import { type RentalBooking, rentalBookingResponseSchema } from "@valoriza/domain";
import { parseAnswer } from "../../lib/contracts.ts";

export interface BookingView {
  id: string;
  rentalId: string;
  assetId: string;
  assetTitle: string;
  renter: { id: string; name: string };
  owner: { id: string; name: string };
  startDate: string;
  endDate: string;
  dias: number;
  pricePerDay: number;
  total: number;
  estado: RentalBooking["estado"];
  miRol: RentalBooking["miRol"];
  puedeCancelar: boolean;
  puedeFinalizar: boolean;
}

export function bookingView(b: RentalBooking): BookingView {
  return {
    id: b._id,
    rentalId: b.rentalId,
    assetId: b.assetId._id,
    assetTitle: b.assetId.title || "Activo",
    renter: { id: b.arrendatarioId._id, name: b.arrendatarioId.name },
    owner: { id: b.arrendadorId._id, name: b.arrendadorId.name },
    startDate: b.startDate.slice(0, 10),
    endDate: b.endDate.slice(0, 10),
    dias: b.dias,
    pricePerDay: b.pricePerDay,
    total: b.total,
    estado: b.estado,
    miRol: b.miRol,
    puedeCancelar: b.puedeCancelar,
    puedeFinalizar: b.puedeFinalizar,
  };
}

/** A booking's answer (reservar, cancelar, finalizar) parsed with its contract, in the web's shape. */
export function parseBookingAnswer(body: unknown): { booking: BookingView; message: string } {
  const answer = parseAnswer(rentalBookingResponseSchema, body);
  return { booking: bookingView(answer.data), message: answer.message };
}
