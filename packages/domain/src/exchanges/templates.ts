import { fmtCreditos as fmt, type Templates } from "../deals/effects.ts";

/** The fields of an exchange proposal its effects and texts read (the server's exchange handlers give them). */
export interface ExchangeFields {
  /** The offered and the requested asset's titles. */
  ofrecido: string;
  solicitado: string;
  adicionales: number;
  hayAdicionales: boolean;
  /** A local proposal (expires in 24 hours rather than 7 days). */
  local: boolean;
  offeredAssetId: string;
  requestedAssetId: string;
  /** The state the proposal ends in. */
  to: string;
}

const extra = (v: ExchangeFields) => (v.adicionales > 0 ? ` más ${fmt(v.adicionales)} créditos` : "");
/** '"Bici" más 500 créditos por "Guitarra"'. */
const pair = (v: ExchangeFields) => `"${v.ofrecido}"${extra(v)} por "${v.solicitado}"`;
const refunded = (v: ExchangeFields) => (v.adicionales > 0 ? " Te devolvimos los créditos adicionales." : "");

const ended = (titulo: string, why: (v: ExchangeFields) => string) => ({
  titulo,
  texto: {
    proponente: (v: ExchangeFields) => `Tu propuesta ${pair(v)} ${why(v)}.${refunded(v)}`,
    destinatario: (v: ExchangeFields) => `La propuesta de intercambiar ${pair(v)} ${why(v)}.`,
  },
});

const exchanged = (gave: "ofrecido" | "solicitado", got: "ofrecido" | "solicitado") => (v: ExchangeFields) =>
  `Intercambiaste "${v[gave]}" por "${v[got]}"${v.adicionales > 0 ? ` (${fmt(v.adicionales)} créditos adicionales)` : ""}`;

/**
 * What the parties read, per transition of the exchange processes (the bell: the other person, or
 * both for the system's steps), and their activity rows ('actividad.*').
 */
export const EXCHANGE_TEMPLATES = {
  proponer: {
    titulo: "Nueva propuesta de intercambio",
    texto: { destinatario: (v) => `Te proponen intercambiar ${pair(v)}.` },
  },
  aceptar: {
    titulo: "Propuesta aceptada",
    texto: {
      proponente: (v) => `Aceptaron tu propuesta: ${pair(v)}. "${v.solicitado}" ya es tuyo: lo ves en Mis Activos.`,
    },
  },
  rechazar: {
    titulo: "Propuesta rechazada",
    texto: { proponente: (v) => `Rechazaron tu propuesta ${pair(v)}.${refunded(v)}` },
  },
  cancelar: {
    titulo: "Propuesta cancelada",
    texto: { destinatario: (v) => `Se canceló la propuesta de intercambiar ${pair(v)}.` },
  },
  expirar: ended("Propuesta expirada", (v) => (v.local ? "expiró (24 horas)" : "expiró (7 días)")),
  cerrar: ended("Propuesta cerrada", () => "se cerró porque uno de los activos ya se intercambió"),
  "actividad.propuesta": {
    titulo: "Propuesta de intercambio",
    texto: {
      proponente: (v) =>
        `Propusiste "${v.ofrecido}" por "${v.solicitado}"${
          v.adicionales > 0 ? ` con ${fmt(v.adicionales)} créditos adicionales en custodia` : ""
        }`,
    },
    valor: { proponente: (v) => -v.adicionales },
  },
  "actividad.intercambio": {
    titulo: "Intercambio",
    texto: { proponente: exchanged("ofrecido", "solicitado"), destinatario: exchanged("solicitado", "ofrecido") },
    valor: { destinatario: (v) => v.adicionales },
  },
  "actividad.devolucion": {
    titulo: "Devolución",
    texto: {
      proponente: (v) =>
        `Devolución de ${fmt(v.adicionales)} créditos adicionales: la propuesta por "${v.solicitado}" terminó (${v.to})`,
    },
    valor: { proponente: (v) => v.adicionales },
  },
} as const satisfies Templates<ExchangeFields>;
