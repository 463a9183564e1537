import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { HOME_FEED_LIMIT } from "@valoriza/domain";
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAssetList } from "../../lib/assets.ts";
import { queryKeys } from "../../lib/query-client.ts";

const SEARCH_DEBOUNCE_MS = 250;

/** The value after it stopped changing for `delay` ms (typing in the header search box). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A point the browser gave (never sent anywhere but to order by distance; never stored). */
export interface Coords {
  lat: number;
  lng: number;
}

/** The filters and order of GET /api/assets (issue 20), as they sit in the home URL. */
export const FILTER_PARAMS = [
  "categoria",
  "tipo",
  "proposito",
  "ciudad",
  "minCreditos",
  "maxCreditos",
  "orden",
] as const;
export type FilterName = (typeof FILTER_PARAMS)[number];
export type Filters = Partial<Record<FilterName, string>>;

export function readFilters(params: URLSearchParams): Filters {
  const f: Filters = {};
  for (const name of FILTER_PARAMS) {
    const v = params.get(name)?.trim();
    if (v) f[name] = v;
  }
  return f;
}

export const coordsParams = (coords: Coords | null) =>
  coords ? { lat: coords.lat.toFixed(4), lng: coords.lng.toFixed(4) } : undefined;

/**
 * The home feed: the 6 newest public assets, or the 6 nearest when the browser gave a location
 * ("Activos cercanos a ti", distances to each asset's public point; issue 20).
 */
export function useHomeAssets(coords: Coords | null) {
  const near = coordsParams(coords);
  return useQuery({
    queryKey: [...queryKeys.assetFeed(""), near ?? null],
    queryFn: async ({ signal }): Promise<{ assets: Asset[]; more: boolean }> => {
      // One more than shown tells whether 'Ver todos' has anything to add.
      const params = new URLSearchParams({ limit: String(HOME_FEED_LIMIT + 1) });
      if (near) {
        params.set("orden", "distancia");
        params.set("lat", near.lat);
        params.set("lng", near.lng);
      }
      const body = await apiRequest(`/assets?${params.toString()}`, { signal, onUnauthorized: "ignore" });
      const assets = normalizeAssetList(body);
      return { assets: assets.slice(0, HOME_FEED_LIMIT), more: assets.length > HOME_FEED_LIMIT };
    },
    placeholderData: keepPreviousData,
    // New assets from other people show up when coming back to the home page.
    staleTime: 30_000,
  });
}
