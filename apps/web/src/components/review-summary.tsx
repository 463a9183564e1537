import { Star } from "lucide-react";
import { formatAverage, reviewsCountLabel, useReviewSummary } from "../lib/reviews.ts";
import { cn } from "../lib/utils.ts";
import { Skeleton } from "./ui/skeleton.tsx";

/** Five stars, `value` (0–5, rounded to whole stars) of them filled; decorative (the figure is in text). */
export function StarsShown({ value, className }: { value: number; className?: string }) {
  const full = Math.round(value);
  return (
    <span aria-hidden="true" className={cn("inline-flex shrink-0 gap-0.5", className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn("size-4", n <= full ? "fill-amber-400 text-amber-500" : "fill-slate-100 text-slate-300")}
        />
      ))}
    </span>
  );
}

/**
 * A person's average and count of published reviews (issue 19), e.g. on the owner card: "★★★★☆ 4,3
 * · 7 calificaciones" or "Sin calificaciones todavía". Loading and errors stay inside this row.
 */
export function ReviewSummary({ userId, className }: { userId: string; className?: string }) {
  const query = useReviewSummary(userId);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Cargando calificaciones" className={className}>
        <Skeleton className="h-5 w-40" />
      </div>
    );
  }
  if (query.isError) return null;
  const { promedio, cantidad } = query.data;
  if (promedio === null) {
    return <p className={cn("text-sm text-slate-500", className)}>Sin calificaciones todavía</p>;
  }
  return (
    <p className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700", className)}>
      <StarsShown value={promedio} />
      <span className="font-semibold text-slate-900 tabular-nums" data-testid="review-average">
        {formatAverage(promedio)}
      </span>
      <span className="sr-only">de 5 estrellas,</span>
      <span className="text-slate-500">· {reviewsCountLabel(cantidad)}</span>
    </p>
  );
}
