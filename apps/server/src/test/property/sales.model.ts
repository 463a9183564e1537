/**
 * Sales in the ledger property test: assets listed for sale (their credits issued blocked) and bought
 * with credits (paid into escrow) or cash through the custody service; the custody they open is
 * custody.model.ts's.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { custody, custodyState, dispute, openCustody } from "./custody.model.ts";
import { areaState, asUser, type Ctx, insertAsset, insufficient, type ModelAsset, USERS } from "./model.ts";

const user = fc.integer({ min: 0, max: USERS - 1 });

/** Every asset ever listed for sale in the run (exchanges propose among them too). */
export const salesState = areaState(() => ({ forSale: [] as ModelAsset[] }));

/** An asset of person `u` listed for sale at `amount` credits (its asking price in COP, for a cash sale). */
export async function listForSale(ctx: Ctx, u: number, amount: number): Promise<ModelAsset> {
  const a = await insertAsset(ctx, u, amount, "vender", { title: "Bicicleta", baseValueCOP: amount * 1000 });
  a.forSale = true;
  salesState(ctx.m).forSale.push(a);
  return a;
}

export const salesModel: AreaModel = {
  name: "sales",
  steps: [
    stepKind({
      t: "listForSale" as const,
      weight: 3,
      arbitrary: fc.record({ t: fc.constant("listForSale" as const), user, amount: fc.integer({ min: 0, max: 400 }) }),
      async apply(ctx, op) {
        await listForSale(ctx, op.user, op.amount);
      },
    }),
    stepKind({
      t: "buy" as const,
      weight: 4,
      arbitrary: fc.record({
        t: fc.constant("buy" as const),
        buyer: user,
        asset: fc.nat({ max: 50 }),
        cash: fc.boolean(),
      }),
      apply: (ctx, op) => buy(ctx, op),
    }),
    // Issue 19: a purchase disputed at once (custodies are rare in a run: the resolutions get some to decide).
    stepKind({
      t: "buyDisputed" as const,
      weight: 2,
      arbitrary: fc.record({
        t: fc.constant("buyDisputed" as const),
        buyer: user,
        asset: fc.nat({ max: 50 }),
        cash: fc.boolean(),
        byBuyer: fc.boolean(),
      }),
      async apply(ctx, op) {
        const { custodies } = custodyState(ctx.m);
        const before = custodies.length;
        await buy(ctx, op);
        if (custodies.length > before) await dispute(ctx, custodies.length - 1, op.byBuyer);
      },
    }),
  ],
};

/** A purchase of asset `op.asset` by `op.buyer`, with credits or cash: the custody it opens, or the refusal. */
async function buy(ctx: Ctx, op: { buyer: number; asset: number; cash: boolean }) {
  const { db, ids, m } = ctx;
  const { forSale } = salesState(m);
  if (forSale.length === 0) return;
  const a = forSale[op.asset % forSale.length]!;
  const run = () =>
    db.transaction((tx) =>
      custody.openSale(tx, asUser(ids[op.buyer]!), {
        activoId: a.id,
        vendedorId: ids[a.owner]!,
        modoPago: op.cash ? "dinero" : "creditos",
        monto: undefined,
      }),
    );
  if (a.owner === op.buyer) {
    expect(await caught(run)).toMatchObject({ code: "FORBIDDEN" });
    return;
  }
  if (!a.forSale || a.status !== "disponible") {
    expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return;
  }
  const pago = op.cash ? 0 : a.price;
  if (m.disp[op.buyer]! < pago) {
    expect(await caught(run)).toMatchObject(insufficient);
    return;
  }
  const r = await run();
  expect(r.custodia).toMatchObject({ estado: "pendiente", pagoCreditos: pago, montoCOP: a.price * 1000 });
  m.disp[op.buyer]! -= pago;
  m.sys.custodia += pago;
  a.status = "operacion";
  openCustody(ctx, { id: r.custodia._id, asset: a, buyer: op.buyer, seller: a.owner, pago });
}
