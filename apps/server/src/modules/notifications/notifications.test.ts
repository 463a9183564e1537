import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema/index.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { notify } from "./notifications.repository.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (u: TestUser) =>
  json(await t.app.inject({ method: "GET", url: "/api/notificaciones/usuario", headers: u.auth }));
const unread = async (u: TestUser) =>
  json(await t.app.inject({ method: "GET", url: "/api/notificaciones/no-leidas/count", headers: u.auth })).count;
const mark = (u: TestUser, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/notificaciones/marcar-leidas",
    headers: u.auth,
    payload: payload as object,
  });

async function seed(userId: string, n: number, prefix = "Aviso"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await notify(t.database.db, { userId, tipo: "general", titulo: `${prefix} ${i}`, descripcion: `d${i}` }));
  }
  return ids;
}

describe("reading notifications", () => {
  it("shows an empty state", async () => {
    const u = await signUp(t.app);
    expect(await list(u)).toEqual({ success: true, data: [], count: 0 });
    expect(
      json(await t.app.inject({ method: "GET", url: "/api/notificaciones/no-leidas/count", headers: u.auth })),
    ).toEqual({ success: true, count: 0 });
  });

  it("lists only the caller's notifications, newest first, with every field", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const assetId = uuidv7();
    await t.database.db.transaction(async (tx) => {
      await notify(tx, { userId: u.id, tipo: "general", titulo: "Bienvenida", descripcion: "Hola" });
      await notify(tx, {
        userId: u.id,
        tipo: "creditos_emitidos",
        titulo: "Activo registrado",
        descripcion: "Se emitieron 10 créditos",
        relacionadoId: assetId,
        relacionadoTipo: "activo",
      });
    });
    await seed(other.id, 2, "Ajeno");

    const body = await list(u);
    expect(body.count).toBe(2);
    expect(body.data).toEqual([
      {
        _id: expect.any(String),
        titulo: "Activo registrado",
        descripcion: "Se emitieron 10 créditos",
        fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        leida: false,
        relacionadoId: assetId,
        relacionadoTipo: "activo",
        enlace: `/ver-activo/${assetId}`,
      },
      {
        _id: expect.any(String),
        titulo: "Bienvenida",
        descripcion: "Hola",
        fecha: expect.any(String),
        leida: false,
        relacionadoId: null,
        relacionadoTipo: null,
        enlace: null,
      },
    ]);
    expect(JSON.stringify(body)).not.toContain("Ajeno");
    expect(await unread(u)).toBe(2);
  });

  it("caps the list at the 100 newest", async () => {
    const u = await signUp(t.app);
    const base = Date.now() - 1_000_000;
    await t.database.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        id: uuidv7(),
        userId: u.id,
        titulo: `n${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const body = await list(u);
    expect(body.data).toHaveLength(100);
    expect(body.count).toBe(100);
    expect(body.data[0].titulo).toBe("n104");
    expect(body.data[99].titulo).toBe("n5");
    expect(await unread(u)).toBe(105);
  });

  it("requires a session", async () => {
    for (const url of ["/api/notificaciones/usuario", "/api/notificaciones/no-leidas/count"]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    const res = await t.app.inject({
      method: "POST",
      url: "/api/notificaciones/marcar-leidas",
      payload: { notificacionIds: [] },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/notificaciones/marcar-leidas", () => {
  it("marks the given notifications read, once", async () => {
    const u = await signUp(t.app);
    const [a, b] = await seed(u.id, 3);
    const res = await mark(u, { notificacionIds: [a, b, a] });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, updated: 2 });
    expect(await unread(u)).toBe(1);
    const read = (await list(u)).data.filter((n: { leida: boolean }) => n.leida).map((n: { _id: string }) => n._id);
    expect(read.sort()).toEqual([a, b].sort());
    expect(json(await mark(u, { notificacionIds: [a] }))).toEqual({ success: true, updated: 0 });
  });

  it("never touches another user's notifications", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await seed(other.id, 2);
    const mine = await seed(u.id, 1);
    expect(json(await mark(u, { notificacionIds: [...theirs, ...mine] }))).toEqual({ success: true, updated: 1 });
    expect(await unread(other)).toBe(2);
    expect(json(await mark(u, { notificacionIds: [] }))).toEqual({ success: true, updated: 0 });
    expect(await unread(other)).toBe(2);
  });

  it("an empty list marks all of the caller's notifications read", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    await seed(u.id, 4);
    await seed(other.id, 1);
    expect(json(await mark(u, { notificacionIds: [] }))).toEqual({ success: true, updated: 4 });
    expect(await unread(u)).toBe(0);
    expect((await list(u)).data.every((n: { leida: boolean }) => n.leida)).toBe(true);
    expect(await unread(other)).toBe(1);
  });

  it("validates the body in Spanish", async () => {
    const u = await signUp(t.app);
    const cases: [unknown, string][] = [
      [{ notificacionIds: ["no-es-uuid"] }, "Cada notificación debe tener un identificador válido"],
      [{ notificacionIds: "todas" }, "notificacionIds debe ser una lista de identificadores"],
      [{}, "notificacionIds debe ser una lista de identificadores"],
      [
        { notificacionIds: Array.from({ length: 501 }, () => uuidv7()) },
        "Puedes marcar como máximo 500 notificaciones a la vez",
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await mark(u, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(json(res).success).toBe(false);
      expect(json(res).message).toContain(message);
    }
    const ok = await mark(u, { notificacionIds: Array.from({ length: 500 }, () => uuidv7()) });
    expect(json(ok)).toEqual({ success: true, updated: 0 });
  });
});
