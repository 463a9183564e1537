import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets, movimientos } from "../../db/schema/index.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { recordMovement, recordTransaction } from "./activity.repository.ts";

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { email: "admin@valoriza.test" });
});
afterAll(() => t.close());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const get = (url: string, u?: TestUser) => t.app.inject({ method: "GET", url, headers: u?.auth ?? {} });

async function insertAsset(userId: string, title: string, category: string): Promise<string> {
  const id = uuidv7();
  await t.database.db.insert(assets).values({ id, userId, title, category, assetType: "bien" });
  return id;
}

describe("GET /api/transacciones/mis-transacciones/all", () => {
  it("is empty for a new user", async () => {
    const u = await signUp(t.app);
    const res = await get("/api/transacciones/mis-transacciones/all", u);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, data: [] });
  });

  it("lists only the caller's transactions, newest first, with the asset populated", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const assetId = await insertAsset(u.id, "Bicicleta de ruta", "Deporte y Aventura");
    const db = t.database.db;
    await recordTransaction(db, {
      userId: u.id,
      type: "registro",
      assetId,
      amountCOP: 800_000,
      amountCredits: 800,
      description: "Registro de Bicicleta de ruta",
    });
    await recordTransaction(db, {
      userId: u.id,
      type: "retiro",
      amountCOP: 50_000,
      amountCredits: 50,
      description: "Retiro a Nequi",
    });
    await recordTransaction(db, {
      userId: u.id,
      type: "venta",
      assetId: uuidv7(), // an asset that no longer exists
      amountCOP: 1000,
      amountCredits: 1,
      description: "Venta",
    });
    await recordTransaction(db, {
      userId: other.id,
      type: "registro",
      amountCOP: 1000,
      amountCredits: 1,
      description: "De otra persona",
    });

    const res = await get("/api/transacciones/mis-transacciones/all", u);
    expect(res.statusCode).toBe(200);
    const data = json(res).data as { type: string; assetId: unknown }[];
    expect(data.map((d) => d.type)).toEqual(["venta", "retiro", "registro"]);
    expect(data[2]).toEqual({
      _id: expect.any(String),
      type: "registro",
      assetId: { _id: assetId, title: "Bicicleta de ruta", category: "Deporte y Aventura" },
      amountCOP: 800_000,
      amountCredits: 800,
      description: "Registro de Bicicleta de ruta",
      createdAt: expect.stringMatching(ISO),
    });
    expect(data[1]?.assetId).toBeNull();
    expect(data[0]?.assetId).toBeNull();
    expect(res.body).not.toContain("De otra persona");
  });

  it("requires a session", async () => {
    expect((await get("/api/transacciones/mis-transacciones/all")).statusCode).toBe(401);
  });
});

describe("movements", () => {
  it("are empty for a new user, in both routes", async () => {
    const u = await signUp(t.app);
    expect(json(await get("/api/movimientos/mis-movimientos/all", u))).toEqual({ success: true, data: [] });
    expect(json(await get(`/api/movimientos/${u.id}`, u))).toEqual({ success: true, data: [] });
  });

  it("list the user's own movements newest first in both routes", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const assetId = await insertAsset(u.id, "Taladro", "Herramientas");
    await t.database.db.transaction(async (tx) => {
      await recordMovement(tx, {
        userId: u.id,
        tipo: "publicar",
        descripcion: "Publicaste Taladro",
        valor: 90,
        assetId,
      });
      await recordMovement(tx, { userId: u.id, tipo: "venta", descripcion: "Vendiste Taladro", valor: 90, assetId });
      await recordMovement(tx, { userId: other.id, tipo: "regalo", descripcion: "Ajeno", valor: 5 });
    });
    await recordMovement(t.database.db, { userId: u.id, tipo: "retiro", descripcion: "Retiro", valor: 10 });

    const mine = json(await get("/api/movimientos/mis-movimientos/all", u));
    const byId = json(await get(`/api/movimientos/${u.id}`, u));
    expect(byId).toEqual(mine);
    const data = mine.data as { tipo: string; assetId: unknown }[];
    expect(data.map((d) => d.tipo)).toEqual(["retiro", "venta", "publicar"]);
    expect(data[1]).toEqual({
      _id: expect.any(String),
      tipo: "venta",
      descripcion: "Vendiste Taladro",
      valor: 90,
      assetId,
      createdAt: expect.stringMatching(ISO),
    });
    expect(data[0]?.assetId).toBeNull();
  });

  it(`are capped at the 200 newest`, async () => {
    const u = await signUp(t.app);
    const base = Date.now() - 1_000_000;
    await t.database.db.insert(movimientos).values(
      Array.from({ length: 205 }, (_, i) => ({
        id: uuidv7(),
        userId: u.id,
        tipo: "publicar",
        descripcion: `m${i}`,
        valor: i,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const data = json(await get("/api/movimientos/mis-movimientos/all", u)).data as { descripcion: string }[];
    expect(data).toHaveLength(200);
    expect(data[0]?.descripcion).toBe("m204");
    expect(data[199]?.descripcion).toBe("m5");
  });

  it("forbid another user's movements, allow an admin, 404 for an unknown user", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    await recordMovement(t.database.db, { userId: other.id, tipo: "venta", descripcion: "Secreto", valor: 3 });
    const res = await get(`/api/movimientos/${other.id}`, u);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ success: false, message: "No tienes permiso para realizar esta acción" });
    expect(res.body).not.toContain("Secreto");

    const asAdmin = await get(`/api/movimientos/${other.id}`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(json(asAdmin).data[0]).toMatchObject({ descripcion: "Secreto" });
    expect((await get(`/api/movimientos/${uuidv7()}`, admin)).statusCode).toBe(404);
  });

  it("answer an invalid user id with a Spanish 400 and require a session", async () => {
    const u = await signUp(t.app);
    for (const bad of ["abc", "12345", `${u.id}0`]) {
      const res = await get(`/api/movimientos/${bad}`, u);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe("El identificador del usuario no es válido");
    }
    expect((await get(`/api/movimientos/${u.id}`)).statusCode).toBe(401);
    expect((await get("/api/movimientos/mis-movimientos/all")).statusCode).toBe(401);
  });
});
