import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { assets } from "../../db/schema/index.ts";
import { json, signUp } from "../../test/harness.ts";
import { verifyPeople } from "../limits/limits.testkit.ts";
import { good, post, put, saldo, t, useAssetsApp } from "./assets.setup.testkit.ts";

useAssetsApp();

describe("feed, search and detail", () => {
  it("lists public assets newest first, excludes a user on request and hides desactivados", async () => {
    const a = await signUp(t.app, { name: "Feed" });
    const b = await signUp(t.app);
    const first = json(await post(a, "/api/assets", good({ title: "Bicicleta de ruta" }))).data;
    const second = json(
      await post(b, "/api/assets", good({ title: "Taladro percutor", category: "Herramientas" })),
    ).data;
    const all = json(await t.app.inject({ method: "GET", url: "/api/assets?limit=200" })).data as { _id: string }[];
    const ids = all.map((x) => x._id);
    expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    const excl = json(await t.app.inject({ method: "GET", url: `/api/assets?excludeUserId=${a.id}&limit=200` }))
      .data as { _id: string }[];
    expect(excl.map((x) => x._id)).not.toContain(first._id);
    await put(a, `/api/activos/desactivar/${first._id}`);
    const after = json(await t.app.inject({ method: "GET", url: "/api/assets?limit=200" })).data as { _id: string }[];
    expect(after.map((x) => x._id)).not.toContain(first._id);
  });

  it("searches title, category, subcategory and description, case- and accent-insensitively", async () => {
    const u = await signUp(t.app);
    await post(u, "/api/assets", good({ title: "Cámara Sony Alpha", description: "Fotografía profesional" }));
    await post(
      u,
      "/api/assets",
      good({ title: "Silla ergonómica", category: "Muebles", subcategory: "Oficina", description: "Cómoda" }),
    );
    const q = async (s: string) =>
      (
        json(await t.app.inject({ method: "GET", url: `/api/assets?q=${encodeURIComponent(s)}` })).data as {
          title: string;
        }[]
      ).map((x) => x.title);
    expect(await q("camara sony")).toContain("Cámara Sony Alpha");
    expect(await q("  CÁMARA SONY ")).toContain("Cámara Sony Alpha");
    expect(await q("fotografia")).toContain("Cámara Sony Alpha");
    expect(await q("oficina")).toEqual(["Silla ergonómica"]);
    expect(await q("muebles")).toContain("Silla ergonómica");
    expect(await q("100%_nada")).toEqual([]);
    // Words in any order, across fields:
    expect(await q("sony camara")).toContain("Cámara Sony Alpha");
    expect(await q("alpha profesional")).toContain("Cámara Sony Alpha");
    expect(await q("sony oficina")).toEqual([]);
  });

  it("shows an asset's detail with its owner, without a session", async () => {
    const u = await signUp(t.app, { name: "Dueña", apellido: "Del Activo" });
    await t.app.inject({ method: "PUT", url: "/api/profile", headers: u.auth, payload: { ciudad: "Manizales" } });
    const a = json(await post(u, "/api/assets", good())).data;
    const res = await t.app.inject({ method: "GET", url: `/api/activos/${a._id}` });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.userId).toEqual({
      _id: u.id,
      name: "Dueña",
      apellido: "Del Activo",
      ciudad: "Manizales",
      pais: "Colombia",
    });
    expect((await t.app.inject({ method: "GET", url: "/api/activos/no-es-un-id" })).statusCode).toBe(400);
    const missing = await t.app.inject({ method: "GET", url: "/api/activos/01890000-0000-7000-8000-000000000000" });
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe("Activo no encontrado");
  });

  it("lists a user's assets by purpose and status: all for their owner, the public listings for anyone else", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const lent = json(await post(u, "/api/assets", good({ mainPurpose: "prestar" }))).data;
    await post(u, "/api/assets", good({ mainPurpose: "vender" }));
    const hidden = json(await post(u, "/api/assets", good({ mainPurpose: "prestar", title: "Privado" }))).data;
    const gone = json(await post(u, "/api/assets", good({ mainPurpose: "prestar", title: "Desactivado" }))).data;
    // Received in a deal and not published again: privado; deactivated: never shown.
    await t.database.db.update(assets).set({ privacy: "privado" }).where(eq(assets.id, hidden._id));
    await put(u, `/api/activos/desactivar/${gone._id}`);
    const url = `/api/assets/user/${u.id}?mainPurpose=prestar&status=activo,disponible`;
    const r = await t.app.inject({ method: "GET", url, headers: u.auth });
    expect((json(r).data as { _id: string }[]).map((a) => a._id).sort()).toEqual([lent._id, hidden._id].sort());
    // Issue 15 item 18: the same listings the feed shows, for another person or a visitor (was 403).
    for (const headers of [other.auth, {}]) {
      const seen = await t.app.inject({ method: "GET", url, headers });
      expect(seen.statusCode, seen.body).toBe(200);
      expect((json(seen).data as { _id: string }[]).map((a) => a._id)).toEqual([lent._id]);
      expect(json(seen).total).toBe(1);
    }
  });
});

describe("deactivate, finish, release", () => {
  it("deactivating destroys 100% of the blocked credits, once, and only for the owner", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const a = json(await post(u, "/api/assets", good())).data;
    expect((await put(other, `/api/activos/desactivar/${a._id}`)).statusCode).toBe(403);
    const res = await put(u, `/api/activos/desactivar/${a._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.creditMovement).toEqual({ creditosDestruidos: 1040, razon: "Desactivación del activo" });
    expect(json(res).data.balanceActualizado).toMatchObject({ creditosDisponibles: 0, creditosBloqueados: 0 });
    const again = await put(u, `/api/activos/desactivar/${a._id}`);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe("Este activo ya está desactivado");
    const mine = json(await t.app.inject({ method: "GET", url: "/api/assets/mine", headers: u.auth })).data as {
      _id: string;
    }[];
    expect(mine.map((x) => x._id)).not.toContain(a._id);
  });

  it("8 parallel deactivations of one asset: exactly one destroys", async () => {
    const u = await signUp(t.app);
    const a = json(await post(u, "/api/assets", good())).data;
    const results = await Promise.all(Array.from({ length: 8 }, () => put(u, `/api/activos/desactivar/${a._id}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const eco = json(await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth })).data;
    expect(eco.creditosBloqueados).toBe(0);
  });

  it("finishing an operation releases the credits once; deactivation is then refused", async () => {
    const u = await signUp(t.app);
    // Identity-verified: the released credits are spendable (ADR 015).
    await verifyPeople(t.database.db, u.id);
    const a = json(await post(u, "/api/assets", good())).data;
    const early = await put(u, `/api/operaciones/finalizar/${a._id}`);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe("Este activo no tiene una operación en curso");
    // A later area (sale, exchange, loan) puts the asset in operation:
    await t.database.db.update(assets).set({ status: "operacion" }).where(eq(assets.id, a._id));
    const res = await put(u, `/api/operaciones/finalizar/${a._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data.asset).toMatchObject({ status: "disponible", vecesUsado: 1 });
    expect(json(res).data.creditMovement).toEqual({ creditosLiberados: 1040 });
    expect(await saldo(u)).toEqual({ disponibles: 1040, bloqueados: 0 });
    const again = await post(u, "/api/activos/liberar-creditos", { activoId: a._id });
    expect(again.statusCode).toBe(200);
    expect(json(again).data.creditosLiberados).toBe(0);
    expect(await saldo(u)).toEqual({ disponibles: 1040, bloqueados: 0 });
    const deact = await put(u, `/api/activos/desactivar/${a._id}`);
    expect(deact.statusCode).toBe(409);
    expect(json(deact).message).toBe("Este activo ya se usó en una operación: sus créditos no se pueden destruir");
  });

  it("credits cannot be freed by just asking", async () => {
    const u = await signUp(t.app);
    const a = json(await post(u, "/api/assets", good())).data;
    const res = await post(u, "/api/activos/liberar-creditos", { activoId: a._id });
    expect(res.statusCode).toBe(409);
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 1040 });
  });

  it("a refusal names the asset's state as the screens do ('En operación', not 'operacion')", async () => {
    const u = await signUp(t.app);
    const a = json(await post(u, "/api/assets", good())).data;
    await t.database.db.update(assets).set({ status: "operacion" }).where(eq(assets.id, a._id));
    const res = await put(u, `/api/activos/desactivar/${a._id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(
      "Solo se pueden desactivar activos en estado Activo o Disponible (estado actual: En operación)",
    );
  });
});

describe("idempotency", () => {
  it("same Idempotency-Key and body: same answer, one effect; other body: 422", async () => {
    const u = await signUp(t.app);
    const h = { "idempotency-key": `reg-${Date.now()}` };
    const r1 = await post(u, "/api/dinero/registrar", { monto: 10_000, tipo: "donacion", descripcion: "Ayuda" }, h);
    const r2 = await post(u, "/api/dinero/registrar", { monto: 10_000, tipo: "donacion", descripcion: "Ayuda" }, h);
    expect(r1.statusCode).toBe(201);
    expect(r2.statusCode).toBe(201);
    expect(json(r2).activo._id).toBe(json(r1).activo._id);
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 10 });
    const r3 = await post(u, "/api/dinero/registrar", { monto: 20_000, tipo: "donacion", descripcion: "Ayuda" }, h);
    expect(r3.statusCode).toBe(422);
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 10 });
  });

  it("a retried deactivation with the same key answers the same success", async () => {
    const u = await signUp(t.app);
    const a = json(await post(u, "/api/assets", good())).data;
    const h = { "idempotency-key": `deact-${a._id}` };
    const r1 = await put(u, `/api/activos/desactivar/${a._id}`, h);
    const r2 = await put(u, `/api/activos/desactivar/${a._id}`, h);
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r2.body).toBe(r1.body);
  });
});

describe("catalogues", () => {
  it("GET /api/actions/{type} follows the actions matrix", async () => {
    const m = async (type: string) =>
      json(await t.app.inject({ method: "GET", url: `/api/actions/${type}` })).availableActions;
    expect(await m("bienes")).toEqual({
      vender: true,
      intercambiar: true,
      prestar: true,
      alquilar: true,
      donar: true,
      regalar: true,
    });
    expect(await m("tiempo")).toMatchObject({
      vender: true,
      intercambiar: true,
      alquilar: true,
      prestar: false,
      donar: true,
      regalar: true,
    });
    expect(await m("dinero")).toMatchObject({
      vender: false,
      intercambiar: false,
      alquilar: false,
      prestar: true,
      donar: true,
      regalar: true,
    });
    expect((await t.app.inject({ method: "GET", url: "/api/actions/planetas" })).statusCode).toBe(400);
  });

  it("GET /api/formularios/categorias lists the 17 categories with subcategories", async () => {
    const body = json(await t.app.inject({ method: "GET", url: "/api/formularios/categorias" }));
    expect(body.categorias).toHaveLength(17);
    expect(body.categorias[0]).toHaveProperty("subcategorias");
    expect(body.ratio).toContain("1 crédito");
  });

  it("migrate-valorizacion updates current values of the caller's goods; issued credits never change", async () => {
    const u = await signUp(t.app);
    const a = json(await post(u, "/api/assets", good())).data;
    // Pretend the asset was valued two years ago:
    await t.database.db
      .update(assets)
      .set({ valorActualCOP: 1, depreciation: 0, antiguedadAnios: 1 })
      .where(eq(assets.id, a._id));
    const res = await post(u, "/api/assets/migrate-valorizacion", {});
    expect(json(res).stats).toEqual({ updated: 1, total: 1 });
    const after = json(await t.app.inject({ method: "GET", url: `/api/activos/${a._id}` })).data;
    expect(after).toMatchObject({
      valorActualCOP: 1_040_400,
      depreciation: 48,
      antiguedadAnios: 3,
      creditosAsignados: 1040,
    });
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 1040 });
  });
});
