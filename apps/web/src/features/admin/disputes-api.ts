import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type AdminDispute,
  adminDisputeListResponseSchema,
  adminDisputeResolveResponseSchema,
  type DisputeResult,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";
import { ADMIN_ROOT } from "./api.ts";

/** GET /admin/disputas: the open disputes, oldest first (issue 19); only for admins (a 403 ends the session). */
export function useAdminDisputes() {
  const { user } = useSession();
  return useQuery({
    queryKey: [ADMIN_ROOT, "disputas"],
    queryFn: async ({ signal }): Promise<AdminDispute[]> =>
      parseAnswer(adminDisputeListResponseSchema, await apiRequest("/admin/disputas", { signal })).data,
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

/** POST /admin/disputas/{id}/resolver: refund the receiver or release to the giver, once, with a note. */
export function useResolveDispute() {
  return useMutation({
    mutationFn: async (v: { id: string; resultado: DisputeResult; nota: string; idempotencyKey: string }) =>
      parseAnswer(
        adminDisputeResolveResponseSchema,
        await apiRequest(`/admin/disputas/${encodeURIComponent(v.id)}/resolver`, {
          method: "POST",
          body: { resultado: v.resultado, nota: v.nota },
          idempotencyKey: v.idempotencyKey,
        }),
      ),
    onSettled: () =>
      Promise.all([invalidateAfterCreditChange(), queryClient.invalidateQueries({ queryKey: [ADMIN_ROOT] })]),
  });
}
