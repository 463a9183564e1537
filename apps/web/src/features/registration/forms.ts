import {
  currentYearInColombia,
  makeAssetFormSchema,
  moneyRegisterSchema,
  timeRegisterSchema,
  wizardGoodsSchema,
} from "@valoriza/domain";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { zodResolver } from "../../lib/forms.ts";
import type { GoodsValues, MoneyValues, TimeValues } from "./wizard-state.ts";

/**
 * A zod resolver typed with the form's raw values (strings from the inputs) rather than the
 * schema's input type (`unknown` for preprocessed numbers).
 */
function resolverFor<Values extends FieldValues, Output>(schema: z.ZodType<Output>): Resolver<Values, unknown, Output> {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
}

export const CURRENT_YEAR = currentYearInColombia();

/** The registration form (POST /assets), with the current year in Colombia as the latest purchase year. */
export const assetFormSchema = makeAssetFormSchema(CURRENT_YEAR);
export type AssetFormOutput = z.output<typeof assetFormSchema>;

/**
 * Wizard step 3 for goods: the wizard's own rule for category, value and description ('Completa
 * todos los campos del bien', 'El valor del bien debe ser un número positivo') plus the other
 * fields POST /assets needs, with the registration form's messages.
 */
export const goodsStepSchema = wizardGoodsSchema.extend({
  title: assetFormSchema.shape.title,
  condition: assetFormSchema.shape.condition,
  physicalState: assetFormSchema.shape.physicalState,
  yearOfPurchase: assetFormSchema.shape.yearOfPurchase,
  location: assetFormSchema.shape.location,
});
export type GoodsOutput = z.output<typeof goodsStepSchema>;
export const goodsResolver = resolverFor<GoodsValues, GoodsOutput>(goodsStepSchema);

export type TimeOutput = z.output<typeof timeRegisterSchema>;
export const timeResolver = resolverFor<TimeValues, TimeOutput>(timeRegisterSchema);

export type MoneyOutput = z.output<typeof moneyRegisterSchema>;
export const moneyResolver = resolverFor<MoneyValues, MoneyOutput>(moneyRegisterSchema);

export function parseGoods(values: GoodsValues): GoodsOutput | null {
  const result = goodsStepSchema.safeParse(values);
  return result.success ? result.data : null;
}
export function parseTime(values: TimeValues): TimeOutput | null {
  const result = timeRegisterSchema.safeParse(values);
  return result.success ? result.data : null;
}
export function parseMoney(values: MoneyValues): MoneyOutput | null {
  const result = moneyRegisterSchema.safeParse(values);
  return result.success ? result.data : null;
}

export { resolverFor };
