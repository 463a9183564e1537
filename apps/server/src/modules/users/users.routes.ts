import {
  ACCOUNT_MSG,
  accountMessageResponseSchema,
  authResponseSchema,
  emailSchema,
  errorResponses,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  userLookupResponseSchema,
  verifyEmailSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import type { Clock } from "../../lib/clock.ts";
import { registerSignupLimit } from "./signup-limit.ts";
import type { UsersService } from "./users.service.ts";

/** REGISTROS_POR_IP_HORA (issue 16): undefined (tests that build the app without it) means no limit. */
export interface SignupLimitOptions {
  db: Db;
  clock: Clock;
  perHour: number | undefined;
}

export const usersRoutes =
  (
    users: UsersService,
    authenticate?: preHandlerAsyncHookHandler,
    signupLimit?: SignupLimitOptions,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const limit =
      signupLimit?.perHour !== undefined
        ? await registerSignupLimit(app, signupLimit.db, signupLimit.clock, signupLimit.perHour)
        : undefined;
    app.post(
      "/users/register",
      {
        ...(limit ? { config: limit.config, onResponse: limit.onResponse } : {}),
        schema: {
          tags: ["Cuenta"],
          summary: "Crear una cuenta",
          body: registerSchema,
          response: { 201: authResponseSchema, ...errorResponses(400, 409, 413, 415, 429) },
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
          response: { 200: authResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (req) => {
        const data = await users.login(req.body, req.ip);
        return { success: true as const, data };
      },
    );

    app.post(
      "/users/verificar-email",
      {
        schema: {
          tags: ["Cuenta"],
          summary: "Verificar el correo con el enlace enviado (48 h, un solo uso)",
          body: verifyEmailSchema,
          response: { 200: accountMessageResponseSchema, ...errorResponses(400, 409, 413, 415) },
        },
      },
      async (req) => {
        const data = await users.verifyEmail(req.body.token);
        return { success: true as const, message: ACCOUNT_MSG.emailVerified, data };
      },
    );

    app.post(
      "/users/olvide-contrasena",
      {
        schema: {
          tags: ["Cuenta"],
          summary: "Pedir un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)",
          body: z.object({ email: emailSchema }),
          response: { 200: accountMessageResponseSchema, ...errorResponses(400, 413, 415, 429) },
        },
      },
      async (req) => {
        const { message } = await users.forgotPassword(req.body.email, req.ip);
        return { success: true as const, message };
      },
    );

    app.post(
      "/users/restablecer-contrasena",
      {
        schema: {
          tags: ["Cuenta"],
          summary: "Elegir una nueva contraseña con el enlace enviado (1 h, un solo uso)",
          body: resetPasswordSchema,
          response: { 200: authResponseSchema, ...errorResponses(400, 403, 409, 413, 415) },
        },
      },
      async (req) => {
        const data = await users.resetPassword(req.body.token, req.body.newPassword);
        return { success: true as const, data };
      },
    );

    if (!authenticate) return;

    app.post(
      "/users/verificacion/reenviar",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Cuenta"],
          summary: "Enviar otro enlace de verificación del correo",
          security: [{ bearerAuth: [] }],
          response: { 200: accountMessageResponseSchema, ...errorResponses(401, 429) },
        },
      },
      async (req) => {
        const { message, emailVerificado } = await users.resendVerification(currentUser(req).id);
        return { success: true as const, message, data: { emailVerificado } };
      },
    );

    app.post(
      "/users/logout",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Cuenta"],
          summary: "Cerrar sesión: el token deja de valer en todos los procesos",
          security: [{ bearerAuth: [] }],
          response: { 200: accountMessageResponseSchema, ...errorResponses(401) },
        },
      },
      async (req) => {
        await users.logout(currentUser(req));
        return { success: true as const, message: ACCOUNT_MSG.loggedOut };
      },
    );

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
