import { fmtCreditos as fmt, type Templates } from "./effects.ts";

/** The fields of a rental booking its effects and texts read (the server's rental handlers give them). */
export interface RentalFields {
  /** The asset's title. */
  titulo: string;
  /** 'del 1 dic 2026 al 3 dic 2026' ('el 1 dic 2026' for one day), as the screens write it. */
  periodo: string;
  dias: number;
  total: number;
  /** The asset's credits released to the owner by this booking's completion (the first use only). */
  liberados: number;
  assetId: string;
}

const DAY_FORMAT = new Intl.DateTimeFormat("es-CO", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-12-01" -> "1 dic 2026": the calendar day as written, as the cards show it (es-CO). */
export function formatRentalDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) ? day : DAY_FORMAT.format(t).replace(/\./g, "");
}

/** "del 1 dic 2026 al 3 dic 2026" (one day: "el 1 dic 2026"), the dates as the screens write them. */
export function periodText(b: { startDate: string; endDate: string }): string {
  return b.startDate === b.endDate
    ? `el ${formatRentalDay(b.startDate)}`
    : `del ${formatRentalDay(b.startDate)} al ${formatRentalDay(b.endDate)}`;
}

const days = (v: RentalFields) => `${v.dias} ${v.dias === 1 ? "día" : "días"}`;

const finished = (bySystem: boolean) => ({
  titulo: "Alquiler finalizado",
  texto: {
    arrendatario: (v: RentalFields) =>
      `El alquiler de "${v.titulo}" ${v.periodo} terminó${bySystem ? " (cerrado automáticamente tras su último día)" : ""}.`,
    arrendador: (v: RentalFields) =>
      `${bySystem ? "Se cerró automáticamente" : "Finalizaste"} el alquiler de "${v.titulo}" ${v.periodo}.${
        v.total > 0 ? ` Recibiste ${fmt(v.total)} créditos.` : ""
      }${v.liberados > 0 ? ` Se liberaron ${fmt(v.liberados)} créditos del activo.` : ""}`,
  },
  valor: { arrendador: (v: RentalFields) => v.total + v.liberados },
});

/** What the tenant and the owner read (bell and activity), per transition of RENTAL_PROCESS. */
export const RENTAL_TEMPLATES = {
  reservar: {
    titulo: "Alquiler reservado",
    texto: {
      arrendatario: (v) =>
        `Reservaste "${v.titulo}" ${v.periodo} (${days(v)}).${
          v.total > 0 ? ` ${fmt(v.total)} créditos quedan en custodia hasta que termine el alquiler.` : ""
        }`,
      arrendador: (v) =>
        `Reservaron "${v.titulo}" ${v.periodo} (${days(v)}).${
          v.total > 0 ? ` El pago de ${fmt(v.total)} créditos queda en custodia hasta que finalices el alquiler.` : ""
        }`,
    },
    valor: { arrendatario: (v) => -v.total },
  },
  finalizar: finished(false),
  cerrar: finished(true),
  cancelar: {
    titulo: "Reserva cancelada",
    texto: {
      arrendatario: (v) =>
        `La reserva de "${v.titulo}" ${v.periodo} fue cancelada.${
          v.total > 0 ? ` Te devolvimos ${fmt(v.total)} créditos.` : ""
        }`,
      arrendador: 'La reserva de "{titulo}" {periodo} fue cancelada.',
    },
    valor: { arrendatario: (v) => v.total },
  },
} as const satisfies Templates<RentalFields>;
