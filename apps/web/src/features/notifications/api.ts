import { useQuery } from "@tanstack/react-query";
import { POLL } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export type RelatedType = "activo" | "propuesta" | "transaccion";

export interface Notification {
  id: string;
  titulo: string;
  descripcion: string;
  fecha: string;
  leida: boolean;
  relacionadoId: string;
  relacionadoTipo: RelatedType | null;
  /** Where the server says it leads (deal notifications open their own area). */
  enlace: string | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const RELATED: readonly string[] = ["activo", "propuesta", "transaccion"];

function normalize(raw: unknown): Notification {
  const n = record(raw);
  const tipo = str(n.relacionadoTipo);
  return {
    id: str(n._id) || str(n.id),
    titulo: str(n.titulo) || "Notificación",
    descripcion: str(n.descripcion),
    fecha: str(n.fecha),
    leida: n.leida === true,
    relacionadoId: str(n.relacionadoId),
    relacionadoTipo: RELATED.includes(tipo) ? (tipo as RelatedType) : null,
    enlace: typeof n.enlace === "string" && n.enlace.startsWith("/") && !n.enlace.startsWith("//") ? n.enlace : null,
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
      const data = record(await apiRequest("/notificaciones/usuario", { signal })).data;
      return (Array.isArray(data) ? data : []).map(normalize);
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
      const count = record(await apiRequest("/notificaciones/no-leidas/count", { signal })).count;
      return typeof count === "number" && count > 0 ? count : 0;
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
