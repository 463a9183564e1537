import {
  CHAT_DETAIL_MESSAGES,
  CHAT_LIST_LIMIT,
  CHAT_LIST_MESSAGES,
  CHAT_MSG,
  CHAT_SEND_PER_MINUTE,
  CHAT_STARTS_PER_HOUR,
  type Chat,
  type ChatMessage,
  type EnviarMensajeInput,
  type IniciarChatInput,
} from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, forbidden, notFound, rateLimited } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { DbThrottle } from "../../lib/throttle.ts";
import { assertNoBlock } from "../blocks/index.ts";
import { publishEvent } from "../events/index.ts";
import { notify } from "../notifications/index.ts";
import {
  appendMessage,
  type ChatRow,
  type ChatView,
  clearPresent,
  findChatIdByPair,
  findChatView,
  insertChatIfAbsent,
  isPresent,
  listChatViews,
  type MessageRow,
  markChatRead,
  markPresent,
  orderPair,
  recentMessages,
  unreadByChat,
  unreadTotal,
} from "./chat.repository.ts";

/** What the chat area needs to know about an asset: its owner (throws 404 when the caller cannot see it). */
export type AssetLookup = (activoId: string, callerId: string) => Promise<{ ownerId: string }>;
/** Whether a user exists. */
export type UserExists = (userId: string) => Promise<boolean>;

const toMessage = (m: MessageRow): ChatMessage => ({
  _id: String(m.id),
  emisorId: m.senderId,
  texto: m.texto,
  fecha: m.createdAt.toISOString(),
});

function toChat(view: ChatView, messages: MessageRow[], unread: number): Chat {
  const c = view.chat;
  const mensajes = messages.map(toMessage);
  return {
    _id: c.id,
    activoId: c.assetId,
    activoTitulo: view.assetTitle,
    participantes: [
      { _id: c.userA, name: view.nameA },
      { _id: c.userB, name: view.nameB },
    ],
    mensajes,
    totalMensajes: c.messageCount,
    noLeidos: unread,
    ultimoMensaje: mensajes.at(-1) ?? null,
    actualizadoEn: c.lastMessageAt.toISOString(),
  };
}

const isParticipant = (c: ChatRow, userId: string) => c.userA === userId || c.userB === userId;

/** How long a page's "I am on this chat" lasts without being renewed (the page renews it every 20 s). */
export const CHAT_PRESENCE_MS = 45_000;
/** The message's start shown in its notification. */
const PREVIEW_CHARS = 120;
const preview = (texto: string) => {
  const line = texto.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
};

/**
 * Chat: one conversation per asset and pair of users; only its two
 * participants read or write it. Every change publishes a `chat` live event
 * to both participants, delivered when the transaction commits.
 */
export function createChatService(
  { db, clock }: Pick<AppDeps, "db" | "clock">,
  lookups: { asset: AssetLookup; userExists: UserExists },
) {
  // Anti-spam quotas, counted in PostgreSQL so several server processes share one count per user.
  const quotas = new DbThrottle(db, clock);
  const take = async (key: string, max: number, windowMs: number, message: string) => {
    const wait = await quotas.take(key, 1, max, windowMs);
    if (wait > 0) throw rateLimited(message, Math.max(1, Math.ceil(wait / 1000)));
  };

  async function load(exec: Executor, chatId: string, viewer: string, messages: number): Promise<Chat> {
    const view = await findChatView(exec, chatId);
    if (!view) throw notFound(CHAT_MSG.chatNotFound);
    if (!isParticipant(view.chat, viewer)) throw forbidden(CHAT_MSG.notParticipant);
    const [rows, unread] = await Promise.all([
      recentMessages(exec, [chatId], messages),
      unreadByChat(exec, viewer, [chatId]),
    ]);
    return toChat(view, rows, unread.get(chatId) ?? 0);
  }

  /** The chat a participant may act on, or 404 / 403. */
  async function participantView(exec: Executor, chatId: string, userId: string): Promise<ChatView> {
    const view = await findChatView(exec, chatId);
    if (!view) throw notFound(CHAT_MSG.chatNotFound);
    if (!isParticipant(view.chat, userId)) throw forbidden(CHAT_MSG.notParticipant);
    return view;
  }
  const participantChat = async (exec: Executor, chatId: string, userId: string): Promise<ChatRow> =>
    (await participantView(exec, chatId, userId)).chat;

  /**
   * The recipient of a message who is not on the chat hears of it in the bell (issue 15 item 14):
   * once per run of unread messages (the first one they have not read), never while the chat is
   * open in one of their pages.
   */
  async function notifyRecipient(tx: Executor, view: ChatView, senderId: string, texto: string): Promise<void> {
    const c = view.chat;
    const recipient = c.userA === senderId ? c.userB : c.userA;
    const senderName = c.userA === senderId ? view.nameA : view.nameB;
    if (await isPresent(tx, c.id, recipient, clock.now())) return;
    const unread = (await unreadByChat(tx, recipient, [c.id])).get(c.id) ?? 0;
    if (unread !== 1) return;
    await notify(tx, {
      userId: recipient,
      tipo: "chat_mensaje",
      titulo: CHAT_MSG.newMessageTitle(senderName),
      descripcion: CHAT_MSG.newMessageDescription(view.assetTitle, preview(texto)),
      relacionadoId: c.id,
      relacionadoTipo: null,
    });
  }

  return {
    /**
     * Opens (or finds) the chat about `activoId` between the caller and
     * `receptorId`. One of the two must own the asset when the chat is created.
     */
    async start(me: AuthUser, input: IniciarChatInput): Promise<{ chat: Chat; created: boolean }> {
      if (input.receptorId === me.id) throw badRequest(CHAT_MSG.selfChat);
      // Blocked either way (issue 19 part 4): no chat, not even the old one, and nothing written.
      await assertNoBlock(db, me.id, input.receptorId);
      const pair = orderPair(me.id, input.receptorId);
      const { ownerId } = await lookups.asset(input.activoId, me.id);
      const existing = await findChatIdByPair(db, input.activoId, pair);
      if (existing) return { chat: await load(db, existing, me.id, CHAT_DETAIL_MESSAGES), created: false };
      if (ownerId !== me.id && ownerId !== input.receptorId) throw forbidden(CHAT_MSG.ownerMustTakePart);
      if (!(await lookups.userExists(input.receptorId))) throw notFound(CHAT_MSG.receiverNotFound);
      await take(`chat-inicio:${me.id}`, CHAT_STARTS_PER_HOUR, 3_600_000, CHAT_MSG.startingTooMany);
      return db.transaction(async (tx) => {
        const created = await insertChatIfAbsent(tx, {
          id: uuidv7(),
          assetId: input.activoId,
          pair,
          startedBy: me.id,
        });
        // A concurrent start of the same pair lost the insert race: answer the chat that won.
        const chatId = await findChatIdByPair(tx, input.activoId, pair);
        if (!chatId) throw new Error("chat vanished after insert");
        if (created) await publishEvent(tx, pair, { tipo: "chat", chatId });
        return { chat: await load(tx, chatId, me.id, CHAT_DETAIL_MESSAGES), created };
      });
    },

    async send(me: AuthUser, input: EnviarMensajeInput): Promise<Chat> {
      // Blocked either way: refused before the throttle counts it (nothing written).
      const peek = await participantView(db, input.chatId, me.id);
      await assertNoBlock(db, me.id, peek.chat.userA === me.id ? peek.chat.userB : peek.chat.userA);
      await take(`chat-envio:${me.id}`, CHAT_SEND_PER_MINUTE, 60_000, CHAT_MSG.sendingTooFast);
      return db.transaction(async (tx) => {
        const view = await participantView(tx, input.chatId, me.id);
        const chat = view.chat;
        await appendMessage(tx, chat, me.id, input.texto);
        await notifyRecipient(tx, view, me.id, input.texto);
        await publishEvent(tx, [chat.userA, chat.userB], { tipo: "chat", chatId: chat.id });
        return load(tx, chat.id, me.id, CHAT_DETAIL_MESSAGES);
      });
    },

    async get(me: AuthUser, chatId: string): Promise<Chat> {
      return load(db, chatId, me.id, CHAT_DETAIL_MESSAGES);
    },

    /** The caller's chats (only their own: 403 for anyone else's), most recently active first. */
    async listForUser(me: AuthUser, userId: string): Promise<Chat[]> {
      if (userId !== me.id) throw forbidden(CHAT_MSG.onlyOwnChats);
      const views = await listChatViews(db, me.id, CHAT_LIST_LIMIT);
      const ids = views.map((v) => v.chat.id);
      const [messages, unread] = await Promise.all([
        recentMessages(db, ids, CHAT_LIST_MESSAGES),
        unreadByChat(db, me.id, ids),
      ]);
      const byChat = new Map<string, MessageRow[]>();
      for (const m of messages) {
        const list = byChat.get(m.chatId);
        if (list) list.push(m);
        else byChat.set(m.chatId, [m]);
      }
      return views.map((v) => toChat(v, byChat.get(v.chat.id) ?? [], unread.get(v.chat.id) ?? 0));
    },

    /** Marks the chat read for the caller; their other pages hear a `chat` event. */
    async markRead(me: AuthUser, chatId: string): Promise<Chat> {
      return db.transaction(async (tx) => {
        const chat = await participantChat(tx, chatId, me.id);
        if (await markChatRead(tx, chat, me.id)) await publishEvent(tx, [me.id], { tipo: "chat", chatId });
        return load(tx, chatId, me.id, CHAT_DETAIL_MESSAGES);
      });
    },

    /**
     * The caller's page shows this chat (open and visible): no notification for its new messages
     * until `CHAT_PRESENCE_MS` after the last renewal, or until the page says it left.
     */
    async setPresence(me: AuthUser, chatId: string, present: boolean): Promise<{ hastaMs: number }> {
      await participantChat(db, chatId, me.id);
      const now = clock.now();
      if (!present) {
        await clearPresent(db, chatId, me.id);
        return { hastaMs: 0 };
      }
      await markPresent(db, chatId, me.id, now, new Date(now.getTime() + CHAT_PRESENCE_MS));
      return { hastaMs: CHAT_PRESENCE_MS };
    },

    unreadCount(me: AuthUser): Promise<number> {
      return unreadTotal(db, me.id);
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
