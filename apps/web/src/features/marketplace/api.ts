import { useMutation, useQuery } from "@tanstack/react-query";
import type { Product } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";

export const MARKETPLACE_ROOT = "marketplace";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/** A product as the grid shows it (overview §3 Marketplace product), tolerant of missing fields. */
export function normalizeProduct(raw: unknown): Product | null {
  const p = record(raw);
  const id = str(p._id);
  if (!id) return null;
  return {
    _id: id,
    nombre: str(p.nombre),
    categoria: str(p.categoria),
    descripcion: str(p.descripcion),
    imagen: str(p.imagen),
    creditos: num(p.creditos),
    valorCOP: num(p.valorCOP),
    stock: num(p.stock, -1),
    destacado: p.destacado === true,
  };
}

/** GET /marketplace (no session needed). */
export function useProducts() {
  return useQuery({
    queryKey: [MARKETPLACE_ROOT, "products"] as const,
    queryFn: async ({ signal }): Promise<Product[]> => {
      const body = record(await apiRequest("/marketplace", { signal }));
      const list = Array.isArray(body.data) ? body.data : [];
      return list.map(normalizeProduct).filter((p): p is Product => p !== null);
    },
  });
}

/** POST /marketplace/{id}/comprar with an empty body; answers `message`. Then the marketplace and the wallet refresh. */
export function useBuyProduct() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => {
      const body = record(
        await apiRequest(`/marketplace/${encodeURIComponent(id)}/comprar`, { method: "POST", idempotencyKey }),
      );
      return { message: str(body.message) };
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [MARKETPLACE_ROOT] }), invalidateAfterCreditChange()]),
  });
}
