import { keepPreviousData, useQuery } from "@tanstack/react-query";
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
    queryFn: async ({ signal }): Promise<Asset[]> => {
      const params = new URLSearchParams({ limit: String(q ? SEARCH_LIMIT : HOME_FEED_LIMIT) });
      if (q) params.set("q", q);
      const body = await apiRequest(`/assets?${params.toString()}`, { signal, onUnauthorized: "ignore" });
      const assets = normalizeAssetList(body);
      return q ? assets : assets.slice(0, HOME_FEED_LIMIT);
    },
    placeholderData: keepPreviousData,
    // New assets from other people show up when coming back to the home page.
    staleTime: 30_000,
  });
}
