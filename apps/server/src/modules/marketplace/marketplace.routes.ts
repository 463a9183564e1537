import {
  buyResponseSchema,
  MARKETPLACE_MSG,
  marketplaceIdParamsSchema,
  productListResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, errorResponses, idempotencyHeaders, sessionIdempotent } from "../../lib/route-schema.ts";
import type { Bought, MarketplaceService } from "./marketplace.service.ts";

export const marketplaceRoutes =
  (market: MarketplaceService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const once = sessionIdempotent(db);

    app.get(
      "/marketplace",
      {
        schema: {
          tags: ["Marketplace"],
          summary: "Productos oficiales del Marketplace (destacados primero); stock -1 = ilimitado",
          response: { 200: productListResponseSchema },
        },
      },
      async () => ({ success: true as const, data: await market.list() }),
    );

    app.post(
      "/marketplace/:id/comprar",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Marketplace"],
          summary:
            "Comprar un producto con créditos (cuerpo vacío): disponible -> tienda y una unidad menos de stock en una transacción",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: marketplaceIdParamsSchema,
          response: { 201: buyResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `POST /marketplace/${req.params.id}/comprar`,
            status: 201,
            toBody: (r: Bought) => ({
              success: true as const,
              message: MARKETPLACE_MSG.purchased(r.nombre),
              data: { compraId: r.compraId, estado: r.estado, creditosRestantes: r.creditosRestantes, stock: r.stock },
            }),
          },
          (uow) => market.buy(currentUser(req), req.params.id, uow),
        ),
    );
  };
