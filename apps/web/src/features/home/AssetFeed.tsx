import { PackageOpen, RefreshCw, SearchX } from "lucide-react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { AssetCard } from "../../components/ui/asset-card.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import type { Asset } from "../../lib/assets.ts";
import { cn } from "../../lib/utils.ts";

/**
 * The feed's spec wording (the same strings as the domain's ASSET_MSG). Copied rather than
 * imported: ASSET_MSG lives next to the zod schemas, which would pull zod into the home chunk.
 */
const FEED_MSG = {
  nearbyAssetsTitle: "Activos cercanos a ti",
  allAssetsTitle: "Todos los activos",
  resultsFor: "Resultados para",
  noSearchResults: "No se encontraron activos...",
  noAssets: "No hay activos disponibles en este momento.",
  loadAssetsError: "Error al cargar activos",
} as const;

export interface AssetFeedProps {
  assets: Asset[];
  search: string;
  isLoading?: boolean;
  /** A new search is on its way while the previous results stay on screen. */
  isSearching?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  onClearSearch: () => void;
  /** 'recent': the 6 newest (or the search results); 'all': every asset, page by page. */
  mode?: "recent" | "all";
  /** recent: there are more than 6 ('Ver todos'); all: another page can be loaded ('Cargar más'). */
  hasMore?: boolean;
  onShowAll?: () => void;
  onShowRecent?: () => void;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  loadMoreFailed?: boolean;
  /** Every match (GET /api/assets `total`), for 'Mostrando X de Y'. */
  total?: number | null;
  /** The heading without a search (filters on): defaults to 'Todos los activos'. */
  allTitle?: string;
}

/**
 * 'Activos cercanos a ti', or 'Resultados para …' while searching: at most 6 assets without a
 * search, every match with one (overview §2, §9).
 */
export function AssetFeed({
  assets,
  search,
  isLoading,
  isSearching,
  isError,
  onRetry,
  onClearSearch,
  mode = "recent",
  hasMore = false,
  onShowAll,
  onShowRecent,
  onLoadMore,
  loadingMore = false,
  loadMoreFailed = false,
  total = null,
  allTitle = FEED_MSG.allAssetsTitle,
}: AssetFeedProps) {
  const query = search.trim();
  const all = mode === "all";

  return (
    <section id="activos" aria-labelledby="activos-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id="activos-title"
          className="min-w-0 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl"
        >
          {query ? (
            <>
              {FEED_MSG.resultsFor} <span className="text-emerald-700">“{query}”</span>
            </>
          ) : all ? (
            allTitle
          ) : (
            FEED_MSG.nearbyAssetsTitle
          )}
        </h2>
        {isSearching ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" />
            Buscando…
          </p>
        ) : !isLoading && !isError && assets.length > 0 ? (
          <div className="flex items-center gap-3">
            <p className="text-sm text-slate-500" aria-live="polite" data-testid="feed-count">
              {all ? "Mostrando " : ""}
              {all && total !== null && total > assets.length
                ? `${assets.length} de ${total} activos`
                : assets.length === 1
                  ? "1 activo"
                  : `${assets.length} activos`}
            </p>
            {!all && hasMore && onShowAll ? (
              <Button variant="outline" size="sm" onClick={onShowAll}>
                Ver todos
              </Button>
            ) : null}
            {all && onShowRecent ? (
              <Button variant="ghost" size="sm" onClick={onShowRecent}>
                Ver solo los recientes
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>

      {/* While a new search loads, the previous results stay, dimmed and marked busy for screen readers. */}
      <div className={cn("mt-4 transition-opacity", isSearching && "opacity-60")} aria-busy={isSearching || undefined}>
        {isLoading ? (
          <div role="status" aria-label="Cargando activos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((key) => (
              <div key={key} className="overflow-hidden rounded-2xl border border-slate-200/80 bg-white">
                <Skeleton className="aspect-[16/9] rounded-none" />
                <div className="space-y-3 p-5">
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-4 w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : isError ? (
          <Alert title={FEED_MSG.loadAssetsError}>
            <p>Intenta de nuevo en unos momentos.</p>
            {onRetry ? (
              <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Reintentar
              </Button>
            ) : null}
          </Alert>
        ) : assets.length === 0 ? (
          <EmptyFeed searching={Boolean(query)} onClearSearch={onClearSearch} />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {assets.map((asset) => (
                <li key={asset.id} className="min-w-0">
                  <AssetCard asset={asset} />
                </li>
              ))}
            </ul>
            {all && (hasMore || loadMoreFailed) && onLoadMore ? (
              <div className="mt-6 flex flex-col items-center gap-2">
                {loadMoreFailed ? (
                  <p role="alert" className="text-sm text-red-700">
                    {FEED_MSG.loadAssetsError}. Intenta de nuevo.
                  </p>
                ) : null}
                <Button variant="outline" loading={loadingMore} loadingText="Cargando…" onClick={onLoadMore}>
                  Cargar más
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function EmptyFeed({ searching, onClearSearch }: { searching: boolean; onClearSearch: () => void }) {
  const Icon = searching ? SearchX : PackageOpen;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      {searching ? (
        <>
          <p className="mt-4 max-w-md font-semibold break-words text-slate-900">{FEED_MSG.noSearchResults}</p>
          <p className="mt-1 text-sm text-slate-500">Prueba con otras palabras o revisa todos los activos.</p>
          <Button variant="outline" className="mt-5" onClick={onClearSearch}>
            Ver todos los activos
          </Button>
        </>
      ) : (
        <>
          <p className="mt-4 font-semibold text-slate-900">{FEED_MSG.noAssets}</p>
          <p className="mt-1 text-sm text-slate-500">Sé el primero en darle valor a algo que tengas.</p>
          <Link to="/valorar" className={buttonClasses({ className: "mt-5" })}>
            Valorar un activo
          </Link>
        </>
      )}
    </div>
  );
}
