import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import {
  assetDeactivatedResponseSchema,
  assetPublishedResponseSchema,
  type BalancesDto,
  operationFinishedResponseSchema,
  pagedAssetListResponseSchema,
  valuationMigratedResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/** Assets per page of /mis-activos ('Cargar más' asks for the next one). */
export const MY_ASSETS_PAGE = 24;

interface AssetPage {
  items: Asset[];
  /** All the user's assets (desactivados excluded by the server). */
  total: number;
  offset: number;
  /** How many rows this page had before filtering (the next offset moves by this). */
  received: number;
}

/**
 * GET /assets/mine?limit&offset: `{ success, data, total, limit, offset }`, newest first; pages are
 * loaded on demand. Desactivado assets are hidden (overview §2 My assets), whatever the server sends.
 */
export function useMyAssets() {
  const { user } = useSession();
  const query = useInfiniteQuery({
    queryKey: queryKeys.myAssets(user?._id ?? ""),
    initialPageParam: 0,
    queryFn: async ({ signal, pageParam }): Promise<AssetPage> => {
      const body = await apiRequest(`/assets/mine?limit=${MY_ASSETS_PAGE}&offset=${pageParam}`, { signal });
      const page = parseAnswer(pagedAssetListResponseSchema, body);
      const rows = page.data.map(assetFromContract);
      return {
        items: rows.filter((a) => a.status !== "desactivado"),
        total: page.total,
        offset: pageParam,
        received: rows.length,
      };
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.received;
      if (last.received < MY_ASSETS_PAGE) return undefined;
      return next >= last.total ? undefined : next;
    },
    enabled: Boolean(user),
  });
  const pages = query.data?.pages ?? [];
  // A row can move between pages while loading more (a new registration): keep the first copy.
  const seen = new Set<string>();
  const assets = pages.flatMap((p) => p.items).filter((a) => !seen.has(a.id) && seen.add(a.id));
  return { ...query, assets, total: pages[0]?.total ?? null };
}

export type BalanceAfter = Pick<BalancesDto, "creditosDisponibles" | "creditosBloqueados">;

export interface DeactivateResult {
  creditosDestruidos: number;
  razon: string;
  message: string;
  balance: BalanceAfter;
}

/** PUT /activos/desactivar/{id}: destroys 100 % of the asset's blocked credits. */
export function useDeactivateAsset() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }): Promise<DeactivateResult> => {
      const { message, data } = parseAnswer(
        assetDeactivatedResponseSchema,
        await apiRequest(`/activos/desactivar/${encodeURIComponent(id)}`, { method: "PUT", idempotencyKey }),
      );
      const { creditosDisponibles, creditosBloqueados } = data.balanceActualizado;
      return {
        creditosDestruidos: data.creditMovement.creditosDestruidos,
        razon: data.creditMovement.razon,
        message,
        balance: { creditosDisponibles, creditosBloqueados },
      };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}

export interface FinishResult {
  creditosLiberados: number;
  status: string;
  vecesUsado: number;
}

/** PUT /operaciones/finalizar/{id}: releases the blocked credits of an asset in operation. */
export function useFinishOperation() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }): Promise<FinishResult> => {
      const { data } = parseAnswer(
        operationFinishedResponseSchema,
        await apiRequest(`/operaciones/finalizar/${encodeURIComponent(id)}`, {
          method: "PUT",
          idempotencyKey,
        }),
      );
      return {
        creditosLiberados: data.creditMovement.creditosLiberados,
        status: data.asset.status,
        vecesUsado: data.asset.vecesUsado,
      };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}

/**
 * PUT /activos/publicar/{id}: lists again, with a purpose, an asset received in a sale, an exchange,
 * a donation or a gift (it arrives unlisted). The own list and the public feed refresh.
 */
export function usePublishAsset() {
  return useMutation({
    mutationFn: async ({ id, mainPurpose }: { id: string; mainPurpose: string }): Promise<{ message: string }> => {
      const body = await apiRequest(`/activos/publicar/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: { mainPurpose },
      });
      return { message: parseAnswer(assetPublishedResponseSchema, body).message };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}

/** POST /assets/migrate-valorizacion: recomputes the valuation of the user's goods. */
export function useMigrateValuation() {
  return useMutation({
    mutationFn: async (): Promise<{ message: string; updated: number; total: number }> => {
      const body = await apiRequest("/assets/migrate-valorizacion", { method: "POST" });
      const { message, stats } = parseAnswer(valuationMigratedResponseSchema, body);
      return { message, updated: stats.updated, total: stats.total };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}
