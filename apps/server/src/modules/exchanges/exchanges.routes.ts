import {
  createExchangeSchema,
  createLocalExchangeSchema,
  createOpenOfferSchema,
  EXCHANGE_MSG,
  errorResponseSchema,
  exchangeIdParamsSchema,
  exchangeListResponseSchema,
  exchangeProposalResponseSchema,
  exchangeStatusSchema,
  nearbyResponseSchema,
  nearbySearchSchema,
  openOfferListResponseSchema,
  openOfferResponseSchema,
  openOffersQuerySchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { idempotentReply } from "../../lib/idempotency.ts";
import type { ExchangesService, ProposalResult } from "./exchanges.service.ts";

const security = [{ bearerAuth: [] }];
const tags = ["Intercambios"];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const idemHeader = z.looseObject({ "idempotency-key": z.string().optional() });
const answer = (message: string) => (r: ProposalResult) => ({ success: true as const, message, data: r.proposal });

export const exchangesRoutes =
  (exchanges: ExchangesService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/exchanges",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary:
            "Proponer un intercambio directo: uno de mis activos por uno de otra persona (créditos adicionales opcionales, en custodia hasta que termine; vence a los 7 días)",
          security,
          headers: idemHeader,
          body: createExchangeSchema,
          response: { 201: exchangeProposalResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: "POST /exchanges",
            status: 201,
            toBody: answer(EXCHANGE_MSG.proposalSent),
          },
          (uow) => exchanges.propose(currentUser(req), req.body, uow),
        ),
    );

    for (const side of ["received", "sent"] as const) {
      app.get(
        `/exchanges/${side}`,
        {
          onRequest: authenticate,
          schema: {
            tags,
            summary: side === "received" ? "Propuestas que recibí" : "Propuestas que envié",
            security,
            response: { 200: exchangeListResponseSchema, 401: errorResponseSchema },
          },
        },
        async (req) => exchanges.list(currentUser(req), side),
      );
    }

    app.patch(
      "/exchanges/:id/status",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary:
            "Aceptar o rechazar (quien recibe) o cancelar (quien propone) una propuesta pendiente; aceptar intercambia los dueños y libera la retención de cada activo a quien lo entregó",
          security,
          headers: idemHeader,
          params: exchangeIdParamsSchema,
          body: exchangeStatusSchema,
          response: { 200: exchangeProposalResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: `PATCH /exchanges/${req.params.id}/status`,
            status: 200,
            toBody: answer(EXCHANGE_MSG.statusUpdated),
          },
          (uow) => exchanges.setStatus(currentUser(req), req.params.id, req.body.status, uow),
        ),
    );

    app.get(
      "/intercambios/ofertas",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Ofertas abiertas (de otras personas, con mis activos compatibles) o las mías con ?tipo=mias",
          security,
          querystring: openOffersQuerySchema,
          response: { 200: openOfferListResponseSchema, ...errors },
        },
      },
      async (req) => exchanges.listOffers(currentUser(req), req.query.tipo),
    );

    app.post(
      "/intercambios/ofertas",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary:
            "Publicar uno de mis activos 'intercambiar' como oferta abierta (rango por defecto 80-120 % de su valor base)",
          security,
          body: createOpenOfferSchema,
          response: { 201: openOfferResponseSchema, ...errors },
        },
      },
      async (req, reply) => {
        const data = await exchanges.createOffer(currentUser(req), req.body);
        return reply.code(201).send({ success: true as const, message: EXCHANGE_MSG.offerCreated, data });
      },
    );

    app.post(
      "/intercambios/buscar-cercanos",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary:
            "Activos para intercambiar de otras personas cerca de una ubicación: walk hasta 2 km, bike hasta 10 km, car hasta 30 km; distancias redondeadas, nunca coordenadas",
          security,
          body: nearbySearchSchema,
          response: { 200: nearbyResponseSchema, ...errors },
        },
      },
      async (req) => exchanges.nearby(currentUser(req), req.body),
    );

    app.post(
      "/intercambios/proponer-local",
      {
        onRequest: authenticate,
        schema: {
          tags,
          summary: "Proponer un intercambio local (vence a las 24 horas)",
          security,
          headers: idemHeader,
          body: createLocalExchangeSchema,
          response: { 201: exchangeProposalResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: "POST /intercambios/proponer-local",
            status: 201,
            toBody: answer(EXCHANGE_MSG.proposalSent),
          },
          (uow) => exchanges.proposeLocal(currentUser(req), req.body, uow),
        ),
    );
  };
