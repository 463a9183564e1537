import { z } from "zod";
import { CORREO_PREFERENCIAS } from "./schemas.ts";

/** GET /api/push/clave-publica */
export const pushPublicKeyResponseSchema = z.object({
  success: z.literal(true),
  clavePublica: z.string().describe("Clave pública VAPID (applicationServerKey), base64url"),
});

/** POST and DELETE /api/push/suscripciones */
export const pushSubscriptionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    suscrito: z.boolean().describe("true después de POST, false después de DELETE"),
    cambio: z.boolean().describe("false cuando ya estaba así (la llamada se puede repetir)"),
  }),
});

export const notificationPreferencesDtoSchema = z.object({
  correo: z.enum(CORREO_PREFERENCIAS).describe("inmediato: un correo por aviso; diario: un resumen al día; nunca"),
  push: z.boolean().describe("Avisos push en los dispositivos suscritos"),
  dispositivosPush: z.number().int().describe("Dispositivos (navegadores) suscritos a las notificaciones push"),
  correoVerificado: z.boolean().describe("Solo los correos verificados reciben notificaciones por correo"),
});
export type NotificationPreferencesDto = z.infer<typeof notificationPreferencesDtoSchema>;

/** GET and PUT /api/profile/notificaciones */
export const notificationPreferencesResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: notificationPreferencesDtoSchema,
});
