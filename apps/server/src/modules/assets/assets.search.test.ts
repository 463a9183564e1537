/**
 * GET /api/assets: search that finds (issue 20). Filters, orders and the real total, against the
 * database (PGlite by default; PostgreSQL with TEST_DATABASE_URL).
 */
import { currentYearInColombia } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";

let t: TestContext;
let medellin: TestUser;
let bogota: TestUser;
const YEAR = currentYearInColombia(new Date());
const ids: Record<string, string> = {};

const MEDELLIN = { lat: 6.2442, lng: -75.5812 };
const BOGOTA = { lat: 4.711, lng: -74.0721 };

const good = (over: Record<string, unknown>) => ({
  description: "En buen estado",
  assetType: "bien",
  origin: "personal",
  subcategory: "",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: YEAR - 1,
  mainPurpose: "intercambiar",
  privacy: "publico",
  images: [],
  ...over,
});

async function register(u: TestUser, key: string, body: Record<string, unknown>, url = "/api/assets") {
  t.clock.advance(1000);
  const res = await t.app.inject({ method: "POST", url, headers: u.auth, payload: body });
  if (res.statusCode !== 201) throw new Error(res.body);
  ids[key] = json(res).data._id;
}

beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/vz-assets-search-test-${process.pid}` });
  medellin = await signUp(t.app, { name: "Camila", apellido: "Restrepo" });
  bogota = await signUp(t.app, { name: "Andrés", apellido: "Castro" });
  await t.database.rawQuery("update users set ciudad = 'Bogotá', departamento = 'Cundinamarca' where id = $1", [
    bogota.id,
  ]);
  const inMedellin = { ubicacion: { ciudad: "Medellín", departamento: "Antioquia" } };
  await register(
    medellin,
    "bici",
    good({
      title: "Bicicleta de ruta",
      category: "Deporte y Aventura",
      baseValueCOP: 1_500_000,
      mainPurpose: "vender",
      ...inMedellin,
      coordenadas: MEDELLIN,
    }),
  );
  await register(
    medellin,
    "taladro",
    good({
      title: "Taladro percutor",
      category: "Herramientas",
      baseValueCOP: 400_000,
      mainPurpose: "prestar",
      ...inMedellin,
      coordenadas: { lat: 6.27, lng: -75.57 },
    }),
  );
  await register(
    bogota,
    "portatil",
    good({
      title: "Portátil Lenovo",
      category: "Tecnología",
      baseValueCOP: 3_000_000,
      mainPurpose: "vender",
      ubicacion: { ciudad: "Bogotá", departamento: "Cundinamarca" },
      coordenadas: BOGOTA,
    }),
  );
  await register(
    bogota,
    "silla",
    good({
      title: "Silla mecedora",
      category: "Muebles",
      baseValueCOP: 200_000,
      mainPurpose: "donar",
      ubicacion: { ciudad: "Cali", departamento: "Valle del Cauca" },
    }),
  );
  // Time is offered in its owner's city (Bogotá), at the city centre.
  await register(
    bogota,
    "clase",
    { tipo: "Clases de inglés", horas: 2, descripcion: "Conversación" },
    "/api/tiempo/registrar",
  );
  // Money has no place at all.
  await register(
    medellin,
    "aporte",
    { monto: 50_000, tipo: "prestamo", descripcion: "Para emergencias" },
    "/api/dinero/registrar",
  );
});
afterAll(() => t?.close());

const search = async (qs: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/assets?${qs}` });
  return { status: res.statusCode, body: json(res) };
};
const found = async (qs: string) => {
  const { status, body } = await search(qs);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data as { _id: string }[]).map((a) => keyOf(a._id));
};
const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;

describe("GET /api/assets: text search by place, without accents", () => {
  it("'medellin' and 'antioquia' find the assets in Medellín; 'valle' finds Cali's", async () => {
    expect((await found("q=medellin")).sort()).toEqual(["bici", "taladro"]);
    expect((await found("q=ANTIOQUIA")).sort()).toEqual(["bici", "taladro"]);
    expect((await found("q=bogota%20portatil")).sort()).toEqual(["portatil"]);
    expect(await found(`q=${encodeURIComponent("valle del cauca")}`)).toEqual(["silla"]);
  });

  it("answers the total with the page", async () => {
    const { body } = await search("q=medellin&limit=1");
    expect(body).toMatchObject({ success: true, total: 2, limit: 1, offset: 0 });
    expect(body.data).toHaveLength(1);
  });
});

describe("GET /api/assets: filters", () => {
  it("categoria by name or slug, any case, with or without accents", async () => {
    expect(await found("categoria=Herramientas")).toEqual(["taladro"]);
    expect(await found("categoria=tecnologia")).toEqual(["portatil"]);
    expect(await found(`categoria=${encodeURIComponent("deporte-y-aventura")}`)).toEqual(["bici"]);
    expect(await found("categoria=Tiempo")).toEqual(["clase"]);
  });

  it("tipo, proposito and ciudad", async () => {
    expect((await found("tipo=tiempo")).sort()).toEqual(["clase"]);
    expect((await found("tipo=dinero")).sort()).toEqual(["aporte"]);
    expect((await found("tipo=bienes")).sort()).toEqual(["bici", "portatil", "silla", "taladro"]);
    expect((await found("proposito=vender")).sort()).toEqual(["bici", "portatil"]);
    expect((await found("ciudad=bogota")).sort()).toEqual(["clase", "portatil"]);
    expect((await found("ciudad=MEDELL%C3%8DN&proposito=prestar")).sort()).toEqual(["taladro"]);
  });

  it("minCreditos and maxCreditos bound the credits (both inclusive)", async () => {
    const all = (await search("limit=200")).body.data as { _id: string; creditosAsignados: number }[];
    const credits = Object.fromEntries(all.map((a) => [keyOf(a._id), a.creditosAsignados]));
    const min = credits.taladro as number;
    const max = credits.bici as number;
    expect(min).toBeLessThan(max);
    const between = await found(`minCreditos=${min}&maxCreditos=${max}`);
    const expected = Object.entries(credits)
      .filter(([, c]) => c >= min && c <= max)
      .map(([k]) => k);
    expect(between.sort()).toEqual(expected.sort());
    expect(between).toContain("taladro");
    expect(between).toContain("bici");
    expect(await found(`minCreditos=${(credits.portatil as number) + 1}`)).toEqual([]);
    const { body } = await search(`maxCreditos=${min}`);
    expect(body.total).toBe(Object.values(credits).filter((c) => c <= min).length);
  });

  it("combines filters with the text search, and the total follows them", async () => {
    const { body } = await search("q=a&proposito=vender&ciudad=medellin");
    expect(body.total).toBe(1);
    expect(body.data.map((a: { _id: string }) => keyOf(a._id))).toEqual(["bici"]);
  });
});

describe("GET /api/assets: orden", () => {
  it("recientes (default): newest first", async () => {
    expect(await found("")).toEqual(["aporte", "clase", "silla", "portatil", "taladro", "bici"]);
    expect(await found("orden=recientes")).toEqual(await found(""));
  });

  it("precio_asc and precio_desc order by credits", async () => {
    const asc = (await search("orden=precio_asc")).body.data as { creditosAsignados: number }[];
    const desc = (await search("orden=precio_desc")).body.data as { creditosAsignados: number }[];
    const a = asc.map((x) => x.creditosAsignados);
    expect(a).toEqual([...a].sort((x, y) => x - y));
    expect(desc.map((x) => x.creditosAsignados)).toEqual([...a].sort((x, y) => y - x));
    expect(keyOf((desc[0] as unknown as { _id: string })._id)).toBe("portatil");
  });

  it("distancia from lat,lng: nearest public point first, places unknown last, rounded km, never a point", async () => {
    const { body } = await search(`orden=distancia&lat=${MEDELLIN.lat}&lng=${MEDELLIN.lng}`);
    const list = body.data as { _id: string; distanciaKm: number | null }[];
    expect(
      list
        .map((a) => keyOf(a._id))
        .slice(0, 2)
        .sort(),
    ).toEqual(["bici", "taladro"]);
    expect(keyOf(list.at(-1)?._id ?? "")).toBe("aporte");
    expect(list.at(-1)?.distanciaKm).toBeNull();
    const km = list.slice(0, -1).map((a) => a.distanciaKm as number);
    expect(km).toEqual([...km].sort((x, y) => x - y));
    for (const d of km) expect(Math.round(d * 10) / 10).toBe(d);
    // Bogotá is ~240 km from Medellín; the offset public point moves it by 0.5 km at most.
    const portatil = list.find((a) => keyOf(a._id) === "portatil");
    expect(portatil?.distanciaKm).toBeGreaterThan(230);
    expect(portatil?.distanciaKm).toBeLessThan(250);
    // The bicycle's public point is its exact point moved by up to ~0.5 km: never further.
    expect(list.find((a) => keyOf(a._id) === "bici")?.distanciaKm).toBeLessThanOrEqual(0.6);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/"lat"|"lng"|6\.2442|-75\.5812/);
    // From Bogotá, the order turns around.
    const fromBogota = await found(`orden=distancia&lat=${BOGOTA.lat}&lng=${BOGOTA.lng}`);
    expect(fromBogota.slice(0, 2).sort()).toEqual(["clase", "portatil"]);
  });

  it("with lat,lng and another order, distances come with every asset", async () => {
    const { body } = await search(`orden=precio_desc&lat=${BOGOTA.lat}&lng=${BOGOTA.lng}&limit=1`);
    expect(keyOf(body.data[0]._id)).toBe("portatil");
    expect(body.data[0].distanciaKm).toBeLessThanOrEqual(0.6);
  });
});

describe("GET /api/assets: bad values are 400 in Spanish", () => {
  const cases: [string, RegExp][] = [
    ["categoria=Cohetes", /La categoría no existe/],
    ["tipo=casa", /El tipo debe ser uno de: bien, tiempo, dinero/],
    ["proposito=robar", /El propósito debe ser uno de/],
    ["minCreditos=-5", /minCreditos debe ser un número entero de créditos/],
    ["maxCreditos=abc", /maxCreditos debe ser un número entero de créditos/],
    ["minCreditos=10&maxCreditos=5", /minCreditos no puede ser mayor que maxCreditos/],
    ["orden=barato", /El orden debe ser uno de: recientes, precio_asc, precio_desc, distancia/],
    ["orden=distancia", /Para ordenar por distancia envía tu ubicación/],
    ["orden=distancia&lat=6.2", /Envía lat y lng juntos/],
    ["lat=100&lng=0", /lat debe ser una latitud entre -90 y 90/],
    ["lat=6&lng=-200", /lng debe ser una longitud entre -180 y 180/],
    [`ciudad=${"x".repeat(81)}`, /La ciudad no puede tener más de 80 caracteres/],
    ["limit=201", /limit no puede ser mayor que 200/],
  ];
  it.each(cases)("%s", async (qs, message) => {
    const { status, body } = await search(qs);
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
  });

  it("blank values are ignored, like absent ones", async () => {
    expect((await search("categoria=&tipo=&orden=&minCreditos=")).status).toBe(200);
  });
});

describe("GET /api/assets: total is the real count, beyond 200", () => {
  it("counts 230 matches and walks them page by page", async () => {
    const owner = await signUp(t.app);
    await t.database.rawQuery(
      `insert into assets (id, user_id, title, asset_type, category, search_text, creditos_asignados, created_at)
       select gen_random_uuid(), $1, 'Lote ' || g, 'bien', 'Herramientas', 'lote ' || g, g, now() - (g || ' seconds')::interval
       from generate_series(1, 230) g`,
      [owner.id],
    );
    const first = await search("q=lote&limit=200");
    expect(first.body.total).toBe(230);
    expect(first.body.data).toHaveLength(200);
    const rest = await search("q=lote&limit=200&offset=200");
    expect(rest.body).toMatchObject({ total: 230, offset: 200 });
    expect(rest.body.data).toHaveLength(30);
    const titles = new Set([...first.body.data, ...rest.body.data].map((a: { title: string }) => a.title));
    expect(titles.size).toBe(230);
    expect((await search("categoria=herramientas&limit=1")).body.total).toBe(231);
  });
});
