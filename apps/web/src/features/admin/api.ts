import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  AdminLogEntry,
  AdminProduct,
  AdminWithdrawal,
  CreateProductInput,
  Purchase,
  UpdateProductInput,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/** The admin desk's calls (issue 11). Every query is enabled only for admins: a 403 would end the session. */
export const ADMIN_ROOT = "admin";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const counts = (value: unknown): Record<string, number> => record(value) as Record<string, number>;

function useAdminQuery<T>(key: readonly unknown[], path: string, pick: (body: Record<string, unknown>) => T) {
  const { user } = useSession();
  return useQuery({
    queryKey: [ADMIN_ROOT, ...key],
    queryFn: async ({ signal }) => pick(record(await apiRequest(path, { signal }))),
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

export const useAdminProducts = () =>
  useAdminQuery(["products"], "/admin/marketplace", (b) => ({
    data: list<AdminProduct>(b.data),
    counts: counts(b.counts),
  }));

export const useAdminPurchases = (estado: string) =>
  useAdminQuery(["compras", estado], `/admin/compras${estado ? `?estado=${estado}` : ""}`, (b) => ({
    data: list<Purchase>(b.data),
    counts: counts(b.counts),
  }));

export const useAdminWithdrawals = (estado: string, metodo: string) => {
  const q = new URLSearchParams();
  if (estado) q.set("estado", estado);
  if (metodo) q.set("metodo", metodo);
  const qs = q.toString();
  return useAdminQuery(["retiros", estado, metodo], `/admin/retiros${qs ? `?${qs}` : ""}`, (b) => ({
    data: list<AdminWithdrawal>(b.data),
    counts: counts(b.counts),
  }));
};

export const useAdminLog = () =>
  useAdminQuery(["registro"], "/admin/registro?limit=100", (b) => ({
    data: list<AdminLogEntry>(b.data),
    total: typeof b.total === "number" ? b.total : 0,
  }));

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["marketplace"] }),
    queryClient.invalidateQueries({ queryKey: ["retiros"] }),
    invalidateAfterCreditChange(),
  ]);

const message = (body: unknown) => {
  const m = record(body).message;
  return typeof m === "string" ? m : "";
};

export function useSaveProduct() {
  return useMutation({
    mutationFn: async (
      input: { id: string; patch: UpdateProductInput } | { id: null; data: CreateProductInput },
    ): Promise<string> =>
      input.id === null
        ? message(await apiRequest("/admin/marketplace", { method: "POST", body: input.data }))
        : message(
            await apiRequest(`/admin/marketplace/${encodeURIComponent(input.id)}`, {
              method: "PUT",
              body: input.patch,
            }),
          ),
    onSettled: refresh,
  });
}

export function useResolvePurchase() {
  return useMutation({
    mutationFn: async (i: { id: string; estado: "entregado" | "cancelado"; idempotencyKey: string }) =>
      message(
        await apiRequest(`/admin/compras/${encodeURIComponent(i.id)}`, {
          method: "PATCH",
          body: { estado: i.estado },
          idempotencyKey: i.idempotencyKey,
        }),
      ),
    onSettled: refresh,
  });
}

export function useResolveWithdrawal() {
  return useMutation({
    mutationFn: async (i: {
      id: string;
      estado: "aprobado" | "rechazado";
      referencia?: string;
      motivo?: string;
      idempotencyKey: string;
    }) =>
      message(
        await apiRequest(`/admin/retiros/${encodeURIComponent(i.id)}`, {
          method: "PATCH",
          body: {
            estado: i.estado,
            ...(i.referencia ? { referencia: i.referencia } : {}),
            ...(i.motivo ? { motivo: i.motivo } : {}),
          },
          idempotencyKey: i.idempotencyKey,
        }),
      ),
    onSettled: refresh,
  });
}
