import { errorResponseSchema } from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userIdParams } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import type { ActivityService } from "./activity.service.ts";

const transaccionSchema = z.object({
  _id: z.string(),
  type: z.string().describe("registro | retiro | intercambio | venta | donación | préstamo | regalo | alquiler | ..."),
  assetId: z.object({ _id: z.string(), title: z.string(), category: z.string() }).nullable(),
  amountCOP: z.number().int(),
  amountCredits: z.number().int(),
  description: z.string(),
  createdAt: z.string().describe("ISO 8601"),
});

const movimientoSchema = z.object({
  _id: z.string(),
  tipo: z.string().describe("publicar | retirar | retiro | intercambio-propuesta | intercambio | venta | ..."),
  descripcion: z.string(),
  valor: z.number().int(),
  assetId: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
});

const movimientosResponse = z.object({ success: z.literal(true), data: z.array(movimientoSchema) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

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
          response: { 200: z.object({ success: z.literal(true), data: z.array(transaccionSchema) }), ...errors },
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
          response: { 200: movimientosResponse, ...errors },
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
          response: { 200: movimientosResponse, ...errors, 403: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: await activity.movementsOf(currentUser(req), req.params.userId),
      }),
    );
  };
