type ClassValue = string | false | null | undefined | 0;

/** Joins class names, skipping falsy values. */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(" ");
}

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
] as const;

/**
 * "5 de marzo de 2026", in the browser's time zone: what Intl's es-CO long date prints, written out
 * by hand, since the asset page shows one on its first screen and a page's first Intl use loads
 * ICU's data (onFirstUse, below).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getDate()} de ${MONTHS[date.getMonth()]} de ${date.getFullYear()}`;
}

/** Today's date as YYYY-MM-DD in the user's local time zone (for date inputs). */
export function todayISODate(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

/**
 * An Intl formatter made on its first use, not when its module loads. A page's first use of Intl
 * loads ICU's data: 20–100 ms of a desktop's main thread, several times that on a phone (issue 21:
 * the first second). Figures never use Intl (formatNumber, formatCredits, formatCOP of
 * @valoriza/domain); dates do, and pay it only where a date is shown.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
