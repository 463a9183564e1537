import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.ts";

/** The built web app: precompressed files and long-lived caching of hashed bundles (ADR 012). */
let t: TestContext;
const js = `console.log(${JSON.stringify("Valoriza ".repeat(200))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "vz-web-br-"));
  mkdirSync(path.join(dist, "assets"));
  const html = `<!doctype html><title>Valoriza</title><script src="/assets/app-abc123.js"></script>${" ".repeat(600)}`;
  writeFileSync(path.join(dist, "index.html"), html);
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(html));
  writeFileSync(path.join(dist, "index.html.gz"), gzipSync(html));
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), js);
  writeFileSync(path.join(dist, "assets", "app-abc123.js.br"), brotliCompressSync(js));
  writeFileSync(path.join(dist, "assets", "app-abc123.js.gz"), gzipSync(js));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => t?.close());

describe("static files", () => {
  it("sends the brotli file to a browser that accepts it, gzip to one that accepts only gzip, raw otherwise", async () => {
    const url = "/assets/app-abc123.js";
    const b = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(b.statusCode).toBe(200);
    expect(b.headers["content-encoding"]).toBe("br");
    expect(String(b.headers["content-type"])).toContain("javascript");
    expect(b.rawPayload.length).toBeLessThan(js.length / 4);
    expect(b.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const g = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(g.headers["content-encoding"]).toBe("gzip");

    const raw = await t.app.inject({ method: "GET", url });
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect(raw.body).toBe(js);
  });

  it("index.html (also as the SPA fallback) is compressed but always revalidated", async () => {
    for (const url of ["/", "/ver-activo/123"]) {
      const r = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers["content-encoding"], url).toBe("br");
      expect(r.headers["cache-control"], url).toBe("no-cache");
    }
  });
});
