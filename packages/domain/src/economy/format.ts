/**
 * es-CO display formatting of money, credits and figures, written out by hand: no Intl.
 *
 *   formatCOP(1250000) === "$\u00A01.250.000"  ("$", NO-BREAK SPACE, "." thousands)
 *   formatCOP(0)       === "$\u00A00"
 *   formatCOP(-1500)   === "-$\u00A01.500"
 *   formatCredits(1040) === "1.040"
 *   formatNumber(2.5)   === "2,5"
 * The output is what Intl's es-CO formats print (ICU in Node 20 and current browsers; format.test.ts
 * compares the two on thousands of values), but a browser page's first use of Intl loads ICU's data:
 * 20–100 ms of a desktop's main thread, several times that on a phone, in the middle of the first
 * render (issue 21: the first second). Figures are on every first screen, so they never touch Intl;
 * dates still do, created on first use (apps/web/src/lib/utils.ts onFirstUse).
 * Whole numbers only for money and credits (no decimals), thousands always grouped (also 4 digits:
 * "1.040"), the space after "$" always U+00A0, so the server, the web and tests print the same string.
 */

const NBSP = "\u00A0";

/** Shown for a value that is not a finite number (NaN, Infinity) instead of throwing in a render. */
export const NOT_A_NUMBER_TEXT = "—";

/** Round half up to a whole number; -0 becomes 0 (so it never prints "-$ 0"). */
function wholeNumber(n: number): number {
  const r = Math.round(n);
  return r === 0 ? 0 : r;
}

/** "1234567" -> "1.234.567" (a string of digits). */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** The digits of a whole, non-negative number, never in exponent notation (1e21 and above included). */
function wholeDigits(abs: number): string {
  return abs < 1e21 ? abs.toString() : BigInt(abs).toString();
}

/** formatCOP(1250000) -> "$ 1.250.000" (with U+00A0 after "$"). Rounds half up to whole pesos. */
export function formatCOP(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return NOT_A_NUMBER_TEXT;
  const whole = wholeNumber(n);
  return `${whole < 0 ? "-" : ""}$${NBSP}${group(wholeDigits(Math.abs(whole)))}`;
}

/** formatCredits(1040) -> "1.040". Credits are shown as whole numbers (overview §9). */
export function formatCredits(n: number): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return NOT_A_NUMBER_TEXT;
  return groupThousands(n);
}

/**
 * The shortest decimal that reads back as `abs` (JavaScript's own Number to String, as ICU takes a
 * double), written out without an exponent: its whole part and its fraction's digits.
 */
function plainDecimal(abs: number): { whole: string; fraction: string } {
  const text = abs.toString();
  const e = text.indexOf("e");
  if (e < 0) {
    const [whole = "0", fraction = ""] = text.split(".");
    return { whole, fraction };
  }
  const exponent = Number(text.slice(e + 1));
  const [lead = "0", rest = ""] = text.slice(0, e).split(".");
  const digits = lead + rest;
  const point = lead.length + exponent;
  if (point <= 0) return { whole: "0", fraction: "0".repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + "0".repeat(point - digits.length), fraction: "" };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("0999" -> "1000"). */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return `1${out.join("")}`;
}

/**
 * A figure as `n.toLocaleString("es-CO", { maximumFractionDigits })` prints it, without Intl:
 * "." every three digits (also 4: "1.500"), "," before the decimals, at most that many of them
 * (half away from zero on the shortest decimal of `n`, as ICU rounds; trailing zeros dropped), "-"
 * before a negative one. formatNumber(12345.678) -> "12.345,678"; formatNumber(2.46, 1) -> "2,5".
 */
export function formatNumber(n: number, maximumFractionDigits = 3): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return NOT_A_NUMBER_TEXT;
  const sign = n < 0 || Object.is(n, -0) ? "-" : "";
  const places = Math.max(0, Math.min(20, Math.trunc(maximumFractionDigits)));
  let { whole, fraction } = plainDecimal(Math.abs(n));
  if (fraction.length > places) {
    const up = (fraction[places] ?? "0") >= "5";
    fraction = fraction.slice(0, places);
    if (up) {
      const bumped = increment(whole + fraction);
      whole = bumped.slice(0, bumped.length - places);
      fraction = bumped.slice(bumped.length - places);
    }
  }
  fraction = fraction.replace(/0+$/, "");
  return `${sign}${group(whole.replace(/^0+(?=\d)/, ""))}${fraction ? `,${fraction}` : ""}`;
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
  const digits = group(wholeDigits(Math.abs(whole)));
  return whole < 0 ? `-${digits}` : digits;
}
