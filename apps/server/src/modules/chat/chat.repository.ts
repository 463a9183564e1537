import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { assets, chatMessages, chats, users } from "../../db/schema/index.ts";
import { dropLease, holdLease, leaseHeld } from "../../lib/throttle.ts";

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** A chat with what the page shows about it: asset title and both participants' names. */
export interface ChatView {
  chat: ChatRow;
  assetTitle: string;
  nameA: string;
  nameB: string;
}

/** The stored (ordered) form of a pair. */
export const orderPair = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

const userA = alias(users, "user_a_row");
const userB = alias(users, "user_b_row");

const viewColumns = {
  chat: chats,
  assetTitle: assets.title,
  nameA: userA.name,
  nameB: userB.name,
};

function selectViews(exec: Executor) {
  return exec
    .select(viewColumns)
    .from(chats)
    .innerJoin(assets, eq(assets.id, chats.assetId))
    .innerJoin(userA, eq(userA.id, chats.userA))
    .innerJoin(userB, eq(userB.id, chats.userB));
}

export async function findChatView(exec: Executor, chatId: string): Promise<ChatView | undefined> {
  const [row] = await selectViews(exec).where(eq(chats.id, chatId)).limit(1);
  return row;
}

export async function findChatIdByPair(
  exec: Executor,
  assetId: string,
  pair: [string, string],
): Promise<string | undefined> {
  const [row] = await exec
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.assetId, assetId), eq(chats.userA, pair[0]), eq(chats.userB, pair[1])))
    .limit(1);
  return row?.id;
}

/** Inserts the chat unless the asset and pair already have one. Returns whether it was created. */
export async function insertChatIfAbsent(
  tx: Executor,
  row: { id: string; assetId: string; pair: [string, string]; startedBy: string },
): Promise<boolean> {
  const created = await tx
    .insert(chats)
    .values({ id: row.id, assetId: row.assetId, userA: row.pair[0], userB: row.pair[1], startedBy: row.startedBy })
    .onConflictDoNothing()
    .returning({ id: chats.id });
  return created.length > 0;
}

/** Chats where `userId` takes part, most recently active first. */
export async function listChatViews(exec: Executor, userId: string, limit: number): Promise<ChatView[]> {
  return selectViews(exec)
    .where(or(eq(chats.userA, userId), eq(chats.userB, userId)))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id))
    .limit(limit);
}

/** The newest `perChat` messages of each chat, oldest first within a chat. */
export async function recentMessages(exec: Executor, chatIds: string[], perChat: number): Promise<MessageRow[]> {
  if (chatIds.length === 0) return [];
  const ranked = exec
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      senderId: chatMessages.senderId,
      texto: chatMessages.texto,
      createdAt: chatMessages.createdAt,
      rn: sql<number>`row_number() over (partition by ${chatMessages.chatId} order by ${chatMessages.id} desc)`.as(
        "rn",
      ),
    })
    .from(chatMessages)
    .where(inArray(chatMessages.chatId, chatIds))
    .as("ranked");
  const rows = await exec
    .select({
      id: ranked.id,
      chatId: ranked.chatId,
      senderId: ranked.senderId,
      texto: ranked.texto,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .where(sql`${ranked.rn} <= ${perChat}`)
    .orderBy(ranked.chatId, ranked.id);
  return rows;
}

/** Messages of the other participant after my read mark, per chat. */
export async function unreadByChat(exec: Executor, userId: string, chatIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (chatIds.length === 0) return out;
  const rows = await exec
    .select({ chatId: chatMessages.chatId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(
        inArray(chatMessages.chatId, chatIds),
        sql`${chatMessages.senderId} <> ${userId}`,
        sql`${chatMessages.id} > case when ${chats.userA} = ${userId} then ${chats.lastReadA} else ${chats.lastReadB} end`,
      ),
    )
    .groupBy(chatMessages.chatId);
  for (const r of rows) out.set(r.chatId, Number(r.n));
  return out;
}

/** Unread messages across every chat of `userId`. */
export async function unreadTotal(exec: Executor, userId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(
        or(eq(chats.userA, userId), eq(chats.userB, userId)),
        sql`${chatMessages.senderId} <> ${userId}`,
        sql`${chatMessages.id} > case when ${chats.userA} = ${userId} then ${chats.lastReadA} else ${chats.lastReadB} end`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Appends a message, bumps the chat's counters and marks it read for its
 * sender, in the caller's transaction.
 */
export async function appendMessage(tx: Executor, chat: ChatRow, senderId: string, texto: string): Promise<MessageRow> {
  const [msg] = await tx.insert(chatMessages).values({ chatId: chat.id, senderId, texto }).returning();
  if (!msg) throw new Error("insert chat_messages returned no row");
  const readMark =
    senderId === chat.userA
      ? { lastReadA: sql`greatest(${chats.lastReadA}, ${msg.id})` }
      : { lastReadB: sql`greatest(${chats.lastReadB}, ${msg.id})` };
  await tx
    .update(chats)
    .set({
      ...readMark,
      messageCount: sql`${chats.messageCount} + 1`,
      lastMessageAt: sql`greatest(${chats.lastMessageAt}, ${msg.createdAt})`,
    })
    .where(eq(chats.id, chat.id));
  return msg;
}

/** Marks every message of the chat read for `userId`. Returns whether the mark moved. */
export async function markChatRead(tx: Executor, chat: ChatRow, userId: string): Promise<boolean> {
  const latest = sql`(select coalesce(max(${chatMessages.id}), 0) from ${chatMessages} where ${chatMessages.chatId} = ${chat.id})`;
  const isA = userId === chat.userA;
  const col = isA ? chats.lastReadA : chats.lastReadB;
  const rows = await tx
    .update(chats)
    .set(isA ? { lastReadA: sql`${latest}` } : { lastReadB: sql`${latest}` })
    .where(and(eq(chats.id, chat.id), sql`${col} < ${latest}`))
    .returning({ id: chats.id });
  return rows.length > 0;
}

/**
 * Presence: a participant "on the chat" (its conversation open and visible in a page) holds a
 * short lease, renewed by the page while it stays open (POST /chat/{id}/presente) and dropped when
 * it closes. Kept in PostgreSQL (a keyed lease of lib/throttle.ts, whose table the chat quotas already
 * use) so every server process sees the same presence; a page that vanishes without saying so
 * simply lets its lease run out.
 */
const presenceKey = (chatId: string, userId: string) => `chat-presente:${chatId}:${userId}`;

export async function markPresent(
  exec: Executor,
  chatId: string,
  userId: string,
  now: Date,
  until: Date,
): Promise<void> {
  await holdLease(exec, presenceKey(chatId, userId), now, until);
}

export async function clearPresent(exec: Executor, chatId: string, userId: string): Promise<void> {
  await dropLease(exec, presenceKey(chatId, userId));
}

export function isPresent(exec: Executor, chatId: string, userId: string, now: Date): Promise<boolean> {
  return leaseHeld(exec, presenceKey(chatId, userId), now);
}

/**
 * The latest `limit` messages two people exchanged about an asset, oldest first (the admin's dispute
 * desk reads them; issue 19). Empty when they never chatted about it.
 */
export async function conversationAbout(
  exec: Executor,
  assetId: string,
  x: string,
  y: string,
  limit = 200,
): Promise<{ senderId: string; texto: string; createdAt: Date }[]> {
  const chatId = await findChatIdByPair(exec, assetId, orderPair(x, y));
  if (!chatId) return [];
  const rows = await exec
    .select({
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      texto: chatMessages.texto,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(({ senderId, texto, createdAt }) => ({ senderId, texto, createdAt }));
}

/**
 * Chat messages by id with their chat's participants and asset (reports of messages, issue 19):
 * who may report one (a participant), and what the admin's desk shows (text and sender).
 */
export function findMessagesBrief(exec: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return exec
    .select({
      id: chatMessages.id,
      texto: chatMessages.texto,
      senderId: chatMessages.senderId,
      senderName: users.name,
      userA: chats.userA,
      userB: chats.userB,
      assetId: chats.assetId,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(inArray(chatMessages.id, ids));
}
