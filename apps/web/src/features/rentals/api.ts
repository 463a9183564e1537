import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type CreateRentalData,
  pagedAssetListResponseSchema,
  rentalBookingListResponseSchema,
  rentalListSchema,
  rentalResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { useSession } from "../../lib/session.tsx";
import { RENTALS_ROOT, refreshAfterRental, rentalView } from "./asset-rental.ts";
import { bookingView, parseBookingAnswer } from "./booking-contract.ts";

/*
 * Rentals (packages/domain/src/deals/rental.ts): publications (GET/POST /rentals, cerrar), the asset
 * page's view of one asset (GET /rentals/asset/{id}) and bookings (reservar, cancelar, finalizar).
 * Answers are parsed with the rental contracts, then shaped for the cards.
 */

export {
  type AssetRentalView,
  RENTALS_ROOT,
  type RentalView,
  rentalView,
  useAssetRental,
  useBookRental,
} from "./asset-rental.ts";
export { type BookingView, bookingView } from "./booking-contract.ts";

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

export function useCreateRental() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: CreateRentalData & { idempotencyKey: string }) => {
      const answer = parseAnswer(
        rentalResponseSchema,
        await apiRequest("/rentals", { method: "POST", body, idempotencyKey }),
      );
      return { rental: rentalView(answer.data), message: answer.message };
    },
    onSettled: refreshAfterRental,
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
    onSettled: refreshAfterRental,
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
      return parseBookingAnswer(
        await apiRequest(`/rentals/bookings/${encodeURIComponent(id)}/${action}`, { method: "POST", idempotencyKey }),
      );
    },
    onSettled: refreshAfterRental,
  });
}
