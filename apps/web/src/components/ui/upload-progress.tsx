import { cn } from "../../lib/utils.ts";

/**
 * The photo upload bar of the asset forms (wizard, /valorar, /vender): "Subiendo fotos…" while the
 * body goes up, "Procesando en el servidor…" at 100 %, with the percentage and a progressbar.
 */
export function UploadProgress({
  progress,
  className,
  animated = false,
}: {
  /** 0..1 */
  progress: number;
  className?: string;
  /** Eases the bar's width between updates. */
  animated?: boolean;
}) {
  return (
    <div className={className}>
      <div className="flex justify-between text-xs font-medium text-slate-600">
        <span>{progress < 1 ? "Subiendo fotos…" : "Procesando en el servidor…"}</span>
        <span className="tabular-nums">{Math.round(progress * 100)} %</span>
      </div>
      <div
        role="progressbar"
        aria-label="Progreso de la subida"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn("h-full rounded-full bg-emerald-500", animated && "transition-[width]")}
          style={{ width: `${progress * 100}%` }}
        />
      </div>
    </div>
  );
}
