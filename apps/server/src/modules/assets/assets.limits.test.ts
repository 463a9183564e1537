import { currentYearInColombia, MAX_CREDITS_ISSUED_PER_DAY, MAX_REGISTRATIONS_PER_DAY } from "@valoriza/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets, transfers } from "../../db/schema/index.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";

let t: TestContext;
const YEAR = currentYearInColombia(new Date());
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const good = (over: Record<string, unknown> = {}) => ({
  title: "Portátil de trabajo",
  description: "Portátil usado en buen estado",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  condition: "nuevo",
  physicalState: "excelente",
  yearOfPurchase: YEAR,
  baseValueCOP: 1_000_000,
  location: "Chapinero",
  mainPurpose: "intercambiar",
  privacy: "publico",
  images: [],
  ...over,
});
const post = (u: TestUser, url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, payload: payload as object, headers: u.auth });

/** What a refusal must leave untouched: the person's assets, the ledger's transfers, the balance. */
async function footprint(u: TestUser) {
  const db = t.database.db;
  const [a] = await db.select({ n: count() }).from(assets).where(eq(assets.userId, u.id));
  const [tr] = await db.select({ n: count() }).from(transfers);
  const p = json(await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth })).data;
  const r = json(await t.app.inject({ method: "GET", url: "/api/economia/reporte" })).data;
  return { assets: a?.n, transfers: tr?.n, bloqueados: p.creditosBloqueados, emitidos: r.creditosEmitidos };
}

describe("bounds at issuance (ADR 015)", () => {
  it("refuses a phone worth a billion pesos with a clear Spanish 422, and writes nothing", async () => {
    const u = await signUp(t.app);
    const before = await footprint(u);
    const res = await post(u, "/api/assets", good({ baseValueCOP: 1_000_000_000 }));
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(
      "El valor declarado supera el máximo permitido para la categoría Tecnología: 20.000.000 COP por registro",
    );
    expect(await footprint(u)).toEqual(before);
  });

  it("a vehicle may be worth more than a laptop", async () => {
    const u = await signUp(t.app);
    const car = await post(u, "/api/assets", good({ category: "Vehículos", baseValueCOP: 80_000_000 }));
    expect(car.statusCode, car.body).toBe(201);
    const laptop = await post(u, "/api/assets", good({ baseValueCOP: 80_000_000 }));
    expect(laptop.statusCode).toBe(422);
  });

  it("refuses the issue's attack: monto 100.000.000.000 in money", async () => {
    const u = await signUp(t.app);
    const before = await footprint(u);
    const res = await post(u, "/api/dinero/registrar", {
      monto: 100_000_000_000,
      tipo: "donacion",
      descripcion: "Aporte para la comunidad",
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).message).toMatch(/aporte en dinero: 20\.000\.000 COP/);
    expect(await footprint(u)).toEqual(before);
  });

  it(`allows ${MAX_REGISTRATIONS_PER_DAY} registrations per 24 h, refuses the next, allows again a day later`, async () => {
    const u = await signUp(t.app);
    for (let i = 0; i < MAX_REGISTRATIONS_PER_DAY; i++) {
      const r = await post(u, "/api/tiempo/registrar", {
        tipo: "Clases",
        horas: 1,
        especializado: false,
        descripcion: "Clases de guitarra",
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    const before = await footprint(u);
    const refused = await post(u, "/api/assets", good());
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toMatch(/máximo de 10 registros en 24 horas/);
    expect(await footprint(u)).toEqual(before);
    // Asset ids are uuidv7 of the clock, kept monotonic against the wall clock: a margin of minutes.
    t.clock.advance(DAY + 5 * 60 * 1000);
    const later = await post(u, "/api/assets", good());
    expect(later.statusCode, later.body).toBe(201);
  });

  it("refuses the registration that passes the credits issued per day", async () => {
    const u = await signUp(t.app);
    // 300.000.000 x Vehículos .92 = 276.000.000 COP -> 276.000 créditos
    const first = await post(u, "/api/assets", good({ category: "Vehículos", baseValueCOP: 300_000_000 }));
    expect(first.statusCode, first.body).toBe(201);
    const before = await footprint(u);
    const second = await post(u, "/api/assets", good({ category: "Vehículos", baseValueCOP: 50_000_000 }));
    expect(second.statusCode).toBe(422);
    expect(json(second).message).toMatch(
      new RegExp(`te quedan ${(MAX_CREDITS_ISSUED_PER_DAY - 276_000).toLocaleString("es-CO").replace(".", "\\.")}`),
    );
    expect(await footprint(u)).toEqual(before);
  });

  it("counts the registrations a person made, not the assets they still own: giving 5 away frees no room (issue 17)", async () => {
    const [u, friend] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    const ids: string[] = [];
    for (let i = 0; i < MAX_REGISTRATIONS_PER_DAY; i++) {
      const r = await post(u, "/api/assets", good({ mainPurpose: "regalar", title: `Regalo ${i}` }));
      expect(r.statusCode, r.body).toBe(201);
      ids.push(json(r).data._id);
    }
    for (const id of ids.slice(0, 5)) {
      const g = await post(u, "/api/donations", {
        assetId: id,
        recipientId: friend.id,
        message: "Para ti",
        kind: "regalo",
      });
      expect(g.statusCode, g.body).toBe(201);
      const ok = await post(friend, `/api/donations/accept/${json(g).data._id}`, {});
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const [owned] = await t.database.db.select({ n: count() }).from(assets).where(eq(assets.userId, u.id));
    expect(owned?.n).toBe(MAX_REGISTRATIONS_PER_DAY - 5);
    const refused = await post(u, "/api/assets", good());
    expect(refused.statusCode).toBe(422);
    expect(json(refused).message).toMatch(/máximo de 10 registros en 24 horas/);

    // The credits issued count the same way: a vehicle given away still counts for the day.
    const v = await signUp(t.app);
    const car = await post(
      v,
      "/api/assets",
      good({ category: "Vehículos", baseValueCOP: 300_000_000, mainPurpose: "regalar" }),
    );
    expect(car.statusCode, car.body).toBe(201);
    const g = await post(v, "/api/donations", {
      assetId: json(car).data._id,
      recipientId: friend.id,
      message: "Para ti",
      kind: "regalo",
    });
    expect((await post(friend, `/api/donations/accept/${json(g).data._id}`, {})).statusCode).toBe(200);
    const second = await post(v, "/api/assets", good({ category: "Vehículos", baseValueCOP: 50_000_000 }));
    expect(second.statusCode).toBe(422);
    expect(json(second).message).toMatch(/créditos emitidos por persona en 24 horas/);
  });

  it("holds under concurrency: 14 registrations at once, exactly 10 issue credits", async () => {
    const u = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 14 }, () => post(u, "/api/assets", good({ baseValueCOP: 100_000 }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_REGISTRATIONS_PER_DAY);
    expect(codes.filter((c) => c === 422)).toHaveLength(14 - MAX_REGISTRATIONS_PER_DAY);
    expect((await footprint(u)).assets).toBe(MAX_REGISTRATIONS_PER_DAY);
  });
});
