/**
 * Valuation of assets (economy.md "Units" and "Valuation of goods"; overview §9).
 *
 * The same functions run on the server (authoritative) and in the web
 * (preview), so both always show the same numbers.
 *
 * Arithmetic: every factor of the spec has exactly two decimals, so each one is
 * held as an integer number of hundredths. A good's value is
 *   base x cat x state x cond x age / 100^4
 * computed with BigInt (exact, no binary floating-point drift, no overflow even
 * at MAX_AMOUNT_COP) and rounded ONCE, half up, at the very end. Rounding
 * between factors is never done.
 *
 * Invalid input throws a RangeError (never NaN, never a silent 0): the server
 * validates with the zod schemas first and maps a throw to a 500; the web can
 * use tryValuateGood() for a preview while the user is still typing.
 */
import { MAX_AMOUNT_COP, TASA_CAMBIO_COP } from "../constants.ts";
import {
  CONDITIONS,
  type Condition,
  PHYSICAL_STATES,
  type PhysicalState,
  TIME_HOURS_MAX,
  TIME_HOURS_MIN,
  TIME_RATE_COP,
  TIME_RATE_SPECIALIZED_COP,
} from "./constants.ts";
import { normalizeSearch } from "./search.ts";

// ---------------------------------------------------------------------------
// Factor tables, exactly as overview §9
// ---------------------------------------------------------------------------

export const PHYSICAL_STATE_FACTORS: Readonly<Record<PhysicalState, number>> = {
  excelente: 1,
  bueno: 0.85,
  regular: 0.7,
  malo: 0.5,
};

export const CONDITION_FACTORS: Readonly<Record<Condition, number>> = {
  nuevo: 1,
  usado: 0.8,
};

/** Index = age in years, 0..10. Ages above 10 use the last entry (cap). */
export const AGE_FACTORS: readonly number[] = [1, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5];
export const AGE_CAP_YEARS = 10;

/**
 * Category factors, names exactly as overview §9. Note that this table's names
 * are NOT the 17 categories of the sell/loan forms (see catalog.ts). Matching
 * is by name only (see categoryFactor); no semantic aliases are invented, so
 * of the 17 categories these 7 are not in the table and get the default 0.75:
 *   Movilidad Personal, Joyas, Relojes, Deporte y Aventura (table has
 *   "Deportes" .78), Juguetes y Juegos (table has "Juguetes" .7), Libros y
 *   Educación (table has "Libros y Cultura" .75), Bebé y Niños.
 * The other 10 (Tecnología, Vehículos, Muebles, Electrodomésticos,
 * Herramientas, Ropa y Accesorios, Instrumentos Musicales, Arte y Decoración,
 * Mascotas, Otros) are in the table under the same name.
 */
export const CATEGORY_FACTORS: Readonly<Record<string, number>> = {
  Tecnología: 0.9,
  Electrodomésticos: 0.88,
  Muebles: 0.85,
  "Ropa y Accesorios": 0.8,
  "Libros y Cultura": 0.75,
  Deportes: 0.78,
  Herramientas: 0.82,
  Juguetes: 0.7,
  "Instrumentos Musicales": 0.83,
  "Arte y Decoración": 0.8,
  Vehículos: 0.92,
  Mascotas: 0.76,
  Hogar: 0.84,
  Servicios: 0.88,
  Tiempo: 1,
  Dinero: 1,
  Otros: 0.7,
};
/** "unknown category: 0.75" (economy.md; overview §9 "default .75"). */
export const DEFAULT_CATEGORY_FACTOR = 0.75;

/** A factor as an integer number of hundredths (0.85 -> 85); throws if it has more than 2 decimals. */
function hundredths(factor: number): bigint {
  const h = Math.round(factor * 100);
  if (Math.abs(factor * 100 - h) > 1e-9 || h < 0) throw new RangeError(`Factor sin dos decimales exactos: ${factor}`);
  return BigInt(h);
}

const CATEGORY_BY_NORMALIZED_NAME = new Map(
  Object.entries(CATEGORY_FACTORS).map(([name, f]) => [normalizeSearch(name), { name, factor: f }]),
);

/**
 * The factor of a category, and whether the table knows it.
 * 1. exact name ("Tecnología");
 * 2. else the same name ignoring case, accents and surrounding/double spaces
 *    ("tecnologia", " TECNOLOGÍA ") - a spelling tolerance, not an alias;
 * 3. else DEFAULT_CATEGORY_FACTOR (0.75), e.g. "Juguetes y Juegos".
 */
export function categoryFactor(category: string): { factor: number; known: boolean } {
  if (Object.hasOwn(CATEGORY_FACTORS, category)) {
    return { factor: CATEGORY_FACTORS[category] as number, known: true };
  }
  const hit = CATEGORY_BY_NORMALIZED_NAME.get(normalizeSearch(category));
  return hit ? { factor: hit.factor, known: true } : { factor: DEFAULT_CATEGORY_FACTOR, known: false };
}

/**
 * Age in years used for valuation: currentYear - yearOfPurchase, clamped to
 * 0..10 (a future purchase year counts as 0; anything older than 10 as 10).
 * This is both the age-factor index and the reported antiguedadAnios
 * ("age ... capped at 10", economy.md).
 */
export function ageInYears(yearOfPurchase: number, currentYear: number): number {
  assertInteger(yearOfPurchase, "yearOfPurchase");
  assertInteger(currentYear, "currentYear");
  return Math.min(AGE_CAP_YEARS, Math.max(0, currentYear - yearOfPurchase));
}

export function ageFactor(ageYears: number): number {
  assertInteger(ageYears, "ageYears");
  return AGE_FACTORS[Math.min(AGE_CAP_YEARS, Math.max(0, ageYears))] as number;
}

// ---------------------------------------------------------------------------
// Credits
// ---------------------------------------------------------------------------

/**
 * credits = round(COP / 1000), half up (economy.md "Units").
 * 1499 -> 1, 1500 -> 2, 2500 -> 3, 0 -> 0.
 * Throws a RangeError when cop is not a finite number >= 0 (NaN, Infinity,
 * negatives): an amount of money is never negative, and silently returning 0
 * would hide a bug. Fractions of a peso are accepted and rounded by the same
 * rule (1499.5 -> 1).
 */
export function creditsFromCOP(cop: number): number {
  if (typeof cop !== "number" || !Number.isFinite(cop) || cop < 0) {
    throw new RangeError(`Valor en COP inválido: ${String(cop)}`);
  }
  const whole = Math.floor(cop / TASA_CAMBIO_COP);
  const remainder = cop - whole * TASA_CAMBIO_COP; // exact for integers below 2^53
  return remainder * 2 >= TASA_CAMBIO_COP ? whole + 1 : whole;
}

/** COP value of a number of credits (credits x 1000). */
export function copFromCredits(credits: number): number {
  if (typeof credits !== "number" || !Number.isFinite(credits) || credits < 0) {
    throw new RangeError(`Cantidad de créditos inválida: ${String(credits)}`);
  }
  return credits * TASA_CAMBIO_COP;
}

// ---------------------------------------------------------------------------
// Goods
// ---------------------------------------------------------------------------

export interface GoodValuationInput {
  /** Whole pesos, 0..MAX_AMOUNT_COP. */
  baseValueCOP: number;
  category: string;
  physicalState: PhysicalState;
  condition: Condition;
  yearOfPurchase: number;
  currentYear: number;
}

export interface GoodValuation {
  /** = baseValueCOP. */
  valorCOPOriginal: number;
  /** base x factors, rounded half up once, whole pesos. */
  valorActualCOP: number;
  /** Percent lost, round((1 - valorActual/base) x 100); 0 when base is 0. */
  depreciation: number;
  /** currentYear - yearOfPurchase, clamped to 0..10. */
  antiguedadAnios: number;
  factors: { category: number; physicalState: number; condition: number; age: number };
  /** False when the category is not in the factor table and got the 0.75 default. */
  categoryKnown: boolean;
  /** = valorActualCOP. */
  valorCOPReconocido: number;
  /** = creditsFromCOP(valorCOPReconocido). */
  creditosAsignados: number;
}

/** round(numerator / denominator) half up, both non-negative, exact. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * valorActualCOP = baseValueCOP x categoryFactor x physicalStateFactor x
 * conditionFactor x ageFactor (economy.md), then depreciation and credits.
 *
 * Example (see valuation.test.ts): 2,000,000 Tecnología, bueno, usado, 3 years
 * -> 2,000,000 x .9 x .85 x .8 x .85 = 1,040,400 COP; depreciation 48 %;
 * 1,040 credits.
 */
export function valuateGood(input: GoodValuationInput): GoodValuation {
  const { baseValueCOP, category, physicalState, condition, yearOfPurchase, currentYear } = input;
  if (!Number.isSafeInteger(baseValueCOP) || baseValueCOP < 0 || baseValueCOP > MAX_AMOUNT_COP) {
    throw new RangeError(`baseValueCOP debe ser un entero entre 0 y ${MAX_AMOUNT_COP}: ${String(baseValueCOP)}`);
  }
  if (typeof category !== "string") throw new RangeError("category debe ser un texto");
  if (!(PHYSICAL_STATES as readonly string[]).includes(physicalState)) {
    throw new RangeError(`physicalState inválido: ${String(physicalState)}`);
  }
  if (!(CONDITIONS as readonly string[]).includes(condition)) {
    throw new RangeError(`condition inválida: ${String(condition)}`);
  }
  const antiguedadAnios = ageInYears(yearOfPurchase, currentYear);

  const cat = categoryFactor(category);
  const factors = {
    category: cat.factor,
    physicalState: PHYSICAL_STATE_FACTORS[physicalState],
    condition: CONDITION_FACTORS[condition],
    age: ageFactor(antiguedadAnios),
  };

  const numerator =
    BigInt(baseValueCOP) *
    hundredths(factors.category) *
    hundredths(factors.physicalState) *
    hundredths(factors.condition) *
    hundredths(factors.age);
  const valorActualCOP = Number(divRoundHalfUp(numerator, 100n ** 4n));

  // Every factor is <= 1, so 0 <= valorActual <= base and the loss is >= 0.
  const depreciation =
    baseValueCOP === 0 ? 0 : Number(divRoundHalfUp(BigInt(baseValueCOP - valorActualCOP) * 100n, BigInt(baseValueCOP)));

  return {
    valorCOPOriginal: baseValueCOP,
    valorActualCOP,
    depreciation,
    antiguedadAnios,
    factors,
    categoryKnown: cat.known,
    valorCOPReconocido: valorActualCOP,
    creditosAsignados: creditsFromCOP(valorActualCOP),
  };
}

/** valuateGood for a live preview: null instead of a throw on incomplete/invalid input. */
export function tryValuateGood(input: Partial<GoodValuationInput>): GoodValuation | null {
  try {
    return valuateGood(input as GoodValuationInput);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------
// Time and money
// ---------------------------------------------------------------------------

export interface TimeValuation {
  /** COP per hour used: 30,000 or 120,000. */
  valorHora: number;
  /** horas x valorHora, COP. */
  valorTotal: number;
  creditos: number;
}

/** Hourly rate of a time asset. */
export function timeRateCOP(especializado: boolean): number {
  return especializado ? TIME_RATE_SPECIALIZED_COP : TIME_RATE_COP;
}

/**
 * horas (integer 1..10) x 30,000 COP, or x 120,000 COP when specialized.
 * 3 h specialized -> 360,000 COP -> 360 credits. Throws a RangeError on
 * hours outside 1..10 or not an integer, or a non-boolean especializado.
 */
export function valuateTime(input: { horas: number; especializado: boolean }): TimeValuation {
  const { horas, especializado } = input;
  if (!Number.isInteger(horas) || horas < TIME_HOURS_MIN || horas > TIME_HOURS_MAX) {
    throw new RangeError(`horas debe ser un entero entre ${TIME_HOURS_MIN} y ${TIME_HOURS_MAX}: ${String(horas)}`);
  }
  if (typeof especializado !== "boolean") throw new RangeError("especializado debe ser booleano");
  const valorHora = timeRateCOP(especializado);
  const valorTotal = horas * valorHora;
  return { valorHora, valorTotal, creditos: creditsFromCOP(valorTotal) };
}

export interface MoneyValuation {
  /** = monto, COP. */
  valorTotal: number;
  creditos: number;
}

/**
 * Money: the contributed amount in COP (economy.md). monto must be an integer
 * 1..MAX_AMOUNT_COP (RangeError otherwise). Note an amount under 500 COP is
 * worth 0 credits (499 -> 0, 500 -> 1).
 */
export function valuateMoney(input: { monto: number }): MoneyValuation {
  const { monto } = input;
  if (!Number.isSafeInteger(monto) || monto <= 0 || monto > MAX_AMOUNT_COP) {
    throw new RangeError(`monto debe ser un entero entre 1 y ${MAX_AMOUNT_COP}: ${String(monto)}`);
  }
  return { valorTotal: monto, creditos: creditsFromCOP(monto) };
}

function assertInteger(value: number, name: string): void {
  if (!Number.isInteger(value)) throw new RangeError(`${name} debe ser un entero: ${String(value)}`);
}
