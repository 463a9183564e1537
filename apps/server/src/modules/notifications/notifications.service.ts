import { notificationLink } from "@valoriza/domain";
import type { AppDeps } from "../../lib/deps.ts";
import {
  countUnread,
  listNotifications,
  markRead,
  type NotificationRow,
  type RelacionadoTipo,
} from "./notifications.repository.ts";

/** GET /notificaciones/usuario returns at most this many, newest first. */
export const NOTIFICATIONS_LIST_LIMIT = 100;
/** POST /notificaciones/marcar-leidas accepts at most this many ids per call. */
export { MARK_READ_MAX_IDS } from "@valoriza/domain";

const RELACIONADO_TIPOS: readonly RelacionadoTipo[] = ["activo", "propuesta", "transaccion"];

export interface NotificationDto {
  _id: string;
  titulo: string;
  descripcion: string;
  fecha: string;
  leida: boolean;
  relacionadoId: string | null;
  relacionadoTipo: RelacionadoTipo | null;
  enlace: string | null;
}

function toDto(n: NotificationRow): NotificationDto {
  const tipo = n.relacionadoTipo as RelacionadoTipo | null;
  return {
    _id: n.id,
    titulo: n.titulo,
    descripcion: n.descripcion,
    fecha: n.createdAt.toISOString(),
    leida: n.leida,
    relacionadoId: n.relacionadoId,
    relacionadoTipo: tipo && RELACIONADO_TIPOS.includes(tipo) ? tipo : null,
    enlace: notificationLink(n),
  };
}

/**
 * Reading and marking the caller's notifications. Other areas create them
 * with `notify(tx, ...)` (notifications.repository.ts) inside their own
 * transaction.
 */
export function createNotificationsService({ db }: Pick<AppDeps, "db">) {
  return {
    async list(userId: string): Promise<NotificationDto[]> {
      return (await listNotifications(db, userId, NOTIFICATIONS_LIST_LIMIT)).map(toDto);
    },

    unreadCount(userId: string): Promise<number> {
      return countUnread(db, userId);
    },

    /** An empty list marks every unread notification of the caller as read. */
    async markRead(userId: string, ids: string[]): Promise<number> {
      return markRead(db, userId, ids.length === 0 ? null : [...new Set(ids)]);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
