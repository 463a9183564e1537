/**
 * es-CO display formatting of money and credits.
 *
 * Intl output for es-CO (ICU in Node 20 and current browsers):
 *   formatCOP(1250000) === "$\u00A01.250.000"  ("$", NO-BREAK SPACE, "." thousands)
 *   formatCOP(0)       === "$\u00A00"
 *   formatCOP(-1500)   === "-$\u00A01.500"
 *   formatCredits(1040) === "1.040"
 * Whole numbers only (no decimals), thousands always grouped (also 4 digits:
 * "1.040", which some Spanish locales would print as "1040"). The space after
 * "$" is normalized to U+00A0 whatever the ICU version emits, so the server,
 * the web and tests always produce the same string.
 */

/**
 * Intl.NumberFormat v3 grouping "always" (Node >= 19, all current browsers);
 * the ES2022 lib typings only know booleans, hence the cast.
 */
const ALWAYS = "always" as unknown as boolean;

const COP_FORMAT = new Intl.NumberFormat("es-CO", {
  style: "currency",
  currency: "COP",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  useGrouping: ALWAYS,
});

const INTEGER_FORMAT = new Intl.NumberFormat("es-CO", {
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
  useGrouping: ALWAYS,
});

const NBSP = "\u00A0";

/** Shown for a value that is not a finite number (NaN, Infinity) instead of throwing in a render. */
export const NOT_A_NUMBER_TEXT = "—";

/** Round half up to a whole number; -0 becomes 0 (so it never prints "-$ 0"). */
function wholeNumber(n: number): number {
  const r = Math.round(n);
  return r === 0 ? 0 : r;
}

/** formatCOP(1250000) -> "$ 1.250.000" (with U+00A0 after "$"). Rounds half up to whole pesos. */
export function formatCOP(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return NOT_A_NUMBER_TEXT;
  return COP_FORMAT.format(wholeNumber(n)).replace(/\s+/gu, NBSP);
}

/** formatCredits(1040) -> "1.040". Credits are shown as whole numbers (overview §9). */
export function formatCredits(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return NOT_A_NUMBER_TEXT;
  return INTEGER_FORMAT.format(wholeNumber(n));
}

/** creditsLabel(1) -> "1 crédito"; creditsLabel(1040) -> "1.040 créditos". */
export function creditsLabel(n: number): string {
  const text = formatCredits(n);
  return `${text} ${wholeNumber(n) === 1 ? "crédito" : "créditos"}`;
}

/**
 * Thousands with "." and no Intl (deterministic in every runtime):
 * groupThousands(1000) -> "1.000"; groupThousands(-1234567) -> "-1.234.567".
 */
export function groupThousands(n: number): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER_TEXT;
  const whole = wholeNumber(n);
  const digits = Math.abs(whole)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return whole < 0 ? `-${digits}` : digits;
}
