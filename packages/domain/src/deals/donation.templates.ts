import { fmtCreditos as fmt, type Templates } from "./effects.ts";

/** The fields of a donation or gift its effects and texts read (the server's donation handlers give them). */
export interface DonationFields {
  /** The asset's title. */
  titulo: string;
  comunitaria: boolean;
  /** The asset's credits released to the donor when it was accepted (0 before, or if none were blocked). */
  liberados: number;
  /** 'regalo' for a gift, else 'donacion' (activity types). */
  movimiento: string;
  transaccion: string;
  assetId: string;
}

const kindOf = (v: DonationFields) => (v.comunitaria ? "donación comunitaria" : "donación");

const cancelada = (why: string) => ({
  titulo: "Donación cancelada",
  texto: {
    donante: (v: DonationFields) => `La ${kindOf(v)} de "${v.titulo}" ${why}. El activo vuelve a estar disponible.`,
    beneficiario: 'La donación de "{titulo}" ya no está disponible.',
  },
});

/** What the donor and the recipient read (bell and activity), per transition of DONATION_PROCESS. */
export const DONATION_TEMPLATES = {
  donar: {
    titulo: (v) => (v.comunitaria ? "Donación comunitaria publicada" : "Donación enviada"),
    texto: {
      donante: (v) =>
        v.comunitaria
          ? `Publicaste "${v.titulo}" como donación comunitaria: la primera persona que la reclame lo recibe.`
          : `Donaste "${v.titulo}". Espera a que quien lo recibe lo acepte.`,
      beneficiario: 'Te donaron "{titulo}": acéptalo en Donar o Regalar.',
    },
  },
  aceptar: {
    titulo: "Donación entregada",
    texto: {
      donante: (v) =>
        `Se entregó tu ${kindOf(v)} de "${v.titulo}"${
          v.liberados > 0 ? `: se liberaron ${fmt(v.liberados)} créditos del activo` : ""
        }.`,
      beneficiario: 'Recibiste "{titulo}". Ya es tuyo: lo ves en Mis Activos.',
    },
    valor: { donante: (v) => v.liberados },
  },
  rechazar: cancelada("fue rechazada"),
  cancelar: cancelada("fue cancelada"),
  expirar: cancelada("venció sin aceptarse"),
} as const satisfies Templates<DonationFields>;
