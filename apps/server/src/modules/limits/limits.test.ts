/**
 * Limits on self-declared value (issues 12 and 17, ADR 015), over HTTP: the tiers (nothing
 * spendable without identity verification, 10.000 per 30 days with it, raised by an admin), the
 * queue released in parts and oldest first with a date on every review, the concentration cap of
 * accounts without verification. The defects issue 17 lists (evidence, same-counterpart signal,
 * burst signal, messages): limits.signals.test.ts. The fan-in signal, the platform brake and the
 * concurrency of the locks: limits.brake.test.ts.
 */
import { LIMITS_MSG, RELEASE_LIMIT_VERIFIED } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { json, signUp, type TestUser } from "../../test/harness.ts";
import {
  admin,
  advance,
  balances,
  DAY,
  expectLedgerSound,
  finish,
  get,
  k,
  mine,
  register,
  sell,
  send,
  t,
  useLimitsApp,
  verify,
  year,
} from "./limits.setup.testkit.ts";

useLimitsApp();

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
