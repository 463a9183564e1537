import { PackageOpen, RefreshCw, SearchX } from "lucide-react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { AssetCard } from "./AssetCard.tsx";
import { type AssetSummary, filterAssets } from "./assets.ts";

export interface AssetFeedProps {
  assets: AssetSummary[];
  search: string;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  onClearSearch: () => void;
}

/**
 * 'Activos cercanos a ti', or 'Resultados para …' while searching: at most 6 assets without a
 * search, every match with one (overview §2, §9).
 */
export function AssetFeed({ assets, search, isLoading, isError, onRetry, onClearSearch }: AssetFeedProps) {
  const query = search.trim();
  const visible = filterAssets(assets, query);

  return (
    <section id="activos" aria-labelledby="activos-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id="activos-title"
          className="min-w-0 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl"
        >
          {query ? (
            <>
              Resultados para <span className="text-emerald-700">“{query}”</span>
            </>
          ) : (
            "Activos cercanos a ti"
          )}
        </h2>
        {!isLoading && !isError && visible.length > 0 ? (
          <p className="text-sm text-slate-500" aria-live="polite">
            {visible.length === 1 ? "1 activo" : `${visible.length} activos`}
          </p>
        ) : null}
      </div>

      <div className="mt-4">
        {isLoading ? (
          <div
            role="status"
            aria-label="Cargando activos"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
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
          <Alert title="Error al cargar activos">
            <p>Intenta de nuevo en unos momentos.</p>
            {onRetry ? (
              <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Reintentar
              </Button>
            ) : null}
          </Alert>
        ) : visible.length === 0 ? (
          <EmptyFeed searching={Boolean(query)} query={query} onClearSearch={onClearSearch} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((asset) => (
              <li key={asset.id} className="min-w-0">
                <AssetCard asset={asset} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function EmptyFeed({
  searching,
  query,
  onClearSearch,
}: {
  searching: boolean;
  query: string;
  onClearSearch: () => void;
}) {
  const Icon = searching ? SearchX : PackageOpen;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      {searching ? (
        <>
          <p className="mt-4 max-w-md font-semibold break-words text-slate-900">
            No se encontraron activos para “{query}”.
          </p>
          <p className="mt-1 text-sm text-slate-500">Prueba con otras palabras o revisa todos los activos.</p>
          <Button variant="outline" className="mt-5" onClick={onClearSearch}>
            Ver todos los activos
          </Button>
        </>
      ) : (
        <>
          <p className="mt-4 font-semibold text-slate-900">No hay activos disponibles en este momento.</p>
          <p className="mt-1 text-sm text-slate-500">Sé el primero en darle valor a algo que tengas.</p>
          <Link to="/valorar" className={buttonClasses({ className: "mt-5" })}>
            Valorar un activo
          </Link>
        </>
      )}
    </div>
  );
}
