import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { ASSET_MSG } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, assetPath, normalizeAssetBody, normalizeAssetList } from "../../lib/assets.ts";
import { takePageData } from "../../lib/page-data.ts";
import { invalidateAfterCreditChange, queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * GET /activos/{id}: no session needed (overview §6). On the page the server served, the
 * detail it inlined is used at once (the same public answer, fetched with the page).
 */
export function useAssetDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.assetDetail(id),
    initialData: () => (id ? takePageData(assetPath(id), normalizeAssetBody) : undefined),
    queryFn: async ({ signal }) => {
      const asset = normalizeAssetBody(await apiRequest(`/activos/${encodeURIComponent(id)}`, { signal }));
      if (!asset) throw new Error(ASSET_MSG.loadAssetError);
      return asset;
    },
    enabled: id !== "",
  });
}

/** Assets per page of /mis-activos ('Cargar más' asks for the next one). */
export const MY_ASSETS_PAGE = 24;

interface AssetPage {
  items: Asset[];
  /** All the user's assets (desactivados excluded by the server), or null when the server does not say. */
  total: number | null;
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
      const rows = normalizeAssetList(body);
      return {
        items: rows.filter((a) => a.status !== "desactivado"),
        total: num(record(body).total),
        offset: pageParam,
        received: rows.length,
      };
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.received;
      if (last.received < MY_ASSETS_PAGE) return undefined;
      return last.total !== null && next >= last.total ? undefined : next;
    },
    enabled: Boolean(user),
  });
  const pages = query.data?.pages ?? [];
  // A row can move between pages while loading more (a new registration): keep the first copy.
  const seen = new Set<string>();
  const assets = pages.flatMap((p) => p.items).filter((a) => !seen.has(a.id) && seen.add(a.id));
  return { ...query, assets, total: pages[0]?.total ?? null };
}

export interface BalanceAfter {
  creditosDisponibles: number | null;
  creditosBloqueados: number | null;
}

export interface DeactivateResult {
  creditosDestruidos: number;
  razon: string;
  message: string;
  balance: BalanceAfter;
}

function balanceAfter(data: Record<string, unknown>): BalanceAfter {
  const b = record(data.balanceActualizado);
  return { creditosDisponibles: num(b.creditosDisponibles), creditosBloqueados: num(b.creditosBloqueados) };
}

/** PUT /activos/desactivar/{id}: destroys 100 % of the asset's blocked credits. */
export function useDeactivateAsset() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }): Promise<DeactivateResult> => {
      const body = record(
        await apiRequest(`/activos/desactivar/${encodeURIComponent(id)}`, { method: "PUT", idempotencyKey }),
      );
      const data = record(body.data);
      const movement = record(data.creditMovement);
      return {
        creditosDestruidos: num(movement.creditosDestruidos) ?? 0,
        razon: typeof movement.razon === "string" ? movement.razon : "",
        message: typeof body.message === "string" ? body.message : "",
        balance: balanceAfter(data),
      };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}

export interface FinishResult {
  creditosLiberados: number;
  status: string;
  vecesUsado: number | null;
}

/** PUT /operaciones/finalizar/{id}: releases the blocked credits of an asset in operation. */
export function useFinishOperation() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }): Promise<FinishResult> => {
      const body = record(
        await apiRequest(`/operaciones/finalizar/${encodeURIComponent(id)}`, {
          method: "PUT",
          idempotencyKey,
        }),
      );
      const data = record(body.data);
      const asset = record(data.asset);
      return {
        creditosLiberados: num(record(data.creditMovement).creditosLiberados) ?? 0,
        status: typeof asset.status === "string" ? asset.status : "",
        vecesUsado: num(asset.vecesUsado),
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
      const body = record(
        await apiRequest(`/activos/publicar/${encodeURIComponent(id)}`, { method: "PUT", body: { mainPurpose } }),
      );
      return { message: typeof body.message === "string" ? body.message : "" };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}

/** POST /assets/migrate-valorizacion: recomputes the valuation of the user's goods. */
export function useMigrateValuation() {
  return useMutation({
    mutationFn: async (): Promise<{ message: string; updated: number; total: number }> => {
      const body = record(await apiRequest("/assets/migrate-valorizacion", { method: "POST" }));
      const stats = record(body.stats);
      return {
        message: typeof body.message === "string" ? body.message : "",
        updated: num(stats.updated) ?? 0,
        total: num(stats.total) ?? 0,
      };
    },
    onSettled: () => invalidateAfterCreditChange(),
  });
}
