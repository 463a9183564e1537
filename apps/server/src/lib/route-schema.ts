import { errorResponseSchema } from "@valoriza/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { currentUser } from "./auth.ts";
import { idempotentReply, type UnitOfWork } from "./idempotency.ts";

/**
 * The pieces every authenticated, credit-moving route repeats (ADR 004's route layer):
 * the OpenAPI security entry, the optional Idempotency-Key header, the error answers
 * and the idempotentReply wiring for the session user. Routes keep their own paths,
 * summaries, bodies and success schemas.
 */

/** OpenAPI: the route takes the session's bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];

/** The optional Idempotency-Key header (validated by idempotentReply, not by the schema). */
export const idempotencyHeaders = z.looseObject({ "idempotency-key": z.string().optional() });

/** `{ 400: errorResponseSchema, 401: errorResponseSchema, ... }` for the given statuses. */
export function errorResponses<const C extends readonly number[]>(
  ...codes: C
): Record<C[number], typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as Record<
    C[number],
    typeof errorResponseSchema
  >;
}

/** The errors a credit-moving route answers: bad input, no session, forbidden, unknown, conflict, rule. */
export const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

export interface SessionAnswer<T, B> {
  /** The operation, e.g. `PUT /custodia/cancelar/<id>`: reusing a key on another operation is a mismatch. */
  route: string;
  /** Status of a successful first answer. */
  status: number;
  /** Builds the HTTP body from the service's domain result, before the commit. */
  toBody: (result: T) => B;
}

/**
 * idempotentReply for the session user, bound to `db`:
 *   const once = sessionIdempotent(db);
 *   (req, reply) => once(req, reply, { route, status, toBody }, (uow) => service.doIt(user, uow))
 */
export const sessionIdempotent =
  (db: Db) =>
  <T, B>(
    req: FastifyRequest,
    reply: FastifyReply,
    answer: SessionAnswer<T, B>,
    call: (uow: UnitOfWork<T>) => Promise<T>,
  ): Promise<B> =>
    idempotentReply(req, reply, { db, userId: currentUser(req).id, ...answer }, call);
