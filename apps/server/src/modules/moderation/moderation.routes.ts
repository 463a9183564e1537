import {
  adminReportListResponseSchema,
  assetModerationResponseSchema,
  createReportSchema,
  idSchema,
  MODERATION_MSG,
  moderationDecisionSchema,
  moderationOverviewResponseSchema,
  reportClosedResponseSchema,
  reportCreatedResponseSchema,
  userModerationResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../lib/admin.ts";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, errorResponses } from "../../lib/route-schema.ts";
import type { ModerationService } from "./moderation.service.ts";

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const decisionErrors = errorResponses(400, 401, 403, 404, 409);

/**
 * Reports (any signed-in person) and the admin's moderation calls (issue 19 part 3). Admin routes:
 * `onRequest: [authenticate, requireAdmin]`, so a visitor gets 401 and a member 403 before the body is read.
 */
export const moderationRoutes =
  (moderation: ModerationService, authenticate: onRequestAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = [authenticate, requireAdmin];

    app.post(
      "/reportes",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Moderación"],
          summary: "Reportar una persona, una publicación o un mensaje del chat (motivo y descripción)",
          security: bearerSecurity,
          body: createReportSchema,
          response: { 201: reportCreatedResponseSchema, ...errorResponses(400, 401, 404, 409, 413, 415) },
        },
      },
      async (req, reply) => {
        const data = await moderation.report(currentUser(req), req.body);
        return reply.status(201).send({ success: true as const, message: MODERATION_MSG.reportSent, data });
      },
    );

    const tags = ["Administración"];
    app.get(
      "/admin/reportes",
      {
        onRequest,
        schema: {
          tags,
          summary: "Reportes abiertos, con lo reportado y cuántos reportes tiene (solo administradores)",
          security: bearerSecurity,
          querystring: listQuery,
          response: { 200: adminReportListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => ({ success: true as const, ...(await moderation.listReports(req.query)) }),
    );

    app.get(
      "/admin/moderacion",
      {
        onRequest,
        schema: {
          tags,
          summary: "Publicaciones ocultas y cuentas suspendidas, con sus operaciones en curso (solo administradores)",
          security: bearerSecurity,
          response: { 200: moderationOverviewResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async () => ({ success: true as const, data: await moderation.overview() }),
    );

    const assetParams = z.object({ id: idSchema("activo") });
    app.post(
      "/admin/activos/:id/ocultar",
      {
        onRequest,
        schema: {
          tags,
          summary: "Ocultar una publicación del inicio, la búsqueda y el detalle (su dueño ve el motivo)",
          security: bearerSecurity,
          params: assetParams,
          body: moderationDecisionSchema,
          response: { 200: assetModerationResponseSchema, ...decisionErrors },
        },
      },
      async (req) => ({
        success: true as const,
        message: MODERATION_MSG.hidden,
        data: await moderation.hideAsset(currentUser(req), req.params.id, req.body.motivo),
      }),
    );
    app.post(
      "/admin/activos/:id/mostrar",
      {
        onRequest,
        schema: {
          tags,
          summary: "Volver a mostrar una publicación oculta",
          security: bearerSecurity,
          params: assetParams,
          body: moderationDecisionSchema,
          response: { 200: assetModerationResponseSchema, ...decisionErrors },
        },
      },
      async (req) => ({
        success: true as const,
        message: MODERATION_MSG.shown,
        data: await moderation.showAsset(currentUser(req), req.params.id, req.body.motivo),
      }),
    );

    const userParams = z.object({ id: idSchema("usuario") });
    app.post(
      "/admin/usuarios/:id/suspender",
      {
        onRequest,
        schema: {
          tags,
          summary: "Suspender una cuenta: no puede entrar, sus sesiones terminan y sus publicaciones se ocultan",
          security: bearerSecurity,
          params: userParams,
          body: moderationDecisionSchema,
          response: { 200: userModerationResponseSchema, ...decisionErrors },
        },
      },
      async (req) => ({
        success: true as const,
        message: MODERATION_MSG.suspended,
        data: await moderation.suspend(currentUser(req), req.params.id, req.body.motivo),
      }),
    );
    app.post(
      "/admin/usuarios/:id/reactivar",
      {
        onRequest,
        schema: {
          tags,
          summary: "Levantar la suspensión de una cuenta",
          security: bearerSecurity,
          params: userParams,
          body: moderationDecisionSchema,
          response: { 200: userModerationResponseSchema, ...decisionErrors },
        },
      },
      async (req) => ({
        success: true as const,
        message: MODERATION_MSG.reactivated,
        data: await moderation.reactivate(currentUser(req), req.params.id, req.body.motivo),
      }),
    );

    app.post(
      "/admin/reportes/:id/cerrar",
      {
        onRequest,
        schema: {
          tags,
          summary: "Cerrar (descartar o dar por resuelto) un reporte, con el motivo",
          security: bearerSecurity,
          params: z.object({ id: idSchema("reporte") }),
          body: moderationDecisionSchema,
          response: { 200: reportClosedResponseSchema, ...decisionErrors },
        },
      },
      async (req) => ({
        success: true as const,
        message: MODERATION_MSG.reportClosed,
        data: await moderation.closeReport(currentUser(req), req.params.id, req.body.motivo),
      }),
    );
  };
