import {
  adminReviewListResponseSchema,
  adminSignalListResponseSchema,
  errorResponseSchema,
  idSchema,
  myLimitsResponseSchema,
  raiseWindowBodySchema,
  raiseWindowResponseSchema,
  reviewApprovedResponseSchema,
  signalReviewedResponseSchema,
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
const signalIdParams = z.object({ id: idSchema("senal") });

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
          summary:
            "Verificar la identidad de una persona que el administrador conoce: sus créditos autodeclarados se liberan con su ventana de 30 días (solo administradores)",
          security,
          params: userIdParams,
          response: { 200: userVerifiedResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (req) => ({ success: true as const, data: await limits.verify(currentUser(req), req.params.id) }),
    );

    app.put(
      "/admin/usuarios/:id/limite",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary:
            "Ampliar la ventana de 30 días de una persona verificada (queda en el registro; solo administradores)",
          security,
          params: userIdParams,
          body: raiseWindowBodySchema,
          response: { 200: raiseWindowResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (req) => ({
        success: true as const,
        data: await limits.raiseWindow(currentUser(req), req.params.id, req.body.limite),
      }),
    );

    app.get(
      "/admin/senales",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary:
            "Señales: cuentas que recibieron créditos de 3 o más cuentas nuevas en 7 días (solo administradores)",
          security,
          response: { 200: adminSignalListResponseSchema, 401: e, 403: e },
        },
      },
      async () => ({ success: true as const, data: await limits.signals() }),
    );

    app.post(
      "/admin/senales/:id/revisar",
      {
        onRequest: adminOnly,
        schema: {
          tags: ["Administración"],
          summary: "Marcar una señal como revisada (queda en el registro; solo administradores)",
          security,
          params: signalIdParams,
          response: { 200: signalReviewedResponseSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (req) => ({ success: true as const, data: await limits.reviewSignal(currentUser(req), req.params.id) }),
    );
  };
