import { ASSET_MSG, creditsLabel, formatCOP } from "@valoriza/domain";
import { ArrowLeft, BadgeCheck, Lock, MapPin, RefreshCw, Unlock, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { BlockPersonButton } from "../../components/block-person-button.tsx";
import { FavoriteButton } from "../../components/favorite-button.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { ReportButton } from "../../components/report-button.tsx";
import { ReviewSummary } from "../../components/review-summary.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ASSET_TYPE_META, AssetStatusBadge } from "../../components/ui/asset-card.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { type Asset, assetPath } from "../../lib/assets.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSession } from "../../lib/session.tsx";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useAssetDetail } from "./detail-api.ts";
import { Gallery } from "./Gallery.tsx";
import { HiddenNotice } from "./HiddenNotice.tsx";
import {
  conditionLabel,
  contributionLabel,
  estadoCreditoLabel,
  originLabel,
  physicalStateLabel,
  purposeLabel,
} from "./labels.ts";
import { OwnerReputation } from "./OwnerReputation.tsx";
import { ShareButtons } from "./ShareButtons.tsx";

/** Slots the app fills from other features: the visitor's main action and the chat card. */
export interface AssetDetailSlots {
  /** The main action for a visitor (never rendered for the owner). */
  renderAction?: (asset: Asset) => ReactNode;
  /** 'Contactar' and the chat card, below the owner card. */
  renderChat?: (asset: Asset, isOwner: boolean) => ReactNode;
}

export function AssetDetailPage({ renderAction, renderChat }: AssetDetailSlots = {}) {
  const { id = "" } = useParams();
  const query = useAssetDetail(id);
  useDocumentTitle(query.data?.title ?? "Detalle del activo");

  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      {query.data ? (
        <AssetDetail
          asset={query.data}
          {...(renderAction ? { renderAction } : {})}
          {...(renderChat ? { renderChat } : {})}
        />
      ) : query.isError ? (
        <Alert title={ASSET_MSG.loadAssetError}>
          <p>{errorMessage(query.error, "Intenta de nuevo en unos momentos.")}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reintentar
            </Button>
            <Link to="/" className={buttonClasses({ variant: "ghost", size: "sm" })}>
              Volver al inicio
            </Link>
          </div>
        </Alert>
      ) : (
        <DetailSkeleton />
      )}
    </div>
  );
}

function BackLink() {
  const navigate = useNavigate();
  return (
    <div>
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/"))}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Volver
      </Button>
    </div>
  );
}

/** The page's own grid and boxes (gallery 4:3, badges, title, value card), so nothing moves when data arrives. */
function DetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Cargando activo"
      className="grid min-h-dvh items-start gap-x-8 gap-y-6 lg:grid-cols-[1.2fr_1fr]"
    >
      <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
        </div>
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-11 w-full rounded-xl" />
      </div>
    </div>
  );
}

function AssetDetail({ asset, renderAction, renderChat }: { asset: Asset } & AssetDetailSlots) {
  const { user } = useSession();
  const isOwner = Boolean(user && asset.ownerId && user._id === asset.ownerId);
  const { label, Icon } = ASSET_TYPE_META[asset.assetType];
  const place = [asset.ciudad, asset.departamento].filter(Boolean).join(", ");
  const category = [asset.category, asset.subcategory, asset.especializacion].filter(Boolean).join(" · ");

  return (
    // Phones: photos, then title, value and owner, then the description; desktops: two columns.
    // An action that holds its place until the person's own view arrives (data-holds-place: a
    // donation's panel) may grow when it comes: what follows it stays unseen until then (the owner's
    // card, the chat, and on phones the description), so nothing a person sees moves.
    <article className="grid items-start gap-x-8 gap-y-6 lg:grid-cols-[1.2fr_1fr] max-lg:[&:has([data-holds-place])>[data-after-action]]:invisible">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <Gallery images={asset.images} thumbnails={asset.thumbnails} title={asset.title} type={asset.assetType} />
      </div>

      <div className="flex min-w-0 flex-col gap-5 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 [&>[data-holds-place]~*]:invisible">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="neutral">
              <Icon aria-hidden="true" />
              {label}
            </Badge>
            <AssetStatusBadge status={asset.status} />
            {isOwner ? (
              <Badge tone="info" data-testid="own-asset-badge">
                <BadgeCheck aria-hidden="true" />
                {ASSET_MSG.ownAssetBadge}
              </Badge>
            ) : null}
          </div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="min-w-0 text-2xl font-extrabold tracking-tight break-words text-slate-900 sm:text-3xl">
              {asset.title}
            </h1>
            {isOwner ? null : <FavoriteButton assetId={asset.id} title={asset.title} variant="inline" />}
          </div>
          {category ? <p className="text-slate-500">{category}</p> : null}
          {place ? (
            <p className="flex items-center gap-1.5 text-sm text-slate-500">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              {place}
            </p>
          ) : null}
        </div>

        {asset.oculto ? <HiddenNotice oculto={asset.oculto} /> : null}
        <ValueCard asset={asset} />

        {isOwner ? null : renderAction ? (
          renderAction(asset)
        ) : (
          <div className="flex flex-col gap-2">
            <Button size="lg" disabled className="w-full">
              {purposeLabel(asset.mainPurpose) || "Solicitar"}
            </Button>
            <p className="text-center text-xs text-slate-500">
              Muy pronto podrás contactar al dueño y cerrar la operación desde aquí.
            </p>
          </div>
        )}

        {asset.owner ? <OwnerCard owner={asset.owner} isOwner={isOwner} /> : null}

        {renderChat ? renderChat(asset, isOwner) : null}

        <Card className="p-5">
          <ShareButtons path={assetPath(asset.id)} title={asset.title} />
        </Card>
        {isOwner ? null : (
          <ReportButton
            tipo="activo"
            objetivoId={asset.id}
            label="Reportar publicación"
            what={`Publicación “${asset.title}”`}
            className="self-start"
          />
        )}
      </div>

      <div data-after-action className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
        <section aria-labelledby="descripcion-title" className="min-w-0">
          <h2 id="descripcion-title" className="text-lg font-semibold text-slate-900">
            Descripción
          </h2>
          <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-700">
            {asset.description || "Sin descripción."}
          </p>
        </section>
        <Details asset={asset} />
      </div>
    </article>
  );
}

function ValueCard({ asset }: { asset: Asset }) {
  const isGood = asset.assetType === "bien";
  const blocked = asset.estadoCredito === "bloqueado";
  // Deactivated: its blocked credits were destroyed, nothing is blocked or tradable any more.
  const deactivated = asset.status === "desactivado";
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-emerald-600 to-teal-600 px-5 py-4 text-white">
        <p className="text-sm text-emerald-50/90">Créditos</p>
        <p className="text-3xl font-extrabold tabular-nums" data-testid="asset-credits">
          {asset.credits !== null ? creditsLabel(asset.credits) : "—"}
        </p>
        {deactivated ? (
          <p className="mt-1 text-xs font-medium text-emerald-50" data-testid="asset-deactivated">
            Activo desactivado
            {asset.credits !== null && asset.vecesUsado === 0
              ? `: se destruyeron sus ${creditsLabel(asset.credits)} bloqueados`
              : ""}
            . Ya no se puede usar en ninguna operación.
          </p>
        ) : asset.estadoCredito ? (
          <p className="mt-1 inline-flex items-center gap-1.5 text-xs font-medium text-emerald-50">
            {blocked ? (
              <Lock aria-hidden="true" className="size-3.5" />
            ) : (
              <Unlock aria-hidden="true" className="size-3.5" />
            )}
            {estadoCreditoLabel(asset.estadoCredito)}
          </p>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 divide-x divide-slate-100">
        <div className="px-5 py-4">
          <dt className="text-xs font-medium text-slate-500">{isGood ? "Valor base" : "Valor"}</dt>
          <dd className="mt-0.5 font-bold text-slate-900 tabular-nums">
            {asset.baseValueCOP !== null
              ? formatCOP(asset.baseValueCOP)
              : asset.valueCOP !== null
                ? formatCOP(asset.valueCOP)
                : "—"}
          </dd>
        </div>
        {isGood ? (
          <div className="px-5 py-4">
            <dt className="text-xs font-medium text-slate-500">Valor actual</dt>
            <dd className="mt-0.5 font-bold text-slate-900 tabular-nums">
              {asset.valorActualCOP !== null ? formatCOP(asset.valorActualCOP) : "—"}
            </dd>
            {asset.depreciation !== null ? (
              <dd className="text-xs text-slate-500">Depreciación: {asset.depreciation} %</dd>
            ) : null}
          </div>
        ) : (
          <div className="px-5 py-4">
            <dt className="text-xs font-medium text-slate-500">Propósito</dt>
            <dd className="mt-0.5 font-bold text-slate-900">{purposeLabel(asset.mainPurpose) || "—"}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

function Details({ asset }: { asset: Asset }) {
  const rows: [string, ReactNode][] = [];
  const add = (label: string, value: ReactNode) => {
    if (value !== "" && value !== null && value !== undefined) rows.push([label, value]);
  };
  if (asset.assetType === "bien") {
    add("Condición", conditionLabel(asset.condition));
    add("Estado físico", physicalStateLabel(asset.physicalState));
    add("Año de compra", asset.yearOfPurchase);
    add("Origen", originLabel(asset.origin));
  }
  if (asset.assetType === "tiempo") {
    add("Tipo de servicio", asset.tipoServicio);
    add("Horas", asset.horas);
    add("Especializado", asset.especializado === null ? "" : asset.especializado ? "Sí" : "No");
  }
  if (asset.assetType === "dinero") {
    add("Monto", asset.monto !== null ? formatCOP(asset.monto) : "");
    add("Tipo de aporte", contributionLabel(asset.tipoAporte));
  }
  add("Propósito", purposeLabel(asset.mainPurpose));
  add("Valor base", asset.baseValueCOP !== null ? formatCOP(asset.baseValueCOP) : "");
  if (asset.assetType === "bien")
    add("Valor actual", asset.valorActualCOP !== null ? formatCOP(asset.valorActualCOP) : "");
  add("Ubicación", asset.location);
  add("Publicado", formatDate(asset.createdAt));

  return (
    <section aria-labelledby="detalles-title">
      <h2 id="detalles-title" className="text-lg font-semibold text-slate-900">
        Detalles
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 rounded-2xl border border-slate-200/80 bg-white p-5 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function OwnerCard({ owner, isOwner }: { owner: NonNullable<Asset["owner"]>; isOwner: boolean }) {
  const fullName = [owner.name, owner.apellido].filter(Boolean).join(" ") || "Usuario de Valoriza";
  const place = [owner.ciudad, owner.pais].filter(Boolean).join(", ");
  return (
    <Card className="p-5" data-testid="owner-card">
      <div className="flex items-center gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <UserRound aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">Publicado por</p>
          <p className="font-semibold break-words text-slate-900" data-testid="owner-name">
            <PersonLink id={owner.id} name={fullName} />
          </p>
          {place ? <p className="text-sm text-slate-500">{place}</p> : null}
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 pt-3">
        <ReviewSummary key={`r-${owner.id}`} userId={owner.id} className="mb-2" />
        <OwnerReputation key={owner.id} userId={owner.id} />
      </div>
      {/* Issue 19 part 4: signed in, a visitor can block the owner (nothing for the owner or signed out). */}
      <BlockPersonButton personId={owner.id} name={fullName} hidden={isOwner} className="mt-2 -ml-3" />
    </Card>
  );
}
