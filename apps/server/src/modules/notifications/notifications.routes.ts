import { errorResponseSchema } from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { uuidString } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import { MARK_READ_MAX_IDS, type NotificationsService } from "./notifications.service.ts";

const notificationSchema = z.object({
  _id: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  fecha: z.string().describe("ISO 8601"),
  leida: z.boolean(),
  relacionadoId: z.string().nullable(),
  relacionadoTipo: z.enum(["activo", "propuesta", "transaccion"]).nullable(),
});

export const markReadSchema = z.object({
  notificacionIds: z
    .array(uuidString("Cada notificación debe tener un identificador válido"), {
      error: "notificacionIds debe ser una lista de identificadores",
    })
    .max(MARK_READ_MAX_IDS, `Puedes marcar como máximo ${MARK_READ_MAX_IDS} notificaciones a la vez`)
    .describe("Notificaciones a marcar como leídas; una lista vacía marca todas las del usuario"),
});

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export const notificationsRoutes =
  (notifications: NotificationsService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];
    const tags = ["Notificaciones"];

    app.get(
      "/notificaciones/usuario",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Mis notificaciones, de la más reciente a la más antigua (máximo 100)",
          security,
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.array(notificationSchema),
              count: z.number().int().describe("Cantidad de notificaciones devueltas en data"),
            }),
            ...errors,
          },
        },
      },
      async (req) => {
        const data = await notifications.list(currentUser(req).id);
        return { success: true as const, data, count: data.length };
      },
    );

    app.get(
      "/notificaciones/no-leidas/count",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Cantidad de notificaciones sin leer",
          security,
          response: { 200: z.object({ success: z.literal(true), count: z.number().int() }), ...errors },
        },
      },
      async (req) => ({ success: true as const, count: await notifications.unreadCount(currentUser(req).id) }),
    );

    app.post(
      "/notificaciones/marcar-leidas",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Marcar notificaciones como leídas (lista vacía: todas). Solo afecta las propias",
          security,
          body: markReadSchema,
          response: {
            200: z.object({
              success: z.literal(true),
              updated: z.number().int().describe("Notificaciones que pasaron de no leídas a leídas"),
            }),
            ...errors,
          },
        },
      },
      async (req) => ({
        success: true as const,
        updated: await notifications.markRead(currentUser(req).id, req.body.notificacionIds),
      }),
    );
  };
