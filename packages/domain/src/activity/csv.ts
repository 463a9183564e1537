/**
 * The CSV downloads of /movimientos and /mi-actividad (issue 20): what Excel in es-CO opens as is.
 * `formato=csv` on GET /api/movimientos/mis-movimientos/all and /api/transacciones/mis-transacciones/all.
 */
export const CSV_FORMATS = ["json", "csv"] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];
export const CSV_FORMAT_MSG = "formato debe ser csv o json";

/** The header rows (Spanish). */
export const MOVEMENTS_CSV_HEADER = ["Fecha", "Hora", "Tipo", "Descripción", "Créditos", "Activo"] as const;
export const TRANSACTIONS_CSV_HEADER = [
  "Fecha",
  "Hora",
  "Tipo",
  "Descripción",
  "Activo",
  "Categoría",
  "Valor (COP)",
  "Créditos",
] as const;

/** Movement kinds as Spanish words (the same as the web's /movimientos). */
export const MOVEMENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  publicar: "Registro de activo",
  retirar: "Créditos destruidos",
  retiro: "Retiro",
  "intercambio-propuesta": "Propuesta de intercambio",
  intercambio: "Intercambio",
  venta: "Venta",
  donacion: "Donación",
  prestamo: "Préstamo",
  regalo: "Regalo",
  alquiler: "Alquiler",
  liberacion: "Créditos liberados",
  destruccion: "Créditos destruidos",
  compra: "Compra en el Marketplace",
};

/** Transaction types as Spanish words (the same as the web's /mi-actividad). */
export const TRANSACTION_TYPE_LABELS: Readonly<Record<string, string>> = {
  registro: "Registro de activo",
  retiro: "Retiro",
  intercambio: "Intercambio",
  venta: "Venta",
  donación: "Donación",
  préstamo: "Préstamo",
  regalo: "Regalo",
  alquiler: "Alquiler",
  liberación: "Créditos liberados",
  desactivación: "Desactivación",
  compra: "Compra en el Marketplace",
};

const COLOMBIA_OFFSET_MS = 5 * 60 * 60 * 1000; // UTC-5 all year (no daylight saving)
const two = (n: number) => String(n).padStart(2, "0");

/** "26/11/2026" and "07:05": a moment as dd/mm/aaaa and hh:mm in Colombia. */
export function colombiaDateTime(d: Date): { fecha: string; hora: string } {
  const c = new Date(d.getTime() - COLOMBIA_OFFSET_MS);
  return {
    fecha: `${two(c.getUTCDate())}/${two(c.getUTCMonth() + 1)}/${c.getUTCFullYear()}`,
    hora: `${two(c.getUTCHours())}:${two(c.getUTCMinutes())}`,
  };
}

/** "2026-11-26": today's date in Colombia, for a download's file name. */
export function colombiaIsoDate(d: Date): string {
  const c = new Date(d.getTime() - COLOMBIA_OFFSET_MS);
  return `${c.getUTCFullYear()}-${two(c.getUTCMonth() + 1)}-${two(c.getUTCDate())}`;
}
