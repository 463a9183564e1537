/**
 * Chat limits and Spanish messages (spec: overview §3 Chat, calls-validation-errors §5 Asset
 * detail, §8 Chat and actions). No zod here: the web's chat screens import only this file.
 */
/** Longest message accepted, in characters after trimming. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages each chat carries in GET /chat/usuario/{userId} (the newest ones). */
export const CHAT_LIST_MESSAGES = 20;
/** Messages GET /chat/{chatId} returns (the newest ones). */
export const CHAT_DETAIL_MESSAGES = 200;
/** Chats GET /chat/usuario/{userId} returns, most recently active first. */
export const CHAT_LIST_LIMIT = 100;
/** Soft limits per user and server process: messages per minute, new chats per hour. */
export const CHAT_SEND_PER_MINUTE = 30;
export const CHAT_STARTS_PER_HOUR = 30;

export const CHAT_MSG = {
  loginFirst: "Inicia sesión primero",
  selfChat: "No puedes iniciar un chat contigo mismo",
  startFailed: "No pudimos iniciar el chat",
  startFailedFallback: "Por favor, intenta nuevamente en unos momentos.",
  sendFailed: "No pudimos enviar tu mensaje",
  sendFailedFallback: "Verifica tu conexión e intenta nuevamente.",
  emptyMessage: "El mensaje no puede estar vacío",
  messageTooLong: `El mensaje no puede tener más de ${CHAT_MESSAGE_MAX} caracteres`,
  messageControlChars: "El mensaje contiene caracteres no permitidos",
  invalidChatId: "El identificador del chat no es válido",
  invalidAssetId: "El identificador del activo no es válido",
  invalidReceiverId: "El identificador del receptor no es válido",
  chatNotFound: "El chat no existe",
  notParticipant: "No participas en este chat",
  assetNotFound: "Activo no encontrado",
  receiverNotFound: "El usuario con quien quieres chatear no existe",
  ownerMustTakePart: "Solo puedes chatear con el dueño del activo",
  onlyOwnChats: "Solo puedes ver tus propios chats",
  sendingTooFast: "Estás enviando mensajes muy rápido. Espera un momento e intenta de nuevo.",
  startingTooMany: "Has iniciado demasiados chats en poco tiempo. Intenta de nuevo más tarde.",
  /** The bell's notice of a message received away from the chat (issue 15 item 14). */
  newMessageTitle: (sender: string) => `Nuevo mensaje de ${sender}`,
  newMessageDescription: (assetTitle: string, text: string) => `Sobre «${assetTitle}»: ${text}`,
} as const;
