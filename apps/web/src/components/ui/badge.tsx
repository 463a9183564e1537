import type { HTMLAttributes } from "react";
import { cn } from "../../lib/utils.ts";

export type BadgeTone = "brand" | "neutral" | "warning" | "danger" | "info";

const tones: Record<BadgeTone, string> = {
  brand: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/15",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20",
  danger: "bg-red-50 text-red-700 ring-red-600/20",
  info: "bg-sky-50 text-sky-800 ring-sky-600/20",
};

export function Badge({
  tone = "neutral",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset [&_svg]:size-3.5",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
