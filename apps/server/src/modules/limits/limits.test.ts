import { currentYearInColombia, RELEASE_LIMIT_UNVERIFIED } from "@valoriza/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../db/schema/index.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { checkInvariants } from "../ledger/index.ts";

let t: TestContext;
let admin: TestUser;
const YEAR = currentYearInColombia(new Date());
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { email: "admin@valoriza.test" });
});
afterAll(() => t.close());

const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.auth });
const send = (u: TestUser, method: "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

/** Registers a new good of `valueCOP` (Tecnología, nuevo, excelente: credits = value x .9 / 1000). */
async function register(u: TestUser, valueCOP: number, category = "Tecnología") {
  const r = await send(u, "POST", "/api/assets", {
    title: "Portátil",
    description: "Portátil de trabajo",
    assetType: "bien",
    origin: "personal",
    category,
    condition: "nuevo",
    physicalState: "excelente",
    yearOfPurchase: YEAR,
    baseValueCOP: valueCOP,
    mainPurpose: "intercambiar",
    privacy: "publico",
    images: [],
  });
  expect(r.statusCode, r.body).toBe(201);
  return json(r).data as { _id: string; creditosAsignados: number };
}

/** Completes an operation with the asset (as the owner): its hold is released. */
async function finish(u: TestUser, id: string) {
  await t.database.db.update(assets).set({ status: "operacion" }).where(eq(assets.id, id));
  const r = await send(u, "PUT", `/api/operaciones/finalizar/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return { released: json(r).data.creditMovement.creditosLiberados as number };
}

/** Moves the clock (sessions last 7 days: signs in again). */
async function advance(ms: number, ...users: TestUser[]) {
  t.clock.advance(ms);
  for (const u of users) {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(r.statusCode, r.body).toBe(200);
    u.auth.authorization = `Bearer ${json(r).data.token}`;
  }
}

async function balances(u: TestUser) {
  const d = json(await get(u, "/api/profile")).data;
  return { disponibles: d.creditosDisponibles as number, bloqueados: d.creditosBloqueados as number };
}

async function expectLedgerSound() {
  const inv = await checkInvariants(t.database.db);
  expect(inv).toMatchObject({
    sumIsZero: true,
    noNegative: true,
    balancesMatchTransfers: true,
    holdsMatchBloqueado: true,
    problems: [],
  });
}

const k = kit(() => t);

describe("bounds at release (ADR 015)", () => {
  it("the third deal between the same two people is flagged: its credits wait for an admin", async () => {
    const [ana, beto] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    const sell = async () => {
      const a = await k.listFor(ana, {
        baseValueCOP: 300_000,
        condition: "nuevo",
        physicalState: "excelente",
        yearOfPurchase: YEAR,
      }); // 270 créditos
      const b = await k.buy(beto, a._id, ana.id, { modoPago: "dinero" });
      expect(b.statusCode, b.body).toBe(201);
      const code = await k.codeOf(ana, json(b).custodia._id);
      expect((await k.confirm(beto, code)).statusCode).toBe(200);
    };
    await sell();
    await sell();
    expect(await balances(ana)).toEqual({ disponibles: 540, bloqueados: 0 });
    await sell();
    expect(await balances(ana)).toEqual({ disponibles: 540, bloqueados: 270 });
    const mine = json(await get(ana, "/api/limites/mios")).data;
    expect(mine.revisiones[0]).toMatchObject({ motivo: "tratos_repetidos", monto: 270 });
    expect(mine.revisiones[0].motivoTexto).toMatch(/^Tratos repetidos con la misma persona\./);
    const queue = json(await get(admin, "/api/admin/revisiones")).data;
    const entry = queue.find((q: { persona: { _id: string } }) => q.persona._id === ana.id);
    expect(entry.evidencia.contraparte).toMatchObject({ _id: beto.id });
    expect(entry.evidencia.tratos).toHaveLength(1);
    await expectLedgerSound();
  });

  it("beyond the 30-day limit the credits stay en revisión; the person sees how much and why; an admin approves exactly once", async () => {
    const u = await signUp(t.app);
    const reportNow = async () => json(await t.app.inject({ method: "GET", url: "/api/economia/reporte" })).data;
    const before = await reportNow();
    const a = await register(u, 3_500_000); // 3.150 créditos
    expect(a.creditosAsignados).toBe(3150);
    const done = await finish(u, a._id);
    expect(done.released).toBe(RELEASE_LIMIT_UNVERIFIED);
    expect(await balances(u)).toEqual({ disponibles: 2000, bloqueados: 1150 });

    const mine = json(await get(u, "/api/limites/mios")).data;
    expect(mine).toMatchObject({
      verificado: false,
      limiteVentana: 2000,
      liberadosVentana: 2000,
      creditosEnRevision: 1150,
    });
    expect(mine.revisiones).toHaveLength(1);
    expect(mine.revisiones[0]).toMatchObject({ monto: 1150, motivo: "limite", activo: { _id: a._id } });
    expect(mine.revisiones[0].motivoTexto).toMatch(/límite de 2\.000 créditos liberados en 30 días/);
    expect(mine.explicacion).toMatch(/Tienes 1\.150 créditos en revisión/);

    const report = await reportNow();
    expect(report.creditosEnRevision - before.creditosEnRevision).toBe(1150);
    expect(report.creditosLiberadosMes - before.creditosLiberadosMes).toBe(2000);

    // Not an admin: 403, nothing released.
    expect((await get(u, "/api/admin/revisiones")).statusCode).toBe(403);
    const id = mine.revisiones[0]._id;
    expect((await send(u, "POST", `/api/admin/revisiones/${id}/aprobar`)).statusCode).toBe(403);
    expect(await balances(u)).toEqual({ disponibles: 2000, bloqueados: 1150 });

    // The admin sees it with the evidence, approves it: exactly 1.150, once.
    const queue = json(await get(admin, "/api/admin/revisiones")).data;
    const entry = queue.find((q: { _id: string }) => q._id === id);
    expect(entry).toMatchObject({
      monto: 1150,
      persona: { _id: u.id, verified: false, registros: 1 },
      evidencia: { activo: { _id: a._id, creditosAsignados: 3150 } },
    });
    const ok = await send(admin, "POST", `/api/admin/revisiones/${id}/aprobar`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data).toMatchObject({ liberados: 1150, userId: u.id });
    expect(await balances(u)).toEqual({ disponibles: 3150, bloqueados: 0 });
    const again = await send(admin, "POST", `/api/admin/revisiones/${id}/aprobar`);
    expect(again.statusCode).toBe(409);
    expect(await balances(u)).toEqual({ disponibles: 3150, bloqueados: 0 });
    const log = json(await get(admin, "/api/admin/registro?limit=50")).data;
    expect(JSON.stringify(log)).toMatch(/creditos_aprobados/);
    await expectLedgerSound();
  });

  it("the window releases what is held by the limit once 30 days pass (checked when the person looks)", async () => {
    const u = await signUp(t.app);
    await finish(u, (await register(u, 2_000_000))._id); // 1.800: all spendable
    const b = await register(u, 1_000_000); // 900: 200 spendable, 700 in review
    expect((await finish(u, b._id)).released).toBe(200);
    expect(await balances(u)).toEqual({ disponibles: 2000, bloqueados: 700 });
    await advance(10 * DAY, u, admin);
    expect(json(await get(u, "/api/limites/mios")).data.creditosEnRevision).toBe(700);
    await advance(21 * DAY, u, admin);
    const mine = json(await get(u, "/api/limites/mios")).data;
    expect(mine.creditosEnRevision).toBe(0);
    expect(await balances(u)).toEqual({ disponibles: 2700, bloqueados: 0 });
    await expectLedgerSound();
  });

  it("a verified account gets the higher limit; verification is logged and admin-only", async () => {
    const u = await signUp(t.app);
    expect((await send(u, "POST", `/api/admin/usuarios/${u.id}/verificar`)).statusCode).toBe(403);
    const v = await send(admin, "POST", `/api/admin/usuarios/${u.id}/verificar`);
    expect(v.statusCode, v.body).toBe(200);
    expect((await send(admin, "POST", `/api/admin/usuarios/${u.id}/verificar`)).statusCode).toBe(409);
    const a = await register(u, 3_500_000);
    expect((await finish(u, a._id)).released).toBe(3150);
    expect(await balances(u)).toEqual({ disponibles: 3150, bloqueados: 0 });
    expect(json(await get(u, "/api/limites/mios")).data).toMatchObject({ verificado: true, limiteVentana: 20000 });
  });

  it("a value far above the category's typical one is flagged: all of it waits for an admin, whatever the window", async () => {
    const u = await signUp(t.app);
    const a = await register(u, 12_000_000); // 5 x 2.000.000 típico de Tecnología
    expect((await finish(u, a._id)).released).toBe(0);
    await advance(40 * DAY, u, admin);
    const mine = json(await get(u, "/api/limites/mios")).data;
    expect(mine.revisiones[0]).toMatchObject({ motivo: "valor_alto", monto: 10800 });
    expect(await balances(u)).toEqual({ disponibles: 0, bloqueados: 10800 });
    await expectLedgerSound();
  });
});
