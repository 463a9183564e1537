import { NOTIFICATION_PREFERENCES_DEFAULT, type NotificationPreferences } from "@valoriza/domain";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { notificationOutbox, notificationPreferences, pushSubscriptions, users } from "../../db/schema/index.ts";

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(q: Promise<unknown>): Promise<T[]> => ((await q) as Rows<T>).rows;
const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------- subscriptions

export interface NewSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Adds the browser's subscription, or updates it (same endpoint: new keys, or another person now
 * signed in on that browser). Answers whether anything changed.
 */
export async function upsertSubscription(exec: Executor, s: NewSubscription, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    exec.execute(sql`
      insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
      values (${s.id}::uuid, ${s.userId}::uuid, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${iso(now)}::timestamptz)
      on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
      where (push_subscriptions.user_id, push_subscriptions.p256dh, push_subscriptions.auth)
        is distinct from (excluded.user_id, excluded.p256dh, excluded.auth)
      returning id`),
  );
  return rows.length > 0;
}

export async function countSubscriptions(exec: Executor, userId: string): Promise<number> {
  const [row] = await exec.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

export async function hasSubscription(exec: Executor, endpoint: string, userId: string): Promise<boolean> {
  const rows = await exec
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)));
  return rows.length > 0;
}

/** Removes the caller's subscription of that endpoint (another person's is never touched). */
export async function deleteSubscription(exec: Executor, userId: string, endpoint: string): Promise<boolean> {
  const rows = await exec
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410): it and its pending pushes go. */
export async function deleteSubscriptionById(exec: Executor, id: string): Promise<void> {
  await exec.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionUsed(exec: Executor, id: string, now: Date): Promise<void> {
  await exec.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, id));
}

// ---------------------------------------------------------------- preferences

export async function readPreferences(exec: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await exec
    .select({ correo: notificationPreferences.correo, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { ...NOTIFICATION_PREFERENCES_DEFAULT };
}

export async function writePreferences(
  exec: Executor,
  userId: string,
  p: Partial<NotificationPreferences>,
  now: Date,
): Promise<void> {
  const full = { ...NOTIFICATION_PREFERENCES_DEFAULT, ...p };
  await exec
    .insert(notificationPreferences)
    .values({ userId, correo: full.correo, push: full.push, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...p, updatedAt: now } });
}

export async function isEmailVerified(exec: Executor, userId: string): Promise<boolean> {
  const [row] = await exec.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

// ---------------------------------------------------------------- deliveries (notification_outbox)

export interface DeliveryRow {
  id: string;
  userId: string;
  tipo: string;
  titulo: string;
  descripcion: string;
  url: string;
  tag: string;
  chatId: string | null;
  createdAt: Date;
}

/**
 * The oldest pending deliveries, locked for this transaction (FOR UPDATE SKIP LOCKED: a worker in
 * another process takes other rows). The caller deletes or parks each before committing.
 */
export async function takeDeliveries(tx: Executor, limit: number): Promise<DeliveryRow[]> {
  const rows = await rowsOf<{
    id: string;
    user_id: string;
    tipo: string;
    titulo: string;
    descripcion: string;
    url: string;
    tag: string;
    chat_id: string | null;
    created_at: string | Date;
  }>(
    tx.execute(sql`
      select id, user_id, tipo, titulo, descripcion, url, tag, chat_id, created_at from notification_outbox
      where status = 'pendiente'
      order by created_at, id
      limit ${limit}
      for update skip locked`),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    tipo: r.tipo,
    titulo: r.titulo,
    descripcion: r.descripcion,
    url: r.url,
    tag: r.tag,
    chatId: r.chat_id,
    createdAt: new Date(r.created_at),
  }));
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  deleted: boolean;
  correo: NotificationPreferences["correo"];
  push: boolean;
}

/** The people of some deliveries: address, whether it is verified, and their preferences. */
export async function recipients(exec: Executor, ids: string[]): Promise<Map<string, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      verifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
      correo: notificationPreferences.correo,
      push: notificationPreferences.push,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        email: r.email,
        name: r.name,
        emailVerified: r.verifiedAt !== null,
        deleted: r.deletedAt !== null,
        correo: r.correo ?? NOTIFICATION_PREFERENCES_DEFAULT.correo,
        push: r.push ?? NOTIFICATION_PREFERENCES_DEFAULT.push,
      },
    ]),
  );
}

/** One push per subscription of the person (none: nothing), due now. Answers how many. */
export async function queuePushes(tx: Executor, userId: string, payload: string, now: Date): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    tx.execute(sql`
      insert into push_outbox (id, subscription_id, payload, next_attempt_at, created_at)
      select gen_random_uuid(), s.id, ${payload}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
      from push_subscriptions s where s.user_id = ${userId}::uuid
      returning id`),
  );
  return rows.length;
}

export async function deleteDeliveries(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(notificationOutbox).where(inArray(notificationOutbox.id, ids));
}

/** Kept for the person's daily digest. */
export async function parkForDigest(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(notificationOutbox).set({ status: "resumen" }).where(inArray(notificationOutbox.id, ids));
}

// ---------------------------------------------------------------- pushes (push_outbox)

export interface DuePush {
  id: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  attempts: number;
}

/**
 * Claims up to `limit` due pushes, as the mail outbox does: locked with FOR UPDATE SKIP LOCKED and
 * their next attempt moved `leaseMs` ahead in the same statement, so no other worker sees them due
 * until the lease ends (a process that dies mid-send leaves the push to be retried after it).
 */
export async function claimDuePushes(exec: Executor, now: Date, leaseMs: number, limit: number): Promise<DuePush[]> {
  const rows = await rowsOf<{
    id: string;
    subscription_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    payload: string;
    attempts: number;
  }>(
    exec.execute(sql`
      with claimed as (
        update push_outbox set next_attempt_at = ${iso(new Date(now.getTime() + leaseMs))}::timestamptz,
          attempts = attempts + 1
        where id in (
          select id from push_outbox
          where status = 'pendiente' and next_attempt_at <= ${iso(now)}::timestamptz
          order by next_attempt_at
          limit ${limit}
          for update skip locked)
        returning id, subscription_id, payload, attempts)
      select c.id, c.subscription_id, s.endpoint, s.p256dh, s.auth, c.payload, c.attempts
      from claimed c join push_subscriptions s on s.id = c.subscription_id`),
  );
  return rows.map((r) => ({
    id: r.id,
    subscriptionId: r.subscription_id,
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    payload: r.payload,
    attempts: Number(r.attempts),
  }));
}

/** Accepted by the push service: the row goes (only if no other worker re-claimed it since). */
export async function pushSent(exec: Executor, id: string, attempts: number): Promise<void> {
  await exec.execute(sql`delete from push_outbox where id = ${id}::uuid and attempts = ${attempts}`);
}

/** A failed attempt: retried at `retryAt`, or given up ('fallido') when `retryAt` is null. */
export async function pushFailed(
  exec: Executor,
  id: string,
  attempts: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await exec.execute(sql`
    update push_outbox set
      status = ${retryAt ? "pendiente" : "fallido"},
      next_attempt_at = coalesce(${retryAt ? iso(retryAt) : null}::timestamptz, next_attempt_at),
      last_error = ${error.slice(0, 500)}
    where id = ${id}::uuid and attempts = ${attempts} and status = 'pendiente'`);
}

/** An account deleted by its holder: its browsers, preferences and pending deliveries go. */
export async function forgetUser(tx: Executor, userId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(notificationOutbox).where(eq(notificationOutbox.userId, userId));
}

/**
 * What the data export (Ley 1581) shows of this area: the person's choices and their subscribed
 * browsers (the push service and dates; never the endpoint's path nor the keys).
 */
export async function notificationDataOf(exec: Executor, userId: string) {
  const [preferencias, subs] = await Promise.all([
    readPreferences(exec, userId),
    exec
      .select({
        endpoint: pushSubscriptions.endpoint,
        createdAt: pushSubscriptions.createdAt,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  return {
    preferencias,
    dispositivos: subs.map((s) => ({
      servicio: new URL(s.endpoint).origin,
      desde: s.createdAt.toISOString(),
      ultimoEnvio: s.lastSuccessAt ? s.lastSuccessAt.toISOString() : null,
    })),
  };
}
