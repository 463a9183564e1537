import { NOTIFICATION_TIPOS_SIN_AVISO, notificationLink } from "@valoriza/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { notificationOutbox, notifications } from "../../db/schema/index.ts";
import { type BatchPart, rows, writeOrDefer } from "../../lib/batch.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { publishEventPart } from "../events/index.ts";

export type RelacionadoTipo = "activo" | "propuesta" | "transaccion";

export interface NotifyInput {
  userId: string;
  /** Machine kind, e.g. 'creditos_emitidos', 'creditos_liberados', 'creditos_destruidos'. */
  tipo: string;
  titulo: string;
  descripcion: string;
  relacionadoId?: string | null;
  relacionadoTipo?: RelacionadoTipo | null;
}

/**
 * The internal notifications API other areas call inside their own
 * transaction, so a notification exists exactly when its event committed
 * (and its live event reaches open pages only then: pg_notify is transactional).
 */
export async function notify(tx: Executor, input: NotifyInput): Promise<string> {
  // The row and the bell's live event (delivered when the transaction commits), as one statement,
  // deferred to the end of a deal's step when one is running (lib/batch.ts).
  const id = uuidv7();
  await writeOrDefer(tx, notifyParts(input, id));
  return id;
}

/** {@link notify} as parts of a one-statement batch (lib/batch.ts): the row and its live event. */
export function notifyParts(input: NotifyInput, id: string = uuidv7()): BatchPart[] {
  const row: BatchPart = {
    sql: rows.insert(notifications).values({
      id,
      userId: input.userId,
      tipo: input.tipo,
      titulo: input.titulo,
      descripcion: input.descripcion,
      relacionadoId: input.relacionadoId ?? null,
      relacionadoTipo: input.relacionadoTipo ?? null,
    }),
  };
  // Push and mail (issue 20, ADR 022): the delivery is queued in the same statement, so it exists
  // exactly when the notification does; modules/push sends it after the commit.
  // Echoes of the person's own action on the page (NOTIFICATION_TIPOS_SIN_AVISO) stay in the bell.
  const parts = [row];
  if (!NOTIFICATION_TIPOS_SIN_AVISO.includes(input.tipo)) {
    parts.push({ sql: rows.insert(notificationOutbox).values(deliveryRow(id, input)) });
  }
  const event = publishEventPart([input.userId], { tipo: "notificacion" });
  if (event) parts.push(event);
  return parts;
}

/** Where the push and the mail of a notification lead (the bell's link; the home page if none). */
export function deliveryUrl(n: { tipo: string; relacionadoTipo: string | null; relacionadoId: string | null }): string {
  return notificationLink(n) ?? "/";
}

/**
 * The push tag: a newer push about the same thing (a chat, a deal, a proposal, an asset) replaces
 * the older one on the device; a notification about nothing in particular keeps its own.
 */
export function deliveryTag(
  id: string,
  n: { tipo: string; relacionadoTipo: string | null; relacionadoId: string | null },
): string {
  if (!n.relacionadoId) return `notificacion:${id}`;
  const kind = n.relacionadoTipo ?? n.tipo.split("_")[0] ?? "notificacion";
  return `${kind}:${n.relacionadoId}`;
}

function deliveryRow(id: string, input: NotifyInput): typeof notificationOutbox.$inferInsert {
  const n = {
    tipo: input.tipo,
    relacionadoTipo: input.relacionadoTipo ?? null,
    relacionadoId: input.relacionadoId ?? null,
  };
  return {
    id,
    userId: input.userId,
    tipo: input.tipo,
    titulo: input.titulo,
    descripcion: input.descripcion,
    url: deliveryUrl(n),
    tag: deliveryTag(id, n),
    chatId: input.tipo === "chat_mensaje" ? (input.relacionadoId ?? null) : null,
  };
}

export type NotificationRow = typeof notifications.$inferSelect;

/** The caller's newest notifications first (uuidv7 ids break ties within a transaction). */
export async function listNotifications(exec: Executor, userId: string, limit: number): Promise<NotificationRow[]> {
  return exec
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(exec: Executor, userId: string): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.leida, false)));
  return row?.n ?? 0;
}

/**
 * Marks the caller's unread notifications as read: those of `ids`, or all of
 * them when `ids` is null. Ids of other users' notifications match nothing.
 * Returns how many changed.
 */
export async function markRead(exec: Executor, userId: string, ids: string[] | null): Promise<number> {
  const own = and(eq(notifications.userId, userId), eq(notifications.leida, false));
  const rows = await exec
    .update(notifications)
    .set({ leida: true })
    .where(ids === null ? own : and(own, inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
}
