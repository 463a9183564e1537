import { useQuery } from "@tanstack/react-query";
import { ASSET_MSG } from "@valoriza/domain";
import { unwrapData } from "../../lib/account.ts";
import { apiRequest } from "../../lib/api.ts";
import { assetPath, normalizeAsset } from "../../lib/assets.ts";
import { takePageData } from "../../lib/page-data.ts";
import { queryKeys } from "../../lib/query-client.ts";

/*
 * The asset page's one read, apart from api.ts (/mis-activos, parsed with the domain's contracts):
 * the asset page is preloaded by the server for its first paint and loads no zod.
 */

/**
 * GET /activos/{id}: no session needed (overview §6). On the page the server served, the
 * detail it inlined is used at once (the same public answer, fetched with the page). Read with the
 * hand-written reader of lib/assets.ts: the asset page's first load carries no zod.
 */
export function useAssetDetail(id: string) {
  return useQuery({
    queryKey: queryKeys.assetDetail(id),
    initialData: () => (id ? takePageData(assetPath(id), (body) => normalizeAsset(unwrapData(body))) : undefined),
    queryFn: async ({ signal }) => {
      const asset = normalizeAsset(unwrapData(await apiRequest(`/activos/${encodeURIComponent(id)}`, { signal })));
      if (!asset) throw new Error(ASSET_MSG.loadAssetError);
      return asset;
    },
    enabled: id !== "",
  });
}
