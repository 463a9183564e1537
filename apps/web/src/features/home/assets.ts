import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { HOME_FEED_LIMIT } from "@valoriza/domain";
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAssetList } from "../../lib/assets.ts";
import { queryKeys } from "../../lib/query-client.ts";

/** With a search every match is shown (overview §9); the server answers at most this many. */
export const SEARCH_LIMIT = 200;
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

/**
 * The home feed: the 6 newest public assets, or every match of the search (spec §5 Search: trimmed,
 * case- and accent-insensitive over title, category, subcategory and description, done by the
 * server with the domain's normalizeSearch).
 */
export function useHomeAssets(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: queryKeys.assetFeed(q),
    queryFn: async ({ signal }): Promise<{ assets: Asset[]; more: boolean }> => {
      // One more than shown tells whether 'Ver todos' has anything to add.
      const params = new URLSearchParams({ limit: String(q ? SEARCH_LIMIT : HOME_FEED_LIMIT + 1) });
      if (q) params.set("q", q);
      const body = await apiRequest(`/assets?${params.toString()}`, { signal, onUnauthorized: "ignore" });
      const assets = normalizeAssetList(body);
      return q
        ? { assets, more: false }
        : { assets: assets.slice(0, HOME_FEED_LIMIT), more: assets.length > HOME_FEED_LIMIT };
    },
    placeholderData: keepPreviousData,
    // New assets from other people show up when coming back to the home page.
    staleTime: 30_000,
  });
}

/** Page size of 'Ver todos' (GET /assets?limit&offset; the feed has no total, a short page is the last). */
export const ALL_ASSETS_PAGE = 24;

/** Every public asset, newest first, a page at a time ('Cargar más'). */
export function useAllAssets(enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.assetFeed(""), "todos"],
    initialPageParam: 0,
    queryFn: async ({ signal, pageParam }) => {
      const body = await apiRequest(`/assets?limit=${ALL_ASSETS_PAGE}&offset=${pageParam}`, {
        signal,
        onUnauthorized: "ignore",
      });
      return { items: normalizeAssetList(body), offset: pageParam };
    },
    getNextPageParam: (last) => (last.items.length < ALL_ASSETS_PAGE ? undefined : last.offset + ALL_ASSETS_PAGE),
    enabled,
  });
  const seen = new Set<string>();
  const assets = (query.data?.pages ?? []).flatMap((p) => p.items).filter((a) => !seen.has(a.id) && seen.add(a.id));
  return { ...query, assets };
}
