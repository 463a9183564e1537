import { CircleExclamationPoint, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/utils.ts";

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: ReactNode;
  Icon: LucideIcon;
  disabled?: boolean;
  /** Shown instead of the description when disabled. */
  disabledReason?: string;
}

/**
 * A radio group drawn as cards: native radios (arrow keys move between them, Space selects), the
 * legend names the group and an error is tied to it.
 */
export function ChoiceCards<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  error,
  columns = "sm:grid-cols-3",
}: {
  name: string;
  legend: ReactNode;
  choices: Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  error?: string | null;
  columns?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cn("mt-3 grid gap-3", columns)}>
        {choices.map(({ value: choice, label, description, Icon, disabled, disabledReason }) => {
          const checked = value === choice;
          return (
            <label
              key={choice}
              data-testid={`choice-${name}-${choice}`}
              className={cn(
                "relative flex min-w-0 gap-3 rounded-2xl border-2 p-4 transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500 has-[:focus-visible]:ring-offset-2",
                disabled
                  ? "cursor-not-allowed border-slate-200 bg-slate-50 opacity-70"
                  : checked
                    ? "cursor-pointer border-emerald-600 bg-emerald-50/70"
                    : "cursor-pointer border-slate-200 bg-white hover:border-emerald-300",
              )}
            >
              <input
                type="radio"
                name={name}
                value={choice}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(choice)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-11 shrink-0 items-center justify-center rounded-xl",
                  disabled
                    ? "bg-slate-200 text-slate-400"
                    : checked
                      ? "bg-emerald-600 text-white"
                      : "bg-emerald-50 text-emerald-700",
                )}
              >
                <Icon className="size-5" />
              </span>
              <span className="min-w-0">
                <span className={cn("block font-semibold", disabled ? "text-slate-500" : "text-slate-900")}>
                  {label}
                </span>
                {disabled && disabledReason ? (
                  <span className="mt-0.5 block text-sm text-slate-500">{disabledReason}</span>
                ) : description ? (
                  <span className="mt-0.5 block text-sm text-slate-500">{description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-3 flex items-start gap-1.5 text-sm text-red-600">
          <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
