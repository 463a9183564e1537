import type { Templates } from "../deals/effects.ts";

/** The fields of a review round its notices read (the server's review handlers give them). */
export interface ReviewFields {
  /** The parties' names ('la otra parte' when unknown). */
  nombreA: string;
  nombreB: string;
  /** ' por "<asset title>"' of the deal reviewed, or ''. */
  sobre: string;
  /** The days of the window (14). */
  dias: number;
  /** Whole days left until the round closes (at least 1). */
  diasRestantes: number;
  /** The score each party received (0 when none yet). */
  puntuacionA: number;
  puntuacionB: number;
}

const quedan = (d: number) => (d === 1 ? "queda 1 día" : `quedan ${d} días`);
const invita = (otro: string) =>
  `Califica a {${otro}}{sobre} en Calificaciones: tienes {dias} días. Ninguno ve la calificación del otro hasta que ambos califiquen o termine el plazo.`;
const recibida = "Califica tú también{sobre} para ver su calificación; si no, se publica al terminar el plazo.";

/** What each party reads in the bell, per transition (or notice) of REVIEW_PROCESS. */
export const REVIEW_TEMPLATES = {
  abrir: {
    titulo: { parte_a: "¿Cómo te fue con {nombreB}?", parte_b: "¿Cómo te fue con {nombreA}?" },
    texto: { parte_a: invita("nombreB"), parte_b: invita("nombreA") },
  },
  calificar: {
    titulo: { parte_a: "{nombreB} ya te calificó", parte_b: "{nombreA} ya te calificó" },
    texto: { parte_a: recibida, parte_b: recibida },
  },
  recordar: {
    titulo: { parte_a: "Aún puedes calificar a {nombreB}", parte_b: "Aún puedes calificar a {nombreA}" },
    texto: {
      parte_a: (v) => `Te ${quedan(v.diasRestantes)} para calificar a ${v.nombreB}${v.sobre} en Calificaciones.`,
      parte_b: (v) => `Te ${quedan(v.diasRestantes)} para calificar a ${v.nombreA}${v.sobre} en Calificaciones.`,
    },
  },
  publicadas: {
    titulo: "Tienes una nueva calificación",
    texto: {
      parte_a: "{nombreB} te calificó con {puntuacionA} de 5{sobre}. Se ve en tu perfil público.",
      parte_b: "{nombreA} te calificó con {puntuacionB} de 5{sobre}. Se ve en tu perfil público.",
    },
  },
} as const satisfies Templates<ReviewFields>;
