import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SearchBox } from "../../app/SearchBox.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { ActionCards } from "./ActionCards.tsx";
import { AssetFeed } from "./AssetFeed.tsx";
import {
  type Coords,
  FILTER_PARAMS,
  type Filters,
  readFilters,
  useAssetSearch,
  useDebouncedValue,
  useHomeAssets,
} from "./assets.ts";
import { FloatingRegisterButton, Hero } from "./Hero.tsx";

/** 'Filtrar y ordenar' and 'Cerca de mí' load after the page: the home's first load does not carry them. */
const HomeTools = lazy(() => import("./HomeTools.tsx").then((m) => ({ default: m.HomeTools })));

/** `?todos=1`: 'Ver todos' lists every public asset, a page at a time. */
const ALL_PARAM = "todos";

export function HomePage() {
  useDocumentTitle();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useDebouncedValue((searchParams.get("q") ?? "").trim());
  const filters = readFilters(searchParams);
  const hasFilters = Object.keys(filters).length > 0;
  const showAll = searchParams.get(ALL_PARAM) === "1";
  const [coords, setCoords] = useState<Coords | null>(null);

  const byDistance = filters.orden === "distancia";
  const filtering = Boolean(search) || hasFilters || showAll;
  // Ordering by distance waits for the browser's location (asked by HomeTools).
  const waiting = byDistance && coords === null;
  const results = useAssetSearch(filtering && !waiting, search, filters, coords);
  const recent = useHomeAssets(coords);

  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (params) => {
        if (value === null) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: name === "q", preventScrollReset: true },
    );
  const applyFilters = (next: Filters) =>
    setSearchParams(
      (params) => {
        for (const name of FILTER_PARAMS) {
          const v = next[name]?.trim();
          if (v) params.set(name, v);
          else params.delete(name);
        }
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    // Phones: room under the last card for the floating "+" (it must not cover card text).
    <div className="flex flex-col gap-10 max-sm:pb-20 sm:gap-12">
      <Hero />
      <ActionCards />
      <div className="flex flex-col gap-4">
        {/* The header's search shows from lg up; below, the home page has its own. */}
        <SearchBox className="lg:hidden" />
        <Suspense fallback={<div className="h-9" />}>
          <HomeTools filters={filters} coords={coords} onCoords={setCoords} onApply={applyFilters} />
        </Suspense>
      </div>
      {filtering ? (
        <AssetFeed
          mode="all"
          assets={results.assets}
          search={search}
          allTitle={hasFilters ? "Activos encontrados" : undefined}
          total={results.total}
          isLoading={results.isPending}
          isSearching={results.isFetching && results.isPlaceholderData}
          isError={results.isError && !results.isFetchNextPageError}
          onRetry={() => void results.refetch()}
          onClearSearch={() =>
            setSearchParams(
              (params) => {
                for (const name of ["q", ALL_PARAM, ...FILTER_PARAMS]) params.delete(name);
                return params;
              },
              { preventScrollReset: true },
            )
          }
          hasMore={results.hasNextPage}
          loadingMore={results.isFetchingNextPage}
          loadMoreFailed={results.isFetchNextPageError}
          onLoadMore={() => void results.fetchNextPage()}
          onShowRecent={search || hasFilters ? undefined : () => setParam(ALL_PARAM, null)}
        />
      ) : (
        <AssetFeed
          assets={recent.data?.assets ?? []}
          search=""
          isLoading={recent.isPending}
          isSearching={recent.isFetching && recent.isPlaceholderData}
          isError={recent.isError}
          onRetry={() => void recent.refetch()}
          onClearSearch={() => setParam("q", null)}
          hasMore={Boolean(recent.data?.more)}
          onShowAll={() => setParam(ALL_PARAM, "1")}
        />
      )}
      <FloatingRegisterButton />
    </div>
  );
}
