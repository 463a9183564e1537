import {
  CONDITION_LABELS,
  CONDITIONS,
  declaredValueWarning,
  formatCOP,
  maxValueCOP,
  PHYSICAL_STATE_LABELS,
  PHYSICAL_STATES,
  yearOptions,
} from "@valoriza/domain";
import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from "react-hook-form";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { DigitsInput } from "./DigitsInput.tsx";
import { CURRENT_YEAR } from "./forms.ts";

const YEARS = yearOptions(CURRENT_YEAR);

/** The fields both goods forms share (the wizard's step and /valorar). */
export interface GoodsCommonValues extends FieldValues {
  condition: string;
  physicalState: string;
  yearOfPurchase: string;
  baseValueCOP: string;
  description: string;
  location: string;
}

/**
 * Condition, physical state, purchase year, value, description and location:
 * the part of a goods form the wizard and the valuation form have in common.
 * `idPrefix` keeps each form's input ids ("goods-…", "asset-…").
 */
export function GoodsCommonFields<T extends GoodsCommonValues>({
  idPrefix,
  register,
  control,
  errors,
  text,
  category,
}: {
  /** The chosen category: the form shows its bound per registration and warns above it (ADR 015). */
  category?: string | undefined;
  idPrefix: string;
  register: UseFormRegister<T>;
  control: Control<T, unknown, unknown>;
  errors: FieldErrors<T>;
  text: { valueLabel: string; valueHint: string; valuePlaceholder: string; description: string; location: string };
}) {
  const name = (n: keyof GoodsCommonValues) => n as Path<T>;
  const message = (n: keyof GoodsCommonValues) => errors[n]?.message as string | undefined;
  return (
    <>
      <Field id={`${idPrefix}-condition`} label="Condición" error={message("condition")}>
        {(c) => (
          <NativeSelect {...c} {...register(name("condition"))}>
            {CONDITIONS.map((v) => (
              <option key={v} value={v}>
                {CONDITION_LABELS[v]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <Field id={`${idPrefix}-physical-state`} label="Estado físico" error={message("physicalState")}>
        {(c) => (
          <NativeSelect {...c} {...register(name("physicalState"))}>
            {PHYSICAL_STATES.map((v) => (
              <option key={v} value={v}>
                {PHYSICAL_STATE_LABELS[v]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <Field id={`${idPrefix}-year`} label="Año de compra" error={message("yearOfPurchase")}>
        {(c) => (
          <NativeSelect {...c} {...register(name("yearOfPurchase"))}>
            {YEARS.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>

      <Controller
        control={control}
        name={name("baseValueCOP")}
        render={({ field }) => (
          <Field
            id={`${idPrefix}-value`}
            label={text.valueLabel}
            error={message("baseValueCOP")}
            hint={
              <>
                {field.value ? formatCOP(Number(field.value)) : text.valueHint}
                {category ? ` · Máximo por registro en ${category}: ${formatCOP(maxValueCOP("bien", category))}` : ""}
                <ValueWarning category={category} value={field.value} />
              </>
            }
          >
            {(c) => (
              <DigitsInput
                {...c}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onValueChange={field.onChange}
                placeholder={text.valuePlaceholder}
              />
            )}
          </Field>
        )}
      />

      <Field
        id={`${idPrefix}-description`}
        label="Descripción"
        error={message("description")}
        className="sm:col-span-2"
      >
        {(c) => <Textarea {...c} {...register(name("description"))} rows={4} placeholder={text.description} />}
      </Field>

      <Field
        id={`${idPrefix}-location`}
        label="Ubicación"
        optional
        error={message("location")}
        className="sm:col-span-2"
      >
        {(c) => <Input {...c} {...register(name("location"))} placeholder={text.location} />}
      </Field>
    </>
  );
}

/** Warns as the person types when the declared value passes the category's bound (the server refuses it). */
function ValueWarning({ category, value }: { category: string | undefined; value: unknown }) {
  const warning = category ? declaredValueWarning("bien", category, Number(value)) : null;
  if (!warning) return null;
  return (
    <span role="status" data-testid="limite-valor" className="mt-1 block font-medium text-red-700">
      {warning}
    </span>
  );
}
