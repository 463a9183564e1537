import {
  authResponseSchema,
  emailSchema,
  errorResponses,
  loginSchema,
  registerSchema,
  userLookupResponseSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../lib/auth.ts";
import type { UsersService } from "./users.service.ts";

export const usersRoutes =
  (users: UsersService, authenticate?: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/users/register",
      {
        schema: {
          tags: ["Cuenta"],
          summary: "Crear una cuenta",
          body: registerSchema,
          response: { 201: authResponseSchema, ...errorResponses(400, 409, 413, 415) },
        },
      },
      async (req, reply) => {
        const data = await users.register(req.body);
        return reply.status(201).send({ success: true as const, data });
      },
    );

    app.post(
      "/users/login",
      {
        schema: {
          tags: ["Cuenta"],
          summary: "Iniciar sesión",
          body: loginSchema,
          response: { 200: authResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
        },
      },
      async (req) => {
        const data = await users.login(req.body, req.ip);
        return { success: true as const, data };
      },
    );

    if (!authenticate) return;
    // Picking a counterpart by email (custody, loans): signed-in only, rate-limited, id and name only.
    app.get(
      "/users/email/:email",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Cuenta"],
          summary: "Buscar un usuario por correo (solo id y nombre)",
          security: [{ bearerAuth: [] }],
          params: z.object({ email: emailSchema }),
          response: { 200: userLookupResponseSchema, ...errorResponses(400, 401, 404, 429) },
        },
      },
      async (req) => {
        const user = await users.findByEmail(currentUser(req).id, req.params.email);
        return { success: true as const, ...user, data: user };
      },
    );
  };
