import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/utils.ts";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle aria-hidden="true" className={cn("animate-spin", className ?? "size-5")} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** Centered loading state for a page or a section. */
export function LoadingState({ label = "Cargando…", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex flex-col items-center justify-center gap-3 py-16 text-slate-500", className)}
    >
      <Spinner className="size-8 text-emerald-600" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
