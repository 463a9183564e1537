import { useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { ActionCards } from "./ActionCards.tsx";
import { AssetFeed } from "./AssetFeed.tsx";
import { useAllAssets, useDebouncedValue, useHomeAssets } from "./assets.ts";
import { FloatingRegisterButton, Hero } from "./Hero.tsx";

/** `?todos=1`: 'Ver todos' lists every public asset, a page at a time. */
const ALL_PARAM = "todos";

export function HomePage() {
  useDocumentTitle();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useDebouncedValue((searchParams.get("q") ?? "").trim());
  const showAll = searchParams.get(ALL_PARAM) === "1" && !search;
  const recent = useHomeAssets(search);
  const all = useAllAssets(showAll);
  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (params) => {
        if (value === null) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { replace: name === "q", preventScrollReset: true },
    );

  return (
    // Phones: room under the last card for the floating "+" (it must not cover card text).
    <div className="flex flex-col gap-10 max-sm:pb-20 sm:gap-12">
      <Hero />
      <ActionCards />
      {showAll ? (
        <AssetFeed
          mode="all"
          assets={all.assets}
          search=""
          isLoading={all.isPending}
          isError={all.isError && !all.isFetchNextPageError}
          onRetry={() => void all.refetch()}
          onClearSearch={() => setParam("q", null)}
          hasMore={all.hasNextPage}
          loadingMore={all.isFetchingNextPage}
          loadMoreFailed={all.isFetchNextPageError}
          onLoadMore={() => void all.fetchNextPage()}
          onShowRecent={() => setParam(ALL_PARAM, null)}
        />
      ) : (
        <AssetFeed
          assets={recent.data?.assets ?? []}
          search={search}
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
