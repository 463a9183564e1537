import { creditsLabel, formatCOP } from "@valoriza/domain";
import { AssetTypeIcon } from "../../components/ui/asset-card.tsx";
import type { Asset } from "../../lib/assets.ts";
import { cn } from "../../lib/utils.ts";

/** One of my assets as a radio card: photo or type icon, title and credits. */
export function OfferOption({
  name,
  asset,
  checked,
  onSelect,
}: {
  name: string;
  asset: Asset;
  checked: boolean;
  onSelect: () => void;
}) {
  const thumb = asset.thumbnails[0] ?? asset.images[0];
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-xl border-2 p-2.5 text-sm transition-colors",
        "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500",
        checked ? "border-emerald-600 bg-emerald-50" : "border-slate-200 hover:border-emerald-300",
      )}
    >
      <input type="radio" name={name} value={asset.id} checked={checked} onChange={onSelect} className="sr-only" />
      <span className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-500">
        {thumb ? (
          <img src={thumb} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <AssetTypeIcon type={asset.assetType} className="size-5" />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{asset.title}</span>
        <span className="block text-xs text-slate-600 tabular-nums">
          {asset.credits !== null ? creditsLabel(asset.credits) : "Sin créditos asignados"}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={cn(
          "flex size-5 shrink-0 items-center justify-center rounded-full border-2",
          checked ? "border-emerald-600" : "border-slate-300",
        )}
      >
        {checked ? <span className="size-2.5 rounded-full bg-emerald-600" /> : null}
      </span>
    </label>
  );
}

/** One side of the comparison: the asset's title, credits and COP value. */
export function ValueBox({
  label,
  title,
  credits,
  cop,
  testId,
}: {
  label: string;
  title: string;
  credits: number | null;
  cop: number | null;
  testId: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-xl border border-slate-200 p-3" data-testid={testId}>
      <span className="text-xs font-medium text-slate-500">{label}</span>
      <span className="line-clamp-2 text-sm font-semibold break-words text-slate-900">{title}</span>
      <span className="mt-auto pt-1 text-base font-extrabold text-emerald-700 tabular-nums">
        {credits !== null ? creditsLabel(credits) : "—"}
      </span>
      {cop !== null ? <span className="text-xs text-slate-500 tabular-nums">{formatCOP(cop)}</span> : null}
    </div>
  );
}
