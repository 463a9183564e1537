import { formatCredits } from "@valoriza/domain";

const dateTimeFormatter = new Intl.DateTimeFormat("es-CO", { dateStyle: "medium", timeStyle: "short" });

/** "21 nov 2026, 12:29 p. m." (es-CO), or "" for a missing date. */
export function formatDateTime(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormatter.format(date);
}

/** "+979" / "-979" / "0" credits, with the thousands of es-CO. */
export function signedCredits(n: number): string {
  if (n > 0) return `+${formatCredits(n)}`;
  return formatCredits(n);
}

/** Movement kinds (overview §3 Movement) as Spanish labels; unknown kinds read as words. */
const MOVEMENT_LABELS: Record<string, string> = {
  publicar: "Publicación",
  retirar: "Retiro de activo",
  retiro: "Retiro",
  "intercambio-propuesta": "Propuesta de intercambio",
  intercambio: "Intercambio",
  venta: "Venta",
  donacion: "Donación",
  prestamo: "Préstamo",
  regalo: "Regalo",
  alquiler: "Alquiler",
  liberacion: "Créditos liberados",
};

/** Transaction types (overview §3 Transaction). */
export const TRANSACTION_TYPES = [
  "registro",
  "retiro",
  "intercambio",
  "venta",
  "donación",
  "préstamo",
  "regalo",
  "alquiler",
] as const;

const TRANSACTION_LABELS: Record<string, string> = {
  registro: "Registro",
  retiro: "Retiro",
  intercambio: "Intercambio",
  venta: "Venta",
  donación: "Donación",
  donacion: "Donación",
  préstamo: "Préstamo",
  prestamo: "Préstamo",
  regalo: "Regalo",
  alquiler: "Alquiler",
};

function humanize(kind: string): string {
  const words = kind.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Movimiento";
}

export const movementLabel = (tipo: string) => MOVEMENT_LABELS[tipo] ?? humanize(tipo);
export const transactionLabel = (type: string) => TRANSACTION_LABELS[type] ?? humanize(type);
