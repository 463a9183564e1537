import { Check } from "lucide-react";
import { cn } from "../../lib/utils.ts";
import type { WizardStep } from "./wizard-state.ts";

const STEPS: { step: WizardStep; label: string }[] = [
  { step: "type", label: "Tipo" },
  { step: "action", label: "Acción" },
  { step: "details", label: "Detalles" },
  { step: "confirm", label: "Confirmar" },
];

/** Where the user is in the wizard: 4 steps, the current one marked with aria-current. */
export function Stepper({ current }: { current: WizardStep }) {
  const index = STEPS.findIndex((s) => s.step === current);
  return (
    <nav aria-label="Pasos del registro">
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map(({ step, label }, i) => {
          const done = i < index;
          const active = i === index;
          return (
            <li key={step} aria-current={active ? "step" : undefined} className="flex min-w-0 flex-col gap-2">
              <span
                aria-hidden="true"
                className={cn("h-1.5 rounded-full", done || active ? "bg-emerald-500" : "bg-slate-200")}
              />
              <span
                className={cn(
                  "flex items-center gap-1.5 text-xs font-semibold sm:text-sm",
                  active ? "text-emerald-800" : done ? "text-slate-700" : "text-slate-400",
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "hidden size-5 shrink-0 items-center justify-center rounded-full text-[0.7rem] sm:flex",
                    done ? "bg-emerald-600 text-white" : active ? "bg-emerald-100 text-emerald-800" : "bg-slate-100",
                  )}
                >
                  {done ? <Check className="size-3" /> : i + 1}
                </span>
                <span className="truncate">{label}</span>
                {done ? <span className="sr-only">(completado)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
