import { MSG } from "@valoriza/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import type { Clock } from "./clock.ts";
import { unauthorized } from "./errors.ts";

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `authenticate` pre-handler; absent on public routes. */
    authUser?: AuthUser;
  }
}

export interface TokenPayload {
  sub: string;
  ver: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, version: number): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ver: version })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /** Throws a 401 AppError for a missing, forged or expired token. */
  async verify(token: string): Promise<TokenPayload> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ["HS256"],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== "string" || typeof payload.ver !== "number") throw new Error("shape");
      return { sub: payload.sub, ver: payload.ver };
    } catch {
      throw unauthorized(MSG.sessionExpired);
    }
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export type UserLookup = (
  id: string,
) => Promise<{ id: string; email: string; isAdmin: boolean; tokenVersion: number } | undefined>;

/** Builds the `authenticate` pre-handler used by every route that needs a session. */
export function makeAuthenticate(tokens: TokenService, lookup: UserLookup) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized(MSG.loginRequired);
    const payload = await tokens.verify(token);
    const user = await lookup(payload.sub);
    if (!user || user.tokenVersion !== payload.ver) throw unauthorized(MSG.sessionExpired);
    request.authUser = { id: user.id, email: user.email, isAdmin: user.isAdmin };
  };
}

/** For route handlers behind `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

/** Like authenticate, but a missing or invalid token just leaves the request anonymous. */
export function makeOptionalAuthenticate(authenticate: ReturnType<typeof makeAuthenticate>) {
  return async function optionalAuthenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!bearerToken(request)) return;
    try {
      await authenticate(request, reply);
    } catch {
      request.authUser = undefined;
    }
  };
}
