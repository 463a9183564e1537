import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { json, signUp } from "../../test/harness.ts";
import { dataDir, good, png, post, saldo, t, useAssetsApp, YEAR } from "./assets.setup.testkit.ts";

useAssetsApp();

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
