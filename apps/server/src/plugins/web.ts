import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isWebRoute, MSG } from "@valoriza/domain";
import type { FastifyInstance } from "fastify";
import { sendError } from "./error-handler.ts";

const NOT_BUILT = `<!doctype html><html lang="es-CO"><meta charset="utf-8"><title>Valoriza</title>
<p>La aplicación web no está construida. Ejecuta <code>npm run build</code>.</p></html>`;

/** What an asset's page can show before its JavaScript runs (the public detail, as the API answers it). */
export interface AssetPageData {
  title: string;
  description: string;
  /** The API's body for GET /api/activos/{id}. */
  body: unknown;
  /**
   * For an asset to donate or give away: the API's body for GET /api/donations/asset/{id} as a
   * visitor without a session gets it, so its panel (whose height depends on the donation's state)
   * paints with the page instead of growing when the state arrives.
   */
  donation?: unknown;
}

export interface WebPages {
  /** The public detail of an asset, or null when it is not public (unknown, deactivated). */
  asset(id: string): Promise<AssetPageData | null>;
}

const ASSET_PAGE = /^\/ver-activo\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** The lazy route module of the asset page (Vite's manifest key)... */
const ASSET_ROUTE_MODULE = "src/app/AssetDetailRoute.tsx";
/** ...or, when the build groups it with its modules (apps/web/vite.config.ts), that chunk's name. */
const ASSET_ROUTE_CHUNK = "asset-page";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** JSON inside a <script> data block: nothing in it can close the tag or start markup. */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

interface ViteManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

/**
 * index.html and the asset page's module list, read from the build and kept until index.html
 * changes (a rebuilt web app is picked up without a restart, like the static files).
 */
function builtShell(root: string) {
  let cached: { mtimeMs: number; html: string; assetModules: string[] } | undefined;
  return () => {
    const indexPath = path.join(root, "index.html");
    const mtimeMs = statSync(indexPath).mtimeMs;
    if (cached?.mtimeMs === mtimeMs) return cached;
    const html = readFileSync(indexPath, "utf8");
    let assetModules: string[] = [];
    try {
      const manifest = JSON.parse(readFileSync(path.join(root, ".vite", "manifest.json"), "utf8")) as Record<
        string,
        ViteManifestChunk
      >;
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      const routeKey = manifest[ASSET_ROUTE_MODULE]
        ? ASSET_ROUTE_MODULE
        : Object.keys(manifest).find((key) => manifest[key]?.name === ASSET_ROUTE_CHUNK);
      if (routeKey) visit(routeKey);
      // Modules index.html already loads need no second hint.
      assetModules = [...files].filter((file) => !html.includes(`/${file}"`));
    } catch {
      assetModules = [];
    }
    cached = { mtimeMs, html, assetModules };
    return cached;
  };
}

/**
 * Serves the built web app: index.html for every route of the app (`WEB_ROUTES`), and for any
 * other path the same page with HTTP 404 (the app shows its not-found page); a JSON 404 for
 * unknown /api paths. An asset's page comes with its public detail
 * inlined and its route's modules preloaded, so its title paints without waiting for
 * two more requests one after the other (issue 7, ADR 012); and with its title and
 * description for link previews.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined, pages?: WebPages): Promise<void> {
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
        // Vite's hashed bundles never change; index.html always revalidates, and so do sw.js and
        // manifest.webmanifest (a new service worker is found at the browser's next check; ADR 023).
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }

  const shell = root ? builtShell(root) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (url === "/api" || url.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD")) {
      return sendError(request, reply, 404, "NOT_FOUND", MSG.notFoundRoute);
    }
    // A missing bundle or file (anything with an extension) is a real 404, not the SPA.
    if (/\.[a-z0-9]{1,8}$/i.test(url) || url.startsWith("/assets/") || url.startsWith("/uploads/")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("No encontrado");
    }
    // Unknown routes of the web app are a real 404 too, with the app's own not-found page.
    const status = isWebRoute(url) ? 200 : 404;
    if (!root) return reply.status(status).type("text/html; charset=utf-8").send(NOT_BUILT);
    reply.header("cache-control", "no-cache");
    const assetId = pages && request.method === "GET" ? ASSET_PAGE.exec(url)?.[1] : undefined;
    if (assetId && shell) {
      const page = await pages?.asset(assetId.toLowerCase()).catch(() => null);
      if (page) return reply.type("text/html; charset=utf-8").send(assetPageHtml(shell(), page));
    }
    return reply.status(status).sendFile("index.html");
  });
}

/** index.html with the asset's title, description, preloaded route modules and inlined detail (and donation). */
function assetPageHtml(shell: { html: string; assetModules: string[] }, page: AssetPageData): string {
  const title = escapeHtml(`${page.title} · Valoriza`);
  const description = escapeHtml(page.description.replace(/\s+/g, " ").trim().slice(0, 200));
  const head = [
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    description ? `<meta property="og:description" content="${description}" />` : "",
    ...shell.assetModules.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    `<script id="vz-page-data" type="application/json">${jsonForScript(page.body)}</script>`,
    page.donation === undefined
      ? ""
      : `<script id="vz-page-donation" type="application/json">${jsonForScript(page.donation)}</script>`,
  ]
    .filter(Boolean)
    .join("\n    ");
  let html = shell.html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  if (description) {
    html = html.replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${description}" />`,
    );
  }
  return html.replace(/\n?\s*<\/head>/, `\n    ${head}\n  </head>`);
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
