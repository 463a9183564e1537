import { Heart, HeartOff } from "lucide-react";
import { Link } from "react-router-dom";
import { FavoriteButton } from "../../components/favorite-button.tsx";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { AssetCard } from "../../components/ui/asset-card.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { type Favorite, useFavorites } from "../../lib/favorites.ts";

/** /favoritos (issue 20): the assets I keep an eye on, the newest first. */
export function FavoritesPage() {
  useDocumentTitle("Favoritos");
  return (
    <RequireSession message="Debes iniciar sesión para ver tus favoritos.">
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Favoritos</h1>
          <p className="mt-1 text-slate-500">
            Los activos que guardaste. Te avisamos si se venden, se retiran o bajan de valor.
          </p>
        </header>
        <FavoritesList />
      </div>
    </RequireSession>
  );
}

function FavoritesList() {
  const favorites = useFavorites();
  const list = favorites.data ?? [];
  return (
    <ListStates
      query={favorites}
      isEmpty={list.length === 0}
      loading={
        <ListSkeleton
          label="Cargando favoritos"
          count={3}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          itemClassName="h-72 rounded-2xl"
        />
      }
      errorTitle="No pudimos cargar tus favoritos"
      errorText="Intenta de nuevo en unos momentos."
      empty={
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
            <Heart aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 font-semibold text-slate-900">Aún no tienes favoritos</p>
          <p className="mt-1 text-sm text-slate-500">Toca el corazón de un activo para guardarlo aquí.</p>
          <Link to="/" className={buttonClasses({ className: "mt-5" })}>
            Explorar activos
          </Link>
        </div>
      }
    >
      <p className="text-sm text-slate-500" aria-live="polite">
        {list.length === 1 ? "1 favorito" : `${list.length} favoritos`}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Mis favoritos">
        {list.map((f) => (
          <li key={f.id} className="min-w-0">
            {f.disponible && f.asset ? <AssetCard asset={f.asset} /> : <GoneFavorite favorite={f} />}
          </li>
        ))}
      </ul>
    </ListStates>
  );
}

/** A favourite that can no longer be used (withdrawn, sold or unlisted): its title, why, and the heart to remove it. */
function GoneFavorite({ favorite }: { favorite: Favorite }) {
  return (
    <article
      data-testid="favorite-gone"
      className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200/80 bg-slate-50 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-200 text-slate-600">
            <HeartOff aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-slate-900">{favorite.title}</h3>
            <p className="text-sm text-slate-600">{favorite.motivo ?? "Ya no está disponible"}</p>
          </div>
        </div>
        <FavoriteButton assetId={favorite.id} title={favorite.title} variant="inline" />
      </div>
      {favorite.asset ? (
        <Link
          to={assetPath(favorite.id)}
          className={buttonClasses({ variant: "secondary", size: "sm", className: "self-start" })}
        >
          Ver activo
        </Link>
      ) : null}
    </article>
  );
}
