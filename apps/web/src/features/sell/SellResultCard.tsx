import { CONDITION_LABELS, creditsLabel, formatCOP, type SellFormData } from "@valoriza/domain";
import { CircleCheck, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import type { SellResult } from "./api.ts";

/** After publishing: what was listed, its value and credits, and my credits before and after. */
export function SellResultCard({
  result,
  sent,
  onAnother,
}: {
  result: SellResult;
  sent: SellFormData;
  onAnother: () => void;
}) {
  const asset = result.asset;
  const { previous, added, current } = result.userCredits;
  const credits = asset?.credits ?? added;
  const value = asset?.valorActualCOP ?? asset?.valueCOP ?? sent.baseValueCOP;
  const rows: [string, ReactNode][] = [
    ["Título", asset?.title ?? sent.title],
    ["Categoría", asset?.category || sent.category],
    ["Condición", CONDITION_LABELS[sent.condition]],
    ["Valor", formatCOP(value)],
    ["Créditos", credits !== null ? creditsLabel(credits) : "—"],
    [
      "Depreciación",
      asset?.depreciation !== null && asset?.depreciation !== undefined ? `${asset.depreciation} %` : "—",
    ],
  ];
  return (
    <Card className="p-6 sm:p-8" data-testid="sell-result">
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-xl font-bold text-slate-900" role="status">
          ¡Tu activo está a la venta!
        </h2>
      </div>
      <dl className="mt-6 grid gap-4 rounded-2xl bg-slate-50 p-4 text-sm sm:grid-cols-3">
        {rows.map(([label, v]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="font-semibold break-words text-slate-900 tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Tus créditos</h3>
      <dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
        <div className="rounded-xl border border-slate-200 p-3">
          <dt className="text-xs text-slate-600">Anteriores</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="credits-previous">
            {previous !== null ? creditsLabel(previous) : "—"}
          </dd>
        </div>
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-3">
          <dt className="text-xs text-emerald-800">Agregados</dt>
          <dd className="font-bold text-emerald-800 tabular-nums" data-testid="credits-added">
            {added !== null ? `+${creditsLabel(added)}` : "—"}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-3">
          <dt className="text-xs text-slate-600">Actuales</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="credits-current">
            {current !== null ? creditsLabel(current) : "—"}
          </dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button onClick={onAnother}>
          <Plus aria-hidden="true" className="size-4" />
          Vender Otro Activo
        </Button>
        <Link to="/mis-activos" className={buttonClasses({ variant: "outline" })}>
          Ver Mis Activos
        </Link>
      </div>
    </Card>
  );
}
