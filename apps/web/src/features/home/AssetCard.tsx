import { ASSET_TYPE_LABELS, creditsLabel, formatCOP } from "@valoriza/domain";
import { ArrowRight, Banknote, Clock, MapPin, Package } from "lucide-react";
import { Link } from "react-router-dom";
import { Badge } from "../../components/ui/badge.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import type { AssetSummary, AssetType } from "./assets.ts";

const ASSET_TYPE_ICONS: Record<AssetType, typeof Package> = {
  bien: Package,
  tiempo: Clock,
  dinero: Banknote,
};

export function AssetCard({ asset }: { asset: AssetSummary }) {
  const label = ASSET_TYPE_LABELS[asset.assetType];
  const Icon = ASSET_TYPE_ICONS[asset.assetType];
  const place = [asset.ciudad, asset.departamento].filter(Boolean).join(", ");
  const category = [asset.category, asset.subcategory].filter(Boolean).join(" · ");
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-sm shadow-slate-900/5">
      <div className="relative aspect-[16/9] bg-gradient-to-br from-emerald-50 to-teal-100">
        {asset.image ? (
          <img src={asset.image} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-emerald-600/70">
            <Icon aria-hidden="true" className="size-12" />
          </div>
        )}
        <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-2.5 py-1 text-xs font-semibold text-slate-700 shadow-sm backdrop-blur">
          <Icon aria-hidden="true" className="size-3.5 text-emerald-600" />
          {label}
        </span>
        {asset.proximityBadge ? (
          <Badge tone="brand" className="absolute top-3 right-3">
            {asset.proximityBadge}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold break-words text-slate-900">{asset.title}</h3>
          {asset.status ? <Badge tone="brand">{asset.status}</Badge> : null}
        </div>
        {category ? <p className="text-sm text-slate-500">{category}</p> : null}
        {place ? (
          <p className="flex items-center gap-1 text-sm text-slate-500">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {place}
          </p>
        ) : null}
        {asset.description ? (
          <p className="line-clamp-2 text-sm text-slate-600">{asset.description}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-3">
          <div>
            {asset.credits !== null ? (
              <p className="text-lg font-bold text-emerald-700">{creditsLabel(asset.credits)}</p>
            ) : null}
            {asset.valueCOP !== null ? (
              <p className="text-xs text-slate-500">{formatCOP(asset.valueCOP)}</p>
            ) : null}
          </div>
          <Link
            to={`/ver-activo/${encodeURIComponent(asset.id)}`}
            aria-label={`Ver más sobre ${asset.title}`}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Ver más
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
