import { useQuery } from "@tanstack/react-query";
import type { ReviewSummary } from "@valoriza/domain";
import { formatNumber } from "@valoriza/domain";
import { finite, isRecord, outOfContract } from "./answer.ts";
import { apiRequest } from "./api.ts";
import { afterFirstPaint } from "./first-paint.tsx";

/*
 * A person's reviews summary (issue 19): GET /resenas/usuario/{id} (public) read for its average and
 * count only. Shared by the asset page's owner card and the public profile (/usuarios/{id}).
 * Read by hand (readReviewSummary), not with zod: the owner card is on every asset page, whose first
 * load and the moments after it carry no zod (its unit test holds the reader to the contract).
 */

export interface ReviewSummaryView {
  promedio: number | null;
  cantidad: number;
}

/**
 * GET /resenas/usuario/{id}'s average and count, as userReviewsResponseSchema documents them
 * (`success: true`, `promedio` a number or null, `cantidad` a whole number): anything else is refused.
 */
export function readReviewSummary(body: unknown): ReviewSummary {
  if (!isRecord(body) || body.success !== true) return outOfContract("(raíz): se esperaba success: true");
  const cantidad = finite(body.cantidad, "cantidad");
  if (!Number.isInteger(cantidad)) outOfContract("cantidad: se esperaba un entero");
  const promedio = body.promedio === null ? null : finite(body.promedio, "promedio");
  return { promedio, cantidad };
}

/** The summary the cards show: no average without reviews. */
export function reviewSummaryView({ promedio, cantidad }: ReviewSummary): ReviewSummaryView {
  return { promedio: cantidad > 0 ? promedio : null, cantidad };
}

export const reviewKeys = {
  /** Everything about one person's reviews (summary, list, profile): invalidated together. */
  of: (userId: string) => ["resenas", "usuario", userId] as const,
  pending: (userId: string) => ["resenas", "pendientes", userId] as const,
};

export function useReviewSummary(userId: string | undefined) {
  return useQuery({
    queryKey: [...reviewKeys.of(userId ?? ""), "resumen"] as const,
    queryFn: async ({ signal }) => {
      // Secondary to the page: asked for once its first paint is behind (lib/first-paint.tsx).
      await afterFirstPaint();
      const body = await apiRequest(`/resenas/usuario/${encodeURIComponent(userId ?? "")}?limit=1`, { signal });
      return reviewSummaryView(readReviewSummary(body));
    },
    enabled: Boolean(userId),
  });
}

/** "4,5" with the Colombian decimal comma. */
export const formatAverage = (n: number): string => formatNumber(n, 1);

/** "1 calificación", "3 calificaciones". */
export const reviewsCountLabel = (n: number): string =>
  `${formatNumber(n)} ${n === 1 ? "calificación" : "calificaciones"}`;

/** The path of a person's public profile. */
export const personPath = (id: string) => `/usuarios/${encodeURIComponent(id)}`;
