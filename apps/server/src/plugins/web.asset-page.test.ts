import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext } from "../test/harness.ts";

/**
 * /ver-activo/{id} arrives with the asset's public detail inlined, its route's modules
 * preloaded and its title for link previews (plugins/web.ts), so the title paints without
 * two more requests one after the other.
 */
let t: TestContext;
const YEAR = new Date().getFullYear();
const html = `<!doctype html>
<html lang="es">
  <head>
    <meta name="description" content="Valoriza: mercado colaborativo." />
    <title>Valoriza</title>
    <script type="module" crossorigin src="/assets/index-aaa.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/session-bbb.js">
  </head>
  <body><div id="root"></div></body>
</html>`;
const manifest = {
  "index.html": { file: "assets/index-aaa.js", isEntry: true, imports: ["_session-bbb.js"] },
  "_session-bbb.js": { file: "assets/session-bbb.js" },
  "_card-ccc.js": { file: "assets/card-ccc.js", imports: ["_session-bbb.js"] },
  "src/app/AssetDetailRoute.tsx": {
    file: "assets/AssetDetailRoute-ddd.js",
    isDynamicEntry: true,
    imports: ["index.html", "_card-ccc.js", "_session-bbb.js"],
  },
};

let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "vz-web-page-"));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, "index.html"), html);
  writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => t?.close());

async function register(title: string, description: string, mainPurpose = "vender") {
  const u = await signUp(t.app);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/assets",
    headers: u.auth,
    payload: {
      title,
      description,
      assetType: "bien",
      origin: "personal",
      category: "Libros",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: YEAR - 1,
      baseValueCOP: 200_000,
      location: "Chapinero",
      mainPurpose,
      privacy: "publico",
      images: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user: u, id: json(res).data._id as string };
}

/** The JSON the page carries in its data block (or in another, by id). */
function inlined(body: string, id = "vz-page-data"): unknown {
  const m = new RegExp(`<script id="${id}" type="application/json">([\\s\\S]*?)</script>`).exec(body);
  return m ? JSON.parse(m[1] ?? "") : undefined;
}

describe("GET /ver-activo/{id}", () => {
  it("inlines exactly what GET /api/activos/{id} answers a visitor, and preloads the route's modules", async () => {
    const { id } = await register("Libros de cálculo", "Stewart, 7.ª edición, pocas notas.");
    const page = await t.app.inject({ method: "GET", url: `/ver-activo/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const api = await t.app.inject({ method: "GET", url: `/api/activos/${id}` });
    expect(inlined(page.body)).toEqual(json(api));

    expect(page.body).toContain("<title>Libros de cálculo · Valoriza</title>");
    expect(page.body).toContain('<meta name="description" content="Stewart, 7.ª edición, pocas notas." />');
    expect(page.body).toContain('<meta property="og:title" content="Libros de cálculo" />');
    // The route's own modules, not the ones index.html already loads.
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/AssetDetailRoute-ddd.js">');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/card-ccc.js">');
    expect(page.body.match(/session-bbb\.js/g)).toHaveLength(1);
    expect(page.body.match(/index-aaa\.js/g)).toHaveLength(1);
  });

  it("an asset to donate comes with its pending donation as a visitor without a session sees it", async () => {
    const donated = await register("Sofá de tres puestos", "Tapizado gris.", "donar");
    const page = async (id: string) => (await t.app.inject({ method: "GET", url: `/ver-activo/${id}` })).body;
    const visitorView = async (id: string) =>
      json(await t.app.inject({ method: "GET", url: `/api/donations/asset/${id}` }));

    // Nothing pending yet: the block says so (data null), as the API does.
    expect(inlined(await page(donated.id), "vz-page-donation")).toEqual({ success: true, data: null });

    const r = await t.app.inject({
      method: "POST",
      url: "/api/donations",
      headers: donated.user.auth,
      payload: { donorId: donated.user.id, assetId: donated.id, recipientId: "", message: "Para quien lo necesite" },
    });
    expect(r.statusCode, r.body).toBe(201);
    const community = inlined(await page(donated.id), "vz-page-donation");
    expect(community).toEqual(await visitorView(donated.id));
    expect(community).toMatchObject({
      data: { community: true, role: null, details: { message: "Para quien lo necesite" } },
    });

    // A gift to one person: anyone else, and so the page, learns only that it is reserved.
    const gift = await register("Bicicleta para Ana", "Rin 26.", "regalar");
    const ana = await signUp(t.app);
    const g = await t.app.inject({
      method: "POST",
      url: "/api/donations",
      headers: gift.user.auth,
      payload: { donorId: gift.user.id, assetId: gift.id, recipientId: ana.id, message: "Para ti" },
    });
    expect(g.statusCode, g.body).toBe(201);
    const reserved = inlined(await page(gift.id), "vz-page-donation");
    expect(reserved).toEqual(await visitorView(gift.id));
    expect(reserved).toMatchObject({ data: { reservedForSomeoneElse: true, _id: null, details: null } });
    expect(await page(gift.id)).not.toContain("Para ti");

    // Any other asset carries no donation block.
    const sale = await register("Lámpara de pie", "Funciona.");
    expect(await page(sale.id)).not.toContain("vz-page-donation");
  });

  it("a title or description with markup cannot break out of the page", async () => {
    const evil = `</script><script>alert(1)</script><!--`;
    const { id } = await register(`Libro ${evil}`, `"><img src=x onerror=alert(2)> & ${evil}`);
    const page = await t.app.inject({ method: "GET", url: `/ver-activo/${id}` });
    expect(page.statusCode).toBe(200);
    // One closing script tag per script element: none comes from the data.
    expect(page.body.match(/<script/g)).toHaveLength(2);
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(page.body).not.toContain("<img");
    expect(page.body).toContain("&lt;/script&gt;");
    const data = inlined(page.body) as { data: { title: string; description: string } };
    expect(data.data.title).toBe(`Libro ${evil}`);
    expect(data.data.description).toContain(evil);
  });

  it("a deactivated or unknown asset, or a malformed id, gets the plain app shell", async () => {
    const { user, id } = await register("Libro para retirar", "Se desactiva.");
    const off = await t.app.inject({ method: "PUT", url: `/api/activos/desactivar/${id}`, headers: user.auth });
    expect(off.statusCode, off.body).toBe(200);
    for (const url of [`/ver-activo/${id}`, "/ver-activo/0190a000-0000-7000-8000-000000000000", "/ver-activo/123"]) {
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(html);
    }
    // A path under the asset page that the app has no page for: the shell, answered 404 (issue 15 item 5).
    const extra = await t.app.inject({ method: "GET", url: `/ver-activo/${id}/x` });
    expect(extra.statusCode).toBe(404);
    expect(extra.body).toBe(html);
  });
  it("preloads the chunk the build groups the route into (`asset-page`), picked up from a rebuilt web app", async () => {
    const { id } = await register("Libros de química", "Chang, 10.ª edición.");
    const grouped = {
      "index.html": manifest["index.html"],
      "_session-bbb.js": manifest["_session-bbb.js"],
      "_shared-fff.js": { file: "assets/shared-fff.js", name: "shared", imports: ["index.html"] },
      "_asset-page-eee.js": {
        file: "assets/asset-page-eee.js",
        name: "asset-page",
        imports: ["index.html", "_shared-fff.js"],
      },
    };
    try {
      writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(grouped));
      // A rebuild writes index.html again: the server reads the manifest anew when it changes.
      writeFileSync(path.join(dist, "index.html"), `${html}\n`);
      const page = await t.app.inject({ method: "GET", url: `/ver-activo/${id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/asset-page-eee.js">');
      expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-fff.js">');
      expect(page.body).not.toContain("AssetDetailRoute-ddd.js");
      expect(page.body.match(/index-aaa\.js/g)).toHaveLength(1);
    } finally {
      writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(manifest));
      writeFileSync(path.join(dist, "index.html"), html);
    }
  });
});
