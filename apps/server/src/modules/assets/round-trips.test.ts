/**
 * Round trips of a registration on PostgreSQL (issue 7, ADR 012): without an Idempotency-Key a
 * registration whose public point does not depend on its owner's city (money, goods with
 * coordinates or a location) takes ONE round trip: BEGIN, the person's limits lock and the one
 * batch statement (the day's bounds, the asset row with the owner's city...) with COMMIT right
 * behind it (issue 21, ADR 028 amendment "A registration in one round trip"; was 2, and 3 before
 * ADR 029 "pipelined statements"); time and goods placed at their owner's city centre take TWO
 * (the city is read first, with the lock). Counted like bench/transfers.ts (test/round-trips.ts: a query
 * sent with nothing of its connection outstanding). PostgreSQL only (TEST_DATABASE_URL); PGlite
 * has no network.
 * On both databases: the asset row the batch inserts and returns is the row stored, and a refused
 * registration leaves nothing (the asset row and its public point are parts of the batch).
 */
import { currentYearInColombia, MAX_REGISTRATIONS_PER_DAY } from "@valoriza/domain";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetLocations, assets, transfers } from "../../db/schema/index.ts";
import { runBatch } from "../../lib/batch.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { countRoundTrips } from "../../test/round-trips.ts";
import { insertAssetPart } from "./assets.repository.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestContext;
const YEAR = currentYearInColombia(new Date());

beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/vz-round-trips-test-${process.pid}` });
});
afterAll(() => t?.close());

const counted = async <T>(fn: () => Promise<T>) => {
  const c = await countRoundTrips(fn);
  return { ...c, texts: c.texts.map((x, i) => `#${c.trip[i]} ${x}`) };
};

async function withCity(u: TestUser) {
  await t.database.rawQuery("update users set ciudad = 'Medellín', departamento = 'Antioquia' where id = $1", [u.id]);
}

/** A signed-up user whose session is in the session cache (as in bench/transfers.ts, after its warm-up). */
async function warmUser(): Promise<TestUser> {
  const u = await signUp(t.app);
  await withCity(u);
  const r = await t.app.inject({ method: "GET", url: "/api/profile", headers: u.auth });
  expect(r.statusCode).toBe(200);
  return u;
}

const post = (u: TestUser, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers: { ...u.auth, ...headers } });

const good = (over: Record<string, unknown> = {}) => ({
  title: "Bicicleta de ruta",
  description: "Bicicleta de ruta talla M",
  assetType: "bien",
  origin: "personal",
  category: "Deportes",
  subcategory: "Ciclismo",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: YEAR - 2,
  baseValueCOP: 1_500_000,
  location: "Laureles",
  mainPurpose: "intercambiar",
  privacy: "publico",
  images: [],
  ...over,
});

describe.runIf(onPostgres)("round trips of a registration (PostgreSQL)", () => {
  it("POST /api/dinero/registrar: 1", async () => {
    const u = await warmUser();
    const {
      result: res,
      texts,
      trips,
    } = await counted(() => post(u, "/api/dinero/registrar", { monto: 50_000, tipo: "otro", descripcion: "Aporte" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).data.ubicacion.ciudad).toBe("Medellín");
    expect(trips, texts.join("\n---\n")).toBe(1);
  });

  it("POST /api/dinero/registrar: no value written into a statement's text, so each is planned once per connection", async () => {
    const u = await warmUser();
    const { result: res, sent } = await countRoundTrips(() =>
      post(u, "/api/dinero/registrar", { monto: 3_000, tipo: "otro", descripcion: "Aporte" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    // BEGIN (keeping the transaction's live events until after the COMMIT) and COMMIT as plain texts;
    // the lock and the batch named, the person only among their values.
    const plain = ["begin;\nset local valoriza.live_deferred = on", "commit"];
    for (const q of sent) {
      const text = typeof q === "string" ? q : q.text;
      expect(text, text).not.toContain(u.id);
      if (typeof q === "string") expect(plain).toContain(q.trim().toLowerCase());
      else expect(q.name, q.text).toMatch(/^vz_\d+$/);
    }
    expect(sent.filter((q) => typeof q !== "string" && q.values?.some((v) => String(v).includes(u.id))).length).toBe(2);
  });

  it("POST /api/tiempo/registrar (city-centre public point: the owner's city read first): 2", async () => {
    const u = await warmUser();
    const {
      result: res,
      texts,
      trips,
    } = await counted(() =>
      post(u, "/api/tiempo/registrar", {
        tipo: "Clases de guitarra",
        horas: 2,
        especializado: false,
        descripcion: "x",
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = json(res).data._id as string;
    expect(trips, texts.join("\n---\n")).toBe(2);
    const [loc] = (await t.database.rawQuery("select source from asset_locations where asset_id = $1", [id])) as {
      source: string;
    }[];
    expect(loc?.source).toBe("ciudad");
  });

  it("POST /api/assets with coordinates (public point): 1; with no location (the city's centre): 2", async () => {
    const u = await warmUser();
    const placed = await counted(() => post(u, "/api/assets", good({ coordenadas: { lat: 6.25, lng: -75.57 } })));
    expect(placed.result.statusCode, placed.result.body).toBe(201);
    expect(placed.trips, placed.texts.join("\n---\n")).toBe(1);
    const [loc] = (await t.database.rawQuery("select source from asset_locations where asset_id = $1", [
      json(placed.result).data._id,
    ])) as { source: string }[];
    expect(loc?.source).toBe("usuario");

    const plain = await counted(() => post(u, "/api/assets", good()));
    expect(plain.result.statusCode, plain.result.body).toBe(201);
    expect(json(plain.result).data.ubicacion.ciudad).toBe("Medellín");
    expect(plain.trips, plain.texts.join("\n---\n")).toBe(2);
  });

  it("with an Idempotency-Key: the key row costs its own round trips (at most 3), a replay moves nothing", async () => {
    const u = await warmUser();
    const body = { monto: 20_000, tipo: "otro", descripcion: "Aporte idempotente" };
    const key = { "idempotency-key": `rt-${u.id}` };
    const first = await counted(() => post(u, "/api/dinero/registrar", body, key));
    expect(first.result.statusCode, first.result.body).toBe(201);
    // BEGIN with the key row; the lock and the batch; the stored answer with COMMIT (was 6, then 4).
    expect(first.trips, first.texts.join("\n---\n")).toBeLessThanOrEqual(3);
    const again = await post(u, "/api/dinero/registrar", body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(json(again).data._id).toBe(json(first.result).data._id);
  });
});

describe("the asset row in the batch (both databases)", () => {
  it("the row the batch returns is the row stored, as drizzle reads it", async () => {
    const u = await signUp(t.app);
    const db = t.database.db;
    const rows = [
      {
        id: uuidv7(Date.now()),
        userId: u.id,
        title: "Cámara",
        assetType: "bien",
        category: "Tecnología",
        yearOfPurchase: 2020,
        baseValueCOP: 2_000_000,
        images: [{ url: "/uploads/a/1.webp", thumbUrl: "/uploads/a/1-t.webp" }],
        creditosAsignados: 1040,
        ciudad: "Bogotá",
        searchText: "camara",
      },
      {
        id: uuidv7(Date.now()),
        userId: u.id,
        title: "Clases (2 horas)",
        assetType: "tiempo",
        horas: 2,
        especializado: true,
        tipoServicio: "Clases",
        creditosAsignados: 240,
      },
      { id: uuidv7(Date.now()), userId: u.id, title: "Aporte", assetType: "dinero", monto: 50_000, tipoAporte: "otro" },
    ] as Parameters<typeof insertAssetPart>[0][];
    for (const row of rows) {
      const inserted = insertAssetPart(row);
      const [r0] = await runBatch(db, [inserted.part]);
      const got = inserted.read(r0 ?? []);
      const [stored] = await db.select().from(assets).where(eq(assets.id, row.id));
      expect(got).toEqual(stored);
      expect(got.createdAt).toBeInstanceOf(Date);
    }
  });

  it("a registration refused by the daily limits leaves neither its asset row nor its public point", async () => {
    const u = await warmUser();
    const time = { tipo: "Asesoría", horas: 1, especializado: false, descripcion: "Una hora" };
    for (let i = 0; i < MAX_REGISTRATIONS_PER_DAY; i++) {
      const r = await post(u, "/api/tiempo/registrar", time);
      expect(r.statusCode, r.body).toBe(201);
    }
    const db = t.database.db;
    const footprint = async () => {
      const mine = db.select({ id: assets.id }).from(assets).where(eq(assets.userId, u.id));
      const [a] = await db.select({ n: count() }).from(assets).where(eq(assets.userId, u.id));
      const [l] = await db.select({ n: count() }).from(assetLocations).where(inArray(assetLocations.assetId, mine));
      const [tr] = await db.select({ n: count() }).from(transfers);
      return { assets: a?.n, locations: l?.n, transfers: tr?.n };
    };
    const before = await footprint();
    expect(before).toMatchObject({ assets: MAX_REGISTRATIONS_PER_DAY, locations: MAX_REGISTRATIONS_PER_DAY });
    const refused = await post(u, "/api/tiempo/registrar", time);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await footprint()).toEqual(before);
  });
});
