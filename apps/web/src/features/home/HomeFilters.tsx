import {
  ASSET_ORDER_LABELS,
  ASSET_ORDERS,
  ASSET_TYPE_LABELS,
  ASSET_TYPES,
  MAIN_PURPOSE_LABELS,
  MAIN_PURPOSES,
  SEARCH_CATEGORIES,
} from "@valoriza/domain";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import type { Filters } from "./assets.ts";

/**
 * 'Filtrar y ordenar' (issue 20): category, type, purpose, city, credits range and order. Loaded on
 * first use (React.lazy in HomePage). The values go to the home URL, which GET /api/assets reads.
 */
export function HomeFilters({
  value,
  hasLocation,
  onAskLocation,
  onApply,
  onClear,
}: {
  value: Filters;
  hasLocation: boolean;
  onAskLocation: () => Promise<boolean>;
  onApply: (next: Filters) => void;
  onClear: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(value);
  const [errors, setErrors] = useState<Partial<Record<keyof Filters, string>>>({});
  const set = (name: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [name]: v }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<keyof Filters, string>> = {};
    const credits = (s: string | undefined) => (s?.trim() ? Number(s) : undefined);
    const min = credits(draft.minCreditos);
    const max = credits(draft.maxCreditos);
    const bad = (n: number | undefined) => n !== undefined && !(Number.isInteger(n) && n >= 0);
    if (bad(min)) next.minCreditos = "Escribe un número entero de créditos, 0 o mayor.";
    if (bad(max)) next.maxCreditos = "Escribe un número entero de créditos, 0 o mayor.";
    if (!next.minCreditos && !next.maxCreditos && min !== undefined && max !== undefined && min > max) {
      next.minCreditos = "El mínimo no puede ser mayor que el máximo.";
    }
    if (draft.orden === "distancia" && !hasLocation && !(await onAskLocation())) {
      next.orden = "Para ordenar por cercanía, permite que el navegador comparta tu ubicación.";
    }
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(draft);
  };

  return (
    <form
      aria-label="Filtrar y ordenar activos"
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4"
    >
      <Field id={`${id}-categoria`} label="Categoría">
        {(control) => (
          <NativeSelect {...control} value={draft.categoria ?? ""} onChange={(e) => set("categoria")(e.target.value)}>
            <option value="">Todas</option>
            {SEARCH_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id={`${id}-tipo`} label="Tipo">
        {(control) => (
          <NativeSelect {...control} value={draft.tipo ?? ""} onChange={(e) => set("tipo")(e.target.value)}>
            <option value="">Todos</option>
            {ASSET_TYPES.map((t) => (
              <option key={t} value={t}>
                {ASSET_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id={`${id}-proposito`} label="Para">
        {(control) => (
          <NativeSelect {...control} value={draft.proposito ?? ""} onChange={(e) => set("proposito")(e.target.value)}>
            <option value="">Cualquier propósito</option>
            {MAIN_PURPOSES.map((p) => (
              <option key={p} value={p}>
                {MAIN_PURPOSE_LABELS[p]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id={`${id}-ciudad`} label="Ciudad">
        {(control) => (
          <Input
            {...control}
            maxLength={80}
            autoComplete="address-level2"
            placeholder="Ej.: Medellín"
            value={draft.ciudad ?? ""}
            onChange={(e) => set("ciudad")(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-min`} label="Créditos desde" error={errors.minCreditos}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            placeholder="0"
            value={draft.minCreditos ?? ""}
            onChange={(e) => set("minCreditos")(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-max`} label="Créditos hasta" error={errors.maxCreditos}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            placeholder="Sin límite"
            value={draft.maxCreditos ?? ""}
            onChange={(e) => set("maxCreditos")(e.target.value)}
          />
        )}
      </Field>
      <Field id={`${id}-orden`} label="Ordenar por" error={errors.orden}>
        {(control) => (
          <NativeSelect {...control} value={draft.orden ?? "recientes"} onChange={(e) => set("orden")(e.target.value)}>
            {ASSET_ORDERS.map((o) => (
              <option key={o} value={o}>
                {ASSET_ORDER_LABELS[o]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <div className="flex items-end gap-2">
        <Button type="submit" className="flex-1">
          Aplicar
        </Button>
        <Button type="button" variant="outline" onClick={onClear}>
          Limpiar
        </Button>
      </div>
    </form>
  );
}
