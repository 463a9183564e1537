/**
 * Issue 17 (ADR 015), over HTTP, each on one database whose clock starts now: the fan-in signal
 * (accounts' ages are measured from their sign-up), the platform brake (automatic releases at most
 * max(20.000, 1 % of the circulation) a day, the rest queued oldest first across people, shown on
 * /economia) and the locks under concurrency: one person's releases at once never pass their
 * window (the person's advisory lock), many people's at once never pass the day's brake (the
 * platform's lock), payments at once never push an account without verification past 5.000.
 * Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (real concurrency).
 */
import { BRAKE_MIN_CREDITS_PER_DAY, currentYearInColombia } from "@valoriza/domain";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../db/schema/index.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { checkInvariants } from "../ledger/index.ts";

let t: TestContext;
let admin: TestUser;
const YEAR = currentYearInColombia(new Date());
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
  admin = await signUp(t.app, { email: "admin@valoriza.test" });
});
afterAll(() => t.close());

const k = kit(() => t);
const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.auth });
const send = (u: TestUser, method: "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });
const report = async () => json(await t.app.inject({ method: "GET", url: "/api/economia/reporte" })).data;
const mine = async (u: TestUser) => json(await get(u, "/api/limites/mios")).data;

const good = (valueCOP: number, over: Record<string, unknown> = {}) => ({
  title: "Camioneta",
  description: "Camioneta de trabajo",
  assetType: "bien",
  origin: "personal",
  category: "Vehículos",
  condition: "nuevo",
  physicalState: "excelente",
  yearOfPurchase: YEAR,
  baseValueCOP: valueCOP,
  mainPurpose: "vender",
  privacy: "publico",
  images: [],
  ...over,
});

async function register(u: TestUser, valueCOP: number, over: Record<string, unknown> = {}) {
  const r = await send(u, "POST", "/api/assets", good(valueCOP, over));
  expect(r.statusCode, r.body).toBe(201);
  return json(r).data as { _id: string; creditosAsignados: number };
}

/** Completes operations with the assets at once (each by its owner): their holds are released concurrently. */
async function finishAll(items: { u: TestUser; id: string }[]) {
  await t.database.db
    .update(assets)
    .set({ status: "operacion" })
    .where(
      inArray(
        assets.id,
        items.map((i) => i.id),
      ),
    );
  const res = await Promise.all(items.map((i) => send(i.u, "PUT", `/api/operaciones/finalizar/${i.id}`)));
  for (const r of res) expect(r.statusCode, r.body).toBe(200);
  return res.map((r) => json(r).data.creditMovement.creditosLiberados as number);
}

async function verified(n: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const u = await signUp(t.app);
    const v = await send(admin, "POST", `/api/admin/usuarios/${u.id}/verificar`);
    expect(v.statusCode, v.body).toBe(200);
    out.push(u);
  }
  return out;
}

/** Moves the clock to the next Colombian day's 10:00 (a fresh brake); everyone signs in again. */
async function nextDay(...users: TestUser[]) {
  const co = new Date(t.clock.now().getTime() - 5 * 60 * 60 * 1000);
  const next = Date.UTC(co.getUTCFullYear(), co.getUTCMonth(), co.getUTCDate() + 1, 15, 0, 0);
  t.clock.set(new Date(next));
  await relogin(...users);
}

async function relogin(...users: TestUser[]) {
  for (const u of [...users, admin]) {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: u.email, password: u.password },
    });
    expect(r.statusCode, r.body).toBe(200);
    u.auth.authorization = `Bearer ${json(r).data.token}`;
  }
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

/** A buyer with credits (a correction, not an arrival) buys from `seller` an asset worth about `credits`; its credits. */
async function buyFrom(seller: TestUser, credits: number, buyer?: TestUser): Promise<number> {
  const b = buyer ?? (await signUp(t.app));
  const a = await k.listFor(seller, {
    baseValueCOP: Math.ceil((credits * 1000) / 0.9),
    condition: "nuevo",
    physicalState: "excelente",
    yearOfPurchase: YEAR,
  });
  await k.fund(b, a.creditosAsignados);
  const r = await k.buy(b, a._id, seller.id, { modoPago: "creditos" });
  expect(r.statusCode, r.body).toBe(201);
  const code = await k.codeOf(seller, json(r).custodia._id);
  expect((await k.confirm(b, code)).statusCode).toBe(200);
  return a.creditosAsignados;
}

describe("the fan-in signal", () => {
  it("receipts from 3 accounts younger than 30 days within 7 days flag the receiver on the desk; an admin marks it reviewed, once", async () => {
    const hub = await signUp(t.app, { name: "Centro" });
    const flags = async () =>
      // biome-ignore lint/suspicious/noExplicitAny: JSON
      json(await get(admin, "/api/admin/senales")).data.filter((s: any) => s.persona._id === hub.id);
    const unknown = "/api/admin/senales/00000000-0000-4000-8000-000000000000/revisar";
    expect((await send(hub, "POST", unknown)).statusCode).toBe(403);
    await buyFrom(hub, 100);
    await buyFrom(hub, 100);
    expect(await flags()).toHaveLength(0);
    // 8 days later the first two are out of the 7 days: a third sender is not enough.
    t.clock.advance(8 * DAY);
    await relogin(hub);
    await buyFrom(hub, 100);
    expect(await flags()).toHaveLength(0);
    await buyFrom(hub, 100);
    await buyFrom(hub, 100);
    const flagged = await flags();
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ motivo: "abanico", persona: { _id: hub.id, name: "Centro" } });
    expect(flagged[0].motivoTexto).toMatch(/3 o más cuentas con menos de 30 días en 7 días/);
    expect(flagged[0].remitentes).toHaveLength(3);
    expect(flagged[0].remitentes[0].creditos).toBeGreaterThan(90);
    const url = `/api/admin/senales/${flagged[0]._id}/revisar`;
    // A visitor and the person flagged change nothing.
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/senales" })).statusCode).toBe(401);
    expect((await send(hub, "POST", url)).statusCode).toBe(403);
    expect(await flags()).toHaveLength(1);
    // Two admins' clicks at once: one review, one 409.
    const both = await Promise.all([send(admin, "POST", url), send(admin, "POST", url)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await send(admin, "POST", url)).statusCode).toBe(409);
    expect((await send(admin, "POST", unknown)).statusCode).toBe(404);
    expect(await flags()).toHaveLength(0);
    const log = JSON.stringify(json(await get(admin, "/api/admin/registro?limit=50")).data);
    expect(log.match(/senal_revisada/g)).toHaveLength(1);
    // Credits are not held for it: what the hub received is spendable (under its 5.000).
    expect((await k.balance(hub)).disponibles).toBeGreaterThan(400);
    // Senders that are not new accounts do not count.
    const old = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    t.clock.advance(31 * DAY);
    await relogin(hub, ...old);
    for (const o of old) await buyFrom(hub, 100, o);
    expect(await flags()).toHaveLength(0);
    await expectLedgerSound();
  });
});

describe("the platform brake", () => {
  it("automatic releases stop at 20.000 a day; the rest queues oldest first across people, with a date; /economia shows the queue", async () => {
    const [a, b, c, d] = (await verified(4)) as [TestUser, TestUser, TestUser, TestUser];
    await nextDay(a, b, c, d);
    const before = await report();
    expect(before.colaLiberacion).toMatchObject({ topeDiario: BRAKE_MIN_CREDITS_PER_DAY, liberadosHoy: 0 });
    const [ra, rb, rc] = [await register(a, 9_800_000), await register(b, 9_800_000), await register(c, 9_800_000)];
    const each = ra.creditosAsignados; // 9.016 this year
    expect(2 * each).toBeLessThan(20_000);
    expect(await finishAll([{ u: a, id: ra._id }])).toEqual([each]);
    expect(await finishAll([{ u: b, id: rb._id }])).toEqual([each]);
    const left = 20_000 - 2 * each;
    expect(await finishAll([{ u: c, id: rc._id }])).toEqual([left]);
    // A later release of someone else waits behind C's, even with room in their own window.
    const rd = await register(d, 300_000, { category: "Tecnología", title: "Audífonos" });
    expect(await finishAll([{ u: d, id: rd._id }])).toEqual([0]);

    const queued = each - left + rd.creditosAsignados;
    const r = await report();
    expect(r.colaLiberacion).toMatchObject({
      creditos: queued,
      revisiones: 2,
      liberadosHoy: 20_000,
      topeDiario: 20_000,
    });
    const mc = await mine(c);
    expect(mc.revisiones[0]).toMatchObject({ monto: each - left, motivo: "freno", espera: "freno" });
    const tomorrow = new Date(t.clock.now().getTime() + DAY);
    expect(mc.revisiones[0].fechaLiberacion.slice(0, 10)).toBe(
      new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 5))
        .toISOString()
        .slice(0, 10),
    );
    expect(mc.revisiones[0].motivoTexto).toMatch(
      /la plataforma libera hasta 20\.000 créditos al día, en orden de llegada/,
    );
    expect((await mine(d)).revisiones[0]).toMatchObject({ espera: "freno" });

    // Next day: D looks first; the queue gives C's (older) first, then D's.
    await nextDay(a, b, c, d);
    await mine(d);
    expect(await k.balance(d)).toEqual({ disponibles: rd.creditosAsignados, bloqueados: 0 });
    expect(await k.balance(c)).toEqual({ disponibles: left, bloqueados: each - left });
    await mine(c);
    expect(await k.balance(c)).toEqual({ disponibles: each, bloqueados: 0 });
    expect((await report()).colaLiberacion).toMatchObject({ creditos: 0, revisiones: 0, liberadosHoy: queued });
    await expectLedgerSound();
  });

  it("the brake is 1 % of the circulation when that is more than 20.000", async () => {
    await k.fund(await signUp(t.app, { name: "Reserva" }), 3_000_000);
    const people = await verified(4);
    await nextDay(...people);
    const regs = [];
    for (const u of people) regs.push({ u, id: (await register(u, 9_800_000))._id });
    const e = (await k.balance(people[0] as TestUser)).bloqueados;
    // The circulation counts the blocked credits just issued too.
    const r0 = await report();
    const cap = Math.floor(r0.creditosCirculacion / 100);
    expect(cap).toBeGreaterThan(BRAKE_MIN_CREDITS_PER_DAY);
    expect(r0.colaLiberacion.topeDiario).toBe(cap);
    expect(4 * e).toBeGreaterThan(cap);
    const released = await finishAll(regs);
    expect(released.reduce((s, n) => s + n, 0)).toBe(cap);
    expect((await report()).colaLiberacion).toMatchObject({ liberadosHoy: cap, creditos: 4 * e - cap });
    await expectLedgerSound();
  });
});

describe("concurrency", () => {
  it("one verified person's releases at once never pass their window (the person's lock)", async () => {
    const [u] = (await verified(1)) as [TestUser];
    await nextDay(u);
    const regs = [];
    for (let i = 0; i < 4; i++) regs.push({ u, id: (await register(u, 4_000_000))._id }); // 3.680 each this year
    const credits = (await k.balance(u)).bloqueados;
    const released = await finishAll(regs);
    expect(released.reduce((s, n) => s + n, 0)).toBe(10_000);
    expect(await k.balance(u)).toEqual({ disponibles: 10_000, bloqueados: credits - 10_000 });
    expect((await mine(u)).creditosEnRevision).toBe(credits - 10_000);
    await expectLedgerSound();
  });

  it("many people's releases at once never pass the day's brake (the platform's lock)", async () => {
    const people = await verified(5);
    await nextDay(...people);
    const regs = [];
    for (const u of people) regs.push({ u, id: (await register(u, 9_800_000))._id });
    const credits = (await k.balance(people[0] as TestUser)).bloqueados;
    const before = (await report()).colaLiberacion;
    const cap = before.topeDiario;
    expect(5 * credits).toBeGreaterThan(cap);
    const released = await finishAll(regs);
    // Today's releases (older queued items first, then these) stop exactly at the cap.
    expect(released.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(cap);
    expect((await report()).colaLiberacion).toMatchObject({
      liberadosHoy: cap,
      creditos: before.creditos + 5 * credits - cap,
    });
    await expectLedgerSound();
  });

  it("payments at once to an account without verification never push it past 5.000", async () => {
    const seller = await signUp(t.app);
    const buyers = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const codes: { b: TestUser; code: string }[] = [];
    let total = 0;
    for (const b of buyers) {
      const a = await k.listFor(seller, {
        baseValueCOP: 2_222_223,
        condition: "nuevo",
        physicalState: "excelente",
        yearOfPurchase: YEAR,
      });
      await k.fund(b, a.creditosAsignados);
      const r = await k.buy(b, a._id, seller.id, { modoPago: "creditos" });
      expect(r.statusCode, r.body).toBe(201);
      codes.push({ b, code: await k.codeOf(seller, json(r).custodia._id) });
      total += a.creditosAsignados;
    }
    const res = await Promise.all(codes.map((c) => k.confirm(c.b, c.code)));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(total).toBeGreaterThan(5000);
    // 5.000 spendable; the rest of the payments and the seller's own assets' credits wait.
    expect(await k.balance(seller)).toEqual({ disponibles: 5000, bloqueados: 2 * total - 5000 });
    await expectLedgerSound();
  });
});
