import {
  changePasswordResponseSchema,
  changePasswordSchema,
  errorResponses,
  MSG,
  profileResponseSchema,
  profileUpdateSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../lib/auth.ts";
import type { ProfileService } from "./profile.service.ts";

const profileResponse = profileResponseSchema;
const errors = errorResponses(400, 401);

export const profileRoutes =
  (profile: ProfileService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];
    app.get(
      "/profile",
      {
        preHandler: authenticate,
        schema: { tags: ["Perfil"], summary: "Mi perfil", security, response: { 200: profileResponse, ...errors } },
      },
      async (req) => ({ success: true as const, data: await profile.get(currentUser(req).id) }),
    );

    app.put(
      "/profile",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Perfil"],
          summary: "Editar mi perfil (el correo, isAdmin, credits y verified no se pueden cambiar)",
          security,
          body: profileUpdateSchema,
          response: { 200: profileResponse, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await profile.update(currentUser(req).id, req.body) }),
    );

    app.put(
      "/profile/password",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Perfil"],
          summary: "Cambiar mi contraseña",
          security,
          body: changePasswordSchema,
          response: { 200: changePasswordResponseSchema, ...errorResponses(429), ...errors },
        },
      },
      async (req) => {
        const data = await profile.changePassword(currentUser(req).id, req.body.currentPassword, req.body.newPassword);
        return { success: true as const, message: MSG.passwordUpdated, data };
      },
    );
  };
