/**
 * Limits on self-declared value (issue 12, docs/adr/015-issuance-and-release-limits.md).
 * THE one documented place for the figures: the server enforces them, the wizard and
 * /vender show them as the person types. Amounts in COP are of the declared (base)
 * value; amounts in credits are 1 crédito = 1000 COP.
 */
import { TASA_CAMBIO_COP } from "../constants.ts";

const fmt = (n: number) => n.toLocaleString("es-CO");

/** Max declared value (COP) of one registration of goods, per category; others get the default. */
export const MAX_GOOD_VALUE_COP_BY_CATEGORY: Readonly<Record<string, number>> = {
  Tecnología: 20_000_000,
  Vehículos: 300_000_000,
  "Movilidad Personal": 30_000_000,
  Muebles: 20_000_000,
  Electrodomésticos: 20_000_000,
  Herramientas: 20_000_000,
  "Ropa y Accesorios": 5_000_000,
  Joyas: 50_000_000,
  Relojes: 50_000_000,
  "Deporte y Aventura": 20_000_000,
  "Instrumentos Musicales": 30_000_000,
  "Juguetes y Juegos": 3_000_000,
  "Arte y Decoración": 50_000_000,
  "Libros y Educación": 3_000_000,
  Mascotas: 10_000_000,
  "Bebé y Niños": 5_000_000,
  Otros: 10_000_000,
};
export const MAX_GOOD_VALUE_COP_DEFAULT = 10_000_000;

/** Typical declared value (COP) per category: a registration at or above SIGNAL_VALUE_FACTOR x typical is flagged. */
export const TYPICAL_GOOD_VALUE_COP_BY_CATEGORY: Readonly<Record<string, number>> = {
  Tecnología: 2_000_000,
  Vehículos: 40_000_000,
  "Movilidad Personal": 3_000_000,
  Muebles: 1_500_000,
  Electrodomésticos: 1_500_000,
  Herramientas: 800_000,
  "Ropa y Accesorios": 300_000,
  Joyas: 3_000_000,
  Relojes: 2_000_000,
  "Deporte y Aventura": 1_000_000,
  "Instrumentos Musicales": 2_000_000,
  "Juguetes y Juegos": 200_000,
  "Arte y Decoración": 2_000_000,
  "Libros y Educación": 150_000,
  Mascotas: 1_000_000,
  "Bebé y Niños": 500_000,
  Otros: 1_000_000,
};
export const TYPICAL_GOOD_VALUE_COP_DEFAULT = 1_000_000;

/** Max declared value (COP) per registration of time (10 h x 120.000 already) and of money. */
export const MAX_TIME_VALUE_COP = 1_200_000;
export const MAX_MONEY_VALUE_COP = 20_000_000;

/** Per person per rolling 24 hours: registrations, and credits issued (blocked). */
export const MAX_REGISTRATIONS_PER_DAY = 10;
export const MAX_CREDITS_ISSUED_PER_DAY = 300_000;

/**
 * Credits from self-declared assets that become spendable (disponible) per person per
 * rolling 30 days; beyond it they stay blocked 'en revisión' until the window allows
 * them or an admin approves them.
 */
export const RELEASE_WINDOW_DAYS = 30;
export const RELEASE_LIMIT_UNVERIFIED = 2_000;
export const RELEASE_LIMIT_VERIFIED = 20_000;

/** Signals: value >= factor x typical; >= N registrations in 24 h; >= N completed deals with one counterpart in 30 days. */
export const SIGNAL_VALUE_FACTOR = 5;
export const SIGNAL_BURST_REGISTRATIONS = 8;
export const SIGNAL_REPEATED_DEALS = 3;

export const DAY_MS = 24 * 60 * 60 * 1000;

export type LimitAssetType = "bien" | "tiempo" | "dinero";

/** Max declared value (COP) of one registration. */
export function maxValueCOP(assetType: LimitAssetType, category?: string): number {
  if (assetType === "tiempo") return MAX_TIME_VALUE_COP;
  if (assetType === "dinero") return MAX_MONEY_VALUE_COP;
  return (category && MAX_GOOD_VALUE_COP_BY_CATEGORY[category]) || MAX_GOOD_VALUE_COP_DEFAULT;
}

export function typicalValueCOP(category: string): number {
  return TYPICAL_GOOD_VALUE_COP_BY_CATEGORY[category] ?? TYPICAL_GOOD_VALUE_COP_DEFAULT;
}

export const releaseLimit = (verified: boolean) => (verified ? RELEASE_LIMIT_VERIFIED : RELEASE_LIMIT_UNVERIFIED);

export const LIMITS_MSG = {
  valueTooHigh: (max: number, what: string) =>
    `El valor declarado supera el máximo permitido para ${what}: ${fmt(max)} COP por registro`,
  tooManyToday: (max: number = MAX_REGISTRATIONS_PER_DAY) =>
    `Alcanzaste el máximo de ${max} registros en 24 horas. Intenta de nuevo más tarde.`,
  tooManyCreditsToday: (left: number) =>
    `Este registro supera el máximo de ${fmt(MAX_CREDITS_ISSUED_PER_DAY)} créditos emitidos por persona en 24 horas (te quedan ${fmt(left)}).`,
  reviewReasonLimit: (limit: number) =>
    `Superaste el límite de ${fmt(limit)} créditos liberados en ${RELEASE_WINDOW_DAYS} días para cuentas ${limit === RELEASE_LIMIT_VERIFIED ? "verificadas" : "sin verificar"}. Se liberan cuando la ventana lo permita o un administrador los apruebe.`,
  reviewReasonSignal: "La operación tiene señales que un administrador debe revisar antes de liberar los créditos.",
  inReviewExplain:
    "Créditos en revisión: vienen de activos autodeclarados y quedan bloqueados hasta que la ventana de 30 días lo permita o un administrador los apruebe.",
} as const;

export const SIGNAL_LABELS = {
  valor_alto: "Valor muy superior al típico de la categoría",
  rafaga: "Muchos registros en poco tiempo",
  tratos_repetidos: "Tratos repetidos con la misma persona",
  limite: "Límite de liberación de 30 días",
} as const;
export type ReviewReason = keyof typeof SIGNAL_LABELS;

/** The refusal message for a registration of `valueCOP`, or null when it is within the per-registration bound. */
export function registrationValueRefusal(assetType: LimitAssetType, category: string, valueCOP: number): string | null {
  const max = maxValueCOP(assetType, category);
  if (valueCOP <= max) return null;
  const what =
    assetType === "tiempo" ? "el tiempo" : assetType === "dinero" ? "un aporte en dinero" : `la categoría ${category}`;
  return LIMITS_MSG.valueTooHigh(max, what);
}

/**
 * The refusal for a new registration issuing `credits` after `count` registrations and `issued` credits in 24 h.
 * `maxRegistrations` is MAX_REGISTRATIONS_PER_DAY unless the operator set MAX_REGISTROS_DIA.
 */
export function dailyRefusal(
  count: number,
  issued: number,
  credits: number,
  maxRegistrations: number = MAX_REGISTRATIONS_PER_DAY,
): string | null {
  if (count >= maxRegistrations) return LIMITS_MSG.tooManyToday(maxRegistrations);
  if (issued + credits > MAX_CREDITS_ISSUED_PER_DAY)
    return LIMITS_MSG.tooManyCreditsToday(Math.max(0, MAX_CREDITS_ISSUED_PER_DAY - issued));
  return null;
}

/** Whether a declared value is far above the category's typical value (a signal). */
export function valueSignal(assetType: LimitAssetType, category: string, valueCOP: number): boolean {
  if (assetType !== "bien") return false;
  return valueCOP >= SIGNAL_VALUE_FACTOR * typicalValueCOP(category);
}

/**
 * How much of a release of `amount` credits may become spendable now, given `releasedInWindow`
 * credits already released in the rolling window: all of it or nothing goes to review past the limit
 * (the part within the limit is released, the rest stays 'en revisión').
 */
export function splitRelease(
  amount: number,
  releasedInWindow: number,
  verified: boolean,
): { spendable: number; inReview: number } {
  const left = Math.max(0, releaseLimit(verified) - releasedInWindow);
  const spendable = Math.min(amount, left);
  return { spendable, inReview: amount - spendable };
}

/**
 * The documented bound (ADR 015): the most spendable credits `accounts` colluding unverified
 * accounts can make from self-declared value over a span of `days` (0 = one instant). Any set
 * of releases less than 30 days apart lies in one rolling window, so a span of `days` holds at
 * most floor(days / 30) + 1 windows' worth per account: 4.000 for two accounts within 30 days.
 */
export function collusionBound(accounts: number, days: number): number {
  return accounts * RELEASE_LIMIT_UNVERIFIED * (Math.floor(days / RELEASE_WINDOW_DAYS) + 1);
}

/** Live warning for the wizard and /vender: the declared value against the bound (null when fine). */
export function declaredValueWarning(assetType: LimitAssetType, category: string, valueCOP: number): string | null {
  if (!Number.isFinite(valueCOP) || valueCOP <= 0) return null;
  return registrationValueRefusal(assetType, category, valueCOP);
}

export const COP_PER_CREDIT = TASA_CAMBIO_COP;

export * from "./contracts.ts";
