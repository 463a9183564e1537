import {
  errorResponses,
  markReadResponseSchema,
  markReadSchema,
  notificationsResponseSchema,
  unreadCountResponseSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../lib/auth.ts";
import type { NotificationsService } from "./notifications.service.ts";

const errors = errorResponses(400, 401);

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
          response: { 200: notificationsResponseSchema, ...errors },
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
          response: { 200: unreadCountResponseSchema, ...errors },
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
          response: { 200: markReadResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        updated: await notifications.markRead(currentUser(req).id, req.body.notificacionIds),
      }),
    );
  };
