import { useMutation, useQuery } from "@tanstack/react-query";
import {
  myWithdrawalsResponseSchema,
  type RequestWithdrawalInput,
  requestWithdrawalResponseSchema,
  type Withdrawal,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export const WITHDRAWALS_ROOT = "retiros";

/** GET /retiros/mis-retiros (admins only; the page never calls it for others). */
export function useMyWithdrawals() {
  const { user } = useSession();
  return useQuery({
    queryKey: [WITHDRAWALS_ROOT, "mine", user?._id ?? ""] as const,
    queryFn: async ({ signal }): Promise<Withdrawal[]> =>
      parseAnswer(myWithdrawalsResponseSchema, await apiRequest("/retiros/mis-retiros", { signal })).data,
    enabled: user?.isAdmin === true,
  });
}

/** POST /retiros: answers creditosRestantes; refreshes balance, profile, withdrawals and movements. */
export function useRequestWithdrawal() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: RequestWithdrawalInput & { idempotencyKey: string }) => {
      const answer = parseAnswer(
        requestWithdrawalResponseSchema,
        await apiRequest("/retiros", { method: "POST", body, idempotencyKey }),
      );
      return { creditosRestantes: answer.creditosRestantes, message: answer.message };
    },
    onSettled: () =>
      Promise.all([
        invalidateAfterCreditChange(),
        queryClient.invalidateQueries({ queryKey: [WITHDRAWALS_ROOT] }),
        queryClient.invalidateQueries({ queryKey: ["admin"] }),
      ]),
  });
}
