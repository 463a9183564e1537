import type { PublicProfile, PublicReview } from "@valoriza/domain";
import { formatNumber } from "@valoriza/domain";
import { BadgeCheck, CalendarDays, MapPin, Package, UserRound } from "lucide-react";
import { Link, useParams } from "react-router-dom";
import { BlockPersonButton } from "../../components/block-person-button.tsx";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { ReportButton } from "../../components/report-button.tsx";
import { StarsShown } from "../../components/review-summary.tsx";
import { AssetCard } from "../../components/ui/asset-card.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ApiError } from "../../lib/api.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { REPUTATION_PARTS, signed } from "../../lib/reputation.ts";
import { formatAverage, reviewsCountLabel } from "../../lib/reviews.ts";
import { useSession } from "../../lib/session.tsx";
import { errorMessage, formatDate, onFirstUse } from "../../lib/utils.ts";
import { usePersonAssets, usePublicProfile, useUserReviews } from "./api.ts";

const monthYear = onFirstUse(() => new Intl.DateTimeFormat("es-CO", { month: "long", year: "numeric" }));

/** /usuarios/:id (issue 19): a person's public profile: who they are, their reputation, reviews and listings. */
export function PublicProfilePage() {
  const { id = "" } = useParams();
  const profile = usePublicProfile(id);
  const { user } = useSession();
  const fullName = profile.data ? [profile.data.name, profile.data.apellido].filter(Boolean).join(" ") : "";
  useDocumentTitle(fullName || "Perfil");

  if (profile.isPending) {
    return (
      <div role="status" aria-label="Cargando perfil" className="mx-auto grid w-full max-w-5xl gap-4">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (profile.isError) {
    const message = errorMessage(profile.error, "Intenta de nuevo en unos momentos.");
    const status = profile.error instanceof ApiError ? profile.error.status : 0;
    if (status === 400 || status === 403 || status === 404) {
      return (
        <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
          <h1 className="text-2xl font-bold text-slate-900">
            {status === 403 ? "Perfil no disponible" : "Perfil no encontrado"}
          </h1>
          <p className="text-slate-600">{message}</p>
          <Link to="/" className={buttonClasses({ className: "mt-2" })}>
            Ir al inicio
          </Link>
        </div>
      );
    }
    return (
      <ErrorState
        title="No pudimos cargar este perfil"
        message={message}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }
  const p = profile.data;
  const isMe = user?.id === p._id;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <ProfileHeader profile={p} fullName={fullName || "Usuario de Valoriza"} />
      {isMe ? null : (
        // Recourse (issue 19): report the person to the team, or block them (chat, deals, feed).
        <div className="-mt-3 flex flex-wrap items-center gap-2">
          <BlockPersonButton personId={p._id} name={fullName} variant="outline" />
          <ReportButton
            tipo="usuario"
            objetivoId={p._id}
            label="Reportar perfil"
            what={`Perfil de ${fullName || "esta persona"}`}
          />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <ReputationPanel profile={p} />
        <ReviewsSection userId={p._id} />
      </div>
      <AssetsSection userId={p._id} />
    </div>
  );
}

function ProfileHeader({ profile: p, fullName }: { profile: PublicProfile; fullName: string }) {
  const place = [p.ciudad, p.departamento].filter(Boolean).join(", ");
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <UserRound aria-hidden="true" className="size-8" />
      </span>
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-slate-900 sm:text-3xl">{fullName}</h1>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {place ? (
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4" />
              {place}
            </li>
          ) : null}
          <li className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            Miembro desde {monthYear().format(new Date(p.miembroDesde))}
          </li>
        </ul>
      </div>
      {p.verificado ? (
        <Badge tone="brand" className="self-start sm:self-center" data-testid="verified-badge">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Identidad verificada
        </Badge>
      ) : (
        <Badge tone="neutral" className="self-start sm:self-center">
          Identidad sin verificar
        </Badge>
      )}
    </Card>
  );
}

function ReputationPanel({ profile: p }: { profile: PublicProfile }) {
  const { promedio, cantidad } = p.resenas;
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6">
      <section aria-labelledby="resumen-calificaciones">
        <h2 id="resumen-calificaciones" className="text-sm font-medium text-slate-500">
          Calificaciones
        </h2>
        {promedio === null ? (
          <p className="mt-1 text-slate-700">Sin calificaciones todavía</p>
        ) : (
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <span className="text-3xl font-extrabold text-slate-900 tabular-nums" data-testid="profile-average">
              {formatAverage(promedio)}
            </span>
            <span className="sr-only">de 5 estrellas,</span>
            <StarsShown value={promedio} />
            <span className="w-full text-sm text-slate-500">{reviewsCountLabel(cantidad)}</span>
          </p>
        )}
      </section>
      <section aria-labelledby="reputacion" className="border-t border-slate-100 pt-4">
        <h2 id="reputacion" className="text-sm font-medium text-slate-500">
          Reputación
        </h2>
        <p className="mt-1 text-3xl font-extrabold text-slate-900 tabular-nums" data-testid="profile-reputation">
          {formatNumber(p.reputacion.reputacion)}{" "}
          <span className="text-base font-normal text-slate-500">
            {Math.abs(p.reputacion.reputacion) === 1 ? "punto" : "puntos"}
          </span>
        </p>
        <ul className="mt-3 grid gap-1.5 text-sm" aria-label="Partes de la reputación">
          {REPUTATION_PARTS.map(({ key, label }) => {
            const part = p.reputacion.partes[key];
            return (
              <li key={key} className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 text-slate-600">{label}</span>
                <span className="shrink-0 text-slate-500 tabular-nums">
                  {part.cantidad} × {signed(part.peso)} ={" "}
                  <span className="font-semibold text-slate-900">{signed(part.puntos)}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}

function ReviewsSection({ userId }: { userId: string }) {
  const query = useUserReviews(userId);
  const list = query.data?.data ?? [];
  return (
    <section aria-labelledby="resenas" className="flex min-w-0 flex-col gap-3">
      <h2 id="resenas" className="text-xl font-bold text-slate-900">
        Lo que dicen de esta persona
      </h2>
      <ListStates
        query={query}
        isEmpty={list.length === 0}
        loading={
          <ListSkeleton
            label="Cargando calificaciones"
            count={2}
            className="grid gap-3"
            itemClassName="h-24 rounded-2xl"
          />
        }
        errorTitle="No pudimos cargar sus calificaciones"
        empty="Todavía no tiene calificaciones publicadas."
      >
        <ul className="grid gap-3">
          {list.map((r) => (
            <li key={r._id}>
              <ReviewItem review={r} />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

function ReviewItem({ review: r }: { review: PublicReview }) {
  return (
    <Card className="p-4 sm:p-5" data-testid="review-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PersonLink id={r.autor._id} name={r.autor.name} className="font-semibold text-slate-900" />
        <span className="text-xs text-slate-500">{formatDate(r.fecha)}</span>
      </div>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
        <StarsShown value={r.puntuacion} />
        <span>
          {r.puntuacion} de 5 <span className="sr-only">estrellas</span>
        </span>
      </p>
      {r.comentario ? <p className="mt-2 break-words whitespace-pre-line text-slate-700">{r.comentario}</p> : null}
    </Card>
  );
}

function AssetsSection({ userId }: { userId: string }) {
  const query = usePersonAssets(userId);
  const list = query.data ?? [];
  return (
    <section aria-labelledby="activos" className="flex flex-col gap-3">
      <h2 id="activos" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Package aria-hidden="true" className="size-5 text-emerald-700" />
        Activos publicados
      </h2>
      <ListStates
        query={query}
        isEmpty={list.length === 0}
        loading={
          <ListSkeleton
            label="Cargando activos"
            count={3}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            itemClassName="h-72 rounded-2xl"
          />
        }
        errorTitle="No pudimos cargar sus activos"
        empty="No tiene activos publicados por ahora."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((a) => (
            <li key={a.id}>
              <AssetCard asset={a} />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
