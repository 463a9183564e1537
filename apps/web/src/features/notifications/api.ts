import { useQuery } from "@tanstack/react-query";
import { type NotificationContract, POLL, type UnreadCountResponse } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export type RelatedType = NonNullable<NotificationContract["relacionadoTipo"]>;

/** A notification as the bell reads it: the contract's (notificationSchema) with `id` for `_id`. */
export interface Notification extends Omit<NotificationContract, "_id" | "relacionadoId"> {
  id: string;
  relacionadoId: string;
}

/**
 * A notification of the contract in the bell's shape. `enlace` is followed only when it is a path of
 * this site ("/…", never "//host").
 */
export function notificationView({ _id, titulo, relacionadoId, enlace, ...rest }: NotificationContract): Notification {
  return {
    ...rest,
    id: _id,
    titulo: titulo || "Notificación",
    relacionadoId: relacionadoId ?? "",
    enlace: enlace?.startsWith("/") && !enlace.startsWith("//") ? enlace : null,
  };
}

/** Where a notification leads (overview §2 bell): assets, proposals, transactions. */
export function notificationTarget(n: Notification): string | null {
  if (n.enlace) return n.enlace;
  if (n.relacionadoTipo === "activo" && n.relacionadoId) return `/ver-activo/${encodeURIComponent(n.relacionadoId)}`;
  // The exchange page opens the tab holding this proposal (recibidas or enviadas).
  if (n.relacionadoTipo === "propuesta") {
    return n.relacionadoId ? `/intercambiar?propuesta=${encodeURIComponent(n.relacionadoId)}` : "/intercambiar";
  }
  if (n.relacionadoTipo === "transaccion") return "/perfil";
  return null;
}

function useUserId(): string {
  const { token, user } = useSession();
  return token && user ? user._id : "";
}

/** GET /notificaciones/usuario, polled every 30 s, stale after 10 s. */
export function useNotifications() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.notifications(userId),
    queryFn: async ({ signal }) => {
      // The contract (and zod) load with the first list, when the panel opens: the bell stays small.
      const [body, { parseNotifications }] = await Promise.all([
        apiRequest("/notificaciones/usuario", { signal }),
        import("./parse.ts"),
      ]);
      return parseNotifications(body).map(notificationView);
    },
    enabled: userId !== "",
    refetchInterval: POLL.notifications,
    staleTime: POLL.notificationsStale,
  });
}

/** GET /notificaciones/no-leidas/count, polled every 10 s, stale after 5 s. */
export function useUnreadCount() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.unreadCount(userId),
    queryFn: async ({ signal }) => {
      const { count } = await apiRequest<UnreadCountResponse>("/notificaciones/no-leidas/count", { signal });
      return Math.max(count, 0);
    },
    enabled: userId !== "",
    refetchInterval: POLL.unreadCount,
    staleTime: POLL.unreadCountStale,
  });
}

/**
 * POST /notificaciones/marcar-leidas; an empty list marks all. The caches change right away and are
 * re-read afterwards. (A plain function rather than useMutation: the bell is on every page's first
 * load, so it stays small.)
 */
export async function markRead(userId: string, ids: string[]): Promise<void> {
  const listKey = queryKeys.notifications(userId);
  const countKey = queryKeys.unreadCount(userId);
  const list = queryClient.getQueryData<Notification[]>(listKey);
  const count = queryClient.getQueryData<number>(countKey);
  const all = ids.length === 0;
  if (list) {
    const marked = list.filter((n) => !n.leida && (all || ids.includes(n.id))).length;
    queryClient.setQueryData(
      listKey,
      list.map((n) => (all || ids.includes(n.id) ? { ...n, leida: true } : n)),
    );
    if (count !== undefined) queryClient.setQueryData(countKey, all ? 0 : Math.max(0, count - marked));
  } else if (count !== undefined && all) {
    queryClient.setQueryData(countKey, 0);
  }
  try {
    await apiRequest("/notificaciones/marcar-leidas", { method: "POST", body: { notificacionIds: ids } });
  } finally {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notificationsRoot });
  }
}

export function useNotificationsUserId(): string {
  return useUserId();
}

export const unreadBadge = (count: number): string => (count > 99 ? "99+" : String(count));
