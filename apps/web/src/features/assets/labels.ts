import {
  ASSET_ORIGIN_LABELS,
  CONDITION_LABELS,
  ESTADO_CREDITO_LABELS,
  MAIN_PURPOSE_LABELS,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  PHYSICAL_STATE_LABELS,
  toMainPurpose,
} from "@valoriza/domain";

function pick(labels: Readonly<Record<string, string>>, value: string): string {
  return Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;
}

export const conditionLabel = (v: string) => pick(CONDITION_LABELS, v);
export const physicalStateLabel = (v: string) => pick(PHYSICAL_STATE_LABELS, v);
export const originLabel = (v: string) => pick(ASSET_ORIGIN_LABELS, v);
export const contributionLabel = (v: string) => pick(MONEY_CONTRIBUTION_TYPE_LABELS, v);
export const estadoCreditoLabel = (v: string) => pick(ESTADO_CREDITO_LABELS, v);
export const purposeLabel = (v: string) => {
  const purpose = toMainPurpose(v);
  return purpose ? MAIN_PURPOSE_LABELS[purpose] : v;
};
