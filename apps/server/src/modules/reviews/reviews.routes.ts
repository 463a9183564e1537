import {
  createdReviewResponseSchema,
  createReviewSchema,
  errorResponseSchema,
  idSchema,
  limitQuery,
  offsetQuery,
  pendingReviewsResponseSchema,
  publicProfileResponseSchema,
  REVIEW_MSG,
  userReviewsResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { idempotentReply } from "../../lib/idempotency.ts";
import type { CreatedReview, ReviewsService } from "./reviews.service.ts";

const security = [{ bearerAuth: [] }];
const idemHeader = z.looseObject({ "idempotency-key": z.string().optional() });
const userParams = z.object({ userId: idSchema("usuario") });
const idParams = z.object({ id: idSchema("usuario") });

/** Reviews after completed deals and the public profile of a person (issue 19 part 1). */
export const reviewsRoutes =
  (
    reviews: ReviewsService,
    authenticate: onRequestAsyncHookHandler,
    optionalAuth: onRequestAsyncHookHandler,
    db: Db,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/resenas/pendientes",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Calificaciones"],
          summary: "Las operaciones completadas que aún puedo calificar, con la otra parte y el activo",
          security,
          response: { 200: pendingReviewsResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, data: await reviews.pending(currentUser(req)) }),
    );

    app.post(
      "/resenas",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Calificaciones"],
          summary:
            "Calificar a la otra parte de una operación completada (una vez, dentro de 14 días). " +
            "Doble ciego: se publica cuando ambas partes califican o al terminar el plazo",
          security,
          headers: idemHeader,
          body: createReviewSchema,
          response: {
            201: createdReviewResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: "POST /resenas",
            status: 201,
            toBody: (r: CreatedReview) => ({
              success: true as const,
              message: r.publicada ? REVIEW_MSG.publicada : REVIEW_MSG.guardada,
              data: r,
            }),
          },
          (uow) => reviews.create(currentUser(req), req.body, uow),
        ),
    );

    app.get(
      "/resenas/usuario/:userId",
      {
        schema: {
          tags: ["Calificaciones"],
          summary: "Las calificaciones publicadas de una persona (sin sesión): promedio, cantidad y las más recientes",
          params: userParams,
          querystring: z.object({ limit: limitQuery(100, 20), offset: offsetQuery(100_000) }),
          response: { 200: userReviewsResponseSchema, 400: errorResponseSchema },
        },
      },
      async (req) => ({
        success: true as const,
        ...(await reviews.ofUser(req.params.userId, { limit: req.query.limit, offset: req.query.offset })),
      }),
    );

    app.get(
      "/usuarios/:id/perfil",
      {
        onRequest: optionalAuth,
        schema: {
          tags: ["Calificaciones"],
          summary:
            "El perfil público de una persona (sesión opcional): nombre, ciudad, miembro desde, identidad verificada, " +
            "reputación y sus partes, y el resumen de sus calificaciones, según la visibilidad que eligió " +
            "(privado: 403; validado: solo para personas verificadas). Nunca su correo ni sus datos de contacto",
          params: idParams,
          response: {
            200: publicProfileResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (req) => ({ success: true as const, data: await reviews.publicProfile(req.params.id, req.authUser) }),
    );
  };
