/**
 * The official marketplace in the ledger property test: products with limited or unlimited stock,
 * purchases (disponible -> tienda), delivered or cancelled by an admin (refund, the unit back in
 * stock), and the 30-day expiry of a purchase nobody resolved (refund).
 */
import { PURCHASE_EXPIRY_MS } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { createMarketplaceService, insertProducts, type MarketplaceService } from "../../modules/marketplace/index.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { areaState, asAdmin, asUser, type Ctx, fund, insufficient, type Model, USERS } from "./model.ts";

interface ModelProduct {
  id: string;
  price: number;
  stock: number;
}
interface ModelPurchase {
  id: string;
  buyer: number;
  product: ModelProduct;
  estado: "pendiente" | "entregado" | "cancelado";
  dueAt: number;
}

const state = areaState(() => ({ products: [] as ModelProduct[], purchases: [] as ModelPurchase[] }));
let market: MarketplaceService;
const applied = { compras: 0, entregas: 0, cancelaciones: 0, comprasVencidas: 0 };

async function addProduct(ctx: Ctx, price: number, stock: number) {
  await insertProducts(ctx.db, ctx.clock, [{ nombre: "Bono", categoria: "Bonos", creditos: price, stock }]);
  const res = await ctx.db.execute(sql`select id from marketplace_products order by created_at desc, id desc limit 1`);
  state(ctx.m).products.push({ id: (res as unknown as { rows: { id: string }[] }).rows[0]!.id, price, stock });
}

/** A purchase cancelled (by an admin or its timer): refund, and the unit back in stock. */
function cancelPurchase(m: Model, p: ModelPurchase) {
  p.estado = "cancelado";
  m.disp[p.buyer]! += p.product.price;
  m.sys.tienda -= p.product.price;
  if (p.product.stock !== -1) p.product.stock += 1;
}

export const marketplaceModel: AreaModel = {
  name: "marketplace",
  wire(deps, engine) {
    market = createMarketplaceService(deps, engine);
  },
  applied,
  steps: [
    stepKind({
      t: "addProduct" as const,
      weight: 2,
      arbitrary: fc.record({
        t: fc.constant("addProduct" as const),
        price: fc.integer({ min: 1, max: 300 }),
        stock: fc.integer({ min: -1, max: 3 }),
      }),
      apply: (ctx, op) => addProduct(ctx, op.price, op.stock),
    }),
    stepKind({
      t: "shopBuy" as const,
      weight: 5,
      arbitrary: fc.record({
        t: fc.constant("shopBuy" as const),
        buyer: fc.integer({ min: 0, max: USERS - 1 }),
        product: fc.nat({ max: 50 }),
        price: fc.integer({ min: 1, max: 150 }),
        stock: fc.integer({ min: -1, max: 3 }),
        funded: fc.boolean(),
      }),
      async apply(ctx, op) {
        const { ids, m, clock } = ctx;
        const { products, purchases } = state(m);
        // The run's first purchase opens the shop with the op's product.
        if (products.length === 0) await addProduct(ctx, op.price, op.stock);
        const p = products[op.product % products.length]!;
        if (op.funded) await fund(ctx, op.buyer, p.price);
        const run = () => market.buy(asUser(ids[op.buyer]!), p.id);
        if (p.stock === 0) {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        if (m.disp[op.buyer]! < p.price) {
          expect(await caught(run)).toMatchObject(insufficient);
          return;
        }
        const r = await run();
        m.disp[op.buyer]! -= p.price;
        m.sys.tienda += p.price;
        if (p.stock !== -1) p.stock -= 1;
        expect(r).toMatchObject({ estado: "pendiente", creditosRestantes: m.disp[op.buyer], stock: p.stock });
        applied.compras++;
        purchases.push({
          id: r.compraId,
          buyer: op.buyer,
          product: p,
          estado: "pendiente",
          dueAt: clock.now().getTime() + PURCHASE_EXPIRY_MS,
        });
      },
    }),
    stepKind({
      t: "shopResolve" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("shopResolve" as const),
        purchase: fc.nat({ max: 50 }),
        estado: fc.constantFrom("entregado" as const, "cancelado" as const),
      }),
      async apply({ db, ids, m }, op) {
        const { purchases } = state(m);
        if (purchases.length === 0) return;
        const p = purchases[op.purchase % purchases.length]!;
        const run = () => db.transaction((tx) => market.resolvePurchase(tx, asAdmin(ids[0]!), p.id, op.estado));
        // The same answer again (or a cancel after the timer's) is a harmless repeat; another is a 409.
        if (p.estado !== "pendiente" && p.estado !== op.estado) {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        const r = await run();
        expect(r.applied).toBe(p.estado === "pendiente");
        if (p.estado === "pendiente") {
          if (op.estado === "cancelado") cancelPurchase(m, p);
          else p.estado = "entregado";
          applied[op.estado === "cancelado" ? "cancelaciones" : "entregas"]++;
        }
        expect(r.purchase.estado).toBe(p.estado);
      },
    }),
  ],
  due({ m }, now) {
    const due = state(m).purchases.filter((p) => p.estado === "pendiente" && p.dueAt <= now);
    return {
      count: due.length,
      async fire() {
        for (const p of due) cancelPurchase(m, p);
        applied.comprasVencidas += due.length;
      },
    };
  },
  waitsAtMostMs: PURCHASE_EXPIRY_MS,
  async checkEnd({ m }) {
    expect(state(m).purchases.every((p) => p.estado !== "pendiente")).toBe(true);
  },
};
