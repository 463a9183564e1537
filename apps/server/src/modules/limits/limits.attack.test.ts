/**
 * Issue 17's "done when" (ADR 015 "the bound on people"), on the farm of limits.farm.testkit.ts: the
 * 100-account attack with 20 email-verified accounts leaves the hub with at most 5.000 spendable and
 * makes nothing from self-declared value; a verified seller gets up to 10.000 a month without an admin.
 */
import { MAX_SPENDABLE_UNVERIFIED, RELEASE_LIMIT_VERIFIED } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { json } from "../../test/harness.ts";
import {
  type Account,
  bound,
  createFarm,
  DAY,
  disponible,
  expectLedgerSound,
  req,
  step,
  t,
  useFarmApp,
  YEAR,
} from "./limits.farm.testkit.ts";

useFarmApp();

describe("the bound on people (ADR 015)", () => {
  it("done when: 20 email-verified accounts and a hub (the attack of issue 17): the hub ends with at most 5.000 spendable and nothing is made from self-declared value", async () => {
    const farm = await createFarm(21, 0);
    const hub = farm[0] as Account;
    const start = t.clock.now().getTime();
    const hubAsset = await req("POST", hub, "/api/assets", {
      title: "Taladro",
      description: "Taladro percutor",
      assetType: "bien",
      origin: "personal",
      category: "Herramientas",
      condition: "nuevo",
      physicalState: "excelente",
      yearOfPurchase: YEAR,
      baseValueCOP: 800_000,
      mainPurpose: "prestar",
      privacy: "publico",
      images: [],
    });
    expect(hubAsset.statusCode, hubAsset.body).toBe(201);
    for (const a of farm.slice(1)) {
      // Each declares a phone of 2.222.222 COP: exactly 2.000 credits, no signal.
      await step(farm, { kind: "register", who: farm.indexOf(a), purpose: "vender", valueCOP: 2_222_222 });
      // The hub "buys" it for cash and confirms the custody.
      await step(farm, { kind: "sell", seller: farm.indexOf(a), buyer: 0, inCredits: false });
      // Then it borrows the hub's asset at 100 % interest, paying the hub: it has nothing to pay with.
      const r = await req("POST", a, "/api/loans/create", {
        activoId: json(hubAsset).data._id,
        prestamistaId: hub.id,
        garantiaTipo: "ninguna",
        plazoDias: 7,
        interes: 100,
      });
      expect(r.statusCode, r.body).toBe(422);
    }
    for (const a of farm) await req("GET", a, "/api/limites/mios");
    t.clock.advance(45 * DAY);
    for (const a of farm) await req("GET", a, "/api/limites/mios");
    const b = await bound(farm, start);
    expect(b.spendable).toBe(0);
    expect(await disponible(hub)).toBeLessThanOrEqual(MAX_SPENDABLE_UNVERIFIED);
    // Everything they declared waits for an identity verification, with the reason.
    const seller = json(await req("GET", farm[1] as Account, "/api/limites/mios")).data;
    expect(seller.revisiones).toHaveLength(1);
    expect(seller.revisiones[0]).toMatchObject({
      espera: "verificacion",
      motivoTexto: "Verifica tu identidad para liberar tus créditos",
    });
    // 2.000 this year (a year older, a little less: the clock may have entered the next one).
    expect(seller.revisiones[0].monto).toBeGreaterThanOrEqual(1900);
    // The report says where the credits are: nothing released, all of it waiting for verifications.
    const r = json(await t.app.inject({ method: "GET", url: "/api/economia/reporte" })).data;
    expect(r.colaLiberacion.esperanVerificacion).toBeGreaterThanOrEqual(20 * 1900);
    await expectLedgerSound();
  }, 600_000);

  it("done when: a verified seller gets up to 10.000 a month without an admin", async () => {
    const [seller, ...buyers] = await createFarm(13, 1);
    const s = seller as Account;
    const everyone = [s, ...buyers];
    let declared = 0;
    for (let month = 0; month < 2; month++) {
      const before = await disponible(s);
      for (let i = 0; i < 6; i++) {
        const r = await req("POST", s, "/api/assets", {
          title: "Teléfono",
          description: "Teléfono de gama alta",
          assetType: "bien",
          origin: "personal",
          category: "Tecnología",
          condition: "nuevo",
          physicalState: "excelente",
          yearOfPurchase: YEAR,
          baseValueCOP: 2_222_222,
          mainPurpose: "vender",
          privacy: "publico",
          images: [],
        });
        expect(r.statusCode, r.body).toBe(201);
        declared += json(r).data.creditosAsignados as number;
        s.pool.vender.push(json(r).data._id);
        await step(everyone, { kind: "sell", seller: 0, buyer: 1 + month * 6 + i, inCredits: false });
      }
      // About 12.000 declared and sold each month: 10.000 spendable, the rest waits for the window.
      await req("GET", s, "/api/limites/mios");
      expect((await disponible(s)) - before).toBe(RELEASE_LIMIT_VERIFIED);
      t.clock.advance(30 * DAY);
    }
    await req("GET", s, "/api/limites/mios");
    expect(await disponible(s)).toBe(declared);
    expect(declared).toBeLessThanOrEqual(3 * RELEASE_LIMIT_VERIFIED);
    await expectLedgerSound();
  }, 600_000);
});
