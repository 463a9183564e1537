import { useQuery } from "@tanstack/react-query";
import { type AssetType, HOME_FEED_LIMIT, matchesSearch, toAssetType } from "@valoriza/domain";
import { unwrapData } from "../../lib/account.ts";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-client.ts";

export type { AssetType };

/** What the home feed needs from an asset (overview §2, "Asset card list"). */
export interface AssetSummary {
  id: string;
  title: string;
  description: string;
  assetType: AssetType;
  category: string;
  subcategory: string;
  ciudad: string;
  departamento: string;
  status: string;
  credits: number | null;
  valueCOP: number | null;
  image: string | null;
  proximityBadge: string;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const numOrNull = (...values: unknown[]): number | null => {
  for (const value of values) if (typeof value === "number" && Number.isFinite(value)) return value;
  return null;
};

export function normalizeAsset(raw: unknown): AssetSummary | null {
  if (!raw || typeof raw !== "object") return null;
  const a = raw as Record<string, unknown>;
  const id = str(a._id) || str(a.id);
  if (!id) return null;
  const ubicacion = (a.ubicacion && typeof a.ubicacion === "object" ? a.ubicacion : {}) as Record<
    string,
    unknown
  >;
  const images = Array.isArray(a.images) ? a.images.filter((i): i is string => typeof i === "string") : [];
  return {
    id,
    title: str(a.title) || "Activo sin título",
    description: str(a.description),
    assetType: toAssetType(a.assetType) ?? toAssetType(a.type) ?? "bien",
    category: str(a.category),
    subcategory: str(a.subcategory),
    ciudad: str(ubicacion.ciudad),
    departamento: str(ubicacion.departamento),
    status: str(a.status),
    credits: numOrNull(a.creditosAsignados, a.valueCredits, a.credits),
    valueCOP: numOrNull(a.valorCOPReconocido, a.baseValueCOP),
    image: images[0] ?? null,
    proximityBadge: str(a.proximityBadge),
  };
}

/** The list endpoint answers an array or `{ success, data: [...] }`. */
export function normalizeAssetList(body: unknown): AssetSummary[] {
  const data = Array.isArray(body) ? body : unwrapData(body);
  if (!Array.isArray(data)) return [];
  return data.map(normalizeAsset).filter((a): a is AssetSummary => a !== null);
}

/**
 * Public asset list for the home feed. Until the server offers GET /api/assets, a 404 (or an
 * auth refusal) simply means "no assets yet".
 */
export function useHomeAssets() {
  return useQuery({
    queryKey: queryKeys.assets,
    queryFn: async ({ signal }) => {
      try {
        const body = await apiRequest("/assets?status=disponible", { signal, onUnauthorized: "ignore" });
        return normalizeAssetList(body);
      } catch (error) {
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return [];
        throw error;
      }
    },
  });
}

/**
 * Spec §5 Search (shared rule of the domain): trimmed, case-insensitive over title, category,
 * subcategory and description. Without a search the feed shows at most 6 assets.
 */
export function filterAssets(assets: AssetSummary[], search: string): AssetSummary[] {
  if (!search.trim()) return assets.slice(0, HOME_FEED_LIMIT);
  return assets.filter((asset) => matchesSearch(asset, search));
}
