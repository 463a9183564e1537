import { Star } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/utils.ts";

const WORDS = ["", "Muy mala", "Mala", "Regular", "Buena", "Excelente"] as const;

/**
 * 1 to 5 stars as a native radio group (issue 19): Tab reaches the group, the arrow keys move the
 * choice, each star is labelled ("4 estrellas: Buena"). The stars up to the choice are filled.
 */
export function StarRating({
  value,
  onChange,
  error,
  legend = "Puntuación",
}: {
  value: number;
  onChange: (n: number) => void;
  error?: string | undefined;
  legend?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-1.5 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
              aria-label={`${n} ${n === 1 ? "estrella" : "estrellas"}: ${WORDS[n]}`}
            />
            <span className="flex size-11 items-center justify-center rounded-lg peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-500">
              <Star
                aria-hidden="true"
                className={cn(
                  "size-8 transition-colors",
                  n <= value ? "fill-amber-400 text-amber-500" : "fill-white text-slate-400 hover:text-amber-400",
                )}
              />
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {value > 0 ? WORDS[value] : ""}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
