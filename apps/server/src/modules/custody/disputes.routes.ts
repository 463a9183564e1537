import {
  type AdminDispute,
  adminDisputeListQuerySchema,
  adminDisputeListResponseSchema,
  adminDisputeResolveResponseSchema,
  custodyIdParamsSchema,
  custodyResponseSchema,
  DISPUTE_BODY_LIMIT,
  DISPUTE_MSG,
  disputeIdParamsSchema,
  disputeImageParamsSchema,
  openDisputeSchema,
  resolveDisputeSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { requireAdmin } from "../../lib/admin.ts";
import { currentUser } from "../../lib/auth.ts";
import {
  bearerSecurity,
  errorResponses,
  idempotencyHeaders,
  sessionIdempotent,
  writeErrors,
} from "../../lib/route-schema.ts";
import type { CustodyResult, CustodyService } from "./custody.service.ts";
import type { DisputesService } from "./disputes.service.ts";

/**
 * Disputes on custody (issue 19 part 2): a party opens one; the admin's desk lists them with the
 * evidence and the parties' chat, and resolves each once. Every /admin route runs
 * `onRequest: [authenticate, requireAdmin]`: a non-admin gets 403 before the body is read.
 */
export const disputesRoutes =
  (
    custody: CustodyService,
    disputes: DisputesService,
    authenticate: onRequestAsyncHookHandler,
    db: Db,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const once = sessionIdempotent(db);
    const adminOnly = [authenticate, requireAdmin];

    app.post(
      "/custodia/:id/disputa",
      {
        onRequest: authenticate,
        bodyLimit: DISPUTE_BODY_LIMIT,
        schema: {
          tags: ["Custodia"],
          summary:
            "Abrir una disputa sobre una custodia pendiente (cualquiera de las partes): motivo, descripcion, hasta 5 fotos",
          description:
            "La custodia queda en_disputa: su vencimiento se detiene y el código y la cancelación responden 409 hasta que un administrador la resuelva. El equipo lee el chat entre las partes sobre el activo.",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: custodyIdParamsSchema,
          body: openDisputeSchema,
          response: { 201: custodyResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `POST /custodia/${req.params.id}/disputa`,
            status: 201,
            toBody: (r: CustodyResult) => ({
              success: true as const,
              message: DISPUTE_MSG.abierta,
              custodia: r.custodia,
              balanceActualizado: r.balances,
            }),
          },
          (uow) => custody.openDispute(currentUser(req), req.params.id, req.body, uow),
        ),
    );

    app.get(
      "/admin/disputas",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary:
            "Disputas de custodia (abiertas por defecto, las más antiguas primero): la custodia, las partes, la evidencia y su chat sobre el activo",
          security: bearerSecurity,
          querystring: adminDisputeListQuerySchema,
          response: { 200: adminDisputeListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => ({ success: true as const, data: await disputes.list(currentUser(req), req.query) }),
    );

    app.get(
      "/admin/disputas/:id/imagenes/:n",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary: "Una foto de la evidencia de una disputa (solo administradores; nunca en caché)",
          security: bearerSecurity,
          params: disputeImageParamsSchema,
          response: { 200: z.string().describe("La imagen (image/webp)"), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const img = await disputes.image(currentUser(req), req.params.id, req.params.n);
        return (
          reply
            .header("cache-control", "private, no-store")
            .header("content-disposition", "inline")
            .type(img.mime)
            // The bytes as they are (Fastify sends a Buffer unserialized); the schema documents the file.
            .send(img.bytes as unknown as string)
        );
      },
    );

    app.post(
      "/admin/disputas/:id/resolver",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary:
            "Resolver una disputa una sola vez: reembolsar (el pago vuelve a quien recibe, el activo a quien lo entregó) o liberar (el pago a quien entrega, el activo a quien recibe), con una nota para ambos",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: disputeIdParamsSchema,
          body: resolveDisputeSchema,
          response: { 200: adminDisputeResolveResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `POST /admin/disputas/${req.params.id}/resolver`,
            status: 200,
            toBody: (d: AdminDispute) => ({
              success: true as const,
              message: d.resultado === "liberar" ? DISPUTE_MSG.liberada : DISPUTE_MSG.reembolsada,
              data: d,
            }),
          },
          (uow) => disputes.resolve(currentUser(req), req.params.id, req.body, uow),
        ),
    );
  };
