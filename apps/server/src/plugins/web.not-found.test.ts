import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WEB_ROUTES } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.ts";

/**
 * Issue 15 item 5: an unknown route of the web app answers HTTP 404 with the app's page (which
 * shows '404 Page Not Found'), while every route of the app answers 200.
 */
let t: TestContext;
const SHELL = '<!doctype html><html lang="es-CO"><title>Valoriza</title><div id="root"></div></html>';

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "vz-web-404-"));
  writeFileSync(path.join(dist, "index.html"), SHELL);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: "GET", url });

describe("rutas de la aplicación web", () => {
  it("una ruta desconocida responde 404 con la página de la aplicación", async () => {
    for (const url of [
      "/esta-ruta-no-existe",
      "/una/ruta/cualquiera?x=1",
      "/perfil/otra",
      "/ver-activo",
      "/ver-activo/",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toBe(SHELL);
    }
    expect((await t.app.inject({ method: "HEAD", url: "/nada-por-aqui" })).statusCode).toBe(404);
  });

  it("cada ruta de la aplicación responde 200 (también con barra final, mayúsculas o consulta)", async () => {
    for (const route of WEB_ROUTES) {
      const url = `/${route.replace(":id", "0190a1b2-0000-7000-8000-000000000001")}`;
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
    for (const url of ["/perfil/", "/Mis-Activos", "/intercambiar?tab=recibidas", "/ver-activo/123"]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("la lista de rutas del servidor es la del enrutador de la web", () => {
    const routerFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/src/app/router.tsx");
    const source = readFileSync(routerFile, "utf8");
    const declared = [...source.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== "*");
    if (/<Route\s+index\b/.test(source)) declared.push("");
    expect([...new Set(declared)].sort()).toEqual([...WEB_ROUTES].sort());
  });
});
