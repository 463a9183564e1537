import { onFirstUse } from "../../lib/utils.ts";

/*
 * Rental dates are Colombian calendar days written YYYY-MM-DD (both ends included). They are shown
 * as written, never shifted by the browser's time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_FORMAT = onFirstUse(
  () => new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
);

const asUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** "2026-12-01" -> "1 dic 2026" (the day as written). */
export function formatDay(day: string): string {
  const t = asUtc(day);
  return Number.isNaN(t) ? day : DAY_FORMAT().format(t).replace(/\./g, "");
}

/** "1 dic 2026 – 3 dic 2026"; one day shows once. */
export function formatPeriod(start: string, end: string): string {
  if (!start) return "";
  return start === end || !end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;
}

/** The day `n` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, n: number): string {
  return new Date(asUtc(day) + n * DAY_MS).toISOString().slice(0, 10);
}

export const laterDay = (a: string, b: string) => (a > b ? a : b);
