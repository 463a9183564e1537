import {
  assetDonationResponseSchema,
  communityDonationListSchema,
  createDonationSchema,
  DONATION_MSG,
  donationIdParamsSchema,
  donationListSchema,
  donationResponseSchema,
  errorResponseSchema,
  idSchema,
  limitQuery,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser, makeOptionalAuthenticate } from "../../lib/auth.ts";
import { idempotentReply, type UnitOfWork } from "../../lib/idempotency.ts";
import type { DonationResult, DonationsService } from "./donations.service.ts";

const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const assetParams = z.object({ assetId: idSchema("activo") });
const idemHeader = z.looseObject({ "idempotency-key": z.string().optional() });
const one = donationResponseSchema;
/** The answer of a donation call; a gift is told in gift words (issue 15 item 13). */
const answer = (message: string, gift: string) => (r: DonationResult) => ({
  success: true as const,
  message: r.donation.kind === "regalo" ? gift : message,
  data: r.donation,
});

type Step = (
  user: ReturnType<typeof currentUser>,
  id: string,
  uow: UnitOfWork<DonationResult>,
) => Promise<DonationResult>;

export const donationsRoutes =
  (donations: DonationsService, authenticate: onRequestAsyncHookHandler, db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // A session is optional here: it only decides what the viewer may see of a direct donation.
    const optionalAuth = makeOptionalAuthenticate(authenticate as Parameters<typeof makeOptionalAuthenticate>[0]);

    app.get(
      "/donations/asset/:assetId",
      {
        onRequest: optionalAuth,
        schema: {
          tags: ["Donaciones"],
          summary:
            "La donación pendiente de un activo (sesión opcional): pública si es comunitaria; " +
            "si es directa o un regalo, sus datos solo para quien dona y quien recibe",
          params: assetParams,
          response: { 200: assetDonationResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, data: await donations.forAsset(req.params.assetId, req.authUser?.id) }),
    );

    app.get(
      "/donations",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Donaciones"],
          summary: "Mis donaciones y regalos (hechos y recibidos); los regalos son las que tienen destinatario",
          security,
          response: { 200: donationListSchema, 401: errorResponseSchema },
        },
      },
      async (req) => donations.list(currentUser(req)),
    );

    app.get(
      "/community-donations",
      {
        schema: {
          tags: ["Donaciones"],
          summary: "Donaciones comunitarias sin reclamar (sin sesión)",
          querystring: z.object({ limit: limitQuery(100, 50) }),
          response: { 200: communityDonationListSchema, 400: errorResponseSchema },
        },
      },
      async (req) => donations.community(req.query.limit),
    );

    app.post(
      "/donations",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Donaciones"],
          summary: "Donar (sin destinatario: donación comunitaria) o regalar (con destinatario) uno de mis activos",
          security,
          headers: idemHeader,
          body: createDonationSchema,
          response: { 201: one, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: "POST /donations",
            status: 201,
            toBody: answer(DONATION_MSG.created, DONATION_MSG.giftCreated),
          },
          (uow) => donations.create(currentUser(req), req.body, uow),
        ),
    );

    const steps: [string, string, string, string, Step][] = [
      [
        "claim",
        "Reclamar una donación comunitaria (la primera persona gana)",
        DONATION_MSG.claimed,
        DONATION_MSG.claimed,
        donations.claim,
      ],
      [
        "accept",
        "Aceptar una donación o regalo dirigido a mí",
        DONATION_MSG.accepted,
        DONATION_MSG.giftAccepted,
        donations.accept,
      ],
      [
        "reject",
        "Rechazar una donación o regalo dirigido a mí",
        DONATION_MSG.rejected,
        DONATION_MSG.giftRejected,
        donations.reject,
      ],
      [
        "cancel",
        "Cancelar mi donación pendiente",
        DONATION_MSG.cancelled,
        DONATION_MSG.giftCancelled,
        donations.cancel,
      ],
    ];
    for (const [name, summary, message, gift, fn] of steps) {
      app.post(
        `/donations/${name}/:id`,
        {
          onRequest: authenticate,
          schema: {
            tags: ["Donaciones"],
            summary,
            security,
            headers: idemHeader,
            params: donationIdParamsSchema,
            response: { 200: one, ...errors },
          },
        },
        (req, reply) =>
          idempotentReply(
            req,
            reply,
            {
              db,
              userId: currentUser(req).id,
              route: `POST /donations/${name}/${req.params.id}`,
              status: 200,
              toBody: answer(message, gift),
            },
            (uow) => fn(currentUser(req), req.params.id, uow),
          ),
      );
    }
  };
