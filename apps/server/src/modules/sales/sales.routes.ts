import { createSaleSchema, saleResponseSchema } from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, idempotencyHeaders, sessionIdempotent, writeErrors } from "../../lib/route-schema.ts";
import { purchaseBody, type SalesService } from "./sales.service.ts";

export const salesRoutes =
  (sales: SalesService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const once = sessionIdempotent(db);

    app.post(
      "/transacciones/crear",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Transacciones"],
          summary:
            "Comprar un activo en venta: con créditos (quedan en custodia hasta la entrega) o en dinero; el servidor fija el precio",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          body: createSaleSchema,
          response: { 201: saleResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(req, reply, { route: "POST /transacciones/crear", status: 201, toBody: purchaseBody }, (uow) =>
          sales.create(currentUser(req), req.body, uow),
        ),
    );
  };
