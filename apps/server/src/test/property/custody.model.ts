/**
 * Custody in the ledger property test: a custody opened by a sale (sales.model.ts) is confirmed by the
 * buyer's code (payment to the seller, the asset's hold released, the asset changes hands), cancelled
 * by the seller (refund) or expired by its timer (refund).
 */
import { CUSTODY_EXPIRY_MS, CUSTODY_PROCESS } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { type CustodyService, createCustodyService } from "../../modules/custody/index.ts";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { areaState, asUser, type Ctx, type ModelAsset, predict, releaseAssetHold } from "./model.ts";

export interface ModelCustody {
  id: string;
  asset: ModelAsset;
  buyer: number;
  seller: number;
  pago: number;
  estado: "pendiente" | "confirmada" | "cancelada";
  /** The transition that took it to its state: only the same one again is an idempotent repeat. */
  last: "comprar" | "confirmar" | "cancelar" | "expirar";
  dueAt: number;
}

export const custodyState = areaState(() => ({ custodies: [] as ModelCustody[] }));

export let custody: CustodyService;

/** A custody opened (the payment, if any, already in escrow): it expires after 7 days. */
export function openCustody(ctx: Ctx, c: Omit<ModelCustody, "estado" | "last" | "dueAt">) {
  custodyState(ctx.m).custodies.push({
    ...c,
    estado: "pendiente",
    last: "comprar",
    dueAt: ctx.clock.now().getTime() + CUSTODY_EXPIRY_MS,
  });
}

/** Ends a custody in the model: confirmed (payment to the seller, hold released, owner moved) or cancelled (refund). */
async function closeCustody(ctx: Ctx, c: ModelCustody, last: "confirmar" | "cancelar" | "expirar") {
  const { m } = ctx;
  c.estado = CUSTODY_PROCESS.transitions[last].to;
  c.last = last;
  c.asset.status = "disponible";
  m.sys.custodia -= c.pago;
  if (c.estado === "cancelada") {
    m.disp[c.buyer]! += c.pago;
    return;
  }
  m.disp[c.seller]! += c.pago;
  // The seller's release may be kept in review by the limits (e.g. a third deal with the buyer).
  await releaseAssetHold(ctx, c.asset);
  c.asset.owner = c.buyer;
  c.asset.forSale = false;
}

export const custodyModel: AreaModel = {
  name: "custody",
  wire(deps, engine) {
    custody = createCustodyService(deps, engine);
  },
  steps: (["confirm", "cancel"] as const).map((t) =>
    stepKind({
      t,
      weight: t === "confirm" ? 3 : 2,
      arbitrary: fc.record({ t: fc.constant(t), custody: fc.nat({ max: 50 }) }),
      async apply(ctx, op) {
        const { db, ids, m } = ctx;
        const { custodies } = custodyState(m);
        if (custodies.length === 0) return;
        const c = custodies[op.custody % custodies.length]!;
        const run = async () => {
          if (op.t === "cancel") return custody.cancel(asUser(ids[c.seller]!), c.id);
          const res = await db.execute(sql`select codigo from custodias where id = ${c.id}::uuid`);
          const code = (res as unknown as { rows: { codigo: string }[] }).rows[0]!.codigo;
          return custody.confirm(asUser(ids[c.buyer]!), code);
        };
        // Only the same transition again is an idempotent repeat: cancelling a custody its timer
        // already expired is refused ('Esta custodia fue cancelada').
        const transition = op.t === "confirm" ? "confirmar" : "cancelar";
        const check = predict(CUSTODY_PROCESS, c.estado, c.last, transition);
        if (check === "conflict") {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        const r = await run();
        if (check === "apply") await closeCustody(ctx, c, transition);
        expect(r.custodia.estado).toBe(c.estado);
      },
    }),
  ),
  due(ctx, now) {
    const due = custodyState(ctx.m).custodies.filter((c) => c.estado === "pendiente" && c.dueAt <= now);
    return {
      count: due.length,
      async fire() {
        for (const c of due) await closeCustody(ctx, c, "expirar");
      },
    };
  },
  waitsAtMostMs: CUSTODY_EXPIRY_MS,
  async checkEnd({ m }) {
    expect(custodyState(m).custodies.every((c) => c.estado !== "pendiente")).toBe(true);
  },
};
