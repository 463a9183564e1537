/**
 * Limits on self-declared value (issues 12 and 17, ADR 015), over HTTP: the tiers (nothing
 * spendable without identity verification, 10.000 per 30 days with it, raised by an admin), the
 * queue released in parts and oldest first with a date on every review, the concentration cap of
 * accounts without verification, and the defects issue 17 lists (evidence,
 * same-counterpart signal, burst signal, messages). The fan-in signal, the platform brake and the
 * concurrency of the locks: limits.brake.test.ts.
 */
import { currentYearInColombia, LIMITS_MSG, RELEASE_LIMIT_VERIFIED } from "@valoriza/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assets } from "../../db/schema/index.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { exchangeKit } from "../exchanges/exchanges.testkit.ts";
import { checkInvariants } from "../ledger/index.ts";

let t: TestContext;
let admin: TestUser;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { email: "admin@valoriza.test" });
  // 20.000.000 credits in circulation: the platform's daily brake (1 %) stays out of these tests' way
  // (limits.brake.test.ts tests it).
  await kit(() => t).fund(await signUp(t.app, { name: "Reserva" }), 20_000_000);
});
afterAll(() => t.close());

const k = kit(() => t);
/**
 * The real year: a registration may not be dated later (the clock moves months ahead and may enter
 * the next year, where an asset bought this year is one year old and worth a little less, so the
 * tests read each asset's credits from its registration).
 */
const YEAR = currentYearInColombia(new Date());
const year = () => YEAR;
const x = exchangeKit(() => t);
const get = (u: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: u.auth });
const send = (u: TestUser, method: "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: u.auth, ...(payload ? { payload } : {}) });

/** A new good (Tecnología unless said, nuevo, excelente: Tecnología credits = value x .9 / 1000). */
const good = (valueCOP: number, over: Record<string, unknown> = {}) => ({
  title: "Portátil",
  description: "Portátil de trabajo",
  assetType: "bien",
  origin: "personal",
  category: "Tecnología",
  condition: "nuevo",
  physicalState: "excelente",
  yearOfPurchase: year(),
  baseValueCOP: valueCOP,
  mainPurpose: "vender",
  privacy: "publico",
  images: [],
  ...over,
});

async function register(u: TestUser, valueCOP: number, over: Record<string, unknown> = {}) {
  const r = await send(u, "POST", "/api/assets", good(valueCOP, over));
  expect(r.statusCode, r.body).toBe(201);
  return json(r).data as { _id: string; creditosAsignados: number; title: string };
}

/** Completes an operation with the asset (as the owner): its hold is released. */
async function finish(u: TestUser, id: string) {
  await t.database.db.update(assets).set({ status: "operacion" }).where(eq(assets.id, id));
  const r = await send(u, "PUT", `/api/operaciones/finalizar/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return { released: json(r).data.creditMovement.creditosLiberados as number };
}

/** Sells `assetId` of `seller` to `buyer` (cash or credits) through custody, confirmed by the buyer's code. */
async function sell(seller: TestUser, buyer: TestUser, assetId: string, modoPago: "dinero" | "creditos" = "dinero") {
  const b = await k.buy(buyer, assetId, seller.id, { modoPago });
  expect(b.statusCode, b.body).toBe(201);
  const code = await k.codeOf(seller, json(b).custodia._id);
  const c = await k.confirm(buyer, code);
  expect(c.statusCode, c.body).toBe(200);
  return json(c);
}

/** Moves the clock (sessions last 7 days: signs in again). */
async function advance(ms: number, ...users: TestUser[]) {
  t.clock.advance(ms);
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

const balances = (u: TestUser) => k.balance(u);
const mine = async (u: TestUser) => json(await get(u, "/api/limites/mios")).data;
const verify = async (u: TestUser) => {
  const r = await send(admin, "POST", `/api/admin/usuarios/${u.id}/verificar`);
  expect(r.statusCode, r.body).toBe(200);
};
// biome-ignore lint/suspicious/noExplicitAny: JSON
const queueOf = async (u: TestUser): Promise<any[]> =>
  // biome-ignore lint/suspicious/noExplicitAny: JSON
  json(await get(admin, "/api/admin/revisiones")).data.filter((q: any) => q.persona._id === u.id);

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

describe("tiers: self-declared value is spendable only for identity-verified people", () => {
  it("an honest seller without verification sells for cash: the credits wait with the reason and a way to verify; verifying releases them", async () => {
    const [seller, buyer] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    const a = await k.listFor(seller, {
      baseValueCOP: 300_000,
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: year(),
    });
    const c = a.creditosAsignados; // 270 this year
    const confirmed = await sell(seller, buyer, a._id);
    // The buyer's answer says nothing was released to the seller: the custody, the asset, no claim.
    expect(JSON.stringify(confirmed)).not.toMatch(/Se liberaron/);
    expect(await balances(seller)).toEqual({ disponibles: 0, bloqueados: c });

    const m = await mine(seller);
    expect(m).toMatchObject({
      verificado: false,
      limiteVentana: 0,
      verificacionRequerida: true,
      creditosEnRevision: c,
    });
    expect(m.revisiones).toHaveLength(1);
    expect(m.revisiones[0]).toMatchObject({
      monto: c,
      motivo: "verificacion",
      espera: "verificacion",
      fechaLiberacion: null,
      motivoTexto: "Verifica tu identidad para liberar tus créditos",
      activo: { _id: a._id },
    });
    // The seller's notification of the confirmation says the credits are in review (not "released").
    const told = json(await get(seller, "/api/notificaciones/usuario")).data as { descripcion: string }[];
    const line = told.map((n) => n.descripcion).find((d) => d.startsWith("Se confirmó la entrega")) ?? "";
    expect(line).toContain(`${c} créditos del activo quedan en revisión`);
    expect(line).not.toContain("se liberaron");
    // A cash sale's movement speaks of pesos, never of "0 créditos del comprador … quedan en custodia".
    const moves = JSON.stringify(json(await get(seller, "/api/movimientos/mis-movimientos/all")).data);
    expect(moves).not.toMatch(/0 créditos del comprador/);
    expect(moves).toContain("en dinero");

    // Waiting does not help: a month and more later, still in review.
    await advance(40 * DAY, seller, buyer);
    expect(await balances(seller)).toEqual({ disponibles: 0, bloqueados: c });
    expect((await mine(seller)).creditosEnRevision).toBe(c);

    // Verified (an admin who knows them, or the identity desk): the queue releases them.
    await verify(seller);
    expect(await balances(seller)).toEqual({ disponibles: c, bloqueados: 0 });
    expect(await mine(seller)).toMatchObject({
      verificado: true,
      limiteVentana: RELEASE_LIMIT_VERIFIED,
      liberadosVentana: c,
      creditosEnRevision: 0,
      verificacionRequerida: false,
    });
    await expectLedgerSound();
  });

  it("a verified seller gets up to 10.000 a month without an admin; beyond it the review says the date, and the window releases it then", async () => {
    const u = await signUp(t.app);
    await verify(u);
    const a = await register(u, 6_000_000); // 5.400 this year
    const b = await register(u, 6_000_000);
    const [ca, cb] = [a.creditosAsignados, b.creditosAsignados];
    expect((await finish(u, a._id)).released).toBe(ca);
    // Past 10.000: the rest waits 30 days.
    expect((await finish(u, b._id)).released).toBe(10_000 - ca);
    const rest = ca + cb - 10_000;
    expect(await balances(u)).toEqual({ disponibles: 10_000, bloqueados: rest });
    const start = t.clock.now().getTime();
    const m = await mine(u);
    expect(m).toMatchObject({
      verificado: true,
      limiteVentana: 10_000,
      liberadosVentana: 10_000,
      creditosEnRevision: rest,
    });
    expect(m.revisiones[0]).toMatchObject({ monto: rest, motivo: "limite", espera: "ventana" });
    expect(Date.parse(m.revisiones[0].fechaLiberacion)).toBe(start + 30 * DAY);
    expect(m.revisiones[0].motivoTexto).toMatch(/^Se liberan el \d+ de [a-z]+ de \d{4}: puedes liberar hasta 10\.000/);

    await advance(29 * DAY, u);
    expect((await mine(u)).creditosEnRevision).toBe(rest);
    await advance(1 * DAY, u);
    expect((await mine(u)).creditosEnRevision).toBe(0);
    expect(await balances(u)).toEqual({ disponibles: ca + cb, bloqueados: 0 });
    await expectLedgerSound();
  });

  it("a review larger than the window is released in parts, and a later one waits behind it, oldest first", async () => {
    const u = await signUp(t.app);
    await verify(u);
    const big = await register(u, 27_500_000, { category: "Vehículos", title: "Moto" }); // 25.300 this year
    const cb = big.creditosAsignados;
    expect(cb).toBeGreaterThan(20_000);
    expect(cb).toBeLessThan(29_000);
    expect((await finish(u, big._id)).released).toBe(10_000);
    await advance(10 * DAY, u);
    const small = await register(u, 777_778); // 700 this year: waits behind the older review
    const cs = small.creditosAsignados;
    expect((await finish(u, small._id)).released).toBe(0);
    const m = await mine(u);
    expect(m.revisiones.map((r: { monto: number }) => r.monto)).toEqual([cb - 10_000, cs]);
    const day0 = t.clock.now().getTime() - 10 * DAY;
    expect(m.revisiones.map((r: { fechaLiberacion: string }) => Date.parse(r.fechaLiberacion))).toEqual([
      day0 + 60 * DAY,
      day0 + 60 * DAY,
    ]);

    await advance(20 * DAY, u); // day 30: 10.000 more of the big one
    await mine(u);
    expect(await balances(u)).toEqual({ disponibles: 20_000, bloqueados: cb - 20_000 + cs });
    await advance(30 * DAY, u); // day 60: its last part and then the small one
    await mine(u);
    expect(await balances(u)).toEqual({ disponibles: cb + cs, bloqueados: 0 });
    await expectLedgerSound();
  });

  it("new releases never take the window before older reviews (700 from day 10 is released on day 30, not day 91)", async () => {
    const u = await signUp(t.app);
    await verify(u);
    const a = await register(u, 15_000_000, { category: "Vehículos", title: "Moto" }); // 13.800 this year
    const c = a.creditosAsignados;
    expect(c).toBeGreaterThan(10_000);
    expect(c).toBeLessThan(19_000);
    expect((await finish(u, a._id)).released).toBe(10_000);
    await advance(10 * DAY, u);
    const b = await register(u, 777_778);
    expect((await finish(u, b._id)).released).toBe(0);
    await advance(20 * DAY, u);
    // Day 30: a new release arrives before the person looks: the older ones go first, then it.
    const d = await register(u, 300_000);
    const r = await finish(u, d._id);
    expect(r.released).toBe(d.creditosAsignados);
    expect(await balances(u)).toEqual({ disponibles: c + b.creditosAsignados + d.creditosAsignados, bloqueados: 0 });
    await expectLedgerSound();
  });

  it("an admin raises one verified person's window: logged, admin-only, never for a person without verification", async () => {
    const [u, other] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    const url = `/api/admin/usuarios/${u.id}/limite`;
    expect((await t.app.inject({ method: "PUT", url, payload: { limite: 30_000 } })).statusCode).toBe(401);
    expect((await send(u, "PUT", url, { limite: 30_000 })).statusCode).toBe(403);
    const early = await send(admin, "PUT", url, { limite: 30_000 });
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toMatch(/aún no verificó su identidad/);
    await verify(u);
    expect((await send(admin, "PUT", url, { limite: 5 })).statusCode).toBe(400);
    expect((await send(admin, "PUT", url, { limite: 2_000_000 })).statusCode).toBe(400);
    const ok = await send(admin, "PUT", url, { limite: 30_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data).toEqual({ _id: u.id, limiteVentana: 30_000 });
    expect(
      (await send(admin, "PUT", `/api/admin/usuarios/${crypto.randomUUID()}/limite`, { limite: 30_000 })).statusCode,
    ).toBe(404);
    const log = JSON.stringify(json(await get(admin, "/api/admin/registro?limit=50")).data);
    expect(log).toMatch(/limite_ampliado/);
    expect(log).toMatch(/de 10\.000 a 30\.000 créditos/);

    const a = await register(u, 27_500_000, { category: "Vehículos", title: "Moto" }); // 25.300 this year
    expect(a.creditosAsignados).toBeGreaterThan(20_000);
    expect((await finish(u, a._id)).released).toBe(a.creditosAsignados);
    expect((await mine(u)).limiteVentana).toBe(30_000);
    // Nobody else's window changed.
    await verify(other);
    expect((await mine(other)).limiteVentana).toBe(10_000);
    await expectLedgerSound();
  });
});

describe("concentration: an account without verification holds at most 5.000 spendable", () => {
  /** A buyer with credits (a correction, not an arrival) buys from `seller` an asset worth about `credits`; its credits. */
  async function buyFrom(seller: TestUser, credits: number, buyer?: TestUser): Promise<number> {
    const b = buyer ?? (await signUp(t.app));
    const a = await k.listFor(seller, {
      baseValueCOP: Math.ceil((credits * 1000) / 0.9),
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: year(),
    });
    await k.fund(b, a.creditosAsignados);
    await sell(seller, b, a._id, "creditos");
    return a.creditosAsignados;
  }

  it("an account without verification keeps at most 5.000 spendable: what it receives above waits with the reason, and comes back as room opens or all at once when verified", async () => {
    const r = await signUp(t.app);
    const got = (await buyFrom(r, 3500)) + (await buyFrom(r, 3500)); // 7.000 this year
    const held = got - 5000;
    expect(held).toBeGreaterThan(0);
    // 5.000 spendable, the rest of what it received held; its own assets' credits wait for a verification.
    expect(await balances(r)).toEqual({ disponibles: 5000, bloqueados: got + held });
    const m = await mine(r);
    const conc = m.revisiones.find((x: { motivo: string }) => x.motivo === "concentracion");
    expect(conc).toMatchObject({ monto: held, espera: "verificacion", fechaLiberacion: null });
    expect(conc.motivoTexto.startsWith(LIMITS_MSG.verifyIdentity)).toBe(true);
    expect(conc.motivoTexto).toMatch(/hasta 5\.000 créditos disponibles/);

    // It spends (a purchase): room for part of what waited.
    const s = await signUp(t.app);
    const item = await k.listFor(s, { yearOfPurchase: year() - 3 });
    const price = item.creditosAsignados;
    expect(price).toBeLessThan(held);
    const paid = await k.buy(r, item._id, s.id, { modoPago: "creditos" });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await balances(r)).disponibles).toBe(5000 - price);
    await mine(r);
    expect(await balances(r)).toEqual({ disponibles: 5000, bloqueados: got + held - price });

    // Verified: the rest of the cap's credits and its own assets' credits (within the window) are spendable.
    await verify(r);
    expect(await balances(r)).toEqual({ disponibles: 5000 + got + held - price, bloqueados: 0 });
    await expectLedgerSound();
  });

  it("credits from other people's spendable balances are never held for a verified person", async () => {
    const v = await signUp(t.app);
    await verify(v);
    const got = (await buyFrom(v, 3500)) + (await buyFrom(v, 3500));
    // What it received and its own assets' credits (within its window), nothing held.
    expect(await balances(v)).toEqual({ disponibles: 2 * got, bloqueados: 0 });
  });
});

describe("signals and evidence (issue 17 defects)", () => {
  it("same counterpart: cancelled deals never count, completed ones count 30 days, the third completed is flagged", async () => {
    const [ana, beto] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    await verify(ana);
    const listed = () =>
      k.listFor(ana, { baseValueCOP: 300_000, condition: "nuevo", physicalState: "excelente", yearOfPurchase: year() });
    // Two cancellations do not flag the first real sale (the two assets stay Ana's, still blocked).
    let kept = 0;
    for (let i = 0; i < 2; i++) {
      const a = await listed();
      const b = await k.buy(beto, a._id, ana.id, { modoPago: "dinero" });
      expect((await k.cancel(ana, json(b).custodia._id)).statusCode).toBe(200);
      kept += a.creditosAsignados;
    }
    let spendable = 0;
    for (let i = 0; i < 2; i++) {
      const a = await listed();
      await sell(ana, beto, a._id);
      spendable += a.creditosAsignados;
      expect(await balances(ana)).toEqual({ disponibles: spendable, bloqueados: kept });
    }
    const third = await listed();
    await sell(ana, beto, third._id);
    expect(await balances(ana)).toEqual({ disponibles: spendable, bloqueados: kept + third.creditosAsignados });
    const m = await mine(ana);
    expect(m.revisiones[0]).toMatchObject({
      motivo: "tratos_repetidos",
      espera: "administrador",
      fechaLiberacion: null,
    });
    expect(m.revisiones[0].motivoTexto).toMatch(/^Tratos repetidos con la misma persona\. Un administrador/);
    const entry = (await queueOf(ana))[0];
    expect(entry.evidencia.contraparte).toMatchObject({ _id: beto.id });
    // 31 days later the old deals no longer count.
    await advance(31 * DAY, ana, beto);
    const later = await listed();
    await sell(ana, beto, later._id);
    expect(await balances(ana)).toEqual({
      disponibles: spendable + later.creditosAsignados,
      bloqueados: kept + third.creditosAsignados,
    });
    await expectLedgerSound();
  });

  it("same counterpart: exchanges count too (the third exchange between two people is flagged)", async () => {
    const [ana, caro] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    await verify(ana);
    const given: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await x.asset(ana, { title: `Libro ${i}`, yearOfPurchase: year() - 3 });
      given.push(a.creditosAsignados);
      const c = await x.asset(caro, { title: `Disco ${i}`, yearOfPurchase: year() - 3 });
      const p = await x.propose(ana, a._id, c._id, caro.id);
      expect(p.statusCode, p.body).toBe(201);
      const ok = await x.setStatus(caro, json(p).data._id, "aceptada");
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const m = await mine(ana);
    expect(m.revisiones).toHaveLength(1);
    expect(m.revisiones[0]).toMatchObject({ motivo: "tratos_repetidos", monto: given[2] });
    expect((await balances(ana)).disponibles).toBe((given[0] ?? 0) + (given[1] ?? 0));
    const mc = await mine(caro);
    expect(mc.revisiones.map((r: { motivo: string }) => r.motivo)).toEqual([
      "verificacion",
      "verificacion",
      "tratos_repetidos",
    ]);
    await expectLedgerSound();
  });

  it("the burst signal does not depend on the order in which assets are sold", async () => {
    const [u, buyer] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    await verify(u);
    const list: { _id: string }[] = [];
    for (let i = 0; i < 9; i++) {
      list.push(
        await k.listFor(u, {
          title: `Cámara ${i}`,
          baseValueCOP: 300_000,
          condition: "nuevo",
          physicalState: "excelente",
          yearOfPurchase: year(),
        }),
      );
    }
    const signalOf = async (i: number, by: TestUser) => {
      await sell(u, by, list[i]?._id ?? "");
      const r = (await mine(u)).revisiones.find((x: { activo: { _id: string } }) => x.activo._id === list[i]?._id);
      return r?.motivo ?? null;
    };
    // Buyers change so that the same-counterpart signal stays out of the way.
    expect(await signalOf(8, buyer)).toBe("rafaga");
    expect(await signalOf(0, await signUp(t.app))).toBeNull();
    expect(await signalOf(1, await signUp(t.app))).toBeNull();
    // The 8th registration is flagged although two of the assets before it are gone already.
    expect(await signalOf(7, await signUp(t.app))).toBe("rafaga");
    await expectLedgerSound();
  });

  it("the desk's evidence counts the registrations and sales a person made, not the assets they own now", async () => {
    const [seller, buyer] = [await signUp(t.app), await signUp(t.app)] as [TestUser, TestUser];
    const a = await k.listFor(seller, { yearOfPurchase: year() - 3 });
    const b = await k.listFor(seller, { title: "Cámara Nikon", yearOfPurchase: year() - 3 });
    await sell(seller, buyer, a._id);
    await sell(seller, buyer, b._id);
    const own = await register(buyer, 300_000);
    await finish(buyer, own._id);
    const s = await queueOf(seller);
    expect(s).toHaveLength(2);
    expect(s[0].persona).toMatchObject({
      registros: 2,
      ventas: 2,
      creditosEmitidos: a.creditosAsignados + b.creditosAsignados,
      verified: false,
    });
    expect(s[0].espera).toBe("verificacion");
    const bq = await queueOf(buyer);
    // The buyer owns three assets but made one registration.
    expect(bq[0].persona).toMatchObject({ registros: 1, ventas: 0, creditosEmitidos: own.creditosAsignados });
  });

  it("a value far above the category's typical one waits for an admin, whatever the window or the verification", async () => {
    const u = await signUp(t.app);
    await verify(u);
    const a = await register(u, 12_000_000); // 5 x 2.000.000 típico de Tecnología
    const c = a.creditosAsignados;
    expect((await finish(u, a._id)).released).toBe(0);
    await advance(31 * DAY, u);
    const m = await mine(u);
    expect(m.revisiones[0]).toMatchObject({
      motivo: "valor_alto",
      monto: c,
      espera: "administrador",
      fechaLiberacion: null,
    });
    expect(await balances(u)).toEqual({ disponibles: 0, bloqueados: c });
    await expectLedgerSound();
  });

  it("an admin approves a review exactly once; logged; the report counts it", async () => {
    const u = await signUp(t.app);
    const reportNow = async () => json(await t.app.inject({ method: "GET", url: "/api/economia/reporte" })).data;
    const before = await reportNow();
    const a = await register(u, 3_500_000); // 3.150 this year
    const c = a.creditosAsignados;
    expect((await finish(u, a._id)).released).toBe(0);
    expect(await balances(u)).toEqual({ disponibles: 0, bloqueados: c });
    const report = await reportNow();
    expect(report.creditosEnRevision - before.creditosEnRevision).toBe(c);
    expect(report.colaLiberacion.esperanVerificacion - before.colaLiberacion.esperanVerificacion).toBe(c);

    const id = (await mine(u)).revisiones[0]._id;
    expect((await get(u, "/api/admin/revisiones")).statusCode).toBe(403);
    expect((await send(u, "POST", `/api/admin/revisiones/${id}/aprobar`)).statusCode).toBe(403);
    const entry = (await queueOf(u))[0];
    expect(entry).toMatchObject({
      monto: c,
      persona: { verified: false, registros: 1 },
      evidencia: { activo: { _id: a._id } },
    });
    const ok = await send(admin, "POST", `/api/admin/revisiones/${id}/aprobar`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data).toMatchObject({ liberados: c, userId: u.id });
    expect(await balances(u)).toEqual({ disponibles: c, bloqueados: 0 });
    expect((await send(admin, "POST", `/api/admin/revisiones/${id}/aprobar`)).statusCode).toBe(409);
    expect(await balances(u)).toEqual({ disponibles: c, bloqueados: 0 });
    expect(JSON.stringify(json(await get(admin, "/api/admin/registro?limit=50")).data)).toMatch(/creditos_aprobados/);
    expect((await reportNow()).creditosLiberadosMes - report.creditosLiberadosMes).toBe(c);
    await expectLedgerSound();
  });
});
