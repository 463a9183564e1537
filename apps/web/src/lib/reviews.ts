import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api.ts";

/*
 * A person's reviews summary (issue 19): GET /resenas/usuario/{id} (public) read for its average and
 * count only. Shared by the asset page's owner card and the public profile (/usuarios/{id}).
 * Hand-written reader (no zod): the asset page stays light.
 */

export interface ReviewSummaryView {
  promedio: number | null;
  cantidad: number;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function normalizeReviewSummary(body: unknown): ReviewSummaryView {
  const b = record(body);
  const promedio = typeof b.promedio === "number" && Number.isFinite(b.promedio) ? b.promedio : null;
  const cantidad = typeof b.cantidad === "number" && Number.isInteger(b.cantidad) ? b.cantidad : 0;
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
    queryFn: async ({ signal }) =>
      normalizeReviewSummary(
        await apiRequest(`/resenas/usuario/${encodeURIComponent(userId ?? "")}?limit=1`, { signal }),
      ),
    enabled: Boolean(userId),
  });
}

/** "4,5" with the Colombian decimal comma. */
export const formatAverage = (n: number): string => n.toLocaleString("es-CO", { maximumFractionDigits: 1 });

/** "1 calificación", "3 calificaciones". */
export const reviewsCountLabel = (n: number): string =>
  `${n.toLocaleString("es-CO")} ${n === 1 ? "calificación" : "calificaciones"}`;

/** The path of a person's public profile. */
export const personPath = (id: string) => `/usuarios/${encodeURIComponent(id)}`;
