import { useMutation, useQuery } from "@tanstack/react-query";
import { buyResponseSchema, type Product, productListResponseSchema } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";

export const MARKETPLACE_ROOT = "marketplace";

/** GET /marketplace (no session needed). */
export function useProducts() {
  return useQuery({
    queryKey: [MARKETPLACE_ROOT, "products"] as const,
    queryFn: async ({ signal }): Promise<Product[]> =>
      parseAnswer(productListResponseSchema, await apiRequest("/marketplace", { signal })).data,
  });
}

/** POST /marketplace/{id}/comprar with an empty body; answers `message`. Then the marketplace and the wallet refresh. */
export function useBuyProduct() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => {
      const body = await apiRequest(`/marketplace/${encodeURIComponent(id)}/comprar`, {
        method: "POST",
        idempotencyKey,
      });
      return { message: parseAnswer(buyResponseSchema, body).message };
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [MARKETPLACE_ROOT] }), invalidateAfterCreditChange()]),
  });
}
