import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "./harness.ts";

/**
 * Every call with a body or params, hit with bad input. None may answer 500.
 * Later areas add their routes to this table.
 */
const CALLS: { method: "POST" | "PUT" | "GET" | "PATCH"; url: string; auth: boolean }[] = [
  { method: "POST", url: "/api/users/register", auth: false },
  { method: "POST", url: "/api/users/login", auth: false },
  { method: "PUT", url: "/api/profile", auth: true },
  { method: "PUT", url: "/api/profile/password", auth: true },
  { method: "GET", url: "/api/usuarios/no-es-un-uuid/saldo", auth: true },
  { method: "GET", url: "/api/wallet/balance/no-es-un-uuid", auth: true },
  { method: "GET", url: "/api/wallet/transactions/no-es-un-uuid?limit=abc", auth: true },
  { method: "GET", url: "/api/wallet/mini/%27%3B%20drop%20table%20users", auth: true },
  { method: "POST", url: "/api/wallet/sync/no-es-un-uuid", auth: true },
  { method: "GET", url: "/api/movimientos/123", auth: true },
  { method: "POST", url: "/api/notificaciones/marcar-leidas", auth: true },
  { method: "POST", url: "/api/assets", auth: true },
  { method: "POST", url: "/api/tiempo/registrar", auth: true },
  { method: "POST", url: "/api/dinero/registrar", auth: true },
  { method: "POST", url: "/api/activos/liberar-creditos", auth: true },
  { method: "PUT", url: "/api/activos/desactivar/no-es-un-uuid", auth: true },
  { method: "PUT", url: "/api/operaciones/finalizar/01890000-0000-7000-8000-000000000000", auth: true },
  { method: "GET", url: "/api/activos/%00%ff", auth: false },
  { method: "GET", url: "/api/assets?limit=-4&offset=abc&excludeUserId=x", auth: false },
  { method: "GET", url: "/api/assets/user/nadie?status=activo", auth: true },
  { method: "GET", url: "/api/actions/%7B%7D", auth: false },
];

const BAD_BODIES: { name: string; payload: string; contentType?: string }[] = [
  { name: "missing body", payload: "" },
  { name: "malformed JSON", payload: '{"email": "a@b.co",' },
  { name: "JSON array", payload: "[1,2,3]" },
  { name: "JSON string", payload: '"hola"' },
  { name: "JSON null", payload: "null" },
  {
    name: "wrong types",
    payload: JSON.stringify({
      name: 5,
      apellido: [],
      email: {},
      password: true,
      currentPassword: 1,
      newPassword: null,
      redes: "x",
      telefono: 123,
    }),
  },
  { name: "deeply nested", payload: `${"[".repeat(5000)}${"]".repeat(5000)}` },
  {
    name: "huge strings",
    payload: JSON.stringify({
      name: "x".repeat(100_000),
      email: `${"a".repeat(500)}@b.co`,
      password: "y".repeat(10_000),
      description: "z".repeat(50_000),
    }),
  },
  { name: "oversized body", payload: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }) },
  { name: "text/plain", payload: "hola", contentType: "text/plain" },
  {
    name: "prototype pollution",
    payload: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}',
  },
];

let t: TestContext;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

describe("bad input never answers 500", () => {
  for (const call of CALLS) {
    for (const bad of BAD_BODIES) {
      it(`${call.method} ${call.url} with ${bad.name} -> 4xx with a Spanish message`, async () => {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          payload: bad.payload,
          headers: {
            "content-type": bad.contentType ?? "application/json",
            ...(call.auth ? user.auth : {}),
          },
        });
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const body = json(res);
        expect(body.success).toBe(false);
        expect(typeof body.message).toBe("string");
        expect(res.body).not.toMatch(/at .*\.ts:\d+|stack|node_modules/);
      });
    }
  }

  it("answers malformed JSON with 400 and oversized bodies with 413", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe("El cuerpo de la solicitud no es un JSON válido");
    const big = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toBe("La solicitud es demasiado grande");
  });

  it("a polluted body does not make anyone an admin", async () => {
    const u = await signUp(t.app);
    await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      payload: '{"__proto__": {"isAdmin": true}, "ciudad": "Neiva"}',
      headers: { "content-type": "application/json", ...u.auth },
    });
    const res = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
    expect(json(res).data.isAdmin).toBe(false);
  });
});

describe("HTTP surface", () => {
  it("GET /api/health answers ok", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: "ok", database: "ok" });
  });

  it("unknown /api paths get a JSON 404 in Spanish", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({
      success: false,
      message: "La ruta solicitada no existe",
      code: "NOT_FOUND",
      requestId: res.headers["x-request-id"],
    });
  });

  it("sends security headers with a CSP and a request id", async () => {
    // JSON answers: a CSP that allows nothing, no framing, nosniff, HSTS.
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toContain("max-age=");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // Documents (any path outside /api): helmet's full set, scripts from the site only.
    const doc = await t.app.inject({ method: "GET", url: "/ver-activo/x" });
    const csp = String(doc.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(doc.headers["x-content-type-options"]).toBe("nosniff");
    expect(doc.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("serves OpenAPI docs generated from the schemas", async () => {
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(ui.statusCode).toBeLessThan(400);
    const spec = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(spec.statusCode).toBe(200);
    const doc = json(spec);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/users/register", "/api/users/login", "/api/profile", "/api/profile/password"]),
    );
    expect(
      doc.paths["/api/users/register"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("email");
  });

  it("serves the web app with an SPA fallback for every non-/api path", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "vz-web-"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Valoriza SPA</title>");
    const ctx = await createTestApp({ webDist: dist });
    try {
      for (const url of ["/", "/perfil", "/ver-activo/123"]) {
        const res = await ctx.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain("Valoriza SPA");
      }
      // An unknown route gets the same page (the app shows its 404) with HTTP 404 (issue 15 item 5).
      const unknown = await ctx.app.inject({ method: "GET", url: "/una/ruta/cualquiera?x=1" });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain("Valoriza SPA");
      expect((await ctx.app.inject({ method: "GET", url: "/api/nada" })).statusCode).toBe(404);
      // A missing bundle is a real 404, not the SPA; a file added after start is served.
      expect((await ctx.app.inject({ method: "GET", url: "/assets/index-viejo.js" })).statusCode).toBe(404);
      mkdirSync(path.join(dist, "assets"), { recursive: true });
      writeFileSync(path.join(dist, "assets", "app-nuevo.js"), "console.log(1)");
      const js = await ctx.app.inject({ method: "GET", url: "/assets/app-nuevo.js" });
      expect(js.statusCode).toBe(200);
      expect(js.headers["cache-control"]).toContain("immutable");
    } finally {
      await ctx.close();
    }
  });
});
