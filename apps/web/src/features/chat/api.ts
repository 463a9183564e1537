import { useQuery } from "@tanstack/react-query";
import {
  type Chat as ChatDto,
  type ChatMessage as ChatMessageDto,
  chatListResponseSchema,
  chatResponseSchema,
  POLL,
} from "@valoriza/domain";
import { ApiError, type ApiRequestOptions, apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";
import { expireSession, useSession } from "../../lib/session.tsx";

/** Spec §7 Chat. Live `chat` events refresh these queries; polling is the fallback. */

/**
 * A chat call. A 403 here means "not your chat" (or not the asset's owner), not a dead session, so
 * only a 401 ends the session.
 */
async function chatRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await apiRequest<T>(path, { ...options, onUnauthorized: "ignore" });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) expireSession();
    throw error;
  }
}

/** The message of a failed chat call: the server's, else `fallback` (network failure). */
export function chatErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;
}

export interface ChatParticipant {
  id: string;
  name: string;
}

export interface ChatMessage {
  id: string;
  emisorId: string;
  texto: string;
  fecha: string;
}

/** A chat as the pages read it: the contract's (chatSchema) with `id` for `_id`. */
export interface Chat extends Omit<ChatDto, "_id" | "participantes" | "mensajes" | "ultimoMensaje"> {
  id: string;
  participantes: ChatParticipant[];
  mensajes: ChatMessage[];
  ultimoMensaje: ChatMessage | null;
}

const messageView = ({ _id, ...m }: ChatMessageDto): ChatMessage => ({ id: _id, ...m });

/** A chat of the contract in the pages' shape. */
export function chatView({ _id, participantes, mensajes, ultimoMensaje, ...rest }: ChatDto): Chat {
  return {
    ...rest,
    id: _id,
    participantes: participantes.map((p) => ({ id: p._id, name: p.name })),
    mensajes: mensajes.map(messageView),
    ultimoMensaje: ultimoMensaje ? messageView(ultimoMensaje) : null,
  };
}

/** One chat's answer (start, send, read, detail), parsed with its contract. */
const chatOf = (body: unknown): Chat => chatView(parseAnswer(chatResponseSchema, body).data);

/** The other participant of a chat, seen by `meId`. */
export function otherParticipant(chat: Chat, meId: string): ChatParticipant {
  return chat.participantes.find((p) => p.id !== meId) ?? { id: "", name: "" };
}

export function useMeId(): string {
  const { token, user } = useSession();
  return token && user ? user._id : "";
}

/** GET /chat/usuario/{userId}: my chats, most recent first (each with its newest messages). */
export function useMyChats() {
  const meId = useMeId();
  return useQuery({
    queryKey: queryKeys.chatList(meId),
    queryFn: async ({ signal }) =>
      parseAnswer(
        chatListResponseSchema,
        await chatRequest(`/chat/usuario/${encodeURIComponent(meId)}`, { signal }),
      ).data.map(chatView),
    enabled: meId !== "",
    refetchInterval: POLL.unreadCount,
    staleTime: POLL.unreadCountStale,
  });
}

/** GET /chat/{chatId}: one chat with its newest 200 messages. */
export function useChat(chatId: string) {
  const meId = useMeId();
  return useQuery({
    queryKey: queryKeys.chatDetail(chatId),
    queryFn: async ({ signal }) => chatOf(await chatRequest(`/chat/${encodeURIComponent(chatId)}`, { signal })),
    enabled: meId !== "" && chatId !== "",
    refetchInterval: POLL.unreadCount,
    staleTime: POLL.unreadCountStale,
  });
}

export { useChatUnreadCount } from "./unread.ts";

function remember(chat: Chat): Chat {
  queryClient.setQueryData(queryKeys.chatDetail(chat.id), chat);
  void queryClient.invalidateQueries({ queryKey: queryKeys.chatsRoot, refetchType: "active" });
  return chat;
}

/** POST /chat/iniciar (activoId, receptorId): the chat, new or existing. */
export async function startChat(activoId: string, receptorId: string): Promise<Chat> {
  const res = await chatRequest("/chat/iniciar", { method: "POST", body: { activoId, receptorId } });
  return remember(chatOf(res));
}

/** POST /chat/enviar (chatId, texto): the chat with the new message. */
export async function sendMessage(chatId: string, texto: string): Promise<Chat> {
  const res = await chatRequest("/chat/enviar", { method: "POST", body: { chatId, texto } });
  return remember(chatOf(res));
}

/** POST /chat/{chatId}/leido. */
export async function markChatRead(chatId: string): Promise<void> {
  const res = await chatRequest(`/chat/${encodeURIComponent(chatId)}/leido`, { method: "POST" });
  remember(chatOf(res));
}

/** How often an open chat renews its presence (the server keeps it 45 s). */
export const PRESENCE_RENEW_MS = 20_000;

/**
 * POST / DELETE /chat/{chatId}/presente: this page shows the chat (its new messages then do not
 * notify me) or left it. Best effort: a failure only means a notification too many.
 */
export function setChatPresence(chatId: string, present: boolean): void {
  chatRequest(`/chat/${encodeURIComponent(chatId)}/presente`, {
    method: present ? "POST" : "DELETE",
  }).catch(() => undefined);
}
