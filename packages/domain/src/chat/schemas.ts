import { z } from "zod";
import { isBlankText } from "../common/text.ts";
import { CHAT_MESSAGE_MAX, CHAT_MSG } from "./messages.ts";

/**
 * Chat request schemas and response contracts (spec: overview §3 Chat, calls-validation-errors §5 Asset
 * detail, §7 Chat, §8 Chat and actions; deals.md Chat). One conversation per
 * asset and pair of users; only its two participants read or write it.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());

// Control characters other than tab and line breaks (a message may span lines).
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find control characters.
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A message text: trimmed, 1 to CHAT_MESSAGE_MAX characters, no control characters but tab and newlines. */
export const chatTextSchema = z
  .string({ error: CHAT_MSG.emptyMessage })
  .transform((s) => s.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, CHAT_MSG.emptyMessage)
      .max(CHAT_MESSAGE_MAX, CHAT_MSG.messageTooLong)
      .refine((s) => !FORBIDDEN_CONTROL.test(s), CHAT_MSG.messageControlChars)
      // only zero-width or other invisible characters: nothing to read
      .refine((s) => !isBlankText(s), CHAT_MSG.emptyMessage),
  );

/** POST /chat/iniciar */
export const iniciarChatSchema = z.object({
  activoId: uuid(CHAT_MSG.invalidAssetId),
  receptorId: uuid(CHAT_MSG.invalidReceiverId),
});
export type IniciarChatInput = z.infer<typeof iniciarChatSchema>;

/** POST /chat/enviar */
export const enviarMensajeSchema = z.object({
  chatId: uuid(CHAT_MSG.invalidChatId),
  texto: chatTextSchema,
});
export type EnviarMensajeInput = z.infer<typeof enviarMensajeSchema>;

/** `/chat/{chatId}` path parameters. */
export const chatIdParamsSchema = z.object({ chatId: uuid(CHAT_MSG.invalidChatId) });

export const chatParticipantSchema = z.object({ _id: z.string(), name: z.string() });
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatMessageSchema = z.object({
  _id: z.string().describe("Identificador del mensaje; crece con cada mensaje del chat"),
  emisorId: z.string(),
  texto: z.string(),
  fecha: z.string().describe("ISO 8601"),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat as every chat call answers it (overview §3: _id, activoId, participantes, mensajes). */
export const chatSchema = z.object({
  _id: z.string(),
  activoId: z.string(),
  activoTitulo: z.string(),
  participantes: z.array(chatParticipantSchema).length(2),
  mensajes: z.array(chatMessageSchema).describe("Los mensajes más recientes, del más antiguo al más nuevo"),
  totalMensajes: z.number().int(),
  noLeidos: z.number().int().describe("Mensajes del otro participante que aún no leí"),
  ultimoMensaje: chatMessageSchema.nullable(),
  actualizadoEn: z.string().describe("ISO 8601: último mensaje o creación"),
});
export type Chat = z.infer<typeof chatSchema>;

export const chatResponseSchema = z.object({ success: z.literal(true), data: chatSchema });
export type ChatResponse = z.infer<typeof chatResponseSchema>;

export const chatListResponseSchema = z.object({ success: z.literal(true), data: z.array(chatSchema) });
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

export const chatUnreadResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int().describe("Mensajes sin leer en todos mis chats"),
});
export type ChatUnreadResponse = z.infer<typeof chatUnreadResponseSchema>;

/** POST/DELETE /chat/{chatId}/presente: the caller's page shows (or left) the chat. */
export const chatPresenceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    hastaMs: z.number().int().describe("Milisegundos que dura la presencia sin renovarla (0: ya no estás en el chat)"),
  }),
});
export type ChatPresenceResponse = z.infer<typeof chatPresenceResponseSchema>;
