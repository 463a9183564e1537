/** Mail (outbox) and account tokens (users area): issue 16, ADR 017, migration 0015_mail. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { users } from "./users.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Mails to send. A worker in every process claims due rows (FOR UPDATE SKIP LOCKED, pushing
 * `next_attempt_at` forward as a lease), sends them and marks them sent; a failed send is retried
 * with backoff until `fallido`. The bodies are emptied once sent (they may hold a one-use link).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id"),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    textBody: text("text_body").notNull(),
    /** The mail's main link, logged when mails are written as .eml files (no SMTP_URL). */
    link: text("link"),
    /** The List-Unsubscribe URL of a notification mail (issue 20, migration 0020_push). */
    listUnsubscribe: text("list_unsubscribe"),
    status: text("status").$type<"pendiente" | "enviado" | "fallido">().notNull().default("pendiente"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: tz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pendiente'`),
    index("mail_outbox_user_idx").on(t.userId),
    check("mail_outbox_status_check", sql`${t.status} IN ('pendiente', 'enviado', 'fallido')`),
  ],
);

/** One-use links (email verification 48 h, password reset 1 h): only the SHA-256 of the token. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"verificar_email" | "restablecer_contrasena">().notNull(),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    check("account_tokens_purpose_check", sql`${t.purpose} IN ('verificar_email', 'restablecer_contrasena')`),
  ],
);

/** Sessions ended by 'Salir' (the token's `jti`), until the token would have expired anyway. */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    jti: text("jti").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: tz("expires_at").notNull(),
    revokedAt: tz("revoked_at").notNull().defaultNow(),
  },
  (t) => [index("revoked_sessions_user_idx").on(t.userId, t.expiresAt)],
);

/** Counters of @fastify/rate-limit (sign-ups per client address): the store of every process. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: tz("reset_at").notNull(),
  },
  (t) => [index("rate_limit_hits_reset_idx").on(t.resetAt)],
);
