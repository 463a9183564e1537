import net from "node:net";
import { errorResponseSchema, MSG } from "@valoriza/domain";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../test/harness.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from "./error-handler.ts";

/** The envelope of ADR 005: exact keys, the request id equal to the x-request-id header. */
function expectEnvelope(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["code", "message", "requestId", "success"]);
  expect(errorResponseSchema.parse(body)).toEqual(body);
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(body.requestId).toBe(res.headers["x-request-id"]);
  expect(String(body.requestId)).toMatch(/^[0-9a-f-]{36}$/);
  return body as { message: string; code: string; requestId: string };
}

let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await signUp(t.app);
});
afterAll(() => t.close());

describe("the error envelope on the real app", () => {
  it("401 without a session: UNAUTHORIZED, before the body is looked at", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/profile" });
    expect(expectEnvelope(res, 401, "UNAUTHORIZED").message).toBe(MSG.loginRequired);
  });

  it("403 on another person's wallet: FORBIDDEN", async () => {
    const other = await signUp(t.app);
    const res = await t.app.inject({ method: "GET", url: `/api/wallet/balance/${other.id}`, headers: u.auth });
    expect(expectEnvelope(res, 403, "FORBIDDEN").message).toBe(MSG.forbidden);
  });

  it("404 for an unknown route and for an unknown asset: NOT_FOUND", async () => {
    const route = await t.app.inject({ method: "DELETE", url: "/api/nada/por/aqui" });
    expect(expectEnvelope(route, 404, "NOT_FOUND").message).toBe(MSG.notFoundRoute);
    const asset = await t.app.inject({ method: "GET", url: "/api/activos/01890000-0000-7000-8000-000000000000" });
    expect(expectEnvelope(asset, 404, "NOT_FOUND").message).toBe("Activo no encontrado");
  });

  it("400 for invalid input (VALIDATION), malformed JSON and undecodable URLs (BAD_REQUEST)", async () => {
    const invalid = await t.app.inject({ method: "POST", url: "/api/users/login", payload: { email: "x" } });
    expectEnvelope(invalid, 400, "VALIDATION");
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: '{"email":',
    });
    expect(expectEnvelope(malformed, 400, "BAD_REQUEST").message).toBe(MSG.malformedJson);
    const badUrl = await t.app.inject({ method: "GET", url: "/api/activos/%ff" });
    expect(expectEnvelope(badUrl, 400, "BAD_REQUEST").message).toBe("La dirección solicitada no es válida");
  });

  it("413 for a body over the limit: PAYLOAD_TOO_LARGE; 415 for an unknown content type", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(expectEnvelope(big, 413, "PAYLOAD_TOO_LARGE").message).toBe(MSG.payloadTooLarge);
    const xml = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(expectEnvelope(xml, 415, "UNSUPPORTED_MEDIA_TYPE").message).toBe(MSG.unsupportedMediaType);
  });

  it("the request id differs per request", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api/profile" });
    const b = await t.app.inject({ method: "GET", url: "/api/profile" });
    expect(json(a).requestId).not.toBe(json(b).requestId);
  });
});

describe("framework answers that carry only a status get their own code", () => {
  const app = Fastify({ genReqId: () => crypto.randomUUID(), frameworkErrors });
  registerErrorHandler(app);
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  const statusError = (statusCode: number, message = "internal detail: /etc/secret") =>
    Object.assign(new Error(message), { statusCode });
  for (const status of [401, 403, 404, 405, 429, 431]) {
    app.get(`/s/${status}`, async () => {
      throw statusError(status);
    });
  }
  app.get("/boom", async () => {
    throw new Error("connection string postgres://user:pw@db");
  });
  afterAll(() => app.close());

  const expected: Record<number, [string, string]> = {
    401: ["UNAUTHORIZED", MSG.loginRequired],
    403: ["FORBIDDEN", MSG.forbidden],
    404: ["NOT_FOUND", MSG.notFoundRoute],
    405: ["METHOD_NOT_ALLOWED", "Método no permitido"],
    429: ["RATE_LIMITED", MSG.tooManyRequests],
    431: ["HEADERS_TOO_LARGE", "Los encabezados de la solicitud son demasiado grandes"],
  };
  for (const [status, [code, message]] of Object.entries(expected)) {
    it(`${status} -> ${code} with a Spanish message, never the internal one`, async () => {
      const res = await app.inject({ method: "GET", url: `/s/${status}` });
      expect(expectEnvelope(res, Number(status), code).message).toBe(message);
      expect(res.body).not.toContain("secret");
    });
  }

  it("an unexpected error is a 500 INTERNAL that leaks nothing", async () => {
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(expectEnvelope(res, 500, "INTERNAL").message).toBe(MSG.internal);
    expect(res.body).not.toContain("postgres");
  });
});

describe("HTTP parser errors (before any request exists)", () => {
  it("headers too large: 431 HEADERS_TOO_LARGE with the envelope and x-request-id", async () => {
    const app = Fastify({ clientErrorHandler });
    app.get("/", async () => ({ ok: true }));
    await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      const { port } = app.server.address() as net.AddressInfo;
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
        });
        let data = "";
        socket.setEncoding("utf8");
        socket.on("data", (c) => {
          data += c;
        });
        socket.on("close", () => resolve(data));
        socket.on("error", (e) => (data ? resolve(data) : reject(e)));
        socket.setTimeout(5000, () => socket.destroy());
      });
      expect(raw.startsWith("HTTP/1.1 431 ")).toBe(true);
      const [head, body] = raw.split("\r\n\r\n") as [string, string];
      const requestId = /x-request-id: ([0-9a-f-]{36})/i.exec(head)?.[1];
      const parsed = JSON.parse(body);
      expect(parsed).toEqual({
        success: false,
        message: "Los encabezados de la solicitud son demasiado grandes",
        code: "HEADERS_TOO_LARGE",
        requestId,
      });
      expect(errorResponseSchema.parse(parsed)).toEqual(parsed);
    } finally {
      await app.close();
    }
  });
});

describe("our own Spanish messages, never zod's (issue 15 item 23)", () => {
  const ZOD = /se esperaba|recibido|Llaves? desconocida|Entrada inválida|Demasiado (grande|pequeño)|Opción inválida/;
  const inject = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

  it("a generic zod issue is worded by us and names the field", async () => {
    const r = await inject("GET", "/api/intercambios/ofertas?tipo=otras");
    const body = expectEnvelope(r, 400, "VALIDATION");
    expect(body.message).toBe("El campo tipo debe ser uno de: mias, todas");
  });

  it("open offers: a fractional range is rounded, the spec's own userId ignored", async () => {
    const asset = json(
      await inject("POST", "/api/assets", {
        title: "Patineta eléctrica",
        description: "Poco uso, cargador incluido",
        assetType: "bien",
        origin: "personal",
        category: "Deportes",
        condition: "usado",
        physicalState: "bueno",
        yearOfPurchase: 2023,
        baseValueCOP: 1_200_000,
        mainPurpose: "intercambiar",
        privacy: "publico",
        images: [],
      }),
    ).data;
    const r = await inject("POST", "/api/intercambios/ofertas", {
      activoId: asset._id,
      categoriaDeseada: "Tecnología",
      rangoValorDeseadoCOP: { min: 800_000.4, max: 1_300_000.6 },
      userId: u.id,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(json(r).data.rangoValorDeseadoCOP).toEqual({ min: 800_000, max: 1_300_001 });
    const bad = await inject("POST", "/api/intercambios/ofertas", {
      activoId: asset._id,
      categoriaDeseada: "Tecnología",
      rangoValorDeseadoCOP: { min: "mucho", max: -1 },
    });
    const body = expectEnvelope(bad, 400, "VALIDATION");
    expect(body.message).toBe(
      "El mínimo del rango de valor deseado debe ser un número de pesos mayor o igual a 0. " +
        "El máximo del rango de valor deseado debe ser un número de pesos mayor o igual a 0",
    );
  });

  it("a malformed id answers 400 'El identificador … no es válido' everywhere, whatever its length", async () => {
    const routes: [method: "GET" | "POST" | "PUT" | "PATCH", url: string, what: string][] = [
      ["GET", "/api/activos/X", "del activo"],
      ["GET", "/api/assets/user/X", "del usuario"],
      ["GET", "/api/usuarios/X/saldo", "del usuario"],
      ["GET", "/api/movimientos/X", "del usuario"],
      ["GET", "/api/reputation/X", "del usuario"],
      ["POST", "/api/loans/approve/X", "del préstamo"],
      ["GET", "/api/loans/lender-assets/X", "del prestamista"],
      ["POST", "/api/rentals/X/reservar", "del alquiler"],
      ["POST", "/api/rentals/bookings/X/cancelar", "de la reserva"],
      ["GET", "/api/rentals/asset/X", "del activo"],
      ["POST", "/api/donations/accept/X", "de la donación"],
      ["GET", "/api/donations/asset/X", "del activo"],
      ["PUT", "/api/custodia/cancelar/X", "de la custodia"],
      ["PATCH", "/api/exchanges/X/status", "de la propuesta"],
      ["POST", "/api/marketplace/X/comprar", "del producto"],
      ["GET", "/api/chat/X", "del chat"],
    ];
    const wrong: string[] = [];
    for (const [method, url, what] of routes) {
      for (const id of ["no-es-un-id", "01890000-0000-7000-8000-00000000000Z", "a".repeat(90)]) {
        const r = await inject(method, url.replace("X", id), method === "GET" ? undefined : {});
        const body = r.json() as { message?: string; code?: string };
        if (r.statusCode !== 400 || body.message !== `El identificador ${what} no es válido`)
          wrong.push(`${method} ${url} (${id.length}): ${r.statusCode} ${body.message}`);
      }
      // Longer than any route parameter: still a 400, never a 403/404.
      const long = await inject(method, url.replace("X", "a".repeat(5000)), method === "GET" ? undefined : {});
      if (long.statusCode !== 400) wrong.push(`${method} ${url} (5000): ${long.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a 5,000-character (or any malformed) wizard userId is a 400, not a 403", async () => {
    for (const userId of ["a".repeat(5000), "x".repeat(60)]) {
      const r = await inject("POST", "/api/tiempo/registrar", {
        tipo: "Clases",
        horas: 2,
        especializado: false,
        descripcion: "Clases de guitarra",
        userId,
      });
      const body = expectEnvelope(r, 400, "VALIDATION");
      expect(body.message).toBe("El identificador del usuario no es válido");
    }
  });

  it("no answer of the bad-input sweep carries zod's wording", async () => {
    const probes: [method: "GET" | "POST" | "PUT", url: string, payload?: object][] = [
      ["GET", "/api/community-donations?limit=0"],
      ["GET", "/api/community-donations?limit=abc"],
      ["POST", "/api/intercambios/ofertas", { activoId: 5, categoriaDeseada: [], extra: true }],
      ["POST", "/api/notificaciones/marcar-leidas", { notificacionIds: "x" }],
      ["PUT", "/api/profile", { redes: [1] }],
    ];
    for (const [method, url, payload] of probes) {
      const r = await inject(method, url, payload);
      expect(r.statusCode, url).toBe(400);
      expect(json(r).message, url).not.toMatch(ZOD);
    }
  });
});
