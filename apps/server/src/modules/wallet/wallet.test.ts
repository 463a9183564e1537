import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uuidv7 } from "../../lib/ids.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { destroyHold, issueBlocked, releaseHold } from "../ledger/index.ts";
import { verifyPeople } from "../limits/limits.testkit.ts";

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { email: "admin@valoriza.test" });
});
afterAll(() => t.close());

interface WalletTx {
  _id: string;
  tipo: string;
  descripcion: string;
  valor: number;
  saldoPosterior: number;
  createdAt: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function issue(userId: string, amount: number): Promise<string> {
  const refId = uuidv7();
  await t.database.db.transaction((tx) =>
    issueBlocked(tx, {
      userId,
      amount,
      refType: "activo",
      refId,
      actorUserId: userId,
      description: "Registro de prueba",
    }),
  );
  return refId;
}
const release = (refId: string, actorUserId: string) =>
  t.database.db.transaction((tx) =>
    releaseHold(tx, { refType: "activo", refId, actorUserId, description: "Operación finalizada" }),
  );
const destroy = (refId: string, actorUserId: string) =>
  t.database.db.transaction((tx) =>
    destroyHold(tx, { refType: "activo", refId, actorUserId, description: "Activo desactivado" }),
  );

const get = (url: string, u?: TestUser) => t.app.inject({ method: "GET", url, headers: u?.auth ?? {} });
const sync = (userId: string, u: TestUser, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: `/api/wallet/sync/${userId}`, headers: u.auth, ...extra });

const routes = (id: string) => [
  { method: "GET" as const, url: `/api/usuarios/${id}/saldo` },
  { method: "GET" as const, url: `/api/wallet/balance/${id}` },
  { method: "GET" as const, url: `/api/wallet/transactions/${id}` },
  { method: "GET" as const, url: `/api/wallet/mini/${id}` },
  { method: "POST" as const, url: `/api/wallet/sync/${id}` },
];

describe("empty wallet", () => {
  it("answers zeros in every shape of the spec", async () => {
    const u = await signUp(t.app);
    const saldo = await get(`/api/usuarios/${u.id}/saldo`, u);
    expect(saldo.statusCode).toBe(200);
    expect(json(saldo)).toEqual({
      success: true,
      creditosDisponibles: 0,
      creditosBloqueados: 0,
      credits: 0,
      data: { creditosDisponibles: 0, creditosBloqueados: 0, credits: 0 },
    });

    const bal = json(await get(`/api/wallet/balance/${u.id}`, u));
    expect(bal).toEqual({
      success: true,
      data: { balance: 0, creditosDisponibles: 0, creditosBloqueados: 0, lastUpdated: expect.stringMatching(ISO) },
    });

    expect(json(await get(`/api/wallet/transactions/${u.id}`, u))).toEqual({ success: true, data: [] });

    const mini = json(await get(`/api/wallet/mini/${u.id}`, u));
    expect(mini).toEqual({ success: true, balance: 0, lastUpdated: expect.stringMatching(ISO) });

    const s = await sync(u.id, u);
    expect(s.statusCode).toBe(200);
    expect(json(s)).toEqual({
      success: true,
      data: { balance: 0, creditosDisponibles: 0, creditosBloqueados: 0, lastUpdated: expect.stringMatching(ISO) },
      message: "Wallet sincronizada",
    });
  });
});

describe("balances and history come from the ledger", () => {
  it("reflects issued, released and destroyed credits, newest first with Spanish labels", async () => {
    const u = await signUp(t.app);
    // Identity-verified: the released credits are spendable (ADR 015).
    await verifyPeople(t.database.db, u.id);
    const a = await issue(u.id, 120);
    const b = await issue(u.id, 30);
    await release(a, u.id);
    await destroy(b, u.id);

    const saldo = json(await get(`/api/usuarios/${u.id}/saldo`, u));
    expect(saldo).toMatchObject({ creditosDisponibles: 120, creditosBloqueados: 0, credits: 120 });

    const bal = json(await get(`/api/wallet/balance/${u.id}`, u)).data;
    expect(bal).toMatchObject({ balance: 120, creditosDisponibles: 120, creditosBloqueados: 0 });
    expect(json(await get(`/api/wallet/mini/${u.id}`, u))).toMatchObject({ balance: 120 });

    const tx = json(await get(`/api/wallet/transactions/${u.id}`, u)).data as WalletTx[];
    expect(tx.length).toBeGreaterThanOrEqual(4);
    for (const row of tx) {
      expect(Object.keys(row).sort()).toEqual(["_id", "createdAt", "descripcion", "saldoPosterior", "tipo", "valor"]);
      expect(row.createdAt).toMatch(ISO);
      expect(row.tipo).not.toMatch(/_/);
      expect(Number.isInteger(row.valor) && row.valor !== 0).toBe(true);
    }
    expect(new Set(tx.map((r) => r._id)).size).toBe(tx.length);
    // Newest first: the destruction is the last transfer made.
    expect(tx[0]).toMatchObject({ tipo: "Créditos destruidos", valor: -30 });
    const emitted = tx.filter((r) => r.tipo === "Registro de activo");
    expect(emitted.map((r) => r.valor)).toEqual([30, 120]);
    expect(tx.some((r) => r.tipo === "Créditos liberados" && r.valor === 120)).toBe(true);
    const times = tx.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it("sync only re-reads: repeating it changes nothing", async () => {
    const u = await signUp(t.app);
    await issue(u.id, 40);
    const first = json(await sync(u.id, u));
    const second = json(await sync(u.id, u));
    expect(first.data).toMatchObject({ balance: 40, creditosDisponibles: 0, creditosBloqueados: 40 });
    expect(second.data).toEqual(first.data);
    expect(json(await get(`/api/wallet/transactions/${u.id}`, u)).data).toHaveLength(1);
  });

  it("sync accepts an empty body with or without a JSON content type, and an empty object", async () => {
    const u = await signUp(t.app);
    for (const extra of [
      {},
      { headers: { ...u.auth, "content-type": "application/json" } },
      { headers: { ...u.auth, "content-type": "application/json" }, payload: "{}" },
    ]) {
      const res = await sync(u.id, u, extra);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it("sync still rejects malformed JSON", async () => {
    const u = await signUp(t.app);
    const res = await sync(u.id, u, { headers: { ...u.auth, "content-type": "application/json" }, payload: "{" });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("El cuerpo de la solicitud no es un JSON válido");
  });
});

describe("GET /api/wallet/transactions limit", () => {
  it("defaults to 10 and honours a smaller limit, newest first", async () => {
    const u = await signUp(t.app);
    for (let i = 1; i <= 12; i++) await issue(u.id, i);
    const def = json(await get(`/api/wallet/transactions/${u.id}`, u)).data as WalletTx[];
    expect(def).toHaveLength(10);
    expect(def.map((r) => r.valor)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(def[0]?.saldoPosterior).toBe(78); // 1 + 2 + ... + 12 blocked
    const two = json(await get(`/api/wallet/transactions/${u.id}?limit=2`, u)).data as WalletTx[];
    expect(two.map((r) => r.valor)).toEqual([12, 11]);
    const hundred = await get(`/api/wallet/transactions/${u.id}?limit=100`, u);
    expect(json(hundred).data).toHaveLength(12);
  });

  it.each(["0", "101", "-1", "1.5", "abc", ""])("rejects limit=%s with a Spanish 400", async (limit) => {
    const u = await signUp(t.app);
    const res = await get(`/api/wallet/transactions/${u.id}?limit=${limit}`, u);
    if (limit === "") {
      // An empty limit is the default (10), not an error.
      expect(res.statusCode).toBe(200);
      return;
    }
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      success: false,
      message: "El límite debe ser un número entero entre 1 y 100",
    });
  });
});

describe("access", () => {
  it("requires a session", async () => {
    const u = await signUp(t.app);
    for (const r of routes(u.id)) {
      const res = await t.app.inject({ method: r.method, url: r.url });
      expect(res.statusCode, r.url).toBe(401);
    }
  });

  it("forbids reading another user's wallet", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    await issue(other.id, 77);
    for (const r of routes(other.id)) {
      const res = await t.app.inject({ method: r.method, url: r.url, headers: u.auth });
      expect(res.statusCode, r.url).toBe(403);
      expect(json(res)).toMatchObject({ success: false, message: "No tienes permiso para realizar esta acción" });
      // No balance leaks: the error body is the envelope and nothing else (its requestId may contain any digits).
      expect(Object.keys(json(res)).sort()).toEqual(["code", "message", "requestId", "success"]);
    }
  });

  it("lets an admin read another user's wallet, and answers 404 for an unknown user", async () => {
    const other = await signUp(t.app);
    await issue(other.id, 55);
    for (const r of routes(other.id)) {
      const res = await t.app.inject({ method: r.method, url: r.url, headers: admin.auth });
      expect(res.statusCode, r.url).toBe(200);
    }
    expect(json(await get(`/api/usuarios/${other.id}/saldo`, admin))).toMatchObject({ credits: 55 });
    for (const r of routes(uuidv7())) {
      const res = await t.app.inject({ method: r.method, url: r.url, headers: admin.auth });
      expect(res.statusCode, r.url).toBe(404);
      expect(json(res).message).toBe("Usuario no encontrado");
    }
  });

  it("answers an invalid id with a Spanish 400, never a 500", async () => {
    const u = await signUp(t.app);
    for (const bad of [
      "123",
      "no-es-un-uuid",
      "00000000-0000-0000-0000-00000000000g",
      `${u.id}x`,
      "%27%20or%201%3D1",
    ]) {
      for (const r of routes(bad)) {
        const res = await t.app.inject({ method: r.method, url: r.url, headers: u.auth });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(400);
        expect(json(res)).toMatchObject({ success: false, message: "El identificador del usuario no es válido" });
      }
    }
  });

  it("accepts the caller's own id in upper case", async () => {
    const u = await signUp(t.app);
    const res = await get(`/api/wallet/balance/${u.id.toUpperCase()}`, u);
    expect(res.statusCode).toBe(200);
  });
});
