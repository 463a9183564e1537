import { formatCredits } from "@valoriza/domain";
import { useEffect, useId, useState } from "react";
import { onFirstUse } from "../../lib/utils.ts";
import type { HistoryPoint } from "./api.ts";

const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 32, left: 52 };
/** Narrowest room per day; below it the chart scrolls sideways instead of squeezing. */
const MIN_DAY_WIDTH = 34;

/** 0, 250, 500, … : a round step giving about 4 grid lines. */
function niceStep(max: number): number {
  if (max <= 4) return 1;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10;
  return nice * power;
}

/** "2026-11-21" -> "21/11" (the date is already a Colombian calendar day). */
function shortDate(fecha: string): string {
  const [, month, day] = fecha.split("-");
  return month && day ? `${day}/${month}` : fecha;
}

const longDate = onFirstUse(
  () => new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);
function fullDate(fecha: string): string {
  const date = new Date(`${fecha}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? fecha : longDate().format(date);
}

/** Width of an element, followed with a ResizeObserver (callback ref: works when it mounts late). */
function useWidth<T extends HTMLElement>() {
  const [element, ref] = useState<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref, width };
}

/**
 * Credits issued and destroyed per day (report `historial`), as grouped bars in inline SVG. The
 * image has a text summary for screen readers and the same numbers are in a table below it.
 */
export function CreditsChart({ history }: { history: HistoryPoint[] }) {
  const { ref, width: available } = useWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();

  if (history.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-500">
        Aún no hay créditos emitidos ni destruidos para graficar.
      </p>
    );
  }

  const totalEmitted = history.reduce((sum, h) => sum + h.emitidos, 0);
  const totalDestroyed = history.reduce((sum, h) => sum + h.destruidos, 0);
  const first = history[0]?.fecha ?? "";
  const last = history[history.length - 1]?.fecha ?? "";
  const period = first === last ? `El ${fullDate(first)}` : `Del ${fullDate(first)} al ${fullDate(last)}`;
  const summary = `${period} se emitieron ${formatCredits(totalEmitted)} créditos y se destruyeron ${formatCredits(totalDestroyed)}.`;

  const width = Math.max(available, PAD.left + PAD.right + history.length * MIN_DAY_WIDTH);
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const max = Math.max(1, ...history.map((h) => Math.max(h.emitidos, h.destruidos)));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / history.length;
  const bar = Math.max(4, Math.min(22, (slot - 8) / 2));
  const labelEvery = Math.ceil(52 / slot);

  return (
    <figure className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-4 text-sm text-slate-600" aria-hidden="true">
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-emerald-500" />
          Emitidos
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-red-500" />
          Destruidos
        </span>
      </div>
      <div ref={ref} className="overflow-x-auto">
        {available > 0 ? (
          <svg
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            className="block"
          >
            <title id={titleId}>Créditos emitidos y destruidos por día</title>
            <desc id={descId}>{summary}</desc>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(tick)}
                  y2={y(tick)}
                  className={tick === 0 ? "stroke-slate-300" : "stroke-slate-100"}
                />
                <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
                  {formatCredits(tick)}
                </text>
              </g>
            ))}
            {history.map((h, i) => {
              const center = PAD.left + slot * i + slot / 2;
              return (
                <g key={h.fecha}>
                  <rect
                    x={center - bar - 1}
                    y={y(h.emitidos)}
                    width={bar}
                    height={Math.max(0, y(0) - y(h.emitidos))}
                    rx={2}
                    className="fill-emerald-500"
                  >
                    <title>{`${fullDate(h.fecha)}: ${formatCredits(h.emitidos)} emitidos`}</title>
                  </rect>
                  <rect
                    x={center + 1}
                    y={y(h.destruidos)}
                    width={bar}
                    height={Math.max(0, y(0) - y(h.destruidos))}
                    rx={2}
                    className="fill-red-500"
                  >
                    <title>{`${fullDate(h.fecha)}: ${formatCredits(h.destruidos)} destruidos`}</title>
                  </rect>
                  {i % labelEvery === 0 || i === history.length - 1 ? (
                    <text
                      x={center}
                      y={HEIGHT - PAD.bottom + 18}
                      textAnchor="middle"
                      className="fill-slate-500 text-[11px]"
                    >
                      {shortDate(h.fecha)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
        ) : (
          <div style={{ height: HEIGHT }} />
        )}
      </div>
      <figcaption className="text-sm text-slate-500">{summary}</figcaption>
      <details className="group text-sm">
        <summary className="cursor-pointer rounded font-medium text-emerald-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500">
          Ver los datos en una tabla
        </summary>
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Créditos emitidos y destruidos por día</caption>
            <thead className="bg-slate-50 text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Fecha
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Emitidos
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Destruidos
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {history.map((h) => (
                <tr key={h.fecha}>
                  <th scope="row" className="px-4 py-2 font-normal text-slate-700">
                    {fullDate(h.fecha)}
                  </th>
                  <td className="px-4 py-2 text-right text-emerald-700 tabular-nums">{formatCredits(h.emitidos)}</td>
                  <td className="px-4 py-2 text-right text-red-600 tabular-nums">{formatCredits(h.destruidos)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
