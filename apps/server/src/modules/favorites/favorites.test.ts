/**
 * Favourites (issue 20): POST/DELETE /api/favoritos/{assetId}, GET /api/favoritos, and the
 * notifications when a favourite is sold, withdrawn or gets cheaper.
 */
import { currentYearInColombia } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { updateAsset } from "../assets/index.ts";

let t: TestContext;
let owner: TestUser;
let ana: TestUser;
let beto: TestUser;
const YEAR = currentYearInColombia(new Date());

const good = (title: string) => ({
  title,
  description: "Muy cuidado",
  assetType: "bien",
  origin: "personal",
  category: "Herramientas",
  condition: "usado",
  physicalState: "bueno",
  yearOfPurchase: YEAR - 2,
  baseValueCOP: 600_000,
  mainPurpose: "vender",
  privacy: "publico",
  images: [],
});

async function register(u: TestUser, title: string): Promise<string> {
  t.clock.advance(1000);
  const res = await t.app.inject({ method: "POST", url: "/api/assets", headers: u.auth, payload: good(title) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json(res).data._id;
}

const call = (method: "GET" | "POST" | "DELETE", url: string, u?: TestUser) =>
  t.app.inject({ method, url, headers: u ? u.auth : {} });
const favIds = async (u: TestUser) => {
  const res = await call("GET", "/api/favoritos", u);
  expect(res.statusCode).toBe(200);
  return (json(res).data as { _id: string }[]).map((f) => f._id);
};
const notes = async (u: TestUser) =>
  json(await call("GET", "/api/notificaciones/usuario", u)).data as {
    titulo: string;
    descripcion: string;
    relacionadoId: string | null;
    enlace: string | null;
  }[];

let taladro: string;
let sierra: string;

beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/vz-favorites-test-${process.pid}` });
  owner = await signUp(t.app, { name: "Olga" });
  ana = await signUp(t.app, { name: "Ana" });
  beto = await signUp(t.app, { name: "Beto" });
  taladro = await register(owner, "Taladro; percutor");
  sierra = await register(owner, "Sierra circular");
});
afterAll(() => t?.close());

describe("favourites: who may call", () => {
  it("401 signed out, for every call", async () => {
    for (const [m, url] of [
      ["GET", "/api/favoritos"],
      ["POST", `/api/favoritos/${taladro}`],
      ["DELETE", `/api/favoritos/${taladro}`],
    ] as const) {
      const res = await call(m, url);
      expect(res.statusCode).toBe(401);
      expect(json(res).success).toBe(false);
    }
  });

  it("400 for a bad id, 404 for an unknown asset, 409 for one's own asset", async () => {
    const bad = await call("POST", "/api/favoritos/nope", ana);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/El identificador del activo no es válido/);
    const unknown = "0190a4b2-0000-7000-8000-000000000000";
    for (const m of ["POST", "DELETE"] as const) {
      const res = await call(m, `/api/favoritos/${unknown}`, ana);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe("Activo no encontrado");
    }
    const own = await call("POST", `/api/favoritos/${taladro}`, owner);
    expect(own.statusCode).toBe(409);
    expect(json(own).message).toBe("No puedes guardar en favoritos tu propio activo");
  });
});

describe("favourites: add, list, remove", () => {
  it("adding twice keeps one favourite; the second answer says it was there", async () => {
    const first = await call("POST", `/api/favoritos/${taladro}`, ana);
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({
      success: true,
      message: "Guardado en favoritos",
      data: { assetId: taladro, favorito: true, cambio: true },
    });
    const again = await call("POST", `/api/favoritos/${taladro}`, ana);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({
      message: "Ya estaba en tus favoritos",
      data: { favorito: true, cambio: false },
    });
    t.clock.advance(1000);
    expect((await call("POST", `/api/favoritos/${sierra}`, ana)).statusCode).toBe(200);
    const list = json(await call("GET", "/api/favoritos", ana));
    expect(list.total).toBe(2);
    expect(list.data[0]).toMatchObject({ _id: sierra, title: "Sierra circular", disponible: true, motivo: null });
    expect(list.data[0].asset).toMatchObject({ _id: sierra, title: "Sierra circular" });
    expect(list.data[0].asset.userId).toMatchObject({ _id: owner.id, name: "Olga" });
    expect(list.data.map((f: { _id: string }) => f._id)).toEqual([sierra, taladro]);
  });

  it("one person's favourites are never another's to read or change (IDOR)", async () => {
    expect(await favIds(beto)).toEqual([]);
    // Beto removing the taladro removes nothing of Ana's.
    const res = await call("DELETE", `/api/favoritos/${taladro}`, beto);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ favorito: false, cambio: false });
    expect(await favIds(ana)).toEqual([sierra, taladro]);
    // The list is the caller's: no query parameter can ask for someone else's.
    const sneaky = await t.app.inject({ method: "GET", url: `/api/favoritos?userId=${ana.id}`, headers: beto.auth });
    expect(json(sneaky).data).toEqual([]);
    expect((await call("POST", `/api/favoritos/${taladro}`, beto)).statusCode).toBe(200);
    expect(await favIds(beto)).toEqual([taladro]);
    expect(await favIds(ana)).toEqual([sierra, taladro]);
  });

  it("removing twice is fine; the second answer says it was not there", async () => {
    const first = await call("DELETE", `/api/favoritos/${sierra}`, ana);
    expect(json(first)).toMatchObject({ message: "Quitado de favoritos", data: { favorito: false, cambio: true } });
    const again = await call("DELETE", `/api/favoritos/${sierra}`, ana);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ message: "No estaba en tus favoritos", data: { cambio: false } });
    expect(await favIds(ana)).toEqual([taladro]);
  });
});

describe("favourites: the people who keep an asset hear when it changes", () => {
  it("withdrawn (deactivated): fans are told, the owner is not; the list keeps only its title", async () => {
    const lijadora = await register(owner, "Lijadora orbital");
    expect((await call("POST", `/api/favoritos/${lijadora}`, ana)).statusCode).toBe(200);
    const ownerBefore = (await notes(owner)).length;
    const res = await t.app.inject({ method: "PUT", url: `/api/activos/desactivar/${lijadora}`, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    const told = (await notes(ana)).filter((n) => n.titulo === "Un favorito fue retirado");
    expect(told).toHaveLength(1);
    expect(told[0]?.descripcion).toMatch(/Su dueño retiró "Lijadora orbital"/);
    expect(told[0]?.enlace).toBe("/favoritos");
    expect((await notes(beto)).some((n) => n.titulo === "Un favorito fue retirado")).toBe(false);
    expect((await notes(owner)).filter((n) => n.titulo.startsWith("Un favorito"))).toHaveLength(0);
    expect((await notes(owner)).length).toBe(ownerBefore + 1); // only its own "Activo desactivado"
    const fav = (json(await call("GET", "/api/favoritos", ana)).data as Record<string, unknown>[]).find(
      (f) => f._id === lijadora,
    );
    expect(fav).toMatchObject({
      title: "Lijadora orbital",
      disponible: false,
      motivo: "Su dueño lo retiró",
      asset: null,
    });
    // A withdrawn asset cannot be added again (404 like its page), but can be removed.
    expect((await call("POST", `/api/favoritos/${lijadora}`, beto)).statusCode).toBe(404);
    expect(json(await call("DELETE", `/api/favoritos/${lijadora}`, ana)).data.cambio).toBe(true);
  });

  it("sold (new owner, through the assets area's updateAsset as deals call it): fans but the buyer are told", async () => {
    // Ana and Beto keep the taladro; Beto buys it.
    await t.database.db.transaction(async (tx) => {
      await updateAsset(tx, taladro, { userId: beto.id, privacy: "privado" });
    });
    const anaTold = (await notes(ana)).filter((n) => n.titulo === "Un favorito ya tiene otro dueño");
    expect(anaTold).toHaveLength(1);
    expect(anaTold[0]).toMatchObject({ relacionadoId: taladro, enlace: `/ver-activo/${taladro}` });
    expect(anaTold[0]?.descripcion).toMatch(/"Taladro; percutor", que guardaste en favoritos, cambió de dueño/);
    expect((await notes(beto)).some((n) => n.titulo === "Un favorito ya tiene otro dueño")).toBe(false);
    const fav = (json(await call("GET", "/api/favoritos", ana)).data as Record<string, unknown>[]).find(
      (f) => f._id === taladro,
    );
    expect(fav).toMatchObject({ disponible: false, motivo: "Ya no está publicado" });
  });

  it("a rolled-back change tells nobody", async () => {
    const before = (await notes(ana)).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await updateAsset(tx, taladro, { userId: owner.id });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect((await notes(ana)).length).toBe(before);
  });

  it("cheaper (the valuation update lowers its value): fans are told the new value", async () => {
    const cepillo = await register(owner, "Cepillo eléctrico");
    expect((await call("POST", `/api/favoritos/${cepillo}`, beto)).statusCode).toBe(200);
    // Its stored value is out of date (higher than today's valuation).
    const [row] = (await t.database.rawQuery("select valor_actual_cop from assets where id = $1", [cepillo])) as {
      valor_actual_cop: string;
    }[];
    const now = Number(row?.valor_actual_cop);
    await t.database.rawQuery("update assets set valor_actual_cop = $2 where id = $1", [cepillo, now + 100_000]);
    const res = await t.app.inject({ method: "POST", url: "/api/assets/migrate-valorizacion", headers: owner.auth });
    expect(res.statusCode).toBe(200);
    const told = (await notes(beto)).filter((n) => n.titulo === "Un favorito bajó de valor");
    expect(told).toHaveLength(1);
    expect(told[0]?.relacionadoId).toBe(cepillo);
    expect(told[0]?.descripcion).toContain(`ahora vale $${now.toLocaleString("es-CO")} COP`);
    expect((await notes(ana)).some((n) => n.titulo === "Un favorito bajó de valor")).toBe(false);
  });
});
