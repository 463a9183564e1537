import {
  CONDITION_LABELS,
  CONDITIONS,
  currentYearInColombia,
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
  type UseFormRegisterReturn,
} from "react-hook-form";
import { DigitsInput } from "./ui/digits-input.tsx";
import { Field } from "./ui/field.tsx";
import { Input, NativeSelect, Textarea } from "./ui/input.tsx";

/*
 * The fields every goods form has (the registration wizard, /valorar and /vender): condition,
 * physical state, purchase year, value with the category's bound, description and location.
 */

const YEARS = yearOptions(currentYearInColombia());

interface SelectFieldProps {
  /** The input's id ("goods-condition", "sell-condition"…). */
  id: string;
  /** `register("condition")` of the form. */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

export function ConditionField({ id, registration, error }: SelectFieldProps) {
  return (
    <Field id={id} label="Condición" error={error}>
      {(c) => (
        <NativeSelect {...c} {...registration}>
          {CONDITIONS.map((v) => (
            <option key={v} value={v}>
              {CONDITION_LABELS[v]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

export function PhysicalStateField({ id, registration, error }: SelectFieldProps) {
  return (
    <Field id={id} label="Estado físico" error={error}>
      {(c) => (
        <NativeSelect {...c} {...registration}>
          {PHYSICAL_STATES.map((v) => (
            <option key={v} value={v}>
              {PHYSICAL_STATE_LABELS[v]}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** This year in Colombia back to the oldest one the valuation accepts. */
export function PurchaseYearField({ id, registration, error }: SelectFieldProps) {
  return (
    <Field id={id} label="Año de compra" error={error}>
      {(c) => (
        <NativeSelect {...c} {...registration}>
          {YEARS.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

export function LocationField({ id, registration, error, placeholder }: SelectFieldProps & { placeholder: string }) {
  return (
    <Field id={id} label="Ubicación" optional error={error} className="sm:col-span-2">
      {(c) => <Input {...c} {...registration} placeholder={placeholder} />}
    </Field>
  );
}

/**
 * The end of a declared value's hint: the chosen category's bound per registration, and a warning as
 * the person types a value above it (the server refuses it; ADR 015).
 */
export function CategoryValueBound({ category, value }: { category: string | undefined; value: unknown }) {
  const warning = category ? declaredValueWarning("bien", category, Number(value)) : null;
  return (
    <>
      {category ? ` · Máximo por registro en ${category}: ${formatCOP(maxValueCOP("bien", category))}` : ""}
      {warning ? (
        <span role="status" data-testid="limite-valor" className="mt-1 block font-medium text-red-700">
          {warning}
        </span>
      ) : null}
    </>
  );
}

/** The fields both registration goods forms share (the wizard's step and /valorar). */
export interface GoodsCommonValues extends FieldValues {
  condition: string;
  physicalState: string;
  yearOfPurchase: string;
  baseValueCOP: string;
  description: string;
  location: string;
}

/**
 * Condition, physical state, purchase year, value, description and location: the part of a goods
 * form the wizard and the valuation form have in common. `idPrefix` keeps each form's input ids
 * ("goods-…", "asset-…").
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
      <ConditionField
        id={`${idPrefix}-condition`}
        registration={register(name("condition"))}
        error={message("condition")}
      />
      <PhysicalStateField
        id={`${idPrefix}-physical-state`}
        registration={register(name("physicalState"))}
        error={message("physicalState")}
      />
      <PurchaseYearField
        id={`${idPrefix}-year`}
        registration={register(name("yearOfPurchase"))}
        error={message("yearOfPurchase")}
      />

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
                <CategoryValueBound category={category} value={field.value} />
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

      <LocationField
        id={`${idPrefix}-location`}
        registration={register(name("location"))}
        error={message("location")}
        placeholder={text.location}
      />
    </>
  );
}
