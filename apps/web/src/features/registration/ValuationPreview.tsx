import { creditsLabel, formatCOP } from "@valoriza/domain";
import { Calculator, Lock } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import type { ValuationView } from "./valuation.ts";

/**
 * Live estimate while the form is filled (the same domain formula the server applies). Announced
 * politely, so screen readers hear the new value after a pause.
 */
export function ValuationPreview({
  valuation,
  className,
  emptyText = "Completa el valor, la categoría, el estado y el año para ver la estimación.",
}: {
  valuation: ValuationView | null;
  className?: string;
  emptyText?: string;
}) {
  return (
    <section
      aria-labelledby="preview-title"
      aria-live="polite"
      className={cn("rounded-2xl border border-emerald-200 bg-emerald-50/60 p-5", className)}
      data-testid="valuation-preview"
    >
      <h3 id="preview-title" className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <Calculator aria-hidden="true" className="size-4" />
        Estimación en vivo
      </h3>
      {valuation ? (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            {valuation.depreciation !== null ? (
              <>
                <div>
                  <dt className="text-xs text-emerald-900/85">Valor base</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{formatCOP(valuation.baseCOP)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-900/85">Valor actual</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{formatCOP(valuation.currentCOP)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-emerald-900/85">Depreciación</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{valuation.depreciation} %</dd>
                </div>
              </>
            ) : (
              <div>
                <dt className="text-xs text-emerald-900/85">Valor</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{formatCOP(valuation.currentCOP)}</dd>
              </div>
            )}
            <div>
              <dt className="flex items-center gap-1 text-xs text-emerald-900/85">
                <Lock aria-hidden="true" className="size-3" />
                Créditos (bloqueados)
              </dt>
              <dd className="font-bold text-emerald-800 tabular-nums">{creditsLabel(valuation.credits)}</dd>
            </div>
          </dl>
          <ul className="mt-3 space-y-0.5 border-t border-emerald-200/70 pt-3 text-xs text-emerald-900/80">
            {valuation.breakdown.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-emerald-900/85">{emptyText}</p>
      )}
    </section>
  );
}
