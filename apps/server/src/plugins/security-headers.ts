import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Security headers, computed ONCE at start-up (ADR 012).
 *
 * Helmet's headers do not depend on the request, yet running it as a plugin
 * costs a chain of a dozen middlewares per response. Here helmet runs once
 * against a recording response; every answer (API, web app, errors) then gets
 * the same headers with a single `reply.headers(...)`, together with the
 * request id.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * JSON answers are never rendered as documents, so they carry the headers that matter for an API
 * (OWASP REST Security cheat sheet): a CSP that allows nothing and no framing, HSTS, nosniff,
 * no referrer and same-origin reads. Half of helmet's set: each header costs node's validation on
 * every response (measured with bench/profile.ts, ADR 012). Documents (the web app, static files,
 * /api/docs) keep helmet's full set.
 */
export function apiHeaders(document: Readonly<Record<string, string>>): Record<string, string> {
  const pick = (name: string) => (document[name] ? { [name]: document[name] } : {});
  return {
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...pick("strict-transport-security"),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    ...pick("referrer-policy"),
    ...pick("cross-origin-resource-policy"),
  };
}

const isApi = (url: string) => url.startsWith("/api/") && !url.startsWith("/api/docs");

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const documents = helmetHeaders(options);
  const api = apiHeaders(documents);
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(isApi(req.url) ? api : documents);
    reply.header("x-request-id", req.id);
    done();
  });
}
