import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type NotificationPreferences,
  type NotificationPreferencesDto,
  notificationPreferencesResponseSchema,
  pushPublicKeyResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { useSession } from "../../lib/session.tsx";

/** GET/PUT /api/profile/notificaciones and the browser's Web Push subscription (issue 20). */
const prefsKey = (userId: string) => ["profile", userId, "notificaciones"] as const;

const dataOf = (body: unknown): NotificationPreferencesDto =>
  parseAnswer(notificationPreferencesResponseSchema, body, "No pudimos leer tus preferencias de notificaciones").data;

export function useNotificationPreferences() {
  const { user } = useSession();
  return useQuery({
    queryKey: prefsKey(user?._id ?? ""),
    enabled: Boolean(user),
    queryFn: async () => dataOf(await apiRequest("/profile/notificaciones")),
  });
}

export function useSaveNotificationPreferences() {
  const { user } = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationPreferences) =>
      dataOf(await apiRequest("/profile/notificaciones", { method: "PUT", body: input })),
    onSuccess: (data) => {
      if (user) client.setQueryData(prefsKey(user._id), data);
    },
  });
}

// ------------------------------------------------------------------ this browser's push subscription

export type PushSupport = "soportado" | "no-soportado";

export function pushSupport(): PushSupport {
  return typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
    ? "soportado"
    : "no-soportado";
}

export const PUSH_ERRORS = {
  denied:
    "El navegador tiene bloqueadas las notificaciones de Valoriza. Permítelas en la configuración del sitio e intenta de nuevo.",
  dismissed: "No diste permiso para mostrar notificaciones.",
  notReady: "La aplicación aún no está lista para recibir notificaciones. Recarga la página e intenta de nuevo.",
  failed: "No pudimos activar las notificaciones push en este dispositivo. Intenta de nuevo.",
} as const;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** The service worker's registration, or null if none controls this page within `ms`. */
async function readyRegistration(ms: number): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}

/** This browser's current subscription, if any (no permission prompt). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "soportado") return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the permission, subscribes this browser with the server's VAPID key and registers the
 * subscription (POST /api/push/suscripciones). Throws an Error whose message is for the person.
 */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") throw new Error(PUSH_ERRORS.denied);
  if (permission !== "granted") throw new Error(PUSH_ERRORS.dismissed);
  const reg = await readyRegistration(10_000);
  if (!reg) throw new Error(PUSH_ERRORS.notReady);
  const { clavePublica } = parseAnswer(pushPublicKeyResponseSchema, await apiRequest("/push/clave-publica"));
  let sub = await reg.pushManager.getSubscription();
  try {
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(clavePublica) });
  } catch {
    throw new Error(PUSH_ERRORS.failed);
  }
  const json = sub.toJSON();
  await apiRequest("/push/suscripciones", {
    method: "POST",
    body: { endpoint: json.endpoint, keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth } },
  });
}

/** Removes this browser's subscription here and on the server. */
export async function disablePush(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await apiRequest("/push/suscripciones", { method: "DELETE", body: { endpoint: sub.endpoint } });
  await sub.unsubscribe().catch(() => false);
}
