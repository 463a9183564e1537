import { type EffectSpec, fmtCreditos as fmt, type Templates } from "./effects.ts";

/** The fields of a loan its effects and texts read (the server's loan handlers give them). */
export interface LoanFields {
  /** The lent asset's title. */
  titulo: string;
  plazoDias: number;
  /** The credits blocked as guarantee (0 unless the guarantee is blocked credits). */
  garantia: number;
  /** The interest in escrow (set at approval). */
  interes: number;
  /** The asset's credits released to the lender at the return. */
  liberados: number;
  /** The collateral asset's title when the loan has a collateral deal, else null. */
  garantiaActivo: string | null;
  garantiaDealId: string | null;
  /** The collateral asset a loan guaranteed by an asset names (null for other guarantees). */
  garantiaActivoId: string | null;
  /** The collateral's blocked credits destroyed when it went to the lender. */
  destruidos: number;
  /** The due date as the texts write it (es-CO, Bogotá). */
  vence: string;
  /** A reminder or overdue notice not sent before (each goes out once). */
  avisoNuevo: boolean;
  assetId: string;
}

type Line = (v: LoanFields) => string;

/** A loan's template: base texts, plus what the collateral adds for each party when there is one. */
function loan(
  titulo: string,
  prestatario: Line,
  prestamista: Line,
  valor: { prestatario?: (v: LoanFields) => number; prestamista?: (v: LoanFields) => number } = {},
  conGarantia: (c: string, v: LoanFields) => [string, string] = () => ["", ""],
) {
  const extra = (v: LoanFields, i: 0 | 1) => (v.garantiaActivo ? conGarantia(`"${v.garantiaActivo}"`, v)[i] : "");
  return {
    titulo,
    texto: {
      prestatario: (v: LoanFields) => prestatario(v) + extra(v, 0),
      prestamista: (v: LoanFields) => prestamista(v) + extra(v, 1),
    },
    valor,
  };
}

const closed = (why: string) =>
  loan(
    "Solicitud de préstamo cerrada",
    (v) => `Tu solicitud de préstamo de "${v.titulo}" ${why}.`,
    (v) => `La solicitud de préstamo de "${v.titulo}" ${why}.`,
  );

const overdue = loan(
  "Préstamo vencido",
  (v) =>
    `El préstamo de "${v.titulo}" se marcó como vencido.${v.garantia > 0 ? ` Tu garantía de ${fmt(v.garantia)} créditos pasó al prestamista.` : ""}`,
  (v) =>
    `El préstamo de "${v.titulo}" se marcó como vencido.${v.garantia > 0 ? ` Recibiste la garantía de ${fmt(v.garantia)} créditos.` : ""}`,
  { prestamista: (v) => v.garantia + v.interes },
  (c, v) => [
    ` Tu activo ${c} pasó al prestamista como garantía.${
      v.destruidos > 0 ? ` Sus ${fmt(v.destruidos)} créditos bloqueados se destruyeron.` : ""
    }`,
    ` Recibiste ${c} como garantía: está en Mis Activos, sin publicar.`,
  ],
);

/** What the borrower and the lender read (bell and activity), per transition of LOAN_PROCESS. */
export const LOAN_TEMPLATES = {
  solicitar: loan(
    "Solicitud de préstamo",
    (v) => `Solicitaste en préstamo "${v.titulo}" por ${v.plazoDias} días.`,
    (v) => `Recibiste una solicitud de préstamo de "${v.titulo}" por ${v.plazoDias} días.`,
  ),
  aprobar: loan(
    "Préstamo aprobado",
    (v) =>
      `Se aprobó tu préstamo de "${v.titulo}".${v.garantia > 0 ? ` ${fmt(v.garantia)} créditos quedan bloqueados como garantía.` : ""}${
        v.interes > 0 ? ` Interés en custodia: ${fmt(v.interes)} créditos.` : ""
      }`,
    (v) => `Aprobaste el préstamo de "${v.titulo}".`,
    { prestatario: (v) => -(v.garantia + v.interes) },
    (c) => [
      ` Tu activo ${c} queda reservado como garantía hasta la devolución.`,
      ` ${c} queda reservado como garantía.`,
    ],
  ),
  confirmarDevolucion: loan(
    "Devolución confirmada",
    (v) =>
      `Se confirmó la devolución de "${v.titulo}".${v.garantia > 0 ? ` Se liberaron ${fmt(v.garantia)} créditos de tu garantía.` : ""}`,
    (v) =>
      `Confirmaste la devolución de "${v.titulo}".${v.interes > 0 ? ` Recibiste ${fmt(v.interes)} créditos de interés.` : ""}${
        v.liberados > 0 ? ` Se liberaron ${fmt(v.liberados)} créditos del activo.` : ""
      }`,
    { prestatario: (v) => v.garantia, prestamista: (v) => v.interes + v.liberados },
    (c) => [` Tu activo ${c} ya no está reservado como garantía.`, ""],
  ),
  marcarVencido: overdue,
  vencer: overdue,
  cancelar: closed("fue cancelada por quien la solicitó"),
  rechazar: closed("fue rechazada por el prestamista"),
  expirar: closed("venció sin respuesta"),
  recordarDevolucion: {
    titulo: "Recordatorio de devolución",
    texto: { prestatario: "Tu préstamo vence el {vence}. Recuerda devolver el activo a tiempo." },
  },
  avisarVencimiento: {
    titulo: "Préstamo con la fecha de devolución vencida",
    texto: {
      prestatario: "Tu préstamo superó la fecha de devolución. Devuelve el activo cuanto antes.",
      prestamista: "Un préstamo tuyo superó la fecha de devolución. Ya puedes marcarlo como vencido.",
    },
  },
} as const satisfies Templates<LoanFields>;

/** The library effects of LOAN_PROCESS (ADR 026); credits under ('prestamo', deal id). */
export const LOAN_EFFECT_SPECS = {
  liberarGarantiaActivo: {
    kind: "subprocess",
    process: "garantia_prestamo",
    transition: "liberar",
    deal: "garantiaDealId",
  },
  ejecutarGarantiaActivo: {
    kind: "subprocess",
    process: "garantia_prestamo",
    transition: "ejecutar",
    deal: "garantiaDealId",
  },
  reservarActivo: { kind: "asset.reserve" },
  liberarActivo: { kind: "asset.release" },
  bloquearGarantia: {
    kind: "ledger.block",
    from: "prestatario",
    amount: "garantia",
    description: 'Garantía del préstamo de "{titulo}"',
  },
  cobrarInteres: {
    kind: "ledger.escrowPay",
    from: "prestatario",
    amount: "interes",
    description: 'Interés del préstamo de "{titulo}"',
  },
  liberarGarantia: { kind: "ledger.unblock", description: 'Garantía liberada: préstamo de "{titulo}" devuelto' },
  pagarInteres: {
    kind: "ledger.escrowRelease",
    to: "prestamista",
    amount: "interes",
    description: 'Interés del préstamo de "{titulo}"',
  },
  liberarRetencionActivo: { kind: "asset.releaseHold", description: 'Operación completada con "{titulo}"' },
  ejecutarGarantia: {
    kind: "ledger.execute",
    to: "prestamista",
    description: 'Garantía ejecutada: préstamo de "{titulo}" vencido',
  },
  registrarActividad: {
    kind: "activity",
    movimiento: "prestamo",
    transaccion: "préstamo",
    conTitulo: true,
    activo: "assetId",
  },
  notificarPartes: { kind: "notify", tipo: "prestamo_{transition}", relacionado: "transaccion" },
  // Timers: each notice goes out once (marcarRecordatorio / marcarAvisoVencido tell whether it already went).
  notificarRecordatorio: {
    kind: "notify",
    when: "avisoNuevo",
    tipo: "prestamo_recordatorio",
    relacionado: "transaccion",
  },
  notificarAvisoVencido: {
    kind: "notify",
    when: "avisoNuevo",
    tipo: "prestamo_vencido_aviso",
    relacionado: "transaccion",
  },
} as const satisfies Record<string, EffectSpec>;
