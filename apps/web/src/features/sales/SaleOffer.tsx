import { formatCOP, formatNumber } from "@valoriza/domain";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import type { Asset } from "../../lib/assets.ts";

/** Assets that can be bought right now (the server re-checks under its locks). */
export const LISTED = new Set(["activo", "disponible"]);

/** The sale's price in both units: the asset's credits, or the seller's asking price in pesos (deals.md, Sale). */
export function SalePrice({ asset }: { asset: Asset }) {
  return (
    <p className="text-center text-sm text-slate-600" data-testid="sale-price">
      Precio: <strong className="text-slate-900 tabular-nums">{formatNumber(asset.credits ?? 0)} créditos</strong> o{" "}
      <strong className="text-slate-900 tabular-nums">{formatCOP(asset.baseValueCOP ?? 0)}</strong> en dinero
    </p>
  );
}

/**
 * What the asset page shows while the sale panel's code comes (after the first paint): the price, as the
 * panel will show it, and a placeholder of 'Comprar', laid out like AssetActionPanel's closed state so
 * nothing below moves when the panel arrives.
 */
export function SaleOfferPlaceholder({ asset, label }: { asset: Asset; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <SalePrice asset={asset} />
      <Skeleton className="h-12 w-full rounded-xl" />
      {LISTED.has(asset.status) ? null : (
        <p className="text-center text-sm text-slate-600">Este activo no está disponible en este momento.</p>
      )}
      {/* The panel's message line (empty until there is a message). */}
      <div className="min-h-0" />
    </div>
  );
}
