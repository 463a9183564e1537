import type { BadgeTone } from "../../components/ui/badge.tsx";

export const TYPE_LABELS: Record<string, string> = {
  venta: "Venta",
  intercambio: "Intercambio",
  prestamo: "Préstamo",
  alquiler: "Alquiler",
};
export const STATE_META: Record<string, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  en_disputa: { label: "En disputa", tone: "danger" },
  confirmada: { label: "Confirmada", tone: "brand" },
  cancelada: { label: "Cancelada", tone: "neutral" },
};
