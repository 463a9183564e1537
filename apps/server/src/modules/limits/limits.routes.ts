import {
  adminReviewListResponseSchema,
  errorResponseSchema,
  idSchema,
  myLimitsResponseSchema,
  reviewApprovedResponseSchema,
  userVerifiedResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../lib/admin.ts";
import { currentUser } from "../../lib/auth.ts";
import type { LimitsService } from "./limits.service.ts";

const e = errorResponseSchema;
const security = [{ bearerAuth: [] }];
const reviewIdParams = z.object({ id: idSchema("revision") });
const userIdParams = z.object({ id: idSchema("usuario") });

/** Limits on self-declared value (ADR 015): the person's status and the admin's review queue. */
export const limitsRoutes =
  (limits: LimitsService, authenticate: onRequestAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const adminOnly = [authenticate, requireAdmin];

    app.get(
      "/limites/mios",
      {
        onRequest: [authenticate],
        schema: {
          tags: ["Límites"],
          summary: "Mi límite de liberación de 30 días y mis créditos en revisión, con el motivo",
          security,
          response: { 200: myLimitsResponseSchema, 401: e },
        },
      },
      async (req) => ({ success: true as const, data: await limits.mine(currentUser(req)) }),
    );

    app.get(
      "/admin/revisiones",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary: "Cola de revisión: créditos en revisión con su evidencia (solo administradores)",
          security,
          response: { 200: adminReviewListResponseSchema, 401: e, 403: e },
        },
      },
      async () => ({ success: true as const, data: await limits.queue() }),
    );

    app.post(
      "/admin/revisiones/:id/aprobar",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary: "Aprobar créditos en revisión: se liberan una sola vez (solo administradores)",
          security,
          params: reviewIdParams,
          response: { 200: reviewApprovedResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (req) => ({ success: true as const, data: await limits.approve(currentUser(req), req.params.id) }),
    );

    app.post(
      "/admin/usuarios/:id/verificar",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary: "Verificar a una persona: límite de liberación mayor (solo administradores)",
          security,
          params: userIdParams,
          response: { 200: userVerifiedResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (req) => ({ success: true as const, data: await limits.verify(currentUser(req), req.params.id) }),
    );
  };
