import {
  assignCustodySchema,
  custodyCodeParamsSchema,
  custodyIdParamsSchema,
  custodyListResponseSchema,
  custodyResponseSchema,
  DEALS_MSG,
  errorResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, idempotencyHeaders, sessionIdempotent, writeErrors } from "../../lib/route-schema.ts";
import type { CustodyResult, CustodyService } from "./custody.service.ts";

const answer = (message: string) => (r: CustodyResult) => ({
  success: true as const,
  message,
  custodia: r.custodia,
  balanceActualizado: r.balances,
});

export const custodyRoutes =
  (custody: CustodyService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const once = sessionIdempotent(db);

    app.get(
      "/custodia/mis-custodias",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Custodia"],
          summary: "Mis custodias, como quien entrega (oferente) y como quien recibe (receptor)",
          security: bearerSecurity,
          response: { 200: custodyListResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => custody.listMine(currentUser(req)),
    );

    app.post(
      "/custodia/asignar",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Custodia"],
          summary: "Asignar la custodia de uno de mis activos a un receptor; responde el código (solo para mí)",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          body: assignCustodySchema,
          response: { 201: custodyResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          { route: "POST /custodia/asignar", status: 201, toBody: answer(DEALS_MSG.custodyCreated) },
          (uow) => custody.assign(currentUser(req), req.body, uow),
        ),
    );

    app.put(
      "/custodia/confirmar/:code",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Custodia"],
          summary:
            "Confirmar la entrega con el código (solo quien recibe; 5 códigos incorrectos en una hora bloquean por una hora)",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: custodyCodeParamsSchema,
          response: { 200: custodyResponseSchema, 429: errorResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `PUT /custodia/confirmar/${req.params.code}`,
            status: 200,
            toBody: answer(DEALS_MSG.custodyConfirmed),
          },
          (uow) => custody.confirm(currentUser(req), req.params.code, uow),
        ),
    );

    app.put(
      "/custodia/cancelar/:id",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Custodia"],
          summary: "Cancelar una custodia pendiente (solo quien entrega); devuelve el pago al comprador",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: custodyIdParamsSchema,
          response: { 200: custodyResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          { route: `PUT /custodia/cancelar/${req.params.id}`, status: 200, toBody: answer(DEALS_MSG.custodyCancelled) },
          (uow) => custody.cancel(currentUser(req), req.params.id, uow),
        ),
    );
  };
