import { useMutation } from "@tanstack/react-query";
import type { PaymentMode, SaleResponse } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";

export interface PurchaseInput {
  activoId: string;
  compradorId: string;
  vendedorId: string;
  modoPago: PaymentMode;
  /** The price the buyer saw, in the chosen unit (credits, or COP for dinero): the server refuses another. */
  monto: number;
  idempotencyKey: string;
}

/** Root of the custody list query (features/custody): a purchase opens a custody. */
const CUSTODY_ROOT = "custodias";

/** POST /transacciones/crear (calls §7): answers a message; balance, asset and custody queries refresh. */
export function usePurchase() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: PurchaseInput): Promise<{ message: string }> => {
      // Typed by its contract, not parsed: the asset page (where one buys) loads no zod, and a purchase
      // that went through must never read as failed because a parser did not load.
      const { message } = await apiRequest<SaleResponse>("/transacciones/crear", {
        method: "POST",
        body,
        idempotencyKey,
      });
      return { message };
    },
    onSettled: async () => {
      await Promise.all([invalidateAfterCreditChange(), queryClient.invalidateQueries({ queryKey: [CUSTODY_ROOT] })]);
    },
  });
}
