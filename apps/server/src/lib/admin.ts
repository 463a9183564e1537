import { ADMIN_MSG } from "@valoriza/domain";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { forbidden } from "./errors.ts";

/**
 * Admin-only routes (overview §6; issue 11): `onRequest: [authenticate, requireAdmin]`.
 * Runs after the session check and before the body is read; the answer for a
 * signed-in non-admin is 403 with the spec's restricted message, and nothing runs.
 * isAdmin comes from the session's user row (never from the request).
 */
export const requireAdmin: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
  if (!request.authUser?.isAdmin) throw forbidden(ADMIN_MSG.restricted);
};

/** Body limit of the admin product routes (a product image travels as a data URL of up to ~280 KB). */
export const ADMIN_PRODUCT_BODY_LIMIT = 400 * 1024;
