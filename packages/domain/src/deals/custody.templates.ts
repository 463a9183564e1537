import { type EffectSpec, fmtCreditos as fmt, type Templates } from "./effects.ts";

/** The fields of a custody (a sale, or an assigned custody) its effects and texts read (the custody handlers give them). */
export interface CustodyFields {
  /** The asset's title. */
  titulo: string;
  /** The credits in escrow (pagoCreditos): paid to the offerer at confirmation, refunded otherwise. */
  pago: number;
  /** A sale paid with credits (the payment goes into escrow); else paid in money at the handover. */
  pagaEnCreditos: boolean;
  montoCOP: number;
  /** montoCOP as the texts write it ('$ 1.200.000'). */
  montoTexto: string;
  /** The asset's credits released to the offerer at confirmation, and those held for review. */
  liberados: number;
  enRevision: number;
  /** The receiver becomes the owner at confirmation (venta, intercambio). */
  transfiere: boolean;
  /** The activity types of its kind (venta, intercambio, préstamo, alquiler). */
  movimiento: string;
  transaccion: string;
  assetId: string;
}

/** The fields of a custody's dispute (issue 19) its texts read. */
export interface DisputeFields {
  /** The offerer opened the dispute (else the receiver). */
  abrioOferente: boolean;
  /** Why, as the labels say ('' outside `disputar`). */
  motivoTexto: string;
  /** The admin's note ('' outside `reembolsar` / `liberar`). */
  nota: string;
}

/** The activity types (movement, transaction) of each kind of custody. */
export const CUSTODY_ACTIVITY_TYPES = {
  venta: { movimiento: "venta", transaccion: "venta" },
  intercambio: { movimiento: "intercambio", transaccion: "intercambio" },
  prestamo: { movimiento: "prestamo", transaccion: "préstamo" },
  alquiler: { movimiento: "alquiler", transaccion: "alquiler" },
} as const;

const cancelled = (titulo: string, why: string) => ({
  titulo,
  texto: {
    oferente: `La custodia de "{titulo}" ${why}. El activo vuelve a estar disponible.`,
    receptor: (v: CustodyFields) =>
      `La custodia de "${v.titulo}" ${why}.${v.pago > 0 ? ` Te devolvimos ${fmt(v.pago)} créditos.` : ""}`,
  },
  valor: { receptor: (v: CustodyFields) => v.pago },
});

const disputed = (opener: boolean) => (v: CustodyFields & DisputeFields) =>
  `${opener ? "Abriste" : "Se abrió"} una disputa sobre "${v.titulo}" (${v.motivoTexto}). El equipo de Valoriza revisará el caso y el chat entre ustedes sobre este activo; mientras tanto no se puede confirmar ni cancelar.`;
const head = (v: CustodyFields) => `El equipo de Valoriza resolvió la disputa de "${v.titulo}"`;

/** What the offerer and the receiver read (bell and activity), per transition of CUSTODY_PROCESS. */
export const CUSTODY_TEMPLATES = {
  comprar: {
    titulo: "Compra en custodia",
    texto: {
      oferente: (v) =>
        v.pagaEnCreditos
          ? `${fmt(v.pago)} créditos del comprador de "${v.titulo}" quedan en custodia hasta la entrega. Entrega el activo y comparte el código.`
          : `Vendiste "${v.titulo}" en dinero: el comprador te paga ${v.montoTexto} al recibirlo. Entrega el activo y comparte el código.`,
      receptor: (v) =>
        v.pagaEnCreditos
          ? `Compraste "${v.titulo}": ${fmt(v.pago)} créditos quedan en custodia hasta que confirmes la entrega con el código.`
          : `Compraste "${v.titulo}" en dinero: pagas ${v.montoTexto} al vendedor al recibirlo y confirmas la entrega con el código.`,
    },
    valor: { receptor: (v) => -v.pago },
  },
  asignar: {
    titulo: "Custodia asignada",
    texto: {
      oferente: 'Asignaste la custodia de "{titulo}". Comparte el código con quien recibe al entregarlo.',
      receptor: 'Vas a recibir "{titulo}" en custodia. Ingresa el código que te dé quien lo entrega.',
    },
  },
  confirmar: {
    titulo: "Entrega confirmada",
    texto: {
      oferente: (v) =>
        `Se confirmó la entrega de "${v.titulo}"${v.pago > 0 ? `: recibiste ${fmt(v.pago)} créditos` : ""}${
          v.liberados > 0 ? ` y se liberaron ${fmt(v.liberados)} créditos del activo` : ""
        }.${
          v.enRevision > 0
            ? ` ${fmt(v.enRevision)} créditos del activo quedan en revisión: en tu billetera ves por qué y cuándo se liberan.`
            : ""
        }`,
      receptor: (v) =>
        v.transfiere
          ? `Confirmaste la entrega de "${v.titulo}". Ya es tuyo: lo ves en Mis Activos.`
          : `Confirmaste la entrega de "${v.titulo}".`,
    },
    valor: { oferente: (v) => v.pago + v.liberados },
  },
  cancelar: cancelled("Custodia cancelada", "fue cancelada por quien entrega"),
  expirar: cancelled("Custodia vencida", "venció sin confirmarse (7 días)"),
  disputar: {
    titulo: "Custodia en disputa",
    texto: {
      oferente: (v) => disputed(v.abrioOferente)(v),
      receptor: (v) => disputed(!v.abrioOferente)(v),
    },
  },
  reembolsar: {
    titulo: "Disputa resuelta: reembolso",
    texto: {
      oferente: (v) =>
        `${head(v)}: se reembolsa a quien recibe y el activo vuelve a estar disponible para ti. Nota del equipo: ${v.nota}`,
      receptor: (v) =>
        `${head(v)}: ${v.pago > 0 ? `te devolvimos ${fmt(v.pago)} créditos` : "la custodia se cancela"}. Nota del equipo: ${v.nota}`,
    },
    valor: { receptor: (v) => v.pago },
  },
  liberar: {
    titulo: "Disputa resuelta: pago liberado",
    texto: {
      oferente: (v) =>
        `${head(v)}: la entrega queda confirmada${v.pago > 0 ? ` y recibiste ${fmt(v.pago)} créditos` : ""}${
          v.liberados > 0 ? `; se liberaron ${fmt(v.liberados)} créditos del activo` : ""
        }.${
          v.enRevision > 0
            ? ` ${fmt(v.enRevision)} créditos del activo quedan en revisión: en tu billetera ves por qué y cuándo se liberan.`
            : ""
        } Nota del equipo: ${v.nota}`,
      receptor: (v) =>
        `${head(v)}: la entrega queda confirmada${v.transfiere ? " y el activo ya es tuyo: lo ves en Mis Activos" : ""}. Nota del equipo: ${v.nota}`,
    },
    valor: { oferente: (v) => v.pago + v.liberados },
  },
} as const satisfies Templates<CustodyFields & DisputeFields>;

/** The library effects of CUSTODY_PROCESS (ADR 026); the escrow under ('custodia', deal id). */
export const CUSTODY_EFFECT_SPECS = {
  cobrarPago: {
    kind: "ledger.escrowPay",
    when: "pagaEnCreditos",
    from: "receptor",
    amount: "pago",
    description: 'Pago en custodia por "{titulo}"',
  },
  reservarActivo: { kind: "asset.reserve" },
  pagarOferente: {
    kind: "ledger.escrowRelease",
    to: "oferente",
    amount: "pago",
    result: "pagoCreditos",
    description: 'Pago recibido por "{titulo}"',
  },
  liberarRetencionActivo: { kind: "asset.releaseHold", description: 'Operación completada con "{titulo}"' },
  transferirPropiedad: { kind: "asset.transfer", when: "transfiere", to: "receptor" },
  liberarActivo: { kind: "asset.release" },
  reembolsarPago: {
    kind: "ledger.escrowRefund",
    to: "receptor",
    amount: "pago",
    description: 'Devolución de la custodia de "{titulo}"',
  },
  registrarActividad: {
    kind: "activity",
    movimiento: "{movimiento}",
    transaccion: "{transaccion}",
    cop: "montoCOP",
    creditos: "pago",
    conTitulo: true,
    activo: "assetId",
  },
  // relacionadoTipo 'transaccion' + the custody id: the web opens /custodia for it.
  notificarPartes: { kind: "notify", tipo: "custodia_{transition}", relacionado: "transaccion" },
} as const satisfies Record<string, EffectSpec>;
