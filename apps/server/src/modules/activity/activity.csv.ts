import {
  colombiaDateTime,
  colombiaIsoDate,
  MOVEMENT_TYPE_LABELS,
  MOVEMENTS_CSV_HEADER,
  TRANSACTION_TYPE_LABELS,
  TRANSACTIONS_CSV_HEADER,
} from "@valoriza/domain";
import { stringify } from "csv-stringify/sync";
import type { MovimientoRow, TransaccionWithAsset } from "./activity.repository.ts";

/**
 * CSV for a spreadsheet (issue 20, ADR 020): UTF-8 with a BOM (Excel then reads the accents right),
 * `;` between fields (the list separator of es-CO, whose decimal mark is the comma), a Spanish
 * header row, dates as dd/mm/aaaa in Colombia time, CRLF line ends and RFC 4180 quoting (a field
 * with `;`, `"` or a line break is quoted, quotes doubled) by csv-stringify. A text cell that starts
 * like a formula (=, +, -, @, tab, CR) gets a leading apostrophe so a spreadsheet shows it as text
 * and never runs it (CSV injection: titles and descriptions are typed by people).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const text = (s: string | null | undefined) => {
  const v = s ?? "";
  return FORMULA_START.test(v) ? `'${v}` : v;
};
const label = (labels: Readonly<Record<string, string>>, kind: string) =>
  Object.hasOwn(labels, kind) ? (labels[kind] as string) : kind;

function toCsv(header: readonly string[], rows: (string | number)[][]): string {
  return stringify([[...header], ...rows], { delimiter: ";", bom: true, record_delimiter: "windows" });
}

export function movementsCsv(rows: (MovimientoRow & { assetTitle: string | null })[]): string {
  return toCsv(
    MOVEMENTS_CSV_HEADER,
    rows.map((m) => {
      const { fecha, hora } = colombiaDateTime(m.createdAt);
      return [fecha, hora, label(MOVEMENT_TYPE_LABELS, m.tipo), text(m.descripcion), m.valor, text(m.assetTitle)];
    }),
  );
}

export function transactionsCsv(rows: TransaccionWithAsset[]): string {
  return toCsv(
    TRANSACTIONS_CSV_HEADER,
    rows.map((t) => {
      const { fecha, hora } = colombiaDateTime(t.createdAt);
      return [
        fecha,
        hora,
        label(TRANSACTION_TYPE_LABELS, t.type),
        text(t.description),
        text(t.asset?.title),
        text(t.asset?.category),
        t.amountCOP,
        t.amountCredits,
      ];
    }),
  );
}

/** `valoriza-movimientos-2026-11-26.csv` (today in Colombia). */
export const csvFileName = (what: "movimientos" | "transacciones", now: Date) =>
  `valoriza-${what}-${colombiaIsoDate(now)}.csv`;
