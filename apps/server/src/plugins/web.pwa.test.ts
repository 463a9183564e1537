import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/harness.ts";

/**
 * The installable app's files (issue 20 item 1, ADR 023): the service worker is always revalidated, so
 * a new version is found at the browser's next check; the manifest has its own media type.
 */
let t: TestContext;
const sw = `self.addEventListener("fetch",()=>{});${"/* Valoriza */".repeat(60)}`;
const manifest = JSON.stringify({ name: "Valoriza", short_name: "Valoriza", lang: "es-CO", start_url: "/" });
const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000c0000000c008060000005", "hex");

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), "vz-web-pwa-"));
  mkdirSync(path.join(dist, "icons"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Valoriza</title>");
  writeFileSync(path.join(dist, "sw.js"), sw);
  writeFileSync(path.join(dist, "sw.js.br"), brotliCompressSync(sw));
  writeFileSync(path.join(dist, "sw.js.gz"), gzipSync(sw));
  writeFileSync(path.join(dist, "manifest.webmanifest"), manifest);
  writeFileSync(path.join(dist, "icons", "icon-192.png"), png);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => t?.close());

describe("service worker and manifest", () => {
  it("/sw.js is JavaScript that is never used without revalidating (also compressed)", async () => {
    for (const encoding of ["br", "gzip", undefined]) {
      const r = await t.app.inject({
        method: "GET",
        url: "/sw.js",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
      expect(r.statusCode, encoding).toBe(200);
      expect(String(r.headers["content-type"]), encoding).toMatch(/^(?:text|application)\/javascript/);
      expect(r.headers["cache-control"], encoding).toBe("no-cache");
      expect(r.headers["content-encoding"], encoding).toBe(encoding);
    }
  });

  it("/manifest.webmanifest is application/manifest+json, revalidated; its icons are PNG", async () => {
    const r = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(r.statusCode).toBe(200);
    expect(String(r.headers["content-type"])).toMatch(/^application\/manifest\+json/);
    expect(r.headers["cache-control"]).toBe("no-cache");
    expect(JSON.parse(r.body)).toMatchObject({ name: "Valoriza", lang: "es-CO" });

    const icon = await t.app.inject({ method: "GET", url: "/icons/icon-192.png" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
  });

  it("a missing service worker is a plain 404, not the app's page (no worker is installed from HTML)", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "vz-web-nosw-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Valoriza</title>");
    const other = await createTestApp({ webDist: dist });
    try {
      const r = await other.app.inject({ method: "GET", url: "/sw.js" });
      expect(r.statusCode).toBe(404);
      expect(String(r.headers["content-type"])).not.toContain("html");
    } finally {
      await other.close();
    }
  });
});
