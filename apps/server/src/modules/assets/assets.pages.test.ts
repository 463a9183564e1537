import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";

let t: TestContext;
let u: TestUser;
const COUNT = 7;
beforeAll(async () => {
  t = await createTestApp();
  u = await signUp(t.app, { name: "Ramón", apellido: "Peñaloza Núñez" });
  for (let i = 0; i < COUNT; i++) {
    t.clock.advance(1000);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tiempo/registrar",
      headers: u.auth,
      payload: { tipo: `Clase de guitarra ${i}`, horas: 1, descripcion: "Clases en casa" },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(() => t.close());

const get = (url: string, who: TestUser = u) => t.app.inject({ method: "GET", url, headers: who.auth });
const titles = (body: Record<string, unknown>) => (body.data as { title: string }[]).map((a) => a.title);

describe("GET /api/assets/mine and /api/assets/user/{id}: pages with a total (issue 6, defect 9)", () => {
  it("answers { success, data, total, limit, offset } with 50 by default", async () => {
    const body = json(await get("/api/assets/mine"));
    expect(body).toMatchObject({ success: true, total: COUNT, limit: 50, offset: 0 });
    expect(body.data).toHaveLength(COUNT);
    expect(titles(body)[0]).toBe(`Clase de guitarra ${COUNT - 1} (1 hora)`); // newest first
  });

  it("walks the list page by page without gaps or repeats", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < COUNT; offset += 3) {
      const body = json(await get(`/api/assets/mine?limit=3&offset=${offset}`));
      expect(body).toMatchObject({ total: COUNT, limit: 3, offset });
      seen.push(...titles(body));
    }
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => `Clase de guitarra ${COUNT - 1 - i} (1 hora)`));
    const past = json(await get(`/api/assets/mine?offset=${COUNT + 5}`));
    expect(past).toMatchObject({ data: [], total: COUNT });
  });

  it("pages a user's assets the same way, with filters counted in the total", async () => {
    const body = json(await get(`/api/assets/user/${u.id}?limit=2&offset=1`));
    expect(body).toMatchObject({ success: true, total: COUNT, limit: 2, offset: 1 });
    expect(body.data).toHaveLength(2);
    const none = json(await get(`/api/assets/user/${u.id}?status=prestado`));
    expect(none).toMatchObject({ data: [], total: 0 });
  });

  it("refuses a limit over 200 or a negative offset in Spanish", async () => {
    const big = await get("/api/assets/mine?limit=201");
    expect(big.statusCode).toBe(400);
    expect(json(big).message).toMatch(/limit no puede ser mayor que 200/);
    const neg = await get(`/api/assets/user/${u.id}?offset=-1`);
    expect(neg.statusCode).toBe(400);
    expect(json(neg).message).toMatch(/offset no puede ser negativo/);
  });
});

describe("GET /api/assets?q= finds people too: 'activos o personas'", () => {
  it("matches the owner's name and surname, without accents or capitals", async () => {
    for (const q of ["ramon", "PENALOZA", "núñez", "ramon penaloza", "guitarra ramón"]) {
      const body = json(await t.app.inject({ method: "GET", url: `/api/assets?q=${encodeURIComponent(q)}` }));
      expect(body.data.length, q).toBe(COUNT);
    }
    const nobody = json(await t.app.inject({ method: "GET", url: "/api/assets?q=ramona" }));
    expect(nobody.data).toHaveLength(0);
  });

  it("a renamed owner is found by the new name", async () => {
    const v = await signUp(t.app, { name: "Ana", apellido: "Gómez" });
    await t.app.inject({
      method: "POST",
      url: "/api/dinero/registrar",
      headers: v.auth,
      payload: { monto: 50_000, tipo: "donacion", descripcion: "Aporte" },
    });
    await t.app.inject({ method: "PUT", url: "/api/profile", headers: v.auth, payload: { apellido: "Zuluága" } });
    const found = json(await t.app.inject({ method: "GET", url: "/api/assets?q=zuluaga" }));
    expect(found.data.length).toBeGreaterThan(0);
    expect(json(await t.app.inject({ method: "GET", url: "/api/assets?q=gomez" })).data).toHaveLength(0);
  });
});
