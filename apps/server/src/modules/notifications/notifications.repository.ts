import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";
import { type BatchPart, writeOrDefer } from "../../lib/batch.ts";
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
  await writeOrDefer(tx, notifyParts(tx, input, id));
  return id;
}

/** {@link notify} as parts of a one-statement batch (lib/batch.ts): the row and its live event. */
export function notifyParts(tx: Executor, input: NotifyInput, id: string = uuidv7()): BatchPart[] {
  const row: BatchPart = {
    sql: tx
      .insert(notifications)
      .values({
        id,
        userId: input.userId,
        tipo: input.tipo,
        titulo: input.titulo,
        descripcion: input.descripcion,
        relacionadoId: input.relacionadoId ?? null,
        relacionadoTipo: input.relacionadoTipo ?? null,
      })
      .getSQL(),
  };
  const event = publishEventPart([input.userId], { tipo: "notificacion" });
  return event ? [row, event] : [row];
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
