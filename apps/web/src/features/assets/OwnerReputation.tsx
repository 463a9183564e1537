import { formatNumber } from "@valoriza/domain";
import { ChevronDown, RefreshCw, Star } from "lucide-react";
import { useId, useState } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { signed, useReputationParts } from "../../lib/reputation.ts";
import { cn } from "../../lib/utils.ts";

/**
 * The owner card's reputation (deals.md "Reputation"): the figure on a disclosure button whose panel
 * lists each part (count × weight = points). Loading and errors stay inside this row.
 */
export function OwnerReputation({ userId }: { userId: string }) {
  const query = useReputationParts(userId);
  const [open, setOpen] = useState(false);
  const panelId = useId();

  if (query.isPending) {
    return (
      // The height of the figure's button below (py-1.5), so the card keeps its size when it comes.
      <div
        role="status"
        aria-label="Cargando reputación"
        className="flex items-center gap-2 py-1.5 text-sm text-slate-500"
      >
        <Star aria-hidden="true" className="size-4 text-amber-500" />
        Reputación
        <Skeleton className="h-4 w-10" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
        No pudimos cargar su reputación.
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="inline-flex items-center gap-1 rounded font-semibold text-emerald-700 underline focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none"
        >
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Reintentar
        </button>
      </p>
    );
  }

  const { total, parts } = query.data;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="-mx-2 flex w-[calc(100%+1rem)] items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none"
      >
        <Star aria-hidden="true" className="size-4 shrink-0 fill-amber-400 text-amber-500" />
        <span className="font-medium">Reputación</span>
        <span className="ml-auto font-bold text-slate-900 tabular-nums">
          <span data-testid="owner-reputation">{formatNumber(total)}</span>{" "}
          <span className="font-normal text-slate-500">{Math.abs(total) === 1 ? "punto" : "puntos"}</span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("size-4 shrink-0 text-slate-500 transition-transform", open && "rotate-180")}
        />
        <span className="sr-only">{open ? "Ocultar detalle" : "Ver detalle"}</span>
      </button>
      <div id={panelId} hidden={!open} className="mt-2">
        <ul className="grid gap-1.5 text-sm" aria-label="Partes de la reputación">
          {parts.map((p) => (
            <li key={p.key} className="flex items-baseline justify-between gap-3" data-testid={`owner-rep-${p.key}`}>
              <span className="min-w-0 text-slate-600">{p.label}</span>
              <span aria-hidden="true" className="shrink-0 text-slate-500 tabular-nums">
                {p.cantidad} × {signed(p.peso)} ={" "}
                <span className="font-semibold text-slate-900">{signed(p.puntos)}</span>
              </span>
              <span className="sr-only">
                : {p.cantidad}, peso {signed(p.peso)}, {signed(p.puntos)} puntos
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500">
          Se calcula con su historial: préstamos devueltos y entregas completadas suman; préstamos vencidos y
          cancelaciones restan.
        </p>
      </div>
    </div>
  );
}
