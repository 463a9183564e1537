import { authResponseSchema, errorResponseSchema, loginSchema, registerSchema } from "@valoriza/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { UsersService } from "./users.service.ts";

export const usersRoutes =
  (users: UsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/users/register",
      {
        schema: {
          tags: ["Cuenta"],
          summary: "Crear una cuenta",
          body: registerSchema,
          response: { 201: authResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
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
          response: { 200: authResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (req) => {
        const data = await users.login(req.body, req.ip);
        return { success: true as const, data };
      },
    );
  };
