/**
 * Local exchanges and where assets are (issue 10): assets placed at known
 * offsets come back in the right bands and order with rounded distances, never
 * with a stored or exact point; the stored point is the chosen one moved by at
 * most ~500 m (or the city centre from the gazetteer); a local proposal expires
 * after 24 h of injected time. Plus the races: two proposals for one asset
 * accepted at once (one wins), accept racing cancel.
 */
import { distanceKm, offsetPoint } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { quietPool } from "../custody/custody.testkit.ts";
import { getUserBalances } from "../ledger/index.ts";
import { cityCentre } from "./exchanges.location.ts";
import { exchangeKit } from "./exchanges.testkit.ts";

let t: TestContext;
const k = exchangeKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

const ORIGIN = { lat: 4.65, lng: -74.06 };

async function storedPoint(assetId: string) {
  const r = await t.database.db.execute(sql`select lat, lng, source from asset_locations where asset_id = ${assetId}`);
  return (r as unknown as { rows: { lat: number; lng: number; source: string }[] }).rows[0];
}

describe("where assets are", () => {
  it("keeps only a point moved by at most ~500 m, never answers coordinates, and ranks by bands", async () => {
    const [owner, seeker] = (await k.users(2)) as [TestUser, TestUser];
    // Exact points at 0.5, 5, 20 and 45 km north-east of the origin.
    const places = [
      { title: "A 20 km", km: 20 },
      { title: "A 0.5 km", km: 0.5 },
      { title: "A 5 km", km: 5 },
      { title: "A 45 km", km: 45 },
    ];
    const ids: Record<string, string> = {};
    for (const p of places) {
      const exact = offsetPoint(ORIGIN, p.km * 1000, 45);
      const r = await k.req("POST", owner, "/api/assets", { ...goodBody(p.title), coordenadas: exact });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.body).not.toMatch(/"lat"|"lng"|coordenadas/);
      ids[p.title] = json(r).data._id;
      const stored = await storedPoint(ids[p.title] as string);
      expect(stored?.source).toBe("usuario");
      const moved = distanceKm(exact, { lat: Number(stored?.lat), lng: Number(stored?.lng) });
      expect(moved).toBeLessThanOrEqual(0.501);
      expect(moved).toBeGreaterThan(0); // never the exact point (a zero draw is 1 in 2^32)
    }
    // A vender asset and the seeker's own asset nearby are never listed.
    await k.req("POST", owner, "/api/assets", { ...goodBody("En venta"), mainPurpose: "vender", coordenadas: ORIGIN });
    await k.req("POST", seeker, "/api/assets", { ...goodBody("Mío"), coordenadas: ORIGIN });

    const car = await k.req("POST", seeker, "/api/intercambios/buscar-cercanos", {
      userLocation: ORIGIN,
      mobility: "car",
    });
    expect(car.statusCode, car.body).toBe(200);
    const body = json(car);
    expect(body.maxKm).toBe(30);
    expect(body.results.map((x: { title: string }) => x.title)).toEqual(["A 0.5 km", "A 5 km", "A 20 km"]);
    expect(body.results.map((x: { proximityBadge: string }) => x.proximityBadge)).toEqual([
      "Muy cercano",
      "Cercano",
      "En ciudad",
    ]);
    for (const x of body.results as { distanceKm: number; title: string }[]) {
      expect(Math.round(x.distanceKm * 10)).toBe(x.distanceKm * 10); // rounded to 0.1 km
    }
    expect(body.count).toBe(3);
    // No coordinates anywhere in the answer (nor in the asset detail).
    expect(car.body).not.toMatch(/"lat"|"lng"|latitude|longitude|coordenadas/);
    const detail = await k.req("GET", seeker, `/api/activos/${ids["A 5 km"]}`);
    expect(detail.body).not.toMatch(/"lat"|"lng"|coordenadas/);

    const walk = json(
      await k.req("POST", seeker, "/api/intercambios/buscar-cercanos", { userLocation: ORIGIN, mobility: "walk" }),
    );
    expect(walk.maxKm).toBe(2);
    expect(walk.results.map((x: { title: string }) => x.title)).toEqual(["A 0.5 km"]);
    const bike = json(
      await k.req("POST", seeker, "/api/intercambios/buscar-cercanos", { userLocation: ORIGIN, mobility: "bike" }),
    );
    expect(bike.results.map((x: { title: string }) => x.title)).toEqual(["A 0.5 km", "A 5 km"]);

    const bad = await k.req("POST", seeker, "/api/intercambios/buscar-cercanos", {
      userLocation: { lat: 200, lng: 0 },
      mobility: "plane",
    });
    expect(bad.statusCode).toBe(400);
    expect((await k.req("POST", null, "/api/intercambios/buscar-cercanos", {})).statusCode).toBe(401);
  });

  it("without coordinates the asset sits at its city's centre from the gazetteer", async () => {
    const bogota = await cityCentre("Bogotá");
    expect(bogota).not.toBeNull();
    expect(distanceKm(bogota as { lat: number; lng: number }, { lat: 4.710989, lng: -74.07209 })).toBeLessThan(15);
    const medellin = await cityCentre("medellin", "Antioquia");
    expect(distanceKm(medellin as { lat: number; lng: number }, { lat: 6.2442, lng: -75.5812 })).toBeLessThan(10);
    expect(await cityCentre("Ciudad que no existe")).toBeNull();
    const [u] = (await k.users(1)) as [TestUser];
    const r = await k.req("POST", u, "/api/assets", {
      ...goodBody("En Cali"),
      ubicacion: { ciudad: "Cali", departamento: "Valle del Cauca" },
    });
    const stored = await storedPoint(json(r).data._id);
    expect(stored?.source).toBe("ciudad");
    expect(
      distanceKm({ lat: Number(stored?.lat), lng: Number(stored?.lng) }, { lat: 3.4516, lng: -76.532 }),
    ).toBeLessThan(10);
  });
});

describe("time offered for exchange", () => {
  it("sits at its owner's city centre and is found nearby like goods", async () => {
    const [owner, seeker] = (await k.users(2)) as [TestUser, TestUser];
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/profile",
      headers: owner.auth,
      payload: { ciudad: "Medellín", departamento: "Antioquia" },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const r = await k.req("POST", owner, "/api/tiempo/registrar", {
      tipo: "Clases de guitarra",
      horas: 2,
      especializado: false,
      descripcion: "Nivel básico",
      mainPurpose: "intercambiar",
    });
    expect(r.statusCode, r.body).toBe(201);
    const id = json(r).activo._id as string;
    const stored = await storedPoint(id);
    expect(stored?.source).toBe("ciudad");
    const centre = (await cityCentre("Medellín", "Antioquia")) as { lat: number; lng: number };
    const found = await k.req("POST", seeker, "/api/intercambios/buscar-cercanos", {
      userLocation: { lat: centre.lat + 0.01, lng: centre.lng },
      mobility: "walk",
    });
    expect(found.statusCode, found.body).toBe(200);
    const hit = (json(found).results as { _id: string; distanceKm: number; proximityBadge: string }[]).find(
      (a) => a._id === id,
    );
    expect(hit?.proximityBadge).toBe("Muy cercano");
    expect(found.body).not.toMatch(/"lat"|"lng"/);
  });
});

function goodBody(title: string) {
  return {
    title,
    description: "Para intercambiar",
    assetType: "bien",
    origin: "personal",
    category: "Tecnología",
    condition: "usado",
    physicalState: "bueno",
    yearOfPurchase: 2022,
    baseValueCOP: 500_000,
    mainPurpose: "intercambiar",
    privacy: "publico",
    images: [],
  };
}

describe("local proposals", () => {
  it("needs an own available asset, and expires after 24 h of injected time", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const b = await k.asset(beto);
    const none = await k.req("POST", ana, "/api/intercambios/proponer-local", {
      offeredAssetId: b._id,
      requestedAssetId: b._id,
      targetUserId: beto.id,
      mobility: "walk",
    });
    expect(none.statusCode).toBe(422);
    expect(json(none).message).toBe("No tienes activos disponibles");
    const a = await k.asset(ana);
    const r = await k.req("POST", ana, "/api/intercambios/proponer-local", {
      offeredAssetId: a._id,
      requestedAssetId: b._id,
      targetUserId: beto.id,
      mobility: "walk",
    });
    expect(r.statusCode, r.body).toBe(201);
    const p = json(r).data;
    expect(p.tipo).toBe("local");
    expect(Date.parse(p.expiresAt) - Date.parse(p.createdAt)).toBe(24 * 3600_000);
    t.clock.advance(23 * 3600_000);
    await t.app.deals.fireDueTimers(t.database.db, t.clock.now());
    expect(json(await k.req("GET", beto, "/api/exchanges/received")).data[0].status).toBe("pendiente");
    t.clock.advance(3600_000 + 1000);
    expect(await t.app.deals.fireDueTimers(t.database.db, t.clock.now())).toBe(1);
    const received = json(await k.req("GET", beto, "/api/exchanges/received")).data;
    expect(received[0].status).toBe("expirada");
    expect((await k.setStatus(beto, p._id, "aceptada")).statusCode).toBe(409);
    expect((await k.ownerOf(b._id)).userId).toBe(beto.id);
  });
});

describe("races", () => {
  it("two proposals for one asset accepted at once: exactly one wins, the other is closed and refunded", async () => {
    const [owner, p1, p2] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const wanted = await k.asset(owner);
    const a1 = await k.asset(p1);
    const a2 = await k.asset(p2);
    await k.fund(p1, 10);
    await k.fund(p2, 10);
    const x1 = json(await k.propose(p1, a1._id, wanted._id, owner.id, { creditosAdicionales: 10 })).data;
    const x2 = json(await k.propose(p2, a2._id, wanted._id, owner.id, { creditosAdicionales: 10 })).data;
    const [r1, r2] = await Promise.all([
      k.setStatus(owner, x1._id, "aceptada"),
      k.setStatus(owner, x2._id, "aceptada"),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const winner = r1.statusCode === 200 ? p1 : p2;
    const loser = winner === p1 ? p2 : p1;
    expect((await k.ownerOf(wanted._id)).userId).toBe(winner.id);
    expect((await getUserBalances(t.database.db, loser.id)).creditosDisponibles).toBe(10);
    expect((await getUserBalances(t.database.db, winner.id)).creditosDisponibles).toBeGreaterThanOrEqual(0);
    expect((await k.invariants()).problems).toEqual([]);
  });

  it("accept racing cancel ends in exactly one of them", async () => {
    for (let i = 0; i < 3; i++) {
      const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
      const a = await k.asset(ana);
      const b = await k.asset(beto);
      await k.fund(ana, 25);
      const p = json(await k.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 25 })).data;
      const [acc, can] = await Promise.all([
        k.setStatus(beto, p._id, "aceptada"),
        k.setStatus(ana, p._id, "cancelada"),
      ]);
      expect([acc.statusCode, can.statusCode].sort()).toEqual([200, 409]);
      const anaBal = await getUserBalances(t.database.db, ana.id);
      const betoBal = await getUserBalances(t.database.db, beto.id);
      if (acc.statusCode === 200) {
        expect((await k.ownerOf(a._id)).userId).toBe(beto.id);
        expect(betoBal.creditosDisponibles).toBe(25 + b.creditosAsignados);
      } else {
        expect((await k.ownerOf(a._id)).userId).toBe(ana.id);
        expect(anaBal.creditosDisponibles).toBe(25);
      }
      expect((await k.invariants()).problems).toEqual([]);
    }
  });
});
