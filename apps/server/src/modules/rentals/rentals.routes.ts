import {
  assetRentalResponseSchema,
  bookRentalSchema,
  createRentalSchema,
  errorResponseSchema,
  RENTAL_MSG,
  rentalAssetParamsSchema,
  rentalBookingIdParamsSchema,
  rentalBookingListResponseSchema,
  rentalBookingResponseSchema,
  rentalIdParamsSchema,
  rentalListSchema,
  rentalResponseSchema,
} from "@valoriza/domain";
import type { onRequestAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { idempotentReply, type UnitOfWork } from "../../lib/idempotency.ts";
import type { BookingResult, RentalResult, RentalsService } from "./rentals.service.ts";

const TAG = "Alquileres";
const security = [{ bearerAuth: [] }];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const idemHeader = z.looseObject({ "idempotency-key": z.string().optional() });
const rentalAnswer = (message: string) => (r: RentalResult) => ({ success: true as const, message, data: r.rental });
/** The answer of a booking step; a free booking (total 0) is told without any payment. */
const bookingAnswer = (message: string, free: string) => (r: BookingResult) => ({
  success: true as const,
  message: r.booking.total > 0 ? message : free,
  data: r.booking,
  balanceActualizado: r.balances,
});

type Step = (
  user: ReturnType<typeof currentUser>,
  id: string,
  uow: UnitOfWork<BookingResult>,
) => Promise<BookingResult>;

export const rentalsRoutes =
  (
    rentals: RentalsService,
    authenticate: onRequestAsyncHookHandler,
    optionalAuth: onRequestAsyncHookHandler,
    db: Db,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/rentals",
      {
        onRequest: optionalAuth,
        schema: {
          tags: [TAG],
          summary:
            "Alquileres publicados y vigentes, los más nuevos primero; con sesión, también mis otras publicaciones",
          response: { 200: rentalListSchema },
        },
      },
      async (req) => rentals.list(req.authUser ?? null),
    );

    app.post(
      "/rentals",
      {
        onRequest: authenticate,
        schema: {
          tags: [TAG],
          summary: "Publicar en alquiler uno de mis activos 'alquilar' (precio por día, periodo y términos)",
          security,
          headers: idemHeader,
          body: createRentalSchema,
          response: { 201: rentalResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: "POST /rentals",
            status: 201,
            toBody: rentalAnswer(RENTAL_MSG.created),
          },
          (uow) => rentals.create(currentUser(req), req.body, uow),
        ),
    );

    app.post(
      "/rentals/:id/cerrar",
      {
        onRequest: authenticate,
        schema: {
          tags: [TAG],
          summary: "Cerrar mi publicación: no recibe nuevas reservas; las reservas existentes siguen",
          security,
          headers: idemHeader,
          params: rentalIdParamsSchema,
          response: { 200: rentalResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: `POST /rentals/${req.params.id}/cerrar`,
            status: 200,
            toBody: rentalAnswer(RENTAL_MSG.closedOk),
          },
          (uow) => rentals.close(currentUser(req), req.params.id, uow),
        ),
    );

    app.get(
      "/rentals/asset/:assetId",
      {
        schema: {
          tags: [TAG],
          summary: "El alquiler abierto de un activo y los días ya reservados (sin sesión)",
          params: rentalAssetParamsSchema,
          response: { 200: assetRentalResponseSchema, 400: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, data: await rentals.forAsset(req.params.assetId) }),
    );

    app.post(
      "/rentals/:id/reservar",
      {
        onRequest: authenticate,
        schema: {
          tags: [TAG],
          summary:
            "Reservar días dentro del periodo: el pago (precio por día × días) queda en custodia; la base de datos rechaza fechas ya reservadas",
          security,
          headers: idemHeader,
          params: rentalIdParamsSchema,
          body: bookRentalSchema,
          response: { 201: rentalBookingResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        idempotentReply(
          req,
          reply,
          {
            db,
            userId: currentUser(req).id,
            route: `POST /rentals/${req.params.id}/reservar`,
            status: 201,
            toBody: bookingAnswer(RENTAL_MSG.booked, RENTAL_MSG.bookedFree),
          },
          (uow) => rentals.book(currentUser(req), req.params.id, req.body, uow),
        ),
    );

    app.get(
      "/rentals/bookings",
      {
        onRequest: authenticate,
        schema: {
          tags: [TAG],
          summary: "Mis reservas, como arrendatario o como dueño, las más nuevas primero",
          security,
          response: { 200: rentalBookingListResponseSchema, 401: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, data: await rentals.bookings(currentUser(req)) }),
    );

    const steps: [string, string, string, string, Step][] = [
      [
        "cancelar",
        "Cancelar una reserva antes de su primer día (cualquiera de las partes): se devuelve el pago",
        RENTAL_MSG.cancelled,
        RENTAL_MSG.cancelledFree,
        rentals.cancel,
      ],
      [
        "finalizar",
        "Finalizar el alquiler (dueño, desde su primer día): el pago pasa al dueño",
        RENTAL_MSG.finished,
        RENTAL_MSG.finishedFree,
        rentals.finish,
      ],
    ];
    for (const [name, summary, message, free, fn] of steps) {
      app.post(
        `/rentals/bookings/:id/${name}`,
        {
          onRequest: authenticate,
          schema: {
            tags: [TAG],
            summary,
            security,
            headers: idemHeader,
            params: rentalBookingIdParamsSchema,
            response: { 200: rentalBookingResponseSchema, ...errors },
          },
        },
        (req, reply) =>
          idempotentReply(
            req,
            reply,
            {
              db,
              userId: currentUser(req).id,
              route: `POST /rentals/bookings/${req.params.id}/${name}`,
              status: 200,
              toBody: bookingAnswer(message, free),
            },
            (uow) => fn(currentUser(req), req.params.id, uow),
          ),
      );
    }
  };
