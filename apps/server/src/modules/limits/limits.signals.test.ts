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
  queueOf,
  register,
  sell,
  send,
  t,
  useLimitsApp,
  verify,
  x,
  year,
} from "./limits.setup.testkit.ts";

useLimitsApp();

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
