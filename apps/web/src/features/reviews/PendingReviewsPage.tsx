import type { PendingReview } from "@valoriza/domain";
import { Clock, Star, UserRound } from "lucide-react";
import { Link } from "react-router-dom";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { personPath } from "../../lib/reviews.ts";
import { useSession } from "../../lib/session.tsx";
import { formatDate } from "../../lib/utils.ts";
import { usePendingReviews } from "./api.ts";
import { ReviewForm } from "./ReviewForm.tsx";

/** /calificaciones (issue 19): the completed deals I can still review, each with its form. */
export function PendingReviewsPage() {
  useDocumentTitle("Calificaciones");
  return (
    <RequireSession message="Debes iniciar sesión para calificar tus operaciones.">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <header>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Calificaciones</h1>
          <p className="mt-1 text-slate-500">
            Califica a las personas con las que completaste una operación. Ninguno ve la calificación del otro hasta que
            ambos califiquen o pasen 14 días.
          </p>
          <MyProfileLink />
        </header>
        <PendingList />
      </div>
    </RequireSession>
  );
}

function MyProfileLink() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Link to={personPath(user._id)} className={buttonClasses({ variant: "outline", size: "sm", className: "mt-3" })}>
      <UserRound aria-hidden="true" className="size-4" />
      Ver mi perfil público
    </Link>
  );
}

function PendingList() {
  const query = usePendingReviews();
  const list = query.data ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={list.length === 0}
      loading={
        <ListSkeleton
          label="Cargando calificaciones pendientes"
          count={2}
          className="grid gap-4"
          itemClassName="h-64 rounded-2xl"
        />
      }
      errorTitle="No pudimos cargar tus calificaciones pendientes"
      empty={
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
            <Star aria-hidden="true" className="size-7" />
          </span>
          <p className="mt-4 font-semibold text-slate-900">No tienes calificaciones pendientes</p>
          <p className="mt-1 text-sm text-slate-500">
            Cuando completes una venta, un intercambio, un préstamo, un alquiler o una donación, podrás calificar aquí.
          </p>
        </div>
      }
    >
      <ul className="grid gap-4" aria-label="Operaciones por calificar">
        {list.map((p) => (
          <li key={p.operacionId}>
            <PendingCard pending={p} />
          </li>
        ))}
      </ul>
    </ListStates>
  );
}

function PendingCard({ pending }: { pending: PendingReview }) {
  const name = pending.contraparte.name || "Usuario de Valoriza";
  return (
    <Card className="p-5 sm:p-6" data-testid="pending-review">
      <h2 className="text-lg font-semibold text-slate-900">
        <span className="sr-only">Calificar a </span>
        <PersonLink id={pending.contraparte._id} name={name} />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {pending.activo ? (
          <>
            Operación:{" "}
            <Link to={assetPath(pending.activo._id)} className="font-medium text-emerald-700 underline">
              {pending.activo.title}
            </Link>
          </>
        ) : (
          "Operación completada"
        )}{" "}
        · terminó el {formatDate(pending.completadaEn)}
      </p>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-500">
        <Clock aria-hidden="true" className="size-4" />
        Puedes calificar hasta el {formatDate(pending.cierraEn)}
      </p>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <ReviewForm operacionId={pending.operacionId} name={name} />
      </div>
    </Card>
  );
}
