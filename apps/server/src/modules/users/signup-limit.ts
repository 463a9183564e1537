import rateLimit from "@fastify/rate-limit";
import { ACCOUNT_MSG } from "@valoriza/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { rateLimited } from "../../lib/errors.ts";
import { throttleAddress } from "./login-throttle.ts";
import { hitRateLimit, refundRateLimitHit } from "./rate-limit.repository.ts";

const HOUR = 60 * 60_000;
type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit whose counters live in PostgreSQL (table rate_limit_hits), so
 * every server process counts together. One upsert per hit: the window starts with the first hit
 * and the count starts again once `reset_at` has passed.
 */
export function dbRateLimitStore(db: Db, clock: Clock) {
  return class DbRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number): void {
      const now = clock.now().getTime();
      hitRateLimit(db, key, now, timeWindow).then(
        ({ hits, resetAt }) => cb(null, { current: hits, ttl: Math.max(0, resetAt - now) }),
        (err: Error) => cb(err),
      );
    }

    child(): DbRateLimitStore {
      return new DbRateLimitStore();
    }
  };
}

/** Gives back a hit that did not open an account (invalid data, email taken, ...). */
async function refund(db: Db, clock: Clock, key: string): Promise<void> {
  await refundRateLimitHit(db, key, clock.now());
}

/** The counted client address: request.ip (the socket's, or X-Forwarded-For only from TRUST_PROXY). */
export const signupKey = (req: FastifyRequest) => `registro:ip:${throttleAddress(req.ip)}`;

/**
 * REGISTROS_POR_IP_HORA: registers @fastify/rate-limit (not global) with the database store on this
 * plugin, and answers the route options of POST /users/register. The check runs on onRequest
 * (before the body is read); a request that does not create an account gives its hit back, so the
 * limit counts new accounts. 429 with a Spanish message and Retry-After.
 */
export async function registerSignupLimit(app: FastifyInstance, db: Db, clock: Clock, perHour: number) {
  await app.register(rateLimit, {
    global: false,
    store: dbRateLimitStore(db, clock),
    skipOnError: false,
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    addHeaders: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
      "retry-after": true,
    },
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return rateLimited(ACCOUNT_MSG.tooManySignups(Math.max(1, Math.ceil(seconds / 60))), seconds);
    },
  });
  return {
    config: { rateLimit: { max: perHour, timeWindow: HOUR, keyGenerator: signupKey } },
    onResponse: async (req: FastifyRequest, reply: { statusCode: number }) => {
      if (reply.statusCode !== 201 && reply.statusCode !== 429) await refund(db, clock, signupKey(req)).catch(() => {});
    },
  };
}
