import {
  chatIdParamsSchema,
  chatListResponseSchema,
  chatPresenceResponseSchema,
  chatResponseSchema,
  chatUnreadResponseSchema,
  enviarMensajeSchema,
  errorResponseSchema,
  iniciarChatSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userIdParams } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import type { ChatService } from "./chat.service.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export const chatRoutes =
  (chat: ChatService, authenticate: onRequestAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];
    const tags = ["Chat"];

    app.post(
      "/chat/iniciar",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary:
            "Iniciar (o retomar) el chat sobre un activo con otro usuario; uno de los dos debe ser el dueño del activo",
          security,
          body: iniciarChatSchema,
          response: { 200: chatResponseSchema, 201: chatResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const { chat: data, created } = await chat.start(currentUser(req), req.body);
        reply.code(created ? 201 : 200);
        return { success: true as const, data };
      },
    );

    app.post(
      "/chat/enviar",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Enviar un mensaje (solo los dos participantes del chat)",
          security,
          body: enviarMensajeSchema,
          response: { 200: chatResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await chat.send(currentUser(req), req.body) }),
    );

    app.get(
      "/chat/usuario/:userId",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Mis chats, del más reciente al más antiguo (solo los propios)",
          security,
          params: userIdParams,
          response: { 200: chatListResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await chat.listForUser(currentUser(req), req.params.userId),
      }),
    );

    app.get(
      "/chat/no-leidos/count",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Mensajes sin leer en todos mis chats",
          security,
          response: { 200: chatUnreadResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, count: await chat.unreadCount(currentUser(req)) }),
    );

    app.get(
      "/chat/:chatId",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Un chat con sus mensajes más recientes (solo sus participantes)",
          security,
          params: chatIdParamsSchema,
          response: { 200: chatResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await chat.get(currentUser(req), req.params.chatId) }),
    );

    for (const [method, present] of [
      ["POST", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: "/chat/:chatId/presente",
        onRequest: authenticate,
        schema: {
          tags,
          summary: present
            ? "Estoy en este chat (renovar cada 20 s mientras está abierto): sus mensajes nuevos no me notifican"
            : "Salí de este chat: sus mensajes nuevos vuelven a notificarme",
          security,
          params: chatIdParamsSchema,
          response: { 200: chatPresenceResponseSchema, ...errors },
        },
        handler: async (req) => ({
          success: true as const,
          data: await chat.setPresence(currentUser(req), req.params.chatId, present),
        }),
      });
    }

    app.post(
      "/chat/:chatId/leido",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Marcar como leídos los mensajes del chat",
          security,
          params: chatIdParamsSchema,
          response: { 200: chatResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await chat.markRead(currentUser(req), req.params.chatId) }),
    );
  };
