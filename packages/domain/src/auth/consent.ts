/**
 * Version of the Términos and the Política de tratamiento de datos personales (Ley 1581 de 2012,
 * Decreto 1377 de 2013) a person must have accepted. A new version (a new date) asks every account
 * to accept again before going on (issue 16).
 */
export const TERMINOS_VERSION = "2026-11-26";

/** The sign-up checkbox's label (issue 16: its wording is a contract). */
export const CONSENT_LABEL = "Acepto los Términos y la Política de tratamiento de datos personales";
