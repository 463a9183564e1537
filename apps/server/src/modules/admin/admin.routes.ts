import {
  type AdminProduct,
  type AdminWithdrawal,
  adminLogQuerySchema,
  adminLogResponseSchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminWithdrawalListResponseSchema,
  adminWithdrawalResponseSchema,
  createProductSchema,
  idSchema,
  MARKETPLACE_MSG,
  marketplaceIdParamsSchema,
  type Purchase,
  purchaseListQuerySchema,
  purchaseListResponseSchema,
  purchaseResponseSchema,
  updateProductSchema,
  updatePurchaseSchema,
  updateWithdrawalSchema,
  WITHDRAWALS_MSG,
  withdrawalListQuerySchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { ADMIN_PRODUCT_BODY_LIMIT, requireAdmin } from "../../lib/admin.ts";
import { currentUser } from "../../lib/auth.ts";
import {
  bearerSecurity,
  errorResponses,
  idempotencyHeaders,
  sessionIdempotent,
  writeErrors,
} from "../../lib/route-schema.ts";
import type { AdminService } from "./admin.service.ts";

const tags = ["Administración"];

/** Every route: `onRequest: [authenticate, requireAdmin]`, so a non-admin gets 403 before the body is read. */
export const adminRoutes =
  (admin: AdminService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = [authenticate, requireAdmin];
    const once = sessionIdempotent(db);

    app.get(
      "/admin/marketplace",
      {
        onRequest,
        schema: {
          tags,
          summary: "Todos los productos, también los ocultos, con vendidos y conteos (solo administradores)",
          security: bearerSecurity,
          response: { 200: adminProductListResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (req) => {
        const data = await admin.listProducts(currentUser(req));
        return {
          success: true as const,
          data,
          counts: {
            total: data.length,
            visibles: data.filter((p) => !p.oculto).length,
            ocultos: data.filter((p) => p.oculto).length,
            agotados: data.filter((p) => p.stock === 0).length,
          },
        };
      },
    );

    app.post(
      "/admin/marketplace",
      {
        onRequest,
        bodyLimit: ADMIN_PRODUCT_BODY_LIMIT,
        schema: {
          tags,
          summary: "Crear un producto (nombre, categoria, descripcion, imagen, creditos, valorCOP, stock, destacado)",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          body: createProductSchema,
          response: { 201: adminProductResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: "POST /admin/marketplace",
            status: 201,
            toBody: (p: AdminProduct) => ({ success: true as const, message: MARKETPLACE_MSG.created, data: p }),
          },
          (uow) => admin.createProduct(currentUser(req), req.body, uow),
        ),
    );

    app.put(
      "/admin/marketplace/:id",
      {
        onRequest,
        bodyLimit: ADMIN_PRODUCT_BODY_LIMIT,
        schema: {
          tags,
          summary: "Editar un producto: campos, stock, destacado, imagen u ocultarlo (oculto: true)",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: marketplaceIdParamsSchema,
          body: updateProductSchema,
          response: { 200: adminProductResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `PUT /admin/marketplace/${req.params.id}`,
            status: 200,
            toBody: (p: AdminProduct) => ({ success: true as const, message: MARKETPLACE_MSG.updated, data: p }),
          },
          (uow) => admin.updateProduct(currentUser(req), req.params.id, req.body, uow),
        ),
    );

    app.get(
      "/admin/compras",
      {
        onRequest,
        schema: {
          tags,
          summary: "Compras del Marketplace por estado (pendiente, entregado, cancelado), con conteos",
          security: bearerSecurity,
          querystring: purchaseListQuerySchema,
          response: { 200: purchaseListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => {
        const r = await admin.listPurchases(currentUser(req), req.query);
        return { success: true as const, data: r.rows, counts: r.counts, total: r.total };
      },
    );

    app.patch(
      "/admin/compras/:id",
      {
        onRequest,
        schema: {
          tags,
          summary: "Marcar una compra entregada, o cancelarla con reembolso (la unidad vuelve al stock)",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: z.object({ id: idSchema("compra") }),
          body: updatePurchaseSchema,
          response: { 200: purchaseResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `PATCH /admin/compras/${req.params.id}`,
            status: 200,
            toBody: (p: Purchase) => ({
              success: true as const,
              message: p.estado === "entregado" ? MARKETPLACE_MSG.delivered : MARKETPLACE_MSG.cancelled,
              data: p,
            }),
          },
          (uow) => admin.resolvePurchase(currentUser(req), req.params.id, req.body.estado, uow),
        ),
    );

    app.get(
      "/admin/retiros",
      {
        onRequest,
        schema: {
          tags,
          summary: "Retiros por estado y método, con conteos; el destino completo solo mientras está pendiente",
          security: bearerSecurity,
          querystring: withdrawalListQuerySchema,
          response: { 200: adminWithdrawalListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => {
        const r = await admin.listWithdrawals(currentUser(req), req.query);
        return { success: true as const, data: r.rows, counts: r.counts, total: r.total };
      },
    );

    app.patch(
      "/admin/retiros/:id",
      {
        onRequest,
        schema: {
          tags,
          summary:
            "Resolver un retiro: aprobado (pagado, con la referencia del pago) o rechazado (los créditos vuelven al usuario)",
          security: bearerSecurity,
          headers: idempotencyHeaders,
          params: z.object({ id: idSchema("retiro") }),
          body: updateWithdrawalSchema,
          response: { 200: adminWithdrawalResponseSchema, ...writeErrors },
        },
      },
      (req, reply) =>
        once(
          req,
          reply,
          {
            route: `PATCH /admin/retiros/${req.params.id}`,
            status: 200,
            toBody: (w: AdminWithdrawal) => ({
              success: true as const,
              message: w.estado === "aprobado" ? WITHDRAWALS_MSG.approved : WITHDRAWALS_MSG.rejected,
              data: w,
            }),
          },
          (uow) => admin.resolveWithdrawal(currentUser(req), req.params.id, req.body, uow),
        ),
    );

    app.get(
      "/admin/registro",
      {
        onRequest,
        schema: {
          tags,
          summary: "Registro de acciones de administración (solo se agrega; quién, qué, cuándo)",
          security: bearerSecurity,
          querystring: adminLogQuerySchema,
          response: { 200: adminLogResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => ({ success: true as const, ...(await admin.log(currentUser(req), req.query)) }),
    );
  };
