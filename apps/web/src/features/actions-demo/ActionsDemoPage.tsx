import {
  ACTIONS_MATRIX,
  type ActionAvailability,
  ASSET_ACTIONS,
  MAIN_PURPOSE_LABELS,
  WIZARD_ASSET_TYPE_LABELS,
  WIZARD_ASSET_TYPES,
  WIZARD_TO_ASSET_TYPE,
  type WizardAssetType,
} from "@valoriza/domain";
import { Banknote, Check, Clock, type LucideIcon, Package, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { cn } from "../../lib/utils.ts";

const TYPE_ICONS: Record<WizardAssetType, LucideIcon> = { bienes: Package, tiempo: Clock, dinero: Banknote };

const ACTION_HELP: Record<(typeof ASSET_ACTIONS)[number], string> = {
  vender: "Recibe créditos o dinero a cambio del activo.",
  intercambiar: "Cámbialo por otro activo de la comunidad.",
  prestar: "Préstalo por un plazo, con garantía.",
  alquilar: "Cobra créditos por día de uso.",
  donar: "Entrégalo sin costo a alguien o a la comunidad.",
  regalar: "Entrégalo sin costo a una persona concreta.",
};

function availabilityText(value: ActionAvailability): string {
  if (value === "compensacion") return "Con compensación";
  return value ? "Permitida" : "No permitida";
}

/** /actions-demo: the actions matrix of the domain (overview §9), with a selector per asset type. */
export function ActionsDemoPage() {
  useDocumentTitle("Matriz de acciones");
  const [type, setType] = useState<WizardAssetType>("bienes");
  const actions = ACTIONS_MATRIX[WIZARD_TO_ASSET_TYPE[type]];

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Matriz de acciones</h1>
        <p className="mt-1 max-w-2xl text-slate-500">
          Qué puedes hacer con cada tipo de activo. El asistente de registro solo habilita las acciones permitidas para
          el tipo que elijas.
        </p>
      </header>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Tipo de activo</legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:inline-grid sm:w-auto">
          {WIZARD_ASSET_TYPES.map((t) => {
            const Icon = TYPE_ICONS[t];
            return (
              <label
                key={t}
                className={cn(
                  "flex cursor-pointer items-center justify-center gap-2 rounded-xl border px-4 py-2.5 text-sm font-semibold transition-colors",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-500 has-[:focus-visible]:ring-offset-2",
                  type === t
                    ? "border-emerald-600 bg-emerald-50 text-emerald-800"
                    : "border-slate-200 bg-white text-slate-600 hover:border-slate-300",
                )}
              >
                <input
                  type="radio"
                  name="tipo"
                  value={t}
                  checked={type === t}
                  onChange={() => setType(t)}
                  className="sr-only"
                />
                <Icon aria-hidden="true" className="size-4" />
                {WIZARD_ASSET_TYPE_LABELS[t]}
              </label>
            );
          })}
        </div>
      </fieldset>

      <section aria-labelledby="acciones-tipo" aria-live="polite">
        <h2 id="acciones-tipo" className="text-lg font-semibold text-slate-900">
          Acciones para {WIZARD_ASSET_TYPE_LABELS[type].toLowerCase()}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ASSET_ACTIONS.map((action) => {
            const value = actions[action];
            const allowed = value === true;
            return (
              <li key={action}>
                <Card
                  className={cn("flex h-full items-start gap-3 p-4", !allowed && "bg-slate-50 shadow-none")}
                  data-testid={`action-${action}`}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "flex size-9 shrink-0 items-center justify-center rounded-xl",
                      allowed ? "bg-emerald-50 text-emerald-700" : "bg-slate-200/70 text-slate-500",
                    )}
                  >
                    {allowed ? <Check className="size-5" /> : <X className="size-5" />}
                  </span>
                  <div className="min-w-0">
                    <p className={cn("font-semibold", allowed ? "text-slate-900" : "text-slate-500")}>
                      {MAIN_PURPOSE_LABELS[action]}
                    </p>
                    <p className="text-sm text-slate-500">{availabilityText(value)}</p>
                    <p className="mt-1 text-xs text-slate-500">{ACTION_HELP[action]}</p>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="matriz-completa">
        <h2 id="matriz-completa" className="text-lg font-semibold text-slate-900">
          Matriz completa
        </h2>
        {/* Fits a phone (cells wrap): no sideways scrolling region for keyboard users to reach. */}
        <div className="mt-3 overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <caption className="sr-only">Acciones permitidas por tipo de activo</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-3 text-left font-semibold sm:px-4">
                  Acción
                </th>
                {WIZARD_ASSET_TYPES.map((t) => (
                  <th
                    key={t}
                    scope="col"
                    className={cn(
                      "px-2 py-3 text-center font-semibold sm:px-4",
                      t === type && "bg-emerald-50 text-emerald-800",
                    )}
                  >
                    {WIZARD_ASSET_TYPE_LABELS[t]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {ASSET_ACTIONS.map((action) => (
                <tr key={action}>
                  <th scope="row" className="px-3 py-3 text-left font-medium text-slate-800 sm:px-4">
                    {MAIN_PURPOSE_LABELS[action]}
                  </th>
                  {WIZARD_ASSET_TYPES.map((t) => {
                    const value = ACTIONS_MATRIX[WIZARD_TO_ASSET_TYPE[t]][action];
                    return (
                      <td key={t} className={cn("px-2 py-3 text-center sm:px-4", t === type && "bg-emerald-50/60")}>
                        {value === true ? (
                          <>
                            <Check aria-hidden="true" className="mx-auto size-5 text-emerald-600" />
                            <span className="sr-only">Sí</span>
                          </>
                        ) : value === "compensacion" ? (
                          <span className="text-xs font-semibold text-amber-700">Compensación</span>
                        ) : (
                          <>
                            <X aria-hidden="true" className="mx-auto size-5 text-slate-400" />
                            <span className="sr-only">No</span>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div>
        <Link to="/registrar-activo" className={buttonClasses()}>
          Registrar un activo
        </Link>
      </div>
    </div>
  );
}
