import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { MSG } from "@valoriza/domain";
import type { FastifyInstance } from "fastify";
import { sendError } from "./error-handler.ts";

const NOT_BUILT = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Valoriza</title>
<p>La aplicación web no está construida. Ejecuta <code>npm run build</code>.</p></html>`;

/**
 * Serves the built web app with an SPA fallback for every non-/api path, and
 * a JSON 404 for unknown /api paths.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist && existsSync(path.join(webDist, "index.html")) ? path.resolve(webDist) : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // A wildcard route reads the directory per request: a rebuilt web app is served without a restart.
      wildcard: true,
      index: "index.html",
      // The build writes .br and .gz next to each text file (apps/web/scripts/precompress.ts):
      // sent to browsers that accept them, nothing is compressed per request (ADR 012).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite's hashed bundles never change; index.html always revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url === "/api" || url.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return sendError(request, reply, 404, "NOT_FOUND", MSG.notFoundRoute);
    }
    // A missing bundle or file (anything with an extension) is a real 404, not the SPA.
    if (/\.[a-z0-9]{1,8}$/i.test(url) || url.startsWith("/assets/") || url.startsWith("/uploads/")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("No encontrado");
    }
    if (!root) return reply.status(200).type("text/html; charset=utf-8").send(NOT_BUILT);
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}

/** Uploaded images (DATA_DIR/uploads), served read-only under /uploads/. */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = path.join(path.resolve(dataDir), "uploads");
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    setHeaders(res) {
      res.header("cache-control", "public, max-age=31536000, immutable");
      res.header("x-content-type-options", "nosniff");
    },
  });
}
