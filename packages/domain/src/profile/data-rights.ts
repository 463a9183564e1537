import { z } from "zod";
import { TERMINOS_VERSION } from "../auth/consent.ts";
import { PASSWORD_MAX } from "../constants.ts";

/**
 * Consent (Ley 1581 de 2012, Decreto 1377 de 2013) and the holder's data rights: download
 * (GET /api/profile/exportar) and deletion (DELETE /api/profile). Issue 16 items 5 and 6; ADR 018.
 */

/** The name every screen shows for an account its holder deleted. */
export const DELETED_ACCOUNT_NAME = "Cuenta eliminada";

export const DATA_RIGHTS_MSG = {
  consentRequired: "Debes aceptar los Términos y la Política de tratamiento de datos personales",
  consentOutdated: "Esa no es la versión vigente de los Términos. Recarga la página e intenta de nuevo.",
  consentRecorded: "Gracias. Registramos tu aceptación de los Términos y la Política de tratamiento de datos.",
  consentError: "No pudimos registrar tu aceptación",
  exportError: "No pudimos descargar tus datos",
  deletePasswordRequired: "Escribe tu contraseña para confirmar",
  deletePasswordWrong: "La contraseña no es correcta",
  deleteError: "No pudimos eliminar tu cuenta",
  accountDeleted: "Tu cuenta fue eliminada. Tus datos personales se borraron.",
  /** 409 while the person has a deal in progress; `kinds` are the labels of DEAL_IN_PROGRESS_LABELS. */
  dealsInProgress: (kinds: string[]) =>
    `No puedes eliminar tu cuenta mientras tengas operaciones en curso (${kinds.join(", ")}). Termínalas o cancélalas y vuelve a intentarlo.`,
} as const;

/** What each process's open deal is called in the 409 reason (process names of the engine). */
export const DEAL_IN_PROGRESS_LABELS: Record<string, string> = {
  custodia: "custodias o ventas pendientes",
  prestamo: "préstamos",
  garantia_prestamo: "préstamos",
  alquiler: "alquileres",
  intercambio: "propuestas de intercambio",
  intercambio_local: "propuestas de intercambio",
  donacion: "donaciones o regalos pendientes",
  compra_tienda: "compras del Marketplace sin entregar",
  retiro: "retiros pendientes",
  activo_en_operacion: "activos en operación",
};

export const consentSchema = z.object({ version: z.string(), fecha: z.string() });
export type Consent = z.infer<typeof consentSchema>;

/** POST /api/profile/consentimiento: the version the person read and accepts (the current one). */
export const acceptConsentSchema = z.object({
  version: z
    .string({ error: DATA_RIGHTS_MSG.consentRequired })
    .trim()
    .min(1, DATA_RIGHTS_MSG.consentRequired)
    .max(40, DATA_RIGHTS_MSG.consentOutdated)
    .refine((v) => v === TERMINOS_VERSION, DATA_RIGHTS_MSG.consentOutdated),
});
export type AcceptConsentInput = z.input<typeof acceptConsentSchema>;

export const acceptConsentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: consentSchema,
});

/** DELETE /api/profile: the password confirms it is the holder. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: DATA_RIGHTS_MSG.deletePasswordRequired })
    .min(1, DATA_RIGHTS_MSG.deletePasswordRequired)
    .max(PASSWORD_MAX, DATA_RIGHTS_MSG.deletePasswordWrong),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const deleteAccountResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Whether a profile's consent is to the current version of the terms. */
export const hasCurrentConsent = (c: { version: string } | null | undefined): boolean =>
  c?.version === TERMINOS_VERSION;
