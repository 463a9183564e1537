import { useMutation, useQuery } from "@tanstack/react-query";
import {
  assetRentalResponseSchema,
  type CreateRentalData,
  pagedAssetListResponseSchema,
  type Rental,
  type RentalBooking,
  rentalBookingListResponseSchema,
  rentalBookingResponseSchema,
  rentalListSchema,
  rentalResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/*
 * Rentals (packages/domain/src/deals/rental.ts): publications (GET/POST /rentals, cerrar), the asset
 * page's view of one asset (GET /rentals/asset/{id}) and bookings (reservar, cancelar, finalizar).
 * Answers are parsed with the rental contracts, then shaped for the cards.
 */

export const RENTALS_ROOT = "rentals";

/** A publication as the grid shows it. */
export interface RentalView {
  id: string;
  assetId: string;
  assetTitle: string;
  ownerId: string;
  ownerName: string;
  pricePerDay: number;
  /** YYYY-MM-DD */
  startDate: string;
  endDate: string;
  terms: string;
  status: Rental["status"];
}

export function rentalView(r: Rental): RentalView {
  return {
    id: r._id,
    assetId: r.assetId._id,
    assetTitle: r.assetId.title || "Activo",
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    pricePerDay: r.pricePerDay,
    startDate: r.startDate.slice(0, 10),
    endDate: r.endDate.slice(0, 10),
    terms: r.terms,
    status: r.status,
  };
}

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

/** GET /rentals: a bare array of publications (session optional). */
export function useRentals() {
  const { user } = useSession();
  return useQuery({
    queryKey: [RENTALS_ROOT, "list", user?._id ?? ""] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(rentalListSchema, await apiRequest("/rentals", { signal })).map(rentalView),
    refetchInterval: 30_000,
  });
}

/** GET /rentals/bookings: my bookings, as renter and as owner. */
export function useMyBookings() {
  const { user } = useSession();
  return useQuery({
    queryKey: [RENTALS_ROOT, "bookings", user?._id ?? ""] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(rentalBookingListResponseSchema, await apiRequest("/rentals/bookings", { signal })).data.map(
        bookingView,
      ),
    enabled: Boolean(user),
    refetchInterval: 15_000,
  });
}

/** My assets published for renting, listed and free (GET /assets/user/{me}?mainPurpose=alquilar…). */
export function useMyRentalAssets() {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: ["myAssets", me, "alquilar"] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      parseAnswer(
        pagedAssetListResponseSchema,
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?mainPurpose=alquilar&status=activo,disponible`, {
          signal,
        }),
      ).data.map(assetFromContract),
    enabled: Boolean(user),
  });
}

export interface AssetRentalView {
  rental: RentalView | null;
  reservas: { startDate: string; endDate: string }[];
  today: string;
}

/** GET /rentals/asset/{assetId} (public): the open publication and the days already booked. */
export function useAssetRental(assetId: string) {
  return useQuery({
    queryKey: [RENTALS_ROOT, "asset", assetId] as const,
    queryFn: async ({ signal }): Promise<AssetRentalView> => {
      const body = await apiRequest(`/rentals/asset/${encodeURIComponent(assetId)}`, { signal });
      const { data } = parseAnswer(assetRentalResponseSchema, body);
      const reservas = data.reservas
        .map((r) => ({ startDate: r.startDate.slice(0, 10), endDate: r.endDate.slice(0, 10) }))
        .sort((a, b) => a.startDate.localeCompare(b.startDate));
      return { rental: data.rental ? rentalView(data.rental) : null, reservas, today: data.today };
    },
    enabled: Boolean(assetId),
    refetchInterval: 30_000,
  });
}

/** After anything that moves credits or changes a publication: balances, lists, the asset. */
const refresh = () =>
  Promise.all([
    invalidateAfterCreditChange(),
    queryClient.invalidateQueries({ queryKey: [RENTALS_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["reputation"] }),
    queryClient.invalidateQueries({ queryKey: ["myAssets"] }),
  ]);

export function useCreateRental() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: CreateRentalData & { idempotencyKey: string }) => {
      const answer = parseAnswer(
        rentalResponseSchema,
        await apiRequest("/rentals", { method: "POST", body, idempotencyKey }),
      );
      return { rental: rentalView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}

export function useCloseRental() {
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => {
      const answer = parseAnswer(
        rentalResponseSchema,
        await apiRequest(`/rentals/${encodeURIComponent(id)}/cerrar`, { method: "POST" }),
      );
      return { rental: rentalView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}

export function useBookRental() {
  return useMutation({
    mutationFn: async ({
      rentalId,
      startDate,
      endDate,
      idempotencyKey,
    }: {
      rentalId: string;
      startDate: string;
      endDate: string;
      idempotencyKey: string;
    }) => {
      const answer = parseAnswer(
        rentalBookingResponseSchema,
        await apiRequest(`/rentals/${encodeURIComponent(rentalId)}/reservar`, {
          method: "POST",
          body: { startDate, endDate },
          idempotencyKey,
        }),
      );
      return { booking: bookingView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}

export type BookingAction = "cancelar" | "finalizar";

export function useBookingAction() {
  return useMutation({
    mutationFn: async ({
      id,
      action,
      idempotencyKey,
    }: {
      id: string;
      action: BookingAction;
      idempotencyKey: string;
    }) => {
      const answer = parseAnswer(
        rentalBookingResponseSchema,
        await apiRequest(`/rentals/bookings/${encodeURIComponent(id)}/${action}`, { method: "POST", idempotencyKey }),
      );
      return { booking: bookingView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}
