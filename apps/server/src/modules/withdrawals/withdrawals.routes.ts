import {
  myWithdrawalsResponseSchema,
  requestWithdrawalResponseSchema,
  requestWithdrawalSchema,
  WITHDRAWALS_MSG,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { requireAdmin } from "../../lib/admin.ts";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, errorResponses, idempotencyHeaders, sessionIdempotent } from "../../lib/route-schema.ts";
import type { Requested, WithdrawalsService } from "./withdrawals.service.ts";

export const withdrawalsRoutes =
  (service: WithdrawalsService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const once = sessionIdempotent(db);

    app.post(
      "/retiros",
      {
        onRequest: [authenticate, requireAdmin],
        schema: {
          tags: ["Retiros"],
          summary:
            "Solicitar un retiro (solo administradores): disponible -> retiros; Nequi/Daviplata con tope mensual de 210,5 UVT por número",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          body: requestWithdrawalSchema,
          response: { 201: requestWithdrawalResponseSchema, ...errorResponses(400, 401, 403, 422) },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: "POST /retiros",
            status: 201,
            toBody: (r: Requested) => ({
              success: true as const,
              message: WITHDRAWALS_MSG.requested,
              creditosRestantes: r.creditosRestantes,
              data: r.retiro,
            }),
          },
          (uow) => service.request(currentUser(req), req.body, uow),
        ),
    );

    app.get(
      "/retiros/mis-retiros",
      {
        onRequest: [authenticate, requireAdmin],
        schema: {
          tags: ["Retiros"],
          summary: "Mis retiros (solo administradores), el más reciente primero; el destino va enmascarado",
          security: bearerSecurity,
          response: { 200: myWithdrawalsResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (req) => ({ success: true as const, data: await service.listMine(currentUser(req)) }),
    );
  };
