import { useMutation, useQuery } from "@tanstack/react-query";
import type { AssetRental, Rental } from "@valoriza/domain";
import { finite, isRecord, outOfContract, text } from "../../lib/answer.ts";
import { apiRequest } from "../../lib/api.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";

/*
 * What the asset page needs of rentals, zod-free: the asset's publication and booked days, read by
 * hand (readAssetRental; a unit test holds it to assetRentalResponseSchema), and the booking, whose
 * answer is parsed with its contract loaded with the answer. A visitor who only looks at an asset for
 * rent loads no zod (issue 21). The rest of the area is in api.ts.
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

export interface AssetRentalView {
  rental: RentalView | null;
  reservas: { startDate: string; endDate: string }[];
  today: string;
}

const RENTAL_STATUS_VALUES: readonly string[] = ["active", "closed", "finished"];

function readRental(r: unknown): Rental {
  if (!isRecord(r)) return outOfContract("data.rental: se esperaba un objeto o null");
  if (!isRecord(r.assetId)) return outOfContract("data.rental.assetId: se esperaba un objeto");
  if (typeof r.status !== "string" || !RENTAL_STATUS_VALUES.includes(r.status)) outOfContract("data.rental.status");
  return {
    _id: text(r._id, "data.rental._id"),
    assetId: {
      _id: text(r.assetId._id, "data.rental.assetId._id"),
      title: text(r.assetId.title, "data.rental.assetId.title"),
    },
    ownerId: text(r.ownerId, "data.rental.ownerId"),
    ownerName: text(r.ownerName, "data.rental.ownerName"),
    pricePerDay: finite(r.pricePerDay, "data.rental.pricePerDay"),
    startDate: text(r.startDate, "data.rental.startDate"),
    endDate: text(r.endDate, "data.rental.endDate"),
    terms: text(r.terms, "data.rental.terms"),
    status: r.status as Rental["status"],
    createdAt: text(r.createdAt, "data.rental.createdAt"),
  };
}

/**
 * GET /rentals/asset/{assetId} as assetRentalResponseSchema documents it: `success: true` and `data`
 * with the publication (or null), the booked ranges and today's date. Anything else is refused with
 * the message a person reads.
 */
export function readAssetRental(body: unknown): AssetRental {
  if (!isRecord(body) || body.success !== true || !isRecord(body.data)) {
    return outOfContract("(raíz): se esperaba success: true y data");
  }
  const { rental, reservas, today } = body.data;
  if (!Array.isArray(reservas)) return outOfContract("data.reservas: se esperaba una lista");
  return {
    rental: rental === null ? null : readRental(rental),
    reservas: reservas.map((r, i) =>
      isRecord(r)
        ? {
            startDate: text(r.startDate, `data.reservas.${i}.startDate`),
            endDate: text(r.endDate, `data.reservas.${i}.endDate`),
          }
        : outOfContract(`data.reservas.${i}: se esperaba un objeto`),
    ),
    today: text(today, "data.today"),
  };
}

/** GET /rentals/asset/{assetId} (public): the open publication and the days already booked, read by hand. */
export function useAssetRental(assetId: string) {
  return useQuery({
    queryKey: [RENTALS_ROOT, "asset", assetId] as const,
    queryFn: async ({ signal }): Promise<AssetRentalView> => {
      const body = await apiRequest(`/rentals/asset/${encodeURIComponent(assetId)}`, { signal });
      const data = readAssetRental(body);
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
export const refreshAfterRental = () =>
  Promise.all([
    invalidateAfterCreditChange(),
    queryClient.invalidateQueries({ queryKey: [RENTALS_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["reputation"] }),
    queryClient.invalidateQueries({ queryKey: ["myAssets"] }),
  ]);

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
      // The answer's contract (and zod) loads with the answer (booking-contract.ts).
      const [body, { parseBookingAnswer }] = await Promise.all([
        apiRequest(`/rentals/${encodeURIComponent(rentalId)}/reservar`, {
          method: "POST",
          body: { startDate, endDate },
          idempotencyKey,
        }),
        import("./booking-contract.ts"),
      ]);
      return parseBookingAnswer(body);
    },
    onSettled: refreshAfterRental,
  });
}
