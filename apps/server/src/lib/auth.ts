import { randomUUID, webcrypto } from "node:crypto";
import { MSG } from "@valoriza/domain";
import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import type { Clock } from "./clock.ts";
import { unauthorized } from "./errors.ts";

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** The token's `jti` and expiry (seconds): what POST /users/logout revokes. Absent on older tokens. */
  session?: { jti: string; exp: number };
}

/** An AuthUser handed on inside the server (e.g. a deal transition's input), read back typed. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  session: z.object({ jti: z.string(), exp: z.number() }).optional(),
});

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `authenticate` pre-handler; absent on public routes. */
    authUser?: AuthUser;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TokenPayload {
  sub: string;
  ver: number;
  /** One id per signed token (a session): 'Salir' revokes it (table revoked_sessions). */
  jti?: string;
  exp?: number;
}

export class TokenService {
  /**
   * The HMAC key, imported once: given the raw bytes, jose imports them again on every sign and
   * verify (about half of a verify's CPU, measured: 91-112 against 49-52 µs; issue 21).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    // A key that cannot be imported fails each sign and verify (a 401), never the process.
    this.key.catch(() => {});
  }

  /**
   * Called with every token signed: a token with a newer version (after a password change)
   * tells this process's session cache at once that older tokens of that user are over.
   */
  onSign: ((userId: string, version: number) => void) | undefined;

  /**
   * Called when one of a user's sessions was ended here ('Salir'): this process's session cache
   * drops the user at once (other processes hear the database's notification).
   */
  onRevoke: ((userId: string) => void) | undefined;

  async sign(userId: string, version: number): Promise<string> {
    this.onSign?.(userId, version);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ver: version })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * Tokens this process has verified (the whole token string as key), until they expire: a person's
   * page sends the same token with every call for an hour, and checking its signature again (WebCrypto,
   * a thread-pool job) was about 5 % of a credit call's CPU (issue 21). Only a token that passed
   * jose's checks gets here, and its expiry is checked on every use; revocation and password changes
   * are the session lookup's business (makeAuthenticate), after this. Oldest dropped past the cap.
   */
  private readonly verified = new Map<string, TokenPayload & { exp: number }>();
  static readonly MAX_VERIFIED = 10_000;

  /**
   * Throws a 401 AppError for a missing, forged or expired token, one that
   * never expires (no `exp`) or one whose subject is not a user id (UUID).
   */
  async verify(token: string): Promise<TokenPayload> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once `exp` <= now (whole seconds).
      if (known.exp > Math.floor(now.getTime() / 1000)) return { ...known };
      this.verified.delete(token);
      throw unauthorized(MSG.sessionExpired);
    }
    let checked: TokenPayload & { exp: number };
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ["HS256"],
        currentDate: now,
        requiredClaims: ["exp", "sub"],
      });
      if (typeof payload.sub !== "string" || !UUID.test(payload.sub)) throw new Error("subject");
      if (typeof payload.ver !== "number" || !Number.isInteger(payload.ver)) throw new Error("shape");
      if (typeof payload.exp !== "number") throw new Error("exp");
      const jti = typeof payload.jti === "string" && payload.jti ? payload.jti : undefined;
      checked = { sub: payload.sub, ver: payload.ver, jti, exp: payload.exp };
    } catch {
      throw unauthorized(MSG.sessionExpired);
    }
    if (this.verified.size >= TokenService.MAX_VERIFIED) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, checked);
    return { ...checked };
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * `tokenVersion`: the version the token carries (a cache re-reads a row older than it).
 * `revokedJtis`: the user's sessions ended by 'Salir' that have not expired yet.
 */
export type UserLookup = (
  id: string,
  tokenVersion?: number,
) => Promise<
  { id: string; email: string; isAdmin: boolean; tokenVersion: number; revokedJtis?: string[] | null } | undefined
>;

/** Marks the session checks so `sessionFirst` can find them in a route's hooks. */
const SESSION_CHECK = Symbol("valoriza.sessionCheck");
type SessionCheck = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [SESSION_CHECK]?: true };
const markSessionCheck = <T extends SessionCheck>(fn: T): T => {
  fn[SESSION_CHECK] = true;
  return fn;
};
const isSessionCheck = (fn: unknown): boolean =>
  typeof fn === "function" && (fn as SessionCheck)[SESSION_CHECK] === true;

/**
 * Builds `authenticate`, the session check of every route that needs one.
 *
 * RULE for every protected route: run it as `onRequest: authenticate`, never
 * as preValidation/preHandler. onRequest runs before Fastify reads the body,
 * so a caller without a valid session gets its 401 without the server
 * buffering, parsing or validating a single byte it sent (and without a 400
 * that lists the fields). `sessionFirst` (registered on the root instance)
 * enforces this for routes written the old way: it moves a session check found
 * in preValidation/preHandler to the front of onRequest. Each route keeps the
 * small default body limit unless it declares its own `bodyLimit`.
 */
export function makeAuthenticate(tokens: TokenService, lookup: UserLookup) {
  return markSessionCheck(async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized(MSG.loginRequired);
    const payload = await tokens.verify(token);
    const user = await lookup(payload.sub, payload.ver);
    if (!user || user.tokenVersion !== payload.ver) throw unauthorized(MSG.sessionExpired);
    if (payload.jti && user.revokedJtis?.includes(payload.jti)) throw unauthorized(MSG.sessionExpired);
    request.authUser = {
      id: user.id,
      email: user.email,
      isAdmin: user.isAdmin,
      ...(payload.jti && payload.exp ? { session: { jti: payload.jti, exp: payload.exp } } : {}),
    };
  });
}

/** For route handlers behind `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

/** Like authenticate, but a missing or invalid token just leaves the request anonymous. */
export function makeOptionalAuthenticate(authenticate: ReturnType<typeof makeAuthenticate>) {
  return markSessionCheck(async function optionalAuthenticate(request: FastifyRequest, reply: FastifyReply) {
    if (!bearerToken(request)) return;
    try {
      await authenticate(request, reply);
    } catch {
      request.authUser = undefined;
    }
  });
}

type HookList = RouteOptions["onRequest"];
const asList = (h: HookList): unknown[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/** Body limit of a route that declares none (JSON forms are a few KB; images declare their own). */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

/**
 * onRoute hook (root instance, before any route is added): a session check
 * placed in preValidation or preHandler moves to the front of onRequest, and a
 * route without its own `bodyLimit` gets DEFAULT_BODY_LIMIT. See makeAuthenticate.
 */
export function sessionFirst(route: RouteOptions): void {
  const moved: unknown[] = [];
  for (const stage of ["preValidation", "preHandler"] as const) {
    const hooks = asList(route[stage] as HookList);
    if (!hooks.some(isSessionCheck)) continue;
    moved.push(...hooks.filter(isSessionCheck));
    const rest = hooks.filter((h) => !isSessionCheck(h));
    (route as unknown as Record<string, unknown>)[stage] = rest.length ? rest : undefined;
  }
  const onRequest = asList(route.onRequest);
  if (moved.length) route.onRequest = [...moved, ...onRequest.filter((h) => !moved.includes(h))] as HookList;
  if (route.bodyLimit === undefined) route.bodyLimit = DEFAULT_BODY_LIMIT;
}
