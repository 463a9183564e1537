/**
 * Push and mail notifications (issue 20 items 2 and 3, ADR 022, migration 0020_push): the devices
 * subscribed to Web Push, each person's preferences, the outbox of notifications to deliver
 * (filled in the transaction that created the in-app notification), the outbox of pushes to send,
 * and the daily digests already sent.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { users } from "./users.ts";

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** One browser (PushSubscription) of a person. Removed when its push service answers 404/410. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique("push_subscriptions_endpoint_key"),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    lastSuccessAt: tz("last_success_at"),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** A person's choice; no row: the defaults (NOTIFICATION_PREFERENCES_DEFAULT). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    correo: text("correo").$type<"inmediato" | "diario" | "nunca">().notNull().default("inmediato"),
    push: boolean("push").notNull().default(true),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  () => [check("notification_preferences_correo_check", sql`correo IN ('inmediato', 'diario', 'nunca')`)],
);

/**
 * Notifications to deliver by push and mail: one row per in-app notification (same id), written
 * in the statement that wrote the notification. A worker takes 'pendiente' rows (FOR UPDATE SKIP
 * LOCKED), queues the pushes and the mail, and deletes the row; a person on the daily digest keeps
 * it as 'resumen' until their digest is sent.
 */
export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tipo: text("tipo").notNull(),
    titulo: text("titulo").notNull(),
    descripcion: text("descripcion").notNull(),
    /** App path the push and the mail open (notificationLink), e.g. /custodia. */
    url: text("url").notNull(),
    tag: text("tag").notNull(),
    /** The chat of a chat message (the push is skipped if the person is on it when it is sent). */
    chatId: uuid("chat_id"),
    status: text("status").$type<"pendiente" | "resumen">().notNull().default("pendiente"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_outbox_due_idx").on(t.createdAt).where(sql`${t.status} = 'pendiente'`),
    index("notification_outbox_digest_idx").on(t.userId, t.createdAt).where(sql`${t.status} = 'resumen'`),
    check("notification_outbox_status_check", sql`${t.status} IN ('pendiente', 'resumen')`),
  ],
);

/**
 * Pushes to send, one per (notification, subscription). Claimed like the mail outbox (FOR UPDATE
 * SKIP LOCKED with a lease); deleted once the push service accepted it; retried with backoff on
 * 429/5xx and network errors; 'fallido' after the last attempt.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: uuid("id").primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** The JSON the service worker receives: {title, body, url, tag}. */
    payload: text("payload").notNull(),
    status: text("status").$type<"pendiente" | "fallido">().notNull().default("pendiente"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("push_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pendiente'`),
    index("push_outbox_subscription_idx").on(t.subscriptionId),
    check("push_outbox_status_check", sql`${t.status} IN ('pendiente', 'fallido')`),
  ],
);

/** One daily digest per person and day (the day in Colombia): the key makes it sent once. */
export const notificationDigests = pgTable(
  "notification_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dia: date("dia", { mode: "string" }).notNull(),
    avisos: integer("avisos").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "notification_digests_pkey", columns: [t.userId, t.dia] })],
);

/** Jobs scheduled in the database (the daily digest): the process that claims a due row runs it. */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: tz("next_run_at").notNull(),
});
