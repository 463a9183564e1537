import { fmtCreditos as fmt, type Templates } from "../deals/effects.ts";

/** The fields of a shop purchase its effects and texts read (the server's purchase handlers give them). */
export interface PurchaseFields {
  /** The product's name. */
  nombre: string;
  creditos: number;
  /** The purchase in COP (credits × the exchange rate), on the buyer's transaction row. */
  cop: number;
}

const cancelada = (why: string) => ({
  titulo: "Compra cancelada",
  texto: {
    comprador: (v: PurchaseFields) =>
      `Tu compra "${v.nombre}" del Marketplace ${why}. Te devolvimos ${fmt(v.creditos)} créditos.`,
  },
  valor: { comprador: (v: PurchaseFields) => v.creditos },
});

/** What the buyer reads (bell and activity), per transition of PURCHASE_PROCESS. */
export const PURCHASE_TEMPLATES = {
  comprar: {
    titulo: "Compra en el Marketplace",
    texto: {
      comprador: (v) => `Compraste "${v.nombre}" por ${fmt(v.creditos)} créditos. Estado: pendiente de entrega.`,
    },
    valor: { comprador: (v) => -v.creditos },
  },
  entregar: { titulo: "Compra entregada", texto: { comprador: 'Tu compra "{nombre}" del Marketplace fue entregada.' } },
  cancelar: cancelada("fue cancelada por Valoriza"),
  expirar: cancelada("venció sin entregarse (30 días)"),
} as const satisfies Templates<PurchaseFields>;
