/**
 * Blocks (issue 19 part 4): Spanish messages. No zod here, so the web's small screens (the chat's
 * header, the asset's owner card) can import only this file.
 */

/** Most people one person can block. */
export const BLOCKS_MAX = 1000;

export const BLOCKS_MSG = {
  blocked: "Bloqueaste a esta persona",
  alreadyBlocked: "Ya tenías bloqueada a esta persona",
  unblocked: "Desbloqueaste a esta persona",
  notBlocked: "No tenías bloqueada a esta persona",
  self: "No puedes bloquearte a ti mismo",
  userNotFound: "Usuario no encontrado",
  invalidId: "El identificador de la persona no es válido",
  tooMany: `Puedes bloquear hasta ${BLOCKS_MAX} personas. Desbloquea a alguna para bloquear a otra.`,
  /** The 403 the blocked person gets on every route where the two would meet. */
  blockedByOther: "No puedes interactuar con esta persona.",
  /** The 403 the blocker gets: they can undo it. */
  blockedByYou: "Bloqueaste a esta persona. Desbloquéala para continuar.",
  /** The confirmation dialogs (web). */
  confirmBlockTitle: (name: string) => `¿Bloquear a ${name}?`,
  confirmBlockBody:
    "No podrá escribirte, comprarte, proponerte intercambios ni pedirte préstamos o alquileres, y tú tampoco a esa persona. " +
    "Sus publicaciones dejarán de aparecerte en el inicio y en la búsqueda, y las tuyas a ella. " +
    "Las operaciones que ya tienen en curso siguen hasta terminar. Puedes desbloquearla cuando quieras desde tu perfil.",
  confirmUnblockTitle: (name: string) => `¿Desbloquear a ${name}?`,
  confirmUnblockBody: "Podrán volver a escribirse y hacer operaciones, y verán otra vez sus publicaciones.",
} as const;
