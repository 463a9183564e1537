import { lazy, Suspense, useDeferredValue, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { SearchBox } from "../../app/SearchBox.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { AfterFirstPaint } from "../../lib/first-paint.tsx";
import { ActionCards } from "./ActionCards.tsx";
import { AssetFeed } from "./AssetFeed.tsx";
import { type Coords, FILTER_PARAMS, type Filters, readFilters, useDebouncedValue, useHomeAssets } from "./assets.ts";
import { FloatingRegisterButton, Hero } from "./Hero.tsx";
import { loadedHomeResults, preloadHomeResults } from "./results-code.ts";

/**
 * 'Filtrar y ordenar' and 'Cerca de mí' load after the page's first paint: the home's first load does not
 * carry them, and their code does not delay that paint.
 */
const HomeTools = lazy(() => import("./HomeTools.tsx").then((m) => ({ default: m.HomeTools })));
/**
 * Every match, page by page: loaded when a search, filter or 'Ver todos' asks for it, or earlier when a
 * search box takes the focus (results-code.ts); already here, it renders without suspending.
 */
const LazyHomeResults = lazy(() => preloadHomeResults().then((component) => ({ default: component })));

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

  const filtering = Boolean(search) || hasFilters || showAll;
  // The results' component: the code itself once fetched, switched only while no results show (a
  // component that changed type under them would be mounted again).
  const [HomeResults, setHomeResults] = useState(() => loadedHomeResults() ?? LazyHomeResults);
  const fetched = loadedHomeResults();
  if (!filtering && fetched && HomeResults !== fetched) setHomeResults(() => fetched);
  const recent = useHomeAssets(coords);
  // The cards render in a transition (slices of a few milliseconds) instead of in one task with the
  // answer: on the first visit that task came right after the first paint (issue 21).
  const feed = useDeferredValue(recent.data);

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
        <AfterFirstPaint fallback={<div className="h-9" />}>
          <Suspense fallback={<div className="h-9" />}>
            <HomeTools filters={filters} coords={coords} onCoords={setCoords} onApply={applyFilters} />
          </Suspense>
        </AfterFirstPaint>
      </div>
      {filtering ? (
        <Suspense
          fallback={<AssetFeed mode="all" assets={[]} search={search} isLoading onClearSearch={() => undefined} />}
        >
          <HomeResults
            search={search}
            filters={filters}
            coords={coords}
            onClear={() =>
              setSearchParams(
                (params) => {
                  for (const name of ["q", ALL_PARAM, ...FILTER_PARAMS]) params.delete(name);
                  return params;
                },
                { preventScrollReset: true },
              )
            }
            onShowRecent={search || hasFilters ? undefined : () => setParam(ALL_PARAM, null)}
          />
        </Suspense>
      ) : (
        <AssetFeed
          assets={feed?.assets ?? []}
          search=""
          isLoading={feed === undefined && !recent.isError}
          isSearching={recent.isFetching && recent.isPlaceholderData}
          isError={recent.isError}
          onRetry={() => void recent.refetch()}
          onClearSearch={() => setParam("q", null)}
          hasMore={Boolean(feed?.more)}
          onShowAll={() => setParam(ALL_PARAM, "1")}
        />
      )}
      <FloatingRegisterButton />
    </div>
  );
}
