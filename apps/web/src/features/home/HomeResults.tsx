import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { apiRequest } from "../../lib/api.ts";
import { normalizeAssetList } from "../../lib/assets.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { AssetFeed } from "./AssetFeed.tsx";
import { type Coords, coordsParams, type Filters } from "./assets.ts";

/** Page size of 'Cargar más'. */
export const ALL_ASSETS_PAGE = 24;

/**
 * Every match of the search, filters and order, a page at a time ('Cargar más'): the server answers
 * `total` (the real count), so the last page is known (issue 20).
 */
export function useAssetSearch(enabled: boolean, search: string, filters: Filters, coords: Coords | null) {
  const near = coordsParams(coords);
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.assetFeed(search), "todos", filters, near ?? null],
    initialPageParam: 0,
    queryFn: async ({ signal, pageParam }) => {
      const params = new URLSearchParams({ limit: String(ALL_ASSETS_PAGE), offset: String(pageParam) });
      if (search) params.set("q", search);
      for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
      if (near) {
        params.set("lat", near.lat);
        params.set("lng", near.lng);
      }
      const body = await apiRequest(`/assets?${params.toString()}`, { signal, onUnauthorized: "ignore" });
      const total = (body as { total?: unknown } | null)?.total;
      const items = normalizeAssetList(body);
      return { items, offset: pageParam, total: typeof total === "number" ? total : null };
    },
    getNextPageParam: (last) => {
      const next = last.offset + ALL_ASSETS_PAGE;
      if (last.total !== null) return next < last.total ? next : undefined;
      return last.items.length < ALL_ASSETS_PAGE ? undefined : next;
    },
    placeholderData: keepPreviousData,
    enabled,
  });
  // The same array while the pages are the same, so the cards (memoized) and a deferred value see no change.
  const assets = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages ?? []).flatMap((p) => p.items).filter((a) => !seen.has(a.id) && seen.add(a.id));
  }, [query.data]);
  const total = query.data?.pages.at(-1)?.total ?? null;
  return { ...query, assets, total };
}

/**
 * The home's results (issue 20): every match of the search, filters and order, 24 at a time with
 * 'Cargar más' and 'Mostrando X de Y'. Loaded on demand (React.lazy in HomePage). Ordering by
 * distance waits for the browser's location (asked by HomeTools).
 */
export function HomeResults({
  search,
  filters,
  coords,
  onClear,
  onShowRecent,
}: {
  search: string;
  filters: Filters;
  coords: Coords | null;
  onClear: () => void;
  onShowRecent: (() => void) | undefined;
}) {
  const waiting = filters.orden === "distancia" && coords === null;
  const results = useAssetSearch(!waiting, search, filters, coords);
  // The cards of an answer render in a transition (slices of a few milliseconds), not in one task with
  // the answer: typing goes on while they come (issue 21: responsiveness on phones).
  const assets = useDeferredValue(results.assets);
  const stale = assets !== results.assets;
  return (
    <AssetFeed
      mode="all"
      assets={assets}
      search={search}
      allTitle={Object.keys(filters).length > 0 ? "Activos encontrados" : undefined}
      total={results.total}
      // Until the deferred cards catch up: still loading (never a flash of "no results"), or dimmed.
      isLoading={results.isPending || (stale && assets.length === 0)}
      isSearching={(results.isFetching && results.isPlaceholderData) || (stale && assets.length > 0)}
      isError={results.isError && !results.isFetchNextPageError}
      onRetry={() => void results.refetch()}
      onClearSearch={onClear}
      hasMore={results.hasNextPage}
      loadingMore={results.isFetchingNextPage}
      loadMoreFailed={results.isFetchNextPageError}
      onLoadMore={() => void results.fetchNextPage()}
      onShowRecent={onShowRecent}
    />
  );
}
