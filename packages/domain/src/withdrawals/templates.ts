import { fmtCreditos as fmt, type Templates } from "../deals/effects.ts";

/** The fields of a withdrawal its effects and texts read (the server's withdrawal handlers give them). */
export interface WithdrawalFields {
  monto: number;
  valorCOP: number;
  /** The method's name: 'Nequi'. */
  metodo: string;
  /** Where it is paid: 'Nequi (••••4567)'. */
  via: string;
  referencia: string;
  motivo: string | null;
}

const rechazado = (why: (v: WithdrawalFields) => string) => ({
  titulo: "Retiro rechazado",
  texto: {
    solicitante: (v: WithdrawalFields) =>
      `Tu retiro de ${fmt(v.monto)} créditos ${why(v)}. Te devolvimos los ${fmt(v.monto)} créditos.`,
  },
  valor: { solicitante: (v: WithdrawalFields) => v.monto },
});

/** What the requester reads (bell and activity), per transition of WITHDRAWAL_PROCESS. */
export const WITHDRAWAL_TEMPLATES = {
  solicitar: {
    titulo: "Retiro solicitado",
    texto: {
      solicitante: (v) =>
        `Solicitaste un retiro de ${fmt(v.monto)} créditos (${fmt(v.valorCOP)} COP) a ${v.via}. Estado: pendiente.`,
    },
    valor: { solicitante: (v) => -v.monto },
  },
  aprobar: {
    titulo: "Retiro pagado",
    texto: {
      solicitante: (v) => `Tu retiro de ${fmt(v.monto)} créditos fue pagado a ${v.via}. Referencia: ${v.referencia}.`,
    },
  },
  rechazar: rechazado((v) => `fue rechazado${v.motivo ? `: ${v.motivo}` : ""}`),
  expirar: rechazado(() => "venció sin pagarse (15 días)"),
} as const satisfies Templates<WithdrawalFields>;
