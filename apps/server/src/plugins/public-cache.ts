import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bearerToken } from "../lib/auth.ts";

/**
 * Public reads every visitor shares (ADR 012): the home feed and the economy's
 * state and report. Their answers do not depend on who asks, so:
 *
 * - every 200 answer carries an ETag; a request whose If-None-Match matches gets
 *   304 with no body;
 * - with `ttlMs` > 0 the serialized answer is kept in this process's memory for
 *   that long, per full URL (path and query), and served without running the
 *   route (no database read). Any successful write request handled by this
 *   process clears it at once; other processes' writes show within `ttlMs`
 *   (a few seconds), the freshness the public pages accept.
 * - a signed-in request (a bearer token) is never served from nor kept in that memory: the feed
 *   leaves out the listings of people the viewer blocked or who blocked the viewer (issue 19
 *   part 4), so its answer is the viewer's own. It still gets its ETag and 304.
 */
export const PUBLIC_CACHED_ROUTES = ["/api/assets", "/api/economia/estado", "/api/economia/reporte"] as const;

interface Entry {
  payload: string;
  etag: string;
  type: string;
  at: number;
}

const FROM_CACHE = Symbol("valoriza.publicCache.hit");
const GENERATION = Symbol("valoriza.publicCache.generation");
type Marked = FastifyRequest & { [FROM_CACHE]?: true; [GENERATION]?: number };

export interface PublicCacheOptions {
  /** 0 (default): ETag/304 only, nothing kept in memory. */
  ttlMs?: number;
  maxEntries?: number;
}

export function registerPublicCache(app: FastifyInstance, opts: PublicCacheOptions = {}): void {
  const ttlMs = opts.ttlMs ?? 0;
  const maxEntries = opts.maxEntries ?? 500;
  const routes = new Set<string>(PUBLIC_CACHED_ROUTES);
  const entries = new Map<string, Entry>();
  /** Bumped by every clear: an answer computed before a write is not stored after it. */
  let generation = 0;
  const shared = (req: FastifyRequest) =>
    (req.method === "GET" || req.method === "HEAD") && routes.has(req.routeOptions.url ?? "");
  const personal = (req: FastifyRequest) => bearerToken(req) !== undefined;
  const matches = (req: FastifyRequest, etag: string) => {
    const inm = req.headers["if-none-match"];
    return typeof inm === "string" && inm.split(",").some((t) => t.trim() === etag);
  };

  app.addHook("onRequest", (req, reply, done) => {
    if (ttlMs > 0 && shared(req) && !personal(req)) {
      (req as Marked)[GENERATION] = generation;
      const hit = entries.get(req.url);
      if (hit && performance.now() - hit.at < ttlMs) {
        (req as Marked)[FROM_CACHE] = true;
        reply.header("etag", hit.etag).header("cache-control", "no-cache");
        if (matches(req, hit.etag)) {
          reply.code(304).send();
        } else {
          reply.type(hit.type).send(hit.payload);
        }
        return;
      }
    }
    done();
  });

  app.addHook("onSend", async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if ((req as Marked)[FROM_CACHE] || !shared(req) || reply.statusCode !== 200 || typeof payload !== "string") {
      return payload;
    }
    const etag = `"${createHash("sha1").update(payload).digest("base64url")}"`;
    reply.header("etag", etag).header("cache-control", "no-cache");
    if (ttlMs > 0 && !personal(req) && (req as Marked)[GENERATION] === generation) {
      const type = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
      entries.delete(req.url);
      entries.set(req.url, { payload, etag, type, at: performance.now() });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    if (matches(req, etag)) {
      reply.code(304);
      return "";
    }
    return payload;
  });

  // A write handled here may change what the shared reads answer: forget them.
  app.addHook("onResponse", (req, reply, done) => {
    if (req.method !== "GET" && req.method !== "HEAD" && reply.statusCode < 400) {
      generation++;
      entries.clear();
    }
    done();
  });
}
