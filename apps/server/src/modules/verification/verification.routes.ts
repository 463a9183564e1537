import {
  adminIdentityDecisionResponseSchema,
  adminIdentityListQuerySchema,
  adminIdentityListResponseSchema,
  IDENTITY_MSG,
  identityIdParamsSchema,
  identityImageParamsSchema,
  identityRejectSchema,
  identityStatusResponseSchema,
  identitySubmitSchema,
  identitySubmittedResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireAdmin } from "../../lib/admin.ts";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, errorResponses } from "../../lib/route-schema.ts";
import { MAX_IMAGE_BYTES } from "../assets/index.ts";
import type { VerificationService } from "./verification.service.ts";

/** Two images of up to 5 MB each as base64 (4/3), plus the rest of the JSON. */
const IDENTITY_BODY_LIMIT = Math.ceil(2 * MAX_IMAGE_BYTES * 1.37) + 64 * 1024;
const personTags = ["Verificación de identidad"];
const adminTags = ["Administración"];

/**
 * Identity verification (issue 17 item 1, ADR 021). The person's two calls, and the admin desk's:
 * every /admin route runs `onRequest: [authenticate, requireAdmin]`, so a non-admin gets 403 before
 * the body is read. The images are answered only there, never under a public route.
 */
export const verificationRoutes =
  (service: VerificationService, authenticate: onRequestAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const adminOnly = [authenticate, requireAdmin];

    app.get(
      "/verificacion/identidad",
      {
        onRequest: authenticate,
        schema: {
          tags: personTags,
          summary: "Estado de mi verificación de identidad: ninguna, pendiente, aprobada o rechazada (con el motivo)",
          security: bearerSecurity,
          response: { 200: identityStatusResponseSchema, ...errorResponses(401) },
        },
      },
      async (req) => ({ success: true as const, data: await service.status(currentUser(req)) }),
    );

    app.post(
      "/verificacion/identidad",
      {
        onRequest: authenticate,
        bodyLimit: IDENTITY_BODY_LIMIT,
        schema: {
          tags: personTags,
          summary:
            "Enviar la foto de mi documento y una selfie (data URLs) para verificar mi identidad; requiere el correo verificado",
          description:
            "409 si el correo no está verificado, si ya hay un envío en revisión, si la identidad ya está verificada o si el número de documento pertenece a otra cuenta.",
          security: bearerSecurity,
          body: identitySubmitSchema,
          response: { 201: identitySubmittedResponseSchema, ...errorResponses(400, 401, 409, 413) },
        },
      },
      async (req, reply) => {
        const data = await service.submit(currentUser(req), req.body);
        return reply.status(201).send({ success: true as const, message: IDENTITY_MSG.enviada, data });
      },
    );

    app.get(
      "/admin/verificaciones",
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: "Verificaciones de identidad: las pendientes primero (solo administradores)",
          security: bearerSecurity,
          querystring: adminIdentityListQuerySchema,
          response: { 200: adminIdentityListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (req) => ({ success: true as const, ...(await service.list(currentUser(req), req.query)) }),
    );

    app.get(
      "/admin/verificaciones/:id/imagenes/:imagen",
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: "La foto del documento o la selfie de una verificación (solo administradores; nunca en caché)",
          security: bearerSecurity,
          params: identityImageParamsSchema,
          response: { 200: z.string().describe("La imagen (image/webp)"), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req, reply) => {
        const img = await service.image(currentUser(req), req.params.id, req.params.imagen);
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
      "/admin/verificaciones/:id/aprobar",
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: "Aprobar una verificación de identidad: la cuenta queda verificada (solo administradores)",
          security: bearerSecurity,
          params: identityIdParamsSchema,
          response: { 200: adminIdentityDecisionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) => ({
        success: true as const,
        message: IDENTITY_MSG.aprobadaAdmin,
        data: await service.approve(currentUser(req), req.params.id),
      }),
    );

    app.post(
      "/admin/verificaciones/:id/rechazar",
      {
        onRequest: adminOnly,
        schema: {
          tags: adminTags,
          summary: "Rechazar una verificación de identidad con un motivo que la persona verá (solo administradores)",
          security: bearerSecurity,
          params: identityIdParamsSchema,
          body: identityRejectSchema,
          response: { 200: adminIdentityDecisionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) => ({
        success: true as const,
        message: IDENTITY_MSG.rechazadaAdmin,
        data: await service.reject(currentUser(req), req.params.id, req.body.motivo),
      }),
    );
  };
