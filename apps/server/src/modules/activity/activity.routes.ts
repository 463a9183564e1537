import { errorResponses, movimientosResponseSchema, transaccionesResponseSchema } from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userIdParams } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import type { ActivityService } from "./activity.service.ts";

const errors = errorResponses(400, 401);

export const activityRoutes =
  (activity: ActivityService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];

    app.get(
      "/transacciones/mis-transacciones/all",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Actividad"],
          summary: "Mis transacciones, de la más reciente a la más antigua (máximo 200)",
          security,
          response: { 200: transaccionesResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await activity.myTransactions(currentUser(req).id) }),
    );

    app.get(
      "/movimientos/mis-movimientos/all",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Actividad"],
          summary: "Mis movimientos, del más reciente al más antiguo (máximo 200)",
          security,
          response: { 200: movimientosResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await activity.myMovements(currentUser(req).id) }),
    );

    app.get(
      "/movimientos/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Actividad"],
          summary: "Movimientos de un usuario (solo los propios; un administrador puede ver los de otros)",
          security,
          params: userIdParams,
          response: { 200: movimientosResponseSchema, ...errors, ...errorResponses(403, 404) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await activity.movementsOf(currentUser(req), req.params.userId),
      }),
    );
  };
