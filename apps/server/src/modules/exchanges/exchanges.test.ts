/**
 * Exchanges (issue 10): direct proposals through the engine, accept swaps the
 * owners and releases each asset's hold to its giver, reject / cancel / expiry
 * refund the added credits, the other pending proposals close, open offers,
 * notifications to the other person, and the spec's messages.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { PRICE, quietPool } from "../custody/custody.testkit.ts";
import { getUserBalances } from "../ledger/index.ts";
import { exchangeKit } from "./exchanges.testkit.ts";

let t: TestContext;
const k = exchangeKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

async function expectBalanced() {
  const inv = await k.invariants();
  expect(inv.problems).toEqual([]);
}

async function notificationsOf(u: TestUser) {
  const r = await k.req("GET", u, "/api/notificaciones/usuario");
  // biome-ignore lint/suspicious/noExplicitAny: JSON
  return json(r).data as any[];
}

describe("direct proposals", () => {
  it("propose with added credits, accept: owners swap, both holds released to their givers, credits paid", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.asset(ana, { title: "Bicicleta de ruta" });
    const b = await k.asset(beto, { title: "Guitarra acústica" });
    await k.fund(ana, 300);
    const r = await k.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 200 });
    expect(r.statusCode, r.body).toBe(201);
    const p = json(r).data;
    expect(p.status).toBe("pendiente");
    expect(p.offeredAssetId.title).toBe("Bicicleta de ruta");
    expect(p.requestedAssetId.title).toBe("Guitarra acústica");
    expect(p.proposingUserId._id).toBe(ana.id);
    expect(p.targetUserId._id).toBe(beto.id);
    expect(await k.balance(ana)).toEqual({ disponibles: 100, bloqueados: PRICE });

    // Beto sees it received (with a notification opening /intercambiar), Ana as sent.
    const received = json(await k.req("GET", beto, "/api/exchanges/received"));
    expect(received.count).toBe(1);
    expect(received.data[0]._id).toBe(p._id);
    expect(json(await k.req("GET", ana, "/api/exchanges/sent")).data[0]._id).toBe(p._id);
    expect(json(await k.req("GET", ana, "/api/exchanges/received")).count).toBe(0);
    const nb = (await notificationsOf(beto)).find((n) => n.relacionadoId === p._id);
    expect(nb).toMatchObject({ relacionadoTipo: "propuesta", titulo: "Nueva propuesta de intercambio" });

    // Only the receiver accepts.
    const wrong = await k.setStatus(ana, p._id, "aceptada");
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong).message).toBe("Solo quien recibe la propuesta puede aceptarla o rechazarla");

    // Someone outside the proposal, or an id that is no proposal: 404, and nothing changes.
    const [caro] = (await k.users(1)) as [TestUser];
    for (const id of [p._id, "0190a000-0000-7000-8000-000000000000"]) {
      const outside = await k.setStatus(caro, id, "aceptada");
      expect(outside.statusCode).toBe(404);
      expect(json(outside).message).toBe("Propuesta no encontrada");
    }
    expect((await k.ownerOf(a._id)).userId).toBe(ana.id);

    const ok = await k.setStatus(beto, p._id, "aceptada");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).data.status).toBe("aceptada");
    expect((await k.ownerOf(a._id)).userId).toBe(beto.id);
    expect((await k.ownerOf(b._id)).userId).toBe(ana.id);
    expect(await k.ownerOf(a._id)).toMatchObject({ status: "disponible", privacy: "privado" });
    // Each hold released to the one who gave the asset; Beto also got the 200 credits.
    expect(await k.balance(ana)).toEqual({ disponibles: 100 + PRICE, bloqueados: 0 });
    expect(await k.balance(beto)).toEqual({ disponibles: PRICE + 200, bloqueados: 0 });
    const na = (await notificationsOf(ana)).find((n) => n.titulo === "Propuesta aceptada");
    expect(na).toMatchObject({ relacionadoTipo: "propuesta", relacionadoId: p._id });

    // Accepting again is idempotent; cancelling an accepted proposal is a clear 409.
    expect((await k.setStatus(beto, p._id, "aceptada")).statusCode).toBe(200);
    const late = await k.setStatus(ana, p._id, "cancelada");
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe("Esta propuesta ya fue aceptada");
    expect(await k.balance(beto)).toEqual({ disponibles: PRICE + 200, bloqueados: 0 });
    await expectBalanced();
  });

  it("the spec's credit release after accepting (requested asset, owner just changed) succeeds with nothing left", async () => {
    const [ana, beto, caro] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const a = await k.asset(ana);
    const b = await k.asset(beto);
    const p = json(await k.propose(ana, a._id, b._id, beto.id)).data;
    expect((await k.setStatus(beto, p._id, "aceptada")).statusCode).toBe(200);
    const before = await k.balance(beto);
    // Issue 15 item 19: was 403 'Este activo no es tuyo', and a 403 clears the session on several screens.
    const r = await k.req("POST", beto, "/api/activos/liberar-creditos", { activoId: b._id });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).message).toBe(
      "Este activo ya es de la otra persona por el intercambio: sus créditos se liberaron al aceptarlo y no queda nada por liberar",
    );
    expect(json(r).data).toMatchObject({ creditosLiberados: 0, yaLiberados: true });
    expect(json(r).data.balanceActualizado).toMatchObject({ creditosDisponibles: before.disponibles });
    expect(await k.balance(beto)).toEqual(before);
    // Anyone else who never had it still gets the 403.
    expect((await k.req("POST", caro, "/api/activos/liberar-creditos", { activoId: b._id })).statusCode).toBe(403);
    await expectBalanced();
  });

  it("reject and cancel move nothing and refund the added credits", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.asset(ana);
    const b = await k.asset(beto);
    await k.fund(ana, 50);
    const p1 = json(await k.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 50 })).data;
    expect((await k.balance(ana)).disponibles).toBe(0);
    const rej = await k.setStatus(beto, p1._id, "rechazada");
    expect(json(rej).data.status).toBe("rechazada");
    expect((await k.balance(ana)).disponibles).toBe(50);
    const p2 = json(await k.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 50 })).data;
    const onlyProposer = await k.setStatus(beto, p2._id, "cancelada");
    expect(onlyProposer.statusCode).toBe(403);
    expect(json(onlyProposer).message).toBe("Solo quien envió la propuesta puede cancelarla");
    expect(json(await k.setStatus(ana, p2._id, "cancelada")).data.status).toBe("cancelada");
    expect((await k.balance(ana)).disponibles).toBe(50);
    expect((await k.ownerOf(a._id)).userId).toBe(ana.id);
    expect((await k.ownerOf(b._id)).userId).toBe(beto.id);
    const nb = (await notificationsOf(beto)).filter((n) => n.relacionadoId === p2._id).map((n) => n.titulo);
    expect(nb).toContain("Propuesta cancelada");
    await expectBalanced();
  });

  it("refuses bad proposals with the spec's Spanish messages and writes nothing", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.asset(ana);
    const b = await k.asset(beto);
    const missing = await k.req("POST", ana, "/api/exchanges", { requestedAssetId: b._id, targetUserId: beto.id });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe("Debes seleccionar un activo para ofrecer y uno para solicitar.");
    const gone = await k.propose(ana, a._id, "0190a000-0000-7000-8000-000000000000", beto.id);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).message).toBe("El activo solicitado no está disponible en este momento.");
    const own = await k.propose(ana, a._id, a._id, beto.id);
    expect(own.statusCode).toBe(400);
    const mine = await k.propose(ana, b._id, a._id, beto.id);
    expect(mine.statusCode).toBe(400);
    expect(json(mine).message).toBe("No puedes solicitar tu propio activo");
    const broke = await k.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 10 });
    expect(broke.statusCode).toBeGreaterThanOrEqual(400);
    expect(broke.statusCode).toBeLessThan(500);
    expect(json(await k.req("GET", beto, "/api/exchanges/received")).count).toBe(0);
    const noAuth = await k.req("POST", null, "/api/exchanges", {});
    expect(noAuth.statusCode).toBe(401);
    await expectBalanced();
  });

  it("accepting closes the other pending proposals on the same assets (refunded), and a taken asset fails cleanly", async () => {
    const [ana, beto, caro] = (await k.users(3)) as [TestUser, TestUser, TestUser];
    const a = await k.asset(ana);
    const b = await k.asset(beto);
    const c = await k.asset(caro);
    await k.fund(caro, 30);
    const pAna = json(await k.propose(ana, a._id, b._id, beto.id)).data;
    const pCaro = json(await k.propose(caro, c._id, b._id, beto.id, { creditosAdicionales: 30 })).data;
    expect(json(await k.setStatus(beto, pAna._id, "aceptada")).data.status).toBe("aceptada");
    const sent = json(await k.req("GET", caro, "/api/exchanges/sent")).data;
    expect(sent.find((x: { _id: string }) => x._id === pCaro._id).status).toBe("cerrada");
    expect((await k.balance(caro)).disponibles).toBe(30);
    const late = await k.setStatus(beto, pCaro._id, "aceptada");
    expect(late.statusCode).toBe(409);

    // An asset reserved by a sale cannot be exchanged: 409, nothing moves.
    const [dani] = (await k.users(1)) as [TestUser];
    const d = await k.asset(dani, { mainPurpose: "vender" });
    const pDani = json(await k.propose(caro, c._id, d._id, dani.id)).data;
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, PRICE);
    expect((await k.buy(buyer, d._id, dani.id)).statusCode).toBe(201);
    const taken = await k.setStatus(dani, pDani._id, "aceptada");
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe("El activo solicitado no está disponible en este momento.");
    expect((await k.ownerOf(c._id)).userId).toBe(caro.id);
    await expectBalanced();
  });

  it("a direct proposal expires after 7 days of injected time and refunds; the timer fires once", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.asset(ana);
    const b = await k.asset(beto);
    await k.fund(ana, 40);
    const p = json(await k.propose(ana, a._id, b._id, beto.id, { creditosAdicionales: 40 })).data;
    t.clock.advance(6 * 24 * 3600_000);
    await t.app.deals.fireDueTimers(t.database.db, t.clock.now());
    expect(json(await k.req("GET", ana, "/api/exchanges/sent")).data[0].status).toBe("pendiente");
    t.clock.advance(24 * 3600_000 + 1000);
    expect(await t.app.deals.fireDueTimers(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await t.app.deals.fireDueTimers(t.database.db, t.clock.now())).toBe(0);
    // (The session tokens expired with the injected week: read the records directly.)
    const row = await t.database.db.execute(sql`select estado from exchange_proposals where id = ${p._id}`);
    expect((row as unknown as { rows: { estado: string }[] }).rows[0]?.estado).toBe("expirada");
    expect((await getUserBalances(t.database.db, ana.id)).creditosDisponibles).toBe(40);
    await expectBalanced();
  });
});

describe("open offers", () => {
  it("publishes an intercambiar asset with the default 80-120% range and lists my fitting assets", async () => {
    const [ana, beto] = (await k.users(2)) as [TestUser, TestUser];
    const a = await k.asset(ana, { title: "Consola", baseValueCOP: 1_000_000 });
    const missing = await k.req("POST", ana, "/api/intercambios/ofertas", { activoId: a._id });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe("Debes seleccionar un activo y especificar la categoría deseada");
    const r = await k.req("POST", ana, "/api/intercambios/ofertas", {
      activoId: a._id,
      tipoIntercambio: "P2P",
      categoriaDeseada: "Tecnología",
    });
    expect(r.statusCode, r.body).toBe(201);
    const offer = json(r).data;
    expect(offer).toMatchObject({
      estado: "abierta",
      rangoValorDeseadoCOP: { min: 800_000, max: 1_200_000 },
      preferenciaContraparte: "cualquiera",
      permiteContraofertas: true,
      userId: { _id: ana.id },
    });
    const again = await k.req("POST", ana, "/api/intercambios/ofertas", { activoId: a._id, categoriaDeseada: "X" });
    expect(again.statusCode).toBe(409);
    const sale = await k.asset(ana, { mainPurpose: "vender" });
    const notX = await k.req("POST", ana, "/api/intercambios/ofertas", { activoId: sale._id, categoriaDeseada: "X" });
    expect(notX.statusCode).toBe(409);

    const fits = await k.asset(beto, { title: "Tablet", baseValueCOP: 900_000 });
    await k.asset(beto, { title: "Cara", baseValueCOP: 5_000_000 });
    await k.asset(beto, { title: "Otra categoría", category: "Hogar", baseValueCOP: 900_000 });
    const list = json(await k.req("GET", beto, "/api/intercambios/ofertas"));
    const o = list.data.find((x: { _id: string }) => x._id === offer._id);
    expect(o.activoOfrecidoId.title).toBe("Consola");
    expect(o.activosCompatibles.map((x: { title: string }) => x.title)).toEqual(["Tablet"]);
    expect(
      json(await k.req("GET", ana, "/api/intercambios/ofertas?tipo=mias")).data.map((x: { _id: string }) => x._id),
    ).toEqual([offer._id]);

    // Beto proposes his fitting asset for the offered one; Ana accepts; the offer closes.
    const p = json(await k.propose(beto, fits._id, a._id, ana.id)).data;
    expect(json(await k.setStatus(ana, p._id, "aceptada")).data.status).toBe("aceptada");
    expect(json(await k.req("GET", ana, "/api/intercambios/ofertas?tipo=mias")).count).toBe(0);
    await expectBalanced();
  });
});
