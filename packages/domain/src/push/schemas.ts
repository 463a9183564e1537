import { z } from "zod";
import { PUSH_MSG } from "./messages.ts";

/**
 * Web Push (RFC 8030/8291/8292) and notification preferences (issue 20 items 2 and 3): the bodies
 * of POST/DELETE /api/push/suscripciones and PUT /api/profile/notificaciones.
 */

/** How a person gets notification mails: one per event, one digest a day, or none. */
export const CORREO_PREFERENCIAS = ["inmediato", "diario", "nunca"] as const;
export type CorreoPreferencia = (typeof CORREO_PREFERENCIAS)[number];

/**
 * Defaults for someone who never chose (ADR 022): a mail for each step that needs them (the reason
 * for notifications: nothing reaches them without an open tab), and push on, which only matters once
 * they enable it on a device (the browser's permission is the real opt-in).
 */
export const NOTIFICATION_PREFERENCES_DEFAULT = { correo: "inmediato", push: true } as const satisfies {
  correo: CorreoPreferencia;
  push: boolean;
};

/** Most devices (browsers) one person may have subscribed at once. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** Bytes of an unpadded base64url string (or -1 when it is not base64url). */
function base64UrlBytes(s: string): number {
  if (!B64URL.test(s)) return -1;
  const n = s.replace(/=+$/, "").length;
  if (n % 4 === 1) return -1;
  return Math.floor((n * 3) / 4);
}

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: PUSH_MSG.invalidEndpoint })
    .trim()
    .max(2048, PUSH_MSG.invalidEndpoint)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === "https:" || u.protocol === "http:") && u.username === "" && u.password === "";
      } catch {
        return false;
      }
    }, PUSH_MSG.invalidEndpoint)
    .describe("URL del servicio push del navegador (PushSubscription.endpoint)"),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes.
      p256dh: z
        .string({ error: PUSH_MSG.invalidP256dh })
        .trim()
        .refine((v) => base64UrlBytes(v) === 65, PUSH_MSG.invalidP256dh)
        .describe("Clave pública ECDH P-256 del navegador, base64url"),
      // The authentication secret: 16 bytes.
      auth: z
        .string({ error: PUSH_MSG.invalidAuth })
        .trim()
        .refine((v) => base64UrlBytes(v) === 16, PUSH_MSG.invalidAuth)
        .describe("Secreto de autenticación, base64url"),
    },
    { error: "keys debe tener p256dh y auth" },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: PUSH_MSG.invalidEndpoint }).trim().min(1, PUSH_MSG.invalidEndpoint).max(2048),
});
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeSchema>;

export const notificationPreferencesSchema = z.strictObject({
  correo: z.enum(CORREO_PREFERENCIAS, { error: PUSH_MSG.invalidCorreo }),
  push: z.boolean({ error: PUSH_MSG.invalidPush }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * What the service worker receives in every push (the contract with apps/web/src/sw.ts): the
 * notification's title and text, the app path to open on a click, and a tag (a newer push with the
 * same tag replaces the older one on the device).
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().describe("Ruta de la aplicación que se abre al tocar la notificación, p. ej. /custodia"),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * Notifications that only echo what the person just did themselves on the page (registering or
 * deactivating their own asset): kept in the bell, never pushed or mailed.
 */
export const NOTIFICATION_TIPOS_SIN_AVISO: readonly string[] = ["creditos_emitidos", "creditos_destruidos"];
