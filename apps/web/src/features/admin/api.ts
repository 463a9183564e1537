import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type AdminProduct,
  type AdminWithdrawal,
  adminLogResponseSchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminWithdrawalListResponseSchema,
  adminWithdrawalResponseSchema,
  type CreateProductInput,
  type Purchase,
  purchaseListResponseSchema,
  purchaseResponseSchema,
  type UpdateProductInput,
} from "@valoriza/domain";
import type { z } from "zod";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/** The admin desk's calls (issue 11). Every query is enabled only for admins: a 403 would end the session. */
export const ADMIN_ROOT = "admin";

/** A list of the desk with its counts by state (the filters' numbers). */
interface Counted<T> {
  data: T[];
  counts: Record<string, number>;
}

/** An admin list parsed with its contract (`schema`), enabled only for admins. */
function useAdminQuery<S extends z.ZodType, T>(
  key: readonly unknown[],
  path: string,
  schema: S,
  pick: (answer: z.output<S>) => T,
) {
  const { user } = useSession();
  return useQuery({
    queryKey: [ADMIN_ROOT, ...key],
    queryFn: async ({ signal }) => pick(parseAnswer(schema, await apiRequest(path, { signal }))),
    enabled: user?.isAdmin === true,
    refetchInterval: 15_000,
  });
}

export const useAdminProducts = () =>
  useAdminQuery(
    ["products"],
    "/admin/marketplace",
    adminProductListResponseSchema,
    ({ data, counts }): Counted<AdminProduct> => ({ data, counts }),
  );

export const useAdminPurchases = (estado: string) =>
  useAdminQuery(
    ["compras", estado],
    `/admin/compras${estado ? `?estado=${estado}` : ""}`,
    purchaseListResponseSchema,
    ({ data, counts }): Counted<Purchase> => ({ data, counts }),
  );

export const useAdminWithdrawals = (estado: string, metodo: string) => {
  const q = new URLSearchParams();
  if (estado) q.set("estado", estado);
  if (metodo) q.set("metodo", metodo);
  const qs = q.toString();
  return useAdminQuery(
    ["retiros", estado, metodo],
    `/admin/retiros${qs ? `?${qs}` : ""}`,
    adminWithdrawalListResponseSchema,
    ({ data, counts }): Counted<AdminWithdrawal> => ({ data, counts }),
  );
};

export const useAdminLog = () =>
  useAdminQuery(["registro"], "/admin/registro?limit=100", adminLogResponseSchema, ({ data, total }) => ({
    data,
    total,
  }));

const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["marketplace"] }),
    queryClient.invalidateQueries({ queryKey: ["retiros"] }),
    invalidateAfterCreditChange(),
  ]);

export function useSaveProduct() {
  return useMutation({
    mutationFn: async (
      input: { id: string; patch: UpdateProductInput } | { id: null; data: CreateProductInput },
    ): Promise<string> =>
      parseAnswer(
        adminProductResponseSchema,
        input.id === null
          ? await apiRequest("/admin/marketplace", { method: "POST", body: input.data })
          : await apiRequest(`/admin/marketplace/${encodeURIComponent(input.id)}`, {
              method: "PUT",
              body: input.patch,
            }),
      ).message,
    onSettled: refresh,
  });
}

export function useResolvePurchase() {
  return useMutation({
    mutationFn: async (i: { id: string; estado: "entregado" | "cancelado"; idempotencyKey: string }) =>
      parseAnswer(
        purchaseResponseSchema,
        await apiRequest(`/admin/compras/${encodeURIComponent(i.id)}`, {
          method: "PATCH",
          body: { estado: i.estado },
          idempotencyKey: i.idempotencyKey,
        }),
      ).message,
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
      parseAnswer(
        adminWithdrawalResponseSchema,
        await apiRequest(`/admin/retiros/${encodeURIComponent(i.id)}`, {
          method: "PATCH",
          body: {
            estado: i.estado,
            ...(i.referencia ? { referencia: i.referencia } : {}),
            ...(i.motivo ? { motivo: i.motivo } : {}),
          },
          idempotencyKey: i.idempotencyKey,
        }),
      ).message,
    onSettled: refresh,
  });
}
