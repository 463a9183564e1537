import { useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { ActionCards } from "./ActionCards.tsx";
import { AssetFeed } from "./AssetFeed.tsx";
import { useDebouncedValue, useHomeAssets } from "./assets.ts";
import { FloatingRegisterButton, Hero } from "./Hero.tsx";

export function HomePage() {
  useDocumentTitle();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = useDebouncedValue((searchParams.get("q") ?? "").trim());
  const assets = useHomeAssets(search);

  return (
    <div className="flex flex-col gap-10 sm:gap-12">
      <Hero />
      <ActionCards />
      <AssetFeed
        assets={assets.data ?? []}
        search={search}
        isLoading={assets.isPending}
        isSearching={assets.isFetching && assets.isPlaceholderData}
        isError={assets.isError}
        onRetry={() => void assets.refetch()}
        onClearSearch={() =>
          setSearchParams(
            (params) => {
              params.delete("q");
              return params;
            },
            { replace: true },
          )
        }
      />
      <FloatingRegisterButton />
    </div>
  );
}
