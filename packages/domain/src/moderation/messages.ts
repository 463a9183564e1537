/**
 * Reports and moderation (issue 19 part 3): what a person may report, why, and the Spanish
 * wording of the report dialog, the admin's desk and the answers of its calls.
 */

export const REPORT_TIPOS = ["usuario", "activo", "mensaje"] as const;
export type ReportTipo = (typeof REPORT_TIPOS)[number];

export const REPORT_MOTIVOS = ["fraude", "contenido_inapropiado", "acoso", "spam", "otro"] as const;
export type ReportMotivo = (typeof REPORT_MOTIVOS)[number];

export const REPORT_MOTIVO_LABELS: Record<ReportMotivo, string> = {
  fraude: "Fraude o estafa",
  contenido_inapropiado: "Contenido inapropiado",
  acoso: "Acoso o trato ofensivo",
  spam: "Spam o publicidad engañosa",
  otro: "Otro motivo",
};

export const REPORT_TIPO_LABELS: Record<ReportTipo, string> = {
  usuario: "Persona",
  activo: "Publicación",
  mensaje: "Mensaje del chat",
};

/** Longest description a person may add to a report. */
export const REPORT_DESCRIPCION_MAX = 1000;
/** Longest reason an admin gives for a decision (hide, show, suspend, reactivate, close). */
export const MODERATION_MOTIVO_MAX = 500;

export const MODERATION_MSG = {
  reportSent: "Gracias, revisaremos tu reporte.",
  invalidTipo: "Elige qué quieres reportar: usuario, activo o mensaje",
  invalidMotivo: "Elige el motivo del reporte",
  invalidTarget: "El identificador de lo que reportas no es válido",
  descripcionTooLong: `La descripción puede tener hasta ${REPORT_DESCRIPCION_MAX} caracteres`,
  controlChars: "El texto contiene caracteres no permitidos",
  selfUser: "No puedes reportarte a ti mismo",
  ownAsset: "No puedes reportar tu propia publicación",
  ownMessage: "No puedes reportar tu propio mensaje",
  alreadyReported: "Ya reportaste esto y lo estamos revisando. Gracias por avisarnos.",
  userNotFound: "Usuario no encontrado",
  assetNotFound: "Activo no encontrado",
  messageNotFound: "Mensaje no encontrado",
  reportNotFound: "Reporte no encontrado",
  motivoRequired: "Escribe el motivo de la decisión",
  motivoTooLong: `El motivo puede tener hasta ${MODERATION_MOTIVO_MAX} caracteres`,
  hidden: "Publicación oculta: ya no aparece en el inicio, la búsqueda ni el detalle",
  shown: "Publicación visible de nuevo",
  alreadyHidden: "Esta publicación ya está oculta",
  notHidden: "Esta publicación no está oculta",
  suspended: "Cuenta suspendida: sus sesiones terminaron y sus publicaciones quedaron ocultas",
  reactivated: "Cuenta reactivada: puede iniciar sesión y sus publicaciones vuelven a verse",
  alreadySuspended: "Esta cuenta ya está suspendida",
  notSuspended: "Esta cuenta no está suspendida",
  suspendSelf: "No puedes suspender tu propia cuenta",
  reportClosed: "Reporte cerrado",
  reportAlreadyClosed: "Este reporte ya está cerrado",
  /** Sign-in (and password reset) of a suspended account: 403. */
  accountSuspended: (motivo: string) =>
    `Tu cuenta está suspendida: ${motivo}. Escríbenos a soporte si crees que es un error.`,
  /** The owner's banner on a hidden listing. */
  hiddenBanner: (motivo: string) => `Esta publicación está oculta: ${motivo}`,
  hiddenBySuspension: "tu cuenta está suspendida",
} as const;
