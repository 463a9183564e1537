import { useSearchParams } from "react-router-dom";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { ActionCards } from "./ActionCards.tsx";
import { AssetFeed } from "./AssetFeed.tsx";
import { useHomeAssets } from "./assets.ts";
import { FloatingRegisterButton, Hero } from "./Hero.tsx";

export function HomePage() {
  useDocumentTitle();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get("q") ?? "";
  const assets = useHomeAssets();

  return (
    <div className="flex flex-col gap-10 sm:gap-12">
      <Hero />
      <ActionCards />
      <AssetFeed
        assets={assets.data ?? []}
        search={search}
        isLoading={assets.isLoading}
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
