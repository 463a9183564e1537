import {
  actionsResponseSchema,
  adminDisputeListResponseSchema,
  adminDisputeResolveResponseSchema,
  adminReportListResponseSchema,
  assetDeactivatedResponseSchema,
  assetDetailResponseSchema,
  assetListResponseSchema,
  assetModerationResponseSchema,
  assetRegisteredResponseSchema,
  authResponseSchema,
  blocksListResponseSchema,
  blockToggledResponseSchema,
  categoriesResponseSchema,
  changePasswordResponseSchema,
  creditsReleasedResponseSchema,
  custodyResponseSchema,
  economicReportResponseSchema,
  economyStateResponseSchema,
  healthResponseSchema,
  markReadResponseSchema,
  moderationOverviewResponseSchema,
  moneyRegisteredResponseSchema,
  movimientosResponseSchema,
  notificationsResponseSchema,
  operationFinishedResponseSchema,
  pendingReviewsResponseSchema,
  profileResponseSchema,
  publicProfileResponseSchema,
  reportClosedResponseSchema,
  reportCreatedResponseSchema,
  saldoResponseSchema,
  timeRegisteredResponseSchema,
  transaccionesResponseSchema,
  unreadCountResponseSchema,
  userLookupResponseSchema,
  userModerationResponseSchema,
  userReviewsResponseSchema,
  valuationMigratedResponseSchema,
  walletBalanceResponseSchema,
  walletMiniResponseSchema,
  walletSyncResponseSchema,
  walletTransactionsResponseSchema,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { transfer } from "../modules/ledger/index.ts";
import { createTestApp, signUp, type TestContext, type TestUser } from "./harness.ts";

/**
 * The documented response contracts (packages/domain, shown in /api/docs) match what
 * the server really sends. Answers are not validated at run time (plugins/serializer.ts),
 * so this is where a drift shows: parsing must keep every key (no undocumented field is
 * dropped) and accept every value.
 */
function expectContract(schema: z.ZodType, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  const parsed = schema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(body);
  return body;
}

let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await signUp(t.app, { email: "admin@valoriza.test" });
});
afterAll(() => t.close());

/** Every answer of this file, checked at the end against the statuses its route declares (issue 15 item 25). */
const answered: { method: string; url: string; status: number }[] = [];
const seen = async (method: string, url: string, res: Promise<LightMyRequestResponse>) => {
  const r = await res;
  answered.push({ method, url, status: r.statusCode });
  return r;
};
const get = (url: string, auth = true) =>
  seen("GET", url, t.app.inject({ method: "GET", url, headers: auth ? u.auth : {} }));
const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
  seen(method, url, t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) }));

const GOODS = {
  title: "Bicicleta de ruta",
  description: "Marco de aluminio, talla M, poco uso.",
  assetType: "bien",
  origin: "personal",
  category: "Deportes",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: 2022,
  baseValueCOP: 1_500_000,
  mainPurpose: "intercambiar",
  privacy: "publico",
  images: [],
};

describe("every route's answer matches its documented contract", () => {
  it("system, account and profile", async () => {
    expectContract(healthResponseSchema, await get("/api/health", false));
    const other = await signUp(t.app);
    const reg = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { name: "Ana", apellido: "Gil", email: `ana.${Date.now()}@valoriza.test`, password: "secreta123" },
    });
    expectContract(authResponseSchema, reg, 201);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: u.password },
    });
    expectContract(authResponseSchema, login);
    expectContract(userLookupResponseSchema, await get(`/api/users/email/${encodeURIComponent(other.email)}`));
    expectContract(profileResponseSchema, await get("/api/profile"));
    expectContract(profileResponseSchema, await send("PUT", "/api/profile", { ciudad: "Medellín" }));
  });

  it("assets: registration, lists, detail, operations", async () => {
    const created = expectContract(assetRegisteredResponseSchema, await send("POST", "/api/assets", GOODS), 201);
    const id = created.data._id as string;
    expectContract(
      timeRegisteredResponseSchema,
      await send("POST", "/api/tiempo/registrar", { tipo: "Clases", horas: 2, especializado: true, descripcion: "x" }),
      201,
    );
    expectContract(
      moneyRegisteredResponseSchema,
      await send("POST", "/api/dinero/registrar", { monto: 200_000, tipo: "donacion", descripcion: "Aporte" }),
      201,
    );
    expectContract(assetListResponseSchema, await get("/api/assets?q=bicicleta", false));
    const mine = await get("/api/assets/mine");
    expect(mine.statusCode).toBe(200);
    // Until pagination lands the lists answer {success, data}; with it, {success, data, total, limit, offset}.
    for (const a of mine.json().data) expect(assetDetailResponseSchema.shape.data.parse(a)).toEqual(a);
    expectContract(assetDetailResponseSchema, await get(`/api/activos/${id}`, false));
    expectContract(valuationMigratedResponseSchema, await send("POST", "/api/assets/migrate-valorizacion"));
    expectContract(actionsResponseSchema, await get("/api/actions/bienes", false));
    expectContract(categoriesResponseSchema, await get("/api/formularios/categorias", false));

    // An operation in course, then finished: its credits are released.
    await t.database.db.execute(sql`update assets set status = 'operacion' where id = ${id}::uuid`);
    expectContract(operationFinishedResponseSchema, await send("PUT", `/api/operaciones/finalizar/${id}`));
    expectContract(
      creditsReleasedResponseSchema,
      await send("POST", "/api/activos/liberar-creditos", { activoId: id }),
    );
    const fresh = expectContract(assetRegisteredResponseSchema, await send("POST", "/api/assets", GOODS), 201);
    expectContract(assetDeactivatedResponseSchema, await send("PUT", `/api/activos/desactivar/${fresh.data._id}`));
  });

  it("an idempotent replay answers the same documented shape", async () => {
    const headers = { ...u.auth, "idempotency-key": `contrato-${Date.now()}` };
    const first = await t.app.inject({ method: "POST", url: "/api/assets", headers, payload: GOODS });
    const again = await t.app.inject({ method: "POST", url: "/api/assets", headers, payload: GOODS });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(expectContract(assetRegisteredResponseSchema, again, 201)).toEqual(first.json());
  });

  it("wallet, activity, notifications and economy", async () => {
    expectContract(saldoResponseSchema, await get(`/api/usuarios/${u.id}/saldo`));
    expectContract(walletBalanceResponseSchema, await get(`/api/wallet/balance/${u.id}`));
    const tx = expectContract(walletTransactionsResponseSchema, await get(`/api/wallet/transactions/${u.id}?limit=50`));
    expect(tx.data.length).toBeGreaterThan(0);
    expectContract(walletMiniResponseSchema, await get(`/api/wallet/mini/${u.id}`));
    expectContract(walletSyncResponseSchema, await send("POST", `/api/wallet/sync/${u.id}`));
    const trans = expectContract(transaccionesResponseSchema, await get("/api/transacciones/mis-transacciones/all"));
    expect(trans.data.length).toBeGreaterThan(0);
    expectContract(movimientosResponseSchema, await get("/api/movimientos/mis-movimientos/all"));
    expectContract(movimientosResponseSchema, await get(`/api/movimientos/${u.id}`));
    const notes = expectContract(notificationsResponseSchema, await get("/api/notificaciones/usuario"));
    expect(notes.data.length).toBeGreaterThan(0);
    expectContract(unreadCountResponseSchema, await get("/api/notificaciones/no-leidas/count"));
    expectContract(
      markReadResponseSchema,
      await send("POST", "/api/notificaciones/marcar-leidas", { notificacionIds: [] }),
    );
    expectContract(economicReportResponseSchema, await get("/api/economia/reporte", false));
    expectContract(economyStateResponseSchema, await get("/api/economia/estado", false));
  });

  it("reviews and the public profile (issue 19; with reviews: modules/reviews/reviews.test.ts)", async () => {
    expectContract(pendingReviewsResponseSchema, await get("/api/resenas/pendientes"));
    expectContract(userReviewsResponseSchema, await get(`/api/resenas/usuario/${u.id}?limit=5`, false));
    expectContract(publicProfileResponseSchema, await get(`/api/usuarios/${u.id}/perfil`, false));
    const unknown = await send("POST", "/api/resenas", {
      operacionId: "01890000-0000-7000-8000-000000000000",
      puntuacion: 5,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("custody disputes: a party opens one, the admin's desk lists and resolves it (issue 19)", async () => {
    const [seller, buyer] = [await signUp(t.app), await signUp(t.app)];
    await t.database.db.transaction((tx) =>
      transfer(tx, {
        from: { system: "emision" },
        to: { userId: buyer.id, kind: "disponible" },
        amount: 5000,
        kind: "correccion",
        description: "Fondos de prueba",
      }),
    );
    const as = (who: TestUser, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) =>
      seen(method, url, t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) }));
    const asset = (await as(seller, "POST", "/api/assets", { ...GOODS, mainPurpose: "vender" })).json().data;
    const bought = await as(buyer, "POST", "/api/transacciones/crear", {
      activoId: asset._id,
      compradorId: buyer.id,
      vendedorId: seller.id,
      modoPago: "creditos",
    });
    const custodyId = bought.json().custodia._id as string;
    const opened = await as(buyer, "POST", `/api/custodia/${custodyId}/disputa`, {
      motivo: "no_coincide",
      descripcion: "No es la talla que decía la publicación.",
    });
    expect(expectContract(custodyResponseSchema, opened, 201).custodia.estado).toBe("en_disputa");
    const desk = expectContract(adminDisputeListResponseSchema, await get("/api/admin/disputas"));
    const id = desk.data.find((d: { custodia: { _id: string } }) => d.custodia._id === custodyId)._id as string;
    expectContract(adminDisputeListResponseSchema, await get("/api/admin/disputas?estado=resuelta"));
    const resolved = await send("POST", `/api/admin/disputas/${id}/resolver`, {
      resultado: "reembolsar",
      nota: "Revisado",
    });
    expect(expectContract(adminDisputeResolveResponseSchema, resolved).data.resultado).toBe("reembolsar");
  });

  it("reports and moderation (issue 19)", async () => {
    const owner = await signUp(t.app);
    const asset = await t.app.inject({ method: "POST", url: "/api/assets", headers: owner.auth, payload: GOODS });
    const id = asset.json().data._id as string;
    const report = (payload: Record<string, unknown>) => send("POST", "/api/reportes", payload);
    const r = expectContract(
      reportCreatedResponseSchema,
      await report({ tipo: "activo", objetivoId: id, motivo: "fraude", descripcion: "Pide pago por fuera" }),
      201,
    );
    expectContract(
      reportCreatedResponseSchema,
      await report({ tipo: "usuario", objetivoId: owner.id, motivo: "spam" }),
      201,
    );
    const list = expectContract(adminReportListResponseSchema, await get("/api/admin/reportes"));
    expect(list.data.length).toBe(2);
    const motivo = { motivo: "Publicación engañosa" };
    expectContract(assetModerationResponseSchema, await send("POST", `/api/admin/activos/${id}/ocultar`, motivo));
    const hidden = await t.app.inject({ method: "GET", url: `/api/activos/${id}`, headers: owner.auth });
    expect(expectContract(assetDetailResponseSchema, hidden).data.oculto).toEqual({
      motivo: motivo.motivo,
      porSuspension: false,
    });
    expectContract(
      userModerationResponseSchema,
      await send("POST", `/api/admin/usuarios/${owner.id}/suspender`, motivo),
    );
    expectContract(moderationOverviewResponseSchema, await get("/api/admin/moderacion"));
    expectContract(
      userModerationResponseSchema,
      await send("POST", `/api/admin/usuarios/${owner.id}/reactivar`, motivo),
    );
    expectContract(assetModerationResponseSchema, await send("POST", `/api/admin/activos/${id}/mostrar`, motivo));
    expectContract(reportClosedResponseSchema, await send("POST", `/api/admin/reportes/${r.data._id}/cerrar`, motivo));
  });

  it("blocks (issue 19 part 4)", async () => {
    const other = await signUp(t.app);
    expectContract(blockToggledResponseSchema, await send("POST", `/api/bloqueos/${other.id}`));
    expectContract(blockToggledResponseSchema, await send("POST", `/api/bloqueos/${other.id}`));
    const list = expectContract(blocksListResponseSchema, await get("/api/bloqueos"));
    expect(list.data.map((b: { _id: string }) => b._id)).toEqual([other.id]);
    expectContract(blockToggledResponseSchema, await send("DELETE", `/api/bloqueos/${other.id}`));
    expectContract(blockToggledResponseSchema, await send("DELETE", `/api/bloqueos/${other.id}`));
  });

  it("password change (last: it revokes the earlier token)", async () => {
    expectContract(
      changePasswordResponseSchema,
      await send("PUT", "/api/profile/password", { currentPassword: u.password, newPassword: "otra-clave-9" }),
    );
  });
});

describe("/api/docs documents a response for every route", () => {
  it("every operation has a 2xx response schema and its errors use the envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        const responses = op.responses ?? {};
        const ok = Object.entries(responses).find(([s]) => s.startsWith("2"));
        // JSON, or the live events' text/event-stream (issue 15 item 25).
        const okSchema = (ok?.[1].content?.["application/json"] ?? ok?.[1].content?.["text/event-stream"]) as
          | { schema?: Record<string, unknown> }
          | undefined;
        const props = Object.keys((okSchema?.schema?.properties as object | undefined) ?? {});
        // A real contract, not an open `{ success: true }` object.
        if (!okSchema?.schema || (okSchema.schema.type === "object" && props.length < 2 && props[0] !== "status"))
          missing.push(`${method.toUpperCase()} ${path}`);
        for (const [status, r] of Object.entries(responses)) {
          if (!status.startsWith("4") && !status.startsWith("5")) continue;
          const schema = JSON.stringify(r.content?.["application/json"] ?? {});
          if (!schema.includes("requestId")) missing.push(`${method.toUpperCase()} ${path} ${status} (envelope)`);
        }
      }
    }
    expect(operations).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });
});

type Operation = {
  operationId?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

describe("/api/docs says what the server really answers (issue 15 item 25)", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as Doc;
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
  /** The documented operation of a concrete call, by matching its path against the templates. */
  const operationOf = (method: string, url: string) => {
    const path = url.split("?")[0] ?? "";
    return operations().find(
      (o) =>
        o.method === method &&
        new RegExp(`^${o.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path) &&
        // a literal segment wins over a parameter (/assets/mine before /assets/{id})
        !operations().some((x) => x !== o && x.method === method && x.path === path && o.path !== path),
    );
  };

  it("every operation has a unique operationId and a one-line description", () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const bad = operations().filter((o) => !o.op.description?.trim() || o.op.description.includes("\n"));
    expect(bad.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it("declares 415 on every body, 400 where input is validated, 422 with an Idempotency-Key and on registrations", () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const declared = Object.keys(op.responses ?? {});
      const need = (status: string, why: string) => {
        if (!declared.includes(status)) missing.push(`${method} ${path}: ${status} (${why})`);
      };
      if (op.requestBody) need("415", "body");
      if (op.requestBody || op.parameters?.some((p) => p.in === "query" || p.in === "path")) need("400", "validated");
      if (op.parameters?.some((p) => p.in === "header" && p.name === "idempotency-key")) need("422", "idempotency");
    }
    for (const path of ["/api/assets", "/api/tiempo/registrar", "/api/dinero/registrar"]) {
      if (!doc.paths[path]?.post?.responses?.["422"]) missing.push(`POST ${path}: 422 (registration limits)`);
    }
    expect(missing).toEqual([]);
  });

  it("/api/eventos is a text/event-stream; a withdrawal's destination is required by its method", () => {
    expect(Object.keys(doc.paths["/api/eventos"]?.get?.responses?.["200"]?.content ?? {})).toEqual([
      "text/event-stream",
    ]);
    const body = doc.paths["/api/retiros"]?.post?.requestBody?.content?.["application/json"]?.schema as {
      oneOf?: { properties: { metodo: { enum: string[] } }; required: string[] }[];
    };
    const byMethod = Object.fromEntries(
      (body.oneOf ?? []).flatMap((v) => v.properties.metodo.enum.map((m) => [m, v.required])),
    );
    expect(byMethod.nequi).toContain("celular");
    expect(byMethod.daviplata).toContain("celular");
    expect(byMethod.pse).toEqual(expect.arrayContaining(["banco", "tipoCuenta", "numeroCuenta", "titular"]));
    expect(byMethod.wompi).toEqual(expect.arrayContaining(["tipoDocumento", "numeroDocumento"]));
  });

  it("no route answers a status its schema does not declare (this file's calls and a bad-input sweep)", async () => {
    const calls: { method: string; url: string; status: number }[] = [...answered];
    let other = await signUp(t.app);
    const fill = (path: string, id: string) =>
      path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
        name === "code" ? "123456" : name === "email" ? "x@y.co" : id,
      );
    for (const { path, method, op } of operations()) {
      if (path === "/api/eventos") continue; // a stream: its answers are covered by the events tests
      // Calls that may end the session or the account (logout, password, deletion) get a fresh person.
      if (/^\/api\/(users|profile)/.test(path)) other = await signUp(t.app);
      const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => `${p.name}=zz`);
      const variants: { url: string; headers: Record<string, string>; payload?: string }[] = [
        { url: fill(path, "01890000-0000-7000-8000-000000000000"), headers: {} },
        { url: fill(path, "01890000-0000-7000-8000-000000000000"), headers: other.auth },
        { url: fill(path, "no-es-un-id") + (query.length ? `?${query.join("&")}` : ""), headers: other.auth },
      ];
      if (method !== "GET") {
        const url = fill(path, "01890000-0000-7000-8000-000000000000");
        variants.push(
          { url, headers: { ...other.auth, "content-type": "application/json" }, payload: "{" },
          { url, headers: { ...other.auth, "content-type": "application/xml" }, payload: "<hola/>" },
          { url, headers: { ...other.auth, "content-type": "application/json" }, payload: "{}" },
        );
      }
      for (const v of variants) {
        const r = await t.app.inject({
          method: method as "GET",
          url: v.url,
          headers: v.headers,
          ...(v.payload !== undefined ? { payload: v.payload } : {}),
        });
        calls.push({ method, url: v.url, status: r.statusCode });
      }
    }
    const undeclared = calls
      .map((c) => ({ ...c, op: operationOf(c.method, c.url) }))
      .filter((c) => !c.op || !Object.keys(c.op.op.responses ?? {}).includes(String(c.status)))
      .map((c) => `${c.method} ${c.url.slice(0, 80)} -> ${c.status}`);
    expect(calls.length).toBeGreaterThan(200);
    // The sweep reaches the answers that were undeclared before: 400, 401, 403, 404, 413/415.
    for (const status of [400, 401, 403, 404, 415]) expect(calls.map((c) => c.status)).toContain(status);
    expect(undeclared).toEqual([]);
  });
});
