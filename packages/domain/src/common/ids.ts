import { z } from "zod";

/**
 * Ids in paths, queries and bodies (issue 15 item 23): a malformed id always answers 400 with one
 * message shape, 'El identificador del préstamo no es válido', naming what the id is of (never
 * 'Préstamo no encontrado', which is for an id that is well formed but unknown).
 */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an id is of, with its article, for the message. */
export const ID_OF = {
  activo: "del activo",
  usuario: "del usuario",
  prestamista: "del prestamista",
  prestamo: "del préstamo",
  alquiler: "del alquiler",
  reserva: "de la reserva",
  donacion: "de la donación",
  custodia: "de la custodia",
  disputa: "de la disputa",
  propuesta: "de la propuesta",
  producto: "del producto",
  compra: "de la compra",
  retiro: "del retiro",
  revision: "de la revisión",
  senal: "de la señal",
  chat: "del chat",
  notificacion: "de la notificación",
  reporte: "del reporte",
} as const;
export type IdOf = keyof typeof ID_OF;

/** 'El identificador del activo no es válido'. */
export const invalidIdMessage = (of: IdOf): string => `El identificador ${ID_OF[of]} no es válido`;

/** A uuid (any case, trimmed; stored lower-case); anything else, whatever its length, is a 400 with the message. */
export const idSchema = (of: IdOf) => {
  const message = invalidIdMessage(of);
  return z
    .string({ error: message })
    .trim()
    .max(36, message)
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());
};
