import {
  declaredValueWarning,
  formatCOP,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  MONEY_CONTRIBUTION_TYPES,
  maxValueCOP,
} from "@valoriza/domain";
import { ArrowLeft, Calculator } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { DigitsInput } from "../../components/ui/digits-input.tsx";
import { Field } from "../../components/ui/field.tsx";
import { NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { type MoneyOutput, moneyResolver, parseMoney } from "./forms.ts";
import { StepShell } from "./StepShell.tsx";
import { ValuationPreview } from "./ValuationPreview.tsx";
import { valuateMoneyView } from "./valuation.ts";
import type { MoneyValues } from "./wizard-state.ts";

/** Step 3 for money: positive amount, contribution type, description. */
export function MoneyStep({
  values,
  onBack,
  onSave,
}: {
  values: MoneyValues;
  onBack: (values: MoneyValues) => void;
  onSave: (values: MoneyValues) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<MoneyValues, unknown, MoneyOutput>({ resolver: moneyResolver, defaultValues: values });
  const watched = useWatch({ control });
  const parsed = parseMoney({ monto: watched.monto ?? "", tipo: "otro", descripcion: "x" });
  const preview = parsed ? valuateMoneyView(parsed) : null;

  return (
    <StepShell title="Cuéntanos sobre tu aporte" description="Recibes 1 crédito por cada $1.000 COP aportados.">
      <form
        noValidate
        onSubmit={handleSubmit(() => onSave(getValues()))}
        aria-label="Datos del aporte"
        className="flex flex-col gap-6"
      >
        <div className="grid gap-5 lg:grid-cols-[1fr_18rem]">
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            <Controller
              control={control}
              name="monto"
              render={({ field }) => (
                <Field
                  id="money-monto"
                  label="Monto (COP)"
                  error={errors.monto?.message}
                  hint={
                    <>
                      {field.value ? formatCOP(Number(field.value)) : "En pesos colombianos, sin puntos ni signos."}
                      {` · Máximo por registro: ${formatCOP(maxValueCOP("dinero"))}`}
                      {declaredValueWarning("dinero", "Dinero", Number(field.value)) ? (
                        <span role="status" data-testid="limite-valor" className="mt-1 block font-medium text-red-700">
                          {declaredValueWarning("dinero", "Dinero", Number(field.value))}
                        </span>
                      ) : null}
                    </>
                  }
                >
                  {(controlProps) => (
                    <DigitsInput
                      {...controlProps}
                      ref={field.ref}
                      name={field.name}
                      value={field.value}
                      onBlur={field.onBlur}
                      onValueChange={field.onChange}
                      placeholder="Ej: 200000"
                    />
                  )}
                </Field>
              )}
            />
            <Field id="money-tipo" label="Tipo de aporte" error={errors.tipo?.message}>
              {(control) => (
                <NativeSelect {...control} {...register("tipo")}>
                  <option value="">Selecciona un tipo</option>
                  {MONEY_CONTRIBUTION_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {MONEY_CONTRIBUTION_TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              id="money-descripcion"
              label="Descripción"
              error={errors.descripcion?.message}
              className="sm:col-span-2"
            >
              {(control) => (
                <Textarea {...control} {...register("descripcion")} rows={4} placeholder="¿Para qué es este aporte?" />
              )}
            </Field>
          </div>
          <ValuationPreview
            valuation={preview}
            className="h-fit"
            emptyText="Escribe el monto para ver la estimación."
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
