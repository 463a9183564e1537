import { useMutation, useQuery } from "@tanstack/react-query";
import type { RequestWithdrawalInput, Withdrawal } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export const WITHDRAWALS_ROOT = "retiros";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export function normalizeWithdrawal(raw: unknown): Withdrawal | null {
  const w = record(raw);
  const id = str(w._id);
  if (!id) return null;
  return {
    _id: id,
    tipo: (str(w.tipo) || "dinero") as Withdrawal["tipo"],
    monto: num(w.monto),
    valorCOP: num(w.valorCOP),
    metodo: (str(w.metodo) || "nequi") as Withdrawal["metodo"],
    estado: (str(w.estado) || "pendiente") as Withdrawal["estado"],
    destino: str(w.destino),
    referencia: str(w.referencia) || null,
    motivo: str(w.motivo) || null,
    createdAt: str(w.createdAt),
    updatedAt: str(w.updatedAt),
  };
}

/** GET /retiros/mis-retiros (admins only; the page never calls it for others). */
export function useMyWithdrawals() {
  const { user } = useSession();
  return useQuery({
    queryKey: [WITHDRAWALS_ROOT, "mine", user?._id ?? ""] as const,
    queryFn: async ({ signal }): Promise<Withdrawal[]> => {
      const body = record(await apiRequest("/retiros/mis-retiros", { signal }));
      const list = Array.isArray(body.data) ? body.data : [];
      return list.map(normalizeWithdrawal).filter((w): w is Withdrawal => w !== null);
    },
    enabled: user?.isAdmin === true,
  });
}

/** POST /retiros: answers creditosRestantes; refreshes balance, profile, withdrawals and movements. */
export function useRequestWithdrawal() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: RequestWithdrawalInput & { idempotencyKey: string }) => {
      const answer = record(await apiRequest("/retiros", { method: "POST", body, idempotencyKey }));
      return { creditosRestantes: num(answer.creditosRestantes), message: str(answer.message) };
    },
    onSettled: () =>
      Promise.all([
        invalidateAfterCreditChange(),
        queryClient.invalidateQueries({ queryKey: [WITHDRAWALS_ROOT] }),
        queryClient.invalidateQueries({ queryKey: ["admin"] }),
      ]),
  });
}
