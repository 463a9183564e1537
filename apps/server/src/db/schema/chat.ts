/** Chats and their messages (chat area; migration 0005_chat.sql). */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { assets } from "./assets.ts";
import { users } from "./users.ts";

/**
 * One conversation per asset and pair of users. The pair is stored ordered
 * (user_a < user_b), which makes the pair unique and a chat with oneself impossible.
 * last_read_a/b: id of the last message each participant has read.
 */
export const chats = pgTable(
  "chats",
  {
    id: uuid("id").primaryKey(),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id),
    userA: uuid("user_a")
      .notNull()
      .references(() => users.id),
    userB: uuid("user_b")
      .notNull()
      .references(() => users.id),
    startedBy: uuid("started_by")
      .notNull()
      .references(() => users.id),
    lastReadA: bigint("last_read_a", { mode: "number" }).notNull().default(0),
    lastReadB: bigint("last_read_b", { mode: "number" }).notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chats_asset_pair_key").on(t.assetId, t.userA, t.userB),
    index("chats_user_a_idx").on(t.userA, t.lastMessageAt),
    index("chats_user_b_idx").on(t.userB, t.lastMessageAt),
    check("chats_pair_ordered", sql`${t.userA} < ${t.userB}`),
    check("chats_started_by_participant", sql`${t.startedBy} in (${t.userA}, ${t.userB})`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: uuid("chat_id")
      .notNull()
      .references(() => chats.id),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id),
    texto: text("texto").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_chat_idx").on(t.chatId, t.id),
    check("chat_messages_texto_length", sql`char_length(${t.texto}) between 1 and 2000`),
  ],
);
