/**
 * The official marketplace (issue 11): list, buy with credits (disponible -> tienda
 * and one unit less in one transaction), refusals with no change, idempotent
 * retries, the admin's fulfilment and cancellation with refund, the buyer's
 * activity and the expiry timer. The ledger stays balanced after every step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { marketKit } from "./marketplace.testkit.ts";

let t: TestContext;
const k = marketKit(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /marketplace", () => {
  it("lists visible products, featured first, without hidden ones, for visitors too", async () => {
    const plain = await k.product({ nombre: "Kit escolar", stock: -1 });
    const featured = await k.product({ nombre: "Mercado del mes", destacado: true, stock: 2 });
    const hidden = await k.product({ nombre: "Oculto", oculto: true });
    const r = await k.req("GET", null, "/api/marketplace");
    expect(r.statusCode).toBe(200);
    const ids = (json(r).data as { _id: string }[]).map((p) => p._id);
    expect(ids).toContain(plain._id);
    expect(ids.indexOf(featured._id)).toBeLessThan(ids.indexOf(plain._id));
    expect(ids).not.toContain(hidden._id);
    const f = (json(r).data as Record<string, unknown>[]).find((p) => p._id === featured._id);
    expect(f).toMatchObject({ nombre: "Mercado del mes", destacado: true, stock: 2, creditos: 100, valorCOP: 100_000 });
  });
});

describe("POST /marketplace/{id}/comprar", () => {
  it("charges the price, takes one unit, answers message, and the buyer sees it pending in their activity", async () => {
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, 250);
    const p = await k.product({ nombre: "Bono de transporte", creditos: 100, stock: 2 });
    const tiendaBefore = await k.system("tienda");
    const r = await k.buy(buyer, p._id);
    expect(r.statusCode).toBe(201);
    expect(json(r).message).toMatch(/Bono de transporte/);
    expect(json(r).data).toMatchObject({ estado: "pendiente", creditosRestantes: 150, stock: 1 });
    expect(await k.balance(buyer)).toBe(150);
    expect(await k.stockOf(p._id)).toBe(1);
    expect(await k.system("tienda")).toBe(tiendaBefore + 100);
    const act = json(await k.req("GET", buyer, "/api/transacciones/mis-transacciones/all")).data as {
      type: string;
      description: string;
    }[];
    expect(act.some((x) => x.type === "compra" && /pendiente de entrega/.test(x.description))).toBe(true);
    expect(await k.balanced()).toEqual([]);
  });

  it("refuses short credits, a sold-out product, a hidden one and a visitor, with no change", async () => {
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, 50);
    const p = await k.product({ creditos: 100, stock: 1 });
    const short = await k.buy(buyer, p._id);
    expect(short.statusCode).toBe(422);
    expect(json(short).message).toBe("No tienes suficientes créditos disponibles");
    expect(await k.balance(buyer)).toBe(50);
    expect(await k.stockOf(p._id)).toBe(1);

    const soldOut = await k.product({ creditos: 10, stock: 0 });
    const r0 = await k.buy(buyer, soldOut._id);
    expect(r0.statusCode).toBe(409);
    expect(json(r0).message).toBe("Este producto está agotado");

    const hidden = await k.product({ creditos: 10, oculto: true });
    expect((await k.buy(buyer, hidden._id)).statusCode).toBe(404);
    expect((await k.buy(null, p._id)).statusCode).toBe(401);
    expect((await k.buy(buyer, "no-es-un-id")).statusCode).toBe(400);
    expect(await k.balance(buyer)).toBe(50);
    expect(await k.balanced()).toEqual([]);
  });

  it("a retried purchase with the same Idempotency-Key buys once", async () => {
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, 300);
    const p = await k.product({ creditos: 100, stock: -1 });
    const a = await k.buy(buyer, p._id, "compra-1");
    const b = await k.buy(buyer, p._id, "compra-1");
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers["idempotent-replayed"]).toBe("true");
    expect(json(b).data.compraId).toBe(json(a).data.compraId);
    expect(await k.balance(buyer)).toBe(200);
    expect(await k.stockOf(p._id)).toBe(-1);
  });
});

describe("fulfilment by an admin", () => {
  it("entregado keeps the payment; cancelado refunds once and puts the unit back", async () => {
    const admin = await k.admin();
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, 500);
    const p = await k.product({ nombre: "Canasta", creditos: 120, stock: 3 });
    const c1 = json(await k.buy(buyer, p._id)).data.compraId as string;
    const c2 = json(await k.buy(buyer, p._id)).data.compraId as string;
    expect(await k.balance(buyer)).toBe(260);

    const pend = json(await k.req("GET", admin, "/api/admin/compras?estado=pendiente"));
    expect(pend.data.map((x: { _id: string }) => x._id)).toEqual(expect.arrayContaining([c1, c2]));
    expect(pend.counts.pendiente).toBeGreaterThanOrEqual(2);

    const d = await k.req("PATCH", admin, `/api/admin/compras/${c1}`, { estado: "entregado" });
    expect(d.statusCode).toBe(200);
    expect(json(d).data.estado).toBe("entregado");
    expect(await k.balance(buyer)).toBe(260);

    const c = await k.req("PATCH", admin, `/api/admin/compras/${c2}`, { estado: "cancelado" });
    expect(c.statusCode).toBe(200);
    expect(json(c).data.estado).toBe("cancelado");
    expect(await k.balance(buyer)).toBe(380);
    expect(await k.stockOf(p._id)).toBe(2);
    // Again: the same transition is one effect; the other one is refused.
    expect((await k.req("PATCH", admin, `/api/admin/compras/${c2}`, { estado: "cancelado" })).statusCode).toBe(200);
    expect(await k.balance(buyer)).toBe(380);
    const late = await k.req("PATCH", admin, `/api/admin/compras/${c1}`, { estado: "cancelado" });
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe("Esta compra ya fue entregada");
    expect(await k.balance(buyer)).toBe(380);

    const act = json(await k.req("GET", buyer, "/api/transacciones/mis-transacciones/all")).data as {
      description: string;
    }[];
    expect(act.some((x) => /fue entregada/.test(x.description))).toBe(true);
    expect(act.some((x) => /fue cancelada.*devolvimos 120/.test(x.description))).toBe(true);
    expect(await k.balanced()).toEqual([]);
  });

  it("a purchase nobody delivered in 30 days is cancelled and refunded by the timer", async () => {
    const [buyer] = (await k.users(1)) as [TestUser];
    await k.fund(buyer, 100);
    const p = await k.product({ creditos: 100, stock: 1 });
    expect((await k.buy(buyer, p._id)).statusCode).toBe(201);
    expect(await k.balance(buyer)).toBe(0);
    await t.app.deals.fireDueTimers(t.database.db, new Date(t.clock.now().getTime() + 31 * 24 * 3600 * 1000));
    expect(await k.balance(buyer)).toBe(100);
    expect(await k.stockOf(p._id)).toBe(1);
    expect(await k.balanced()).toEqual([]);
  });
});

describe("concurrency", () => {
  it("20 buyers for stock 3: exactly 3 purchases, 17 clean refusals with no credit moved", async () => {
    const p = await k.product({ creditos: 40, stock: 3 });
    const buyers = (await k.users(20)) as TestUser[];
    for (const b of buyers) await k.fund(b, 100);
    const results = await Promise.all(buyers.map((b) => k.buy(b, p._id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    for (const [i, b] of buyers.entries()) expect(await k.balance(b)).toBe(codes[i] === 201 ? 60 : 100);
    expect(await k.stockOf(p._id)).toBe(0);
    expect(await k.balanced()).toEqual([]);
  });
});
