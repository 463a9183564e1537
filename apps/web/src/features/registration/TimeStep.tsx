import { ArrowLeft, Calculator } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { parseTime, type TimeOutput, timeResolver } from "./forms.ts";
import { StepShell } from "./StepShell.tsx";
import { ValuationPreview } from "./ValuationPreview.tsx";
import { valuateTimeView } from "./valuation.ts";
import type { TimeValues } from "./wizard-state.ts";

const SERVICE_SUGGESTIONS = [
  "Clases particulares",
  "Asesoría profesional",
  "Reparaciones del hogar",
  "Diseño gráfico",
  "Desarrollo de software",
  "Cuidado de niños",
  "Cuidado de mascotas",
  "Cocina",
  "Transporte y mandados",
  "Traducción",
];

/** Step 3 for time: service type, hours 1 to 10, specialised, description. */
export function TimeStep({
  values,
  onBack,
  onSave,
}: {
  values: TimeValues;
  onBack: (values: TimeValues) => void;
  onSave: (values: TimeValues) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<TimeValues, unknown, TimeOutput>({ resolver: timeResolver, defaultValues: values });
  const watched = useWatch({ control });
  const parsed = parseTime({
    tipo: "x",
    descripcion: "x",
    horas: watched.horas ?? "",
    especializado: Boolean(watched.especializado),
  });
  const preview = parsed ? valuateTimeView(parsed) : null;

  return (
    <StepShell
      title="Cuéntanos sobre tu tiempo"
      description="Cada hora vale $30.000 COP, o $120.000 COP si el servicio es especializado."
    >
      <form
        noValidate
        onSubmit={handleSubmit(() => onSave(getValues()))}
        aria-label="Datos del tiempo"
        className="flex flex-col gap-6"
      >
        <div className="grid gap-5 lg:grid-cols-[1fr_18rem]">
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            <Field id="time-tipo" label="Tipo de servicio" error={errors.tipo?.message} className="sm:col-span-2">
              {(control) => (
                <>
                  <Input
                    {...control}
                    {...register("tipo")}
                    list="time-tipo-sugerencias"
                    placeholder="Ej: Clases de inglés"
                  />
                  <datalist id="time-tipo-sugerencias">
                    {SERVICE_SUGGESTIONS.map((s) => (
                      <option key={s} value={s} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
            <Field id="time-horas" label="Horas" error={errors.horas?.message} hint="Un número entero entre 1 y 10.">
              {(control) => (
                <Input
                  {...control}
                  {...register("horas")}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={10}
                  step={1}
                  onKeyDown={(event) => {
                    if (["-", "+", "e", "E", ".", ","].includes(event.key)) event.preventDefault();
                  }}
                />
              )}
            </Field>
            <div className="flex items-start gap-3 self-center rounded-xl border border-slate-200 bg-slate-50/60 p-3.5 sm:mt-6">
              <input
                id="time-especializado"
                type="checkbox"
                {...register("especializado")}
                className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-emerald-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
              />
              <label htmlFor="time-especializado" className="cursor-pointer text-sm">
                <span className="font-medium text-slate-800">Servicio especializado</span>
                <span className="block text-xs text-slate-500">Requiere formación o experiencia certificada.</span>
              </label>
            </div>
            <Field
              id="time-descripcion"
              label="Descripción"
              error={errors.descripcion?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <Textarea
                  {...control}
                  {...register("descripcion")}
                  rows={4}
                  placeholder="¿Qué harás? ¿Qué experiencia tienes?"
                />
              )}
            </Field>
          </div>
          <ValuationPreview
            valuation={preview}
            className="h-fit"
            emptyText="Indica las horas (1 a 10) para ver la estimación."
          />
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => onBack(getValues())}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Atrás
          </Button>
          <Button type="submit">
            <Calculator aria-hidden="true" className="size-4" />
            Calcular Valor
          </Button>
        </div>
      </form>
    </StepShell>
  );
}
