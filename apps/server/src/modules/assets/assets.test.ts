import { existsSync } from "node:fs";
import path from "node:path";
import { currentYearInColombia } from "@valoriza/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../db/schema/index.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { verifyPeople } from "../limits/limits.testkit.ts";

let t: TestContext;
let dataDir: string;
const YEAR = currentYearInColombia(new Date());

beforeAll(async () => {
  dataDir = `/tmp/vz-assets-test-${process.pid}`;
  t = await createTestApp({ dataDir });
});
afterAll(() => t.close());

const good = (over: Record<string, unknown> = {}) => ({
  title: "Cámara Canon EOS",
  description: "Cámara réflex con lente 18-55",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  subcategory: "Cámaras",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: YEAR - 3,
  baseValueCOP: 2_000_000,
  location: "Chapinero",
  mainPurpose: "intercambiar",
  privacy: "publico",
  images: [],
  ...over,
});

const post = (u: TestUser, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: { ...u.auth, ...headers } });
const put = (u: TestUser, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "PUT", url, headers: { ...u.auth, ...headers } });
const saldo = async (u: TestUser) => {
  const r = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
  const d = json(r).data;
  return { disponibles: d.creditosDisponibles as number, bloqueados: d.creditosBloqueados as number };
};

async function png(color = "#118844"): Promise<string> {
  const b = await sharp({ create: { width: 32, height: 24, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${b.toString("base64")}`;
}

describe("POST /api/assets: valuation and credits", () => {
  it("values a used good with every factor and blocks its credits (hand-computed)", async () => {
    // 2.000.000 x Tecnología .9 x bueno .85 x usado .8 x 3 años .85 = 1.040.400 COP
    // depreciación = round((1 - 1.040.400/2.000.000) x 100) = round(47.98) = 48 %; créditos = 1040
    const u = await signUp(t.app);
    const res = await post(u, "/api/assets", good());
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body.data).toMatchObject({
      title: "Cámara Canon EOS",
      assetType: "bien",
      baseValueCOP: 2_000_000,
      valorActualCOP: 1_040_400,
      valorCOPReconocido: 1_040_400,
      depreciation: 48,
      antiguedadAnios: 3,
      creditosAsignados: 1040,
      valueCredits: 1040,
      estadoCredito: "bloqueado",
      vecesUsado: 0,
      status: "disponible",
      userId: u.id,
    });
    expect(body.userCredits).toEqual({ previous: 0, added: 1040, current: 1040 });
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 1040 });
  });

  it("caps age at 10 years and uses 0.75 for an unknown category", async () => {
    // 1.000.000 x .75 x excelente 1 x nuevo 1 x edad 10+ .5 = 375.000 COP -> 375 créditos, 63 %
    const u = await signUp(t.app);
    const res = await post(
      u,
      "/api/assets",
      good({
        category: "Categoría rara",
        condition: "nuevo",
        physicalState: "excelente",
        yearOfPurchase: 1990,
        baseValueCOP: 1_000_000,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data).toMatchObject({
      valorActualCOP: 375_000,
      creditosAsignados: 375,
      depreciation: 63,
      antiguedadAnios: 10,
    });
  });

  it("ignores any valuation or credits sent by the client", async () => {
    const u = await signUp(t.app);
    const res = await post(
      u,
      "/api/assets",
      good({ creditosAsignados: 999_999, valorActualCOP: 1, credits: 5, status: "liberado" }),
    );
    expect(res.statusCode).toBe(201);
    expect(json(res).data.creditosAsignados).toBe(1040);
  });

  it("refuses to register an asset for another user (wizard userId)", async () => {
    const u = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await post(u, "/api/assets", good({ userId: other.id }));
    expect(res.statusCode).toBe(403);
    expect(await saldo(other)).toEqual({ disponibles: 0, bloqueados: 0 });
    const mine = await post(u, "/api/assets", good({ userId: u.id }));
    expect(mine.statusCode).toBe(201);
  });

  it("requires a session", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/assets", payload: good() });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe("Debes iniciar sesión");
  });
});

describe("POST /api/assets: every validation rule, in Spanish, with nothing written", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["title missing", { title: "" }, "El título es obligatorio"],
    ["description missing", { description: "   " }, "La descripción es obligatoria"],
    ["category missing", { category: "" }, "La categoría es obligatoria"],
    ["negative value", { baseValueCOP: -5 }, "El valor base no puede ser negativo"],
    ["value not a number", { baseValueCOP: "mucho" }, "El valor base debe ser un número"],
    ["year before 1900", { yearOfPurchase: 1899 }, "El año de compra no puede ser anterior a 1900"],
    ["year in the future", { yearOfPurchase: YEAR + 1 }, `El año de compra no puede ser posterior a ${YEAR}`],
    ["unknown condition", { condition: "roto" }, "Selecciona una condición válida (nuevo o usado)"],
    ["unknown physical state", { physicalState: "pésimo" }, "Selecciona un estado físico válido"],
    ["purpose missing", { mainPurpose: undefined }, "Acción requerida"],
    ["type missing", { assetType: undefined }, "Tipo de activo requerido"],
  ];
  for (const [name, patch, message] of cases) {
    it(`${name} -> '${message}'`, async () => {
      const u = await signUp(t.app);
      const res = await post(u, "/api/assets", good(patch));
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).message).toContain(message);
      const mine = await t.app.inject({ method: "GET", url: "/api/assets/mine", headers: u.auth });
      expect(json(mine).data).toEqual([]);
      expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 0 });
    });
  }

  it("accepts at most 10 images: 'Solo puedes subir hasta 10 fotos'", async () => {
    const u = await signUp(t.app);
    const img = await png();
    const res = await post(u, "/api/assets", good({ images: Array.from({ length: 11 }, () => img) }));
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("Solo puedes subir hasta 10 fotos");
  });

  it("rejects a file that is not a real image of an allowed type", async () => {
    const u = await signUp(t.app);
    const fake = `data:image/png;base64,${Buffer.from("esto no es un png").toString("base64")}`;
    const r1 = await post(u, "/api/assets", good({ images: [fake] }));
    expect(r1.statusCode).toBe(400);
    expect(json(r1).message).toBe("La imagen 1 está dañada o no es del tipo que indica");
    const svg = `data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`;
    const r2 = await post(u, "/api/assets", good({ images: [svg] }));
    expect(r2.statusCode).toBe(400);
    expect(json(r2).message).toContain("formato no permitido");
    expect(json(await t.app.inject({ method: "GET", url: "/api/assets/mine", headers: u.auth })).data).toEqual([]);
  });

  it("refuses a purpose the actions matrix does not allow for the type", async () => {
    const u = await signUp(t.app);
    const res = await post(u, "/api/dinero/registrar", {
      monto: 50_000,
      tipo: "inversion",
      descripcion: "Aporte",
      mainPurpose: "vender",
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe("Esta acción no está disponible para este tipo de activo");
  });
});

describe("images", () => {
  it("stores uploaded images as files with a resized copy, served by URL; the asset keeps URLs only", async () => {
    const u = await signUp(t.app);
    const res = await post(u, "/api/assets", good({ images: [await png("#ff0000"), await png("#0000ff")] }));
    expect(res.statusCode, res.body).toBe(201);
    const a = json(res).data;
    expect(a.images).toHaveLength(2);
    expect(a.images[0]).toMatch(/^\/uploads\/assets\/[0-9a-f-]+\/0\.webp$/);
    expect(a.thumbnails[1]).toMatch(/1-thumb\.webp$/);
    expect(res.body).not.toContain("data:image");
    const img = await t.app.inject({ method: "GET", url: a.images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(existsSync(path.join(dataDir, "uploads", "assets", a._id, "0-thumb.webp"))).toBe(true);
  });
});

describe("time and money", () => {
  it("registers specialised time at 120.000 COP/hour: 3 h = 360 créditos bloqueados", async () => {
    const u = await signUp(t.app);
    const res = await post(u, "/api/tiempo/registrar", {
      tipo: "Asesoría contable",
      horas: 3,
      especializado: true,
      descripcion: "Declaración de renta",
      userId: u.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).activo).toMatchObject({ creditos: 360, valorTotal: 360_000, assetType: "tiempo", horas: 3 });
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 360 });
  });

  it("registers plain time at 30.000 COP/hour and validates hours 1..10", async () => {
    const u = await signUp(t.app);
    const ok = await post(u, "/api/tiempo/registrar", {
      tipo: "Clases de guitarra",
      horas: 2,
      especializado: false,
      descripcion: "Nivel básico",
    });
    expect(json(ok).activo).toMatchObject({ creditos: 60, valorTotal: 60_000 });
    for (const horas of [0, 11, 2.5, "tres"]) {
      const bad = await post(u, "/api/tiempo/registrar", {
        tipo: "Clases",
        horas,
        especializado: false,
        descripcion: "x",
      });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).message).toBe("Las horas deben ser un número entero entre 1 y 10");
    }
  });

  it("registers money: 250.000 COP = 250 créditos bloqueados, and requires a positive amount", async () => {
    const u = await signUp(t.app);
    const res = await post(u, "/api/dinero/registrar", {
      monto: 250_000,
      tipo: "inversion",
      descripcion: "Fondo común",
      userId: u.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).activo).toMatchObject({ monto: 250_000, creditos: 250, assetType: "dinero" });
    expect(await saldo(u)).toEqual({ disponibles: 0, bloqueados: 250 });
    const bad = await post(u, "/api/dinero/registrar", { monto: -1, tipo: "inversion", descripcion: "x" });
    expect(bad.statusCode).toBe(400);
  });
});

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
