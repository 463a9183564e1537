import { useMutation, useQuery } from "@tanstack/react-query";
import type { AssetRental, CreateRentalData, Rental, RentalBooking } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAssetList } from "../../lib/assets.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/*
 * Rentals (packages/domain/src/deals/rental.ts): publications (GET/POST /rentals, cerrar), the asset
 * page's view of one asset (GET /rentals/asset/{id}) and bookings (reservar, cancelar, finalizar).
 * Readers are tolerant of missing fields (a publication without status shows 'pendiente').
 */

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export const RENTALS_ROOT = "rentals";

/** A publication as the grid shows it; `status` is "" when the server sent none. */
export interface RentalView {
  id: string;
  assetId: string;
  assetTitle: string;
  ownerId: string;
  ownerName: string;
  pricePerDay: number;
  startDate: string;
  endDate: string;
  terms: string;
  status: string;
}

export function normalizeRental(raw: unknown): RentalView | null {
  const r = record(raw) as Partial<Record<keyof Rental, unknown>>;
  const id = str(r._id);
  if (!id) return null;
  const asset = record(r.assetId);
  const owner = record(r.ownerId);
  return {
    id,
    assetId: str(asset._id) || str(r.assetId),
    assetTitle: str(asset.title) || "Activo",
    ownerId: str(owner._id) || str(r.ownerId),
    ownerName: str(r.ownerName) || str(owner.name),
    pricePerDay: num(r.pricePerDay),
    startDate: str(r.startDate).slice(0, 10),
    endDate: str(r.endDate).slice(0, 10),
    terms: str(r.terms),
    status: str(r.status),
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
  estado: string;
  miRol: "arrendatario" | "arrendador";
  puedeCancelar: boolean;
  puedeFinalizar: boolean;
}

const party = (value: unknown) => {
  const p = record(value);
  return { id: str(p._id) || str(value), name: str(p.name) };
};

export function normalizeBooking(raw: unknown): BookingView | null {
  const b = record(raw) as Partial<Record<keyof RentalBooking, unknown>>;
  const id = str(b._id);
  if (!id) return null;
  const asset = record(b.assetId);
  return {
    id,
    rentalId: str(b.rentalId),
    assetId: str(asset._id) || str(b.assetId),
    assetTitle: str(asset.title) || "Activo",
    renter: party(b.arrendatarioId),
    owner: party(b.arrendadorId),
    startDate: str(b.startDate).slice(0, 10),
    endDate: str(b.endDate).slice(0, 10),
    dias: num(b.dias),
    pricePerDay: num(b.pricePerDay),
    total: num(b.total),
    estado: str(b.estado) || "reservada",
    miRol: b.miRol === "arrendador" ? "arrendador" : "arrendatario",
    puedeCancelar: b.puedeCancelar === true,
    puedeFinalizar: b.puedeFinalizar === true,
  };
}

const arrayOf = (body: unknown): unknown[] => {
  if (Array.isArray(body)) return body;
  const data = record(body).data;
  return Array.isArray(data) ? data : [];
};

/** GET /rentals: a bare array of publications (session optional). */
export function useRentals() {
  const { user } = useSession();
  return useQuery({
    queryKey: [RENTALS_ROOT, "list", user?._id ?? ""] as const,
    queryFn: async ({ signal }) =>
      arrayOf(await apiRequest("/rentals", { signal }))
        .map(normalizeRental)
        .filter((r): r is RentalView => r !== null),
    refetchInterval: 30_000,
  });
}

/** GET /rentals/bookings: my bookings, as renter and as owner. */
export function useMyBookings() {
  const { user } = useSession();
  return useQuery({
    queryKey: [RENTALS_ROOT, "bookings", user?._id ?? ""] as const,
    queryFn: async ({ signal }) =>
      arrayOf(await apiRequest("/rentals/bookings", { signal }))
        .map(normalizeBooking)
        .filter((b): b is BookingView => b !== null),
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
      normalizeAssetList(
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?mainPurpose=alquilar&status=activo,disponible`, {
          signal,
        }),
      ),
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
      const data = record(record(await apiRequest(`/rentals/asset/${encodeURIComponent(assetId)}`, { signal })).data);
      const reservas = (Array.isArray(data.reservas) ? data.reservas : [])
        .map((r) => ({
          startDate: str(record(r).startDate).slice(0, 10),
          endDate: str(record(r).endDate).slice(0, 10),
        }))
        .filter((r) => r.startDate && r.endDate)
        .sort((a, b) => a.startDate.localeCompare(b.startDate));
      return {
        rental: data.rental ? normalizeRental(data.rental) : null,
        reservas,
        today: str((data as Partial<Record<keyof AssetRental, unknown>>).today),
      };
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
      const answer = record(await apiRequest("/rentals", { method: "POST", body, idempotencyKey }));
      return { rental: normalizeRental(answer.data), message: str(answer.message) };
    },
    onSettled: refresh,
  });
}

export function useCloseRental() {
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => {
      const answer = record(await apiRequest(`/rentals/${encodeURIComponent(id)}/cerrar`, { method: "POST" }));
      return { rental: normalizeRental(answer.data), message: str(answer.message) };
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
      const answer = record(
        await apiRequest(`/rentals/${encodeURIComponent(rentalId)}/reservar`, {
          method: "POST",
          body: { startDate, endDate },
          idempotencyKey,
        }),
      );
      return { booking: normalizeBooking(answer.data), message: str(answer.message) };
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
      const answer = record(
        await apiRequest(`/rentals/bookings/${encodeURIComponent(id)}/${action}`, { method: "POST", idempotencyKey }),
      );
      return { booking: normalizeBooking(answer.data), message: str(answer.message) };
    },
    onSettled: refresh,
  });
}
