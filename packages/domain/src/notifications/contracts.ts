import { z } from "zod";

export const NOTIFICATION_RELATED_TYPES = ["activo", "propuesta", "transaccion"] as const;

export const notificationSchema = z.object({
  _id: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  fecha: z.string().describe("ISO 8601"),
  leida: z.boolean(),
  relacionadoId: z.string().nullable(),
  relacionadoTipo: z.enum(NOTIFICATION_RELATED_TYPES).nullable(),
  enlace: z.string().nullable().describe("Ruta de la web a la que lleva la notificación (null: ninguna)"),
});
export type NotificationContract = z.infer<typeof notificationSchema>;

/** GET /api/notificaciones/usuario */
export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationSchema),
  count: z.number().int().describe("Cantidad de notificaciones devueltas en data"),
});
/** GET /api/notificaciones/no-leidas/count */
export const unreadCountResponseSchema = z.object({ success: z.literal(true), count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
/** POST /api/notificaciones/marcar-leidas */
export const markReadResponseSchema = z.object({
  success: z.literal(true),
  updated: z.number().int().describe("Notificaciones que pasaron de no leídas a leídas"),
});
