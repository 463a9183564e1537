import { ASSET_STATUS_LABELS, type AssetStatus, creditsLabel, formatCOP, formatNumber } from "@valoriza/domain";
import { ArrowRight, Banknote, Clock, type LucideIcon, MapPin, Package } from "lucide-react";
import { memo, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { type Asset, type AssetType, assetPath } from "../../lib/assets.ts";
import { useSession } from "../../lib/session.tsx";
import { cn } from "../../lib/utils.ts";
import { FavoriteButton } from "../favorite-button.tsx";
import { Badge, type BadgeTone } from "./badge.tsx";
import { buttonClasses } from "./button.tsx";

export const ASSET_TYPE_META: Record<AssetType, { label: string; Icon: LucideIcon }> = {
  bien: { label: "Bien", Icon: Package },
  tiempo: { label: "Tiempo", Icon: Clock },
  dinero: { label: "Dinero", Icon: Banknote },
};

const STATUS_TONES: Record<AssetStatus, BadgeTone> = {
  activo: "brand",
  disponible: "brand",
  operacion: "info",
  inactivo: "neutral",
  retirado: "neutral",
  desactivado: "danger",
};

export function statusLabel(status: string): string {
  return Object.hasOwn(ASSET_STATUS_LABELS, status) ? ASSET_STATUS_LABELS[status as AssetStatus] : status;
}

export function AssetStatusBadge({ status, className }: { status: string; className?: string }) {
  if (!status) return null;
  const tone = Object.hasOwn(STATUS_TONES, status) ? STATUS_TONES[status as AssetStatus] : "neutral";
  return (
    <Badge tone={tone} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}

/** Small tile with the asset type's icon, for lists without a photo. */
export function AssetTypeIcon({ type, className }: { type: AssetType; className?: string }) {
  const { Icon } = ASSET_TYPE_META[type];
  return <Icon aria-hidden="true" className={className} />;
}

/**
 * One card of the shared asset list (overview §2 "Asset card list"): photo or type icon, title,
 * status, category and subcategory, city and department, description, credits and COP value, and
 * 'Ver más' to the detail. `actions` adds the owner's buttons (My assets).
 */
/** "A 2,3 km" / "A menos de 1 km": the distance to the asset's public point (never its exact place). */
export function distanceLabel(km: number): string {
  if (km < 1) return "A menos de 1 km";
  return `A ${formatNumber(km, km < 10 ? 1 : 0)} km`;
}

/**
 * Memoized: a list re-rendered with the same assets (a letter typed in the home search, a refetch that
 * changed nothing) does not render its cards again (issue 21: responsiveness on phones).
 */
export const AssetCard = memo(function AssetCard({
  asset,
  actions,
  headingLevel = 3,
  favorite = true,
}: {
  asset: Asset;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  /** The heart (issue 20); never on one's own asset. */
  favorite?: boolean;
}) {
  const { user } = useSession();
  const showHeart = favorite && asset.ownerId !== user?.id;
  const badge = asset.proximityBadge || (asset.distanceKm !== null ? distanceLabel(asset.distanceKm) : "");
  const { label, Icon } = ASSET_TYPE_META[asset.assetType];
  const place = [asset.ciudad, asset.departamento].filter(Boolean).join(", ");
  const category = [asset.category, asset.subcategory].filter(Boolean).join(" · ");
  const image = asset.thumbnails[0] ?? asset.images[0] ?? null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      data-testid="asset-card"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-sm shadow-slate-900/5"
    >
      <div className="relative aspect-[16/9] bg-gradient-to-br from-emerald-50 to-teal-100">
        {image ? (
          <img src={image} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-emerald-600/70">
            <Icon aria-hidden="true" className="size-12" />
          </div>
        )}
        <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-slate-700 shadow-sm backdrop-blur">
          <Icon aria-hidden="true" className="size-3.5 text-emerald-600" />
          {label}
        </span>
        {badge ? (
          <Badge tone="brand" className="absolute top-3 right-3">
            {badge}
          </Badge>
        ) : null}
        {showHeart ? (
          // With the card, not after it: a heart loaded on its own re-rendered every card once more
          // after the first paint (issue 21).
          <FavoriteButton assetId={asset.id} title={asset.title} className="absolute right-3 bottom-3" />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <Heading className="min-w-0 font-semibold break-words text-slate-900">{asset.title}</Heading>
          <AssetStatusBadge status={asset.status} className="shrink-0" />
        </div>
        {category ? <p className="text-sm break-words text-slate-500">{category}</p> : null}
        {place ? (
          <p className="flex items-center gap-1 text-sm text-slate-500">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 truncate">{place}</span>
          </p>
        ) : null}
        {asset.description ? (
          <p className="line-clamp-2 text-sm break-words text-slate-600">{asset.description}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-3">
          <div className="min-w-0">
            {asset.credits !== null ? (
              <p className="text-lg font-bold text-emerald-700 tabular-nums">{creditsLabel(asset.credits)}</p>
            ) : null}
            {asset.valueCOP !== null ? (
              <p className="text-xs text-slate-500 tabular-nums">{formatCOP(asset.valueCOP)}</p>
            ) : null}
          </div>
          <Link
            to={assetPath(asset.id)}
            aria-label={`Ver más sobre ${asset.title}`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Ver más
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {actions ? <div className={cn("flex flex-wrap gap-2 border-t border-slate-100 pt-3")}>{actions}</div> : null}
      </div>
    </article>
  );
});
