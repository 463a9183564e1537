/**
 * Custody in the ledger property test: a custody opened by a sale (sales.model.ts) is confirmed by the
 * buyer's code (payment to the seller, the asset's hold released, the asset changes hands), cancelled
 * by the seller (refund) or expired by its timer (refund). Issue 19: either party disputes a pending
 * custody (it waits, no timer; code and cancel are refused) and an admin (the run's third person)
 * refunds or releases it once; at the end of a run an admin refunds what is still disputed.
 */
import { CUSTODY_EXPIRY_MS, CUSTODY_PROCESS } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import {
  type CustodyService,
  createCustodyService,
  createDisputesService,
  type DisputesService,
} from "../../modules/custody/index.ts";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { areaState, asAdmin, asUser, type Ctx, type ModelAsset, predict, releaseAssetHold } from "./model.ts";

export interface ModelCustody {
  id: string;
  asset: ModelAsset;
  buyer: number;
  seller: number;
  pago: number;
  estado: "pendiente" | "en_disputa" | "confirmada" | "cancelada";
  /** The transition that took it to its state: only the same one again is an idempotent repeat. */
  last: "comprar" | "confirmar" | "cancelar" | "expirar" | "disputar" | "reembolsar" | "liberar";
  dueAt: number;
}

export const custodyState = areaState(() => ({ custodies: [] as ModelCustody[] }));

export let custody: CustodyService;
let disputes: DisputesService;
const applied = { disputas: 0, disputasResueltas: 0 };

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
async function closeCustody(
  ctx: Ctx,
  c: ModelCustody,
  last: "confirmar" | "cancelar" | "expirar" | "reembolsar" | "liberar",
) {
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

/** A party (the buyer or the seller) disputes custody `n`: only a pending one (409 otherwise). */
export async function dispute(ctx: Ctx, n: number, byBuyer: boolean) {
  const { custodies } = custodyState(ctx.m);
  if (custodies.length === 0) return;
  const c = custodies[n % custodies.length]!;
  const run = () =>
    custody.openDispute(asUser(ctx.ids[byBuyer ? c.buyer : c.seller]!), c.id, {
      motivo: "otro",
      descripcion: "Prueba de propiedades: disputa",
      imagenes: [],
    });
  // A second dispute (even by the same party) and a closed custody are refused.
  if (predict(CUSTODY_PROCESS, c.estado, c.last, "disputar") !== "apply") {
    expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return;
  }
  const r = await run();
  expect(r.custodia.estado).toBe("en_disputa");
  c.estado = "en_disputa";
  c.last = "disputar";
  applied.disputas++;
}

/** An admin (the run's person who is neither party) resolves custody `n`'s dispute: exactly once. */
async function resolve(ctx: Ctx, n: number, refund: boolean) {
  const { custodies } = custodyState(ctx.m);
  if (custodies.length === 0) return;
  const c = custodies[n % custodies.length]!;
  const res = await ctx.db.execute(sql`select id from custody_disputes where custodia_id = ${c.id}::uuid`);
  const disputeId = (res as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!disputeId) return;
  const admin = asAdmin(ctx.ids[[0, 1, 2].find((i) => i !== c.buyer && i !== c.seller)!]!);
  const transition = refund ? "reembolsar" : "liberar";
  const run = () => disputes.resolve(admin, disputeId, { resultado: transition, nota: "Decisión" });
  // Resolved already (either way): 409, nothing moves.
  if (c.estado !== "en_disputa") {
    expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return;
  }
  const r = await run();
  await closeCustody(ctx, c, transition);
  expect(r.custodia.estado).toBe(c.estado);
  applied.disputasResueltas++;
}

export const custodyModel: AreaModel = {
  name: "custody",
  wire(deps, engine) {
    custody = createCustodyService(deps, engine);
    disputes = createDisputesService(deps, engine);
  },
  applied,
  steps: [
    ...(["confirm", "cancel"] as const).map((t) =>
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
    stepKind({
      t: "dispute" as const,
      weight: 3,
      arbitrary: fc.record({ t: fc.constant("dispute" as const), custody: fc.nat({ max: 50 }), byBuyer: fc.boolean() }),
      apply: (ctx, op) => dispute(ctx, op.custody, op.byBuyer),
    }),
    stepKind({
      t: "resolveDispute" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("resolveDispute" as const),
        custody: fc.nat({ max: 50 }),
        refund: fc.boolean(),
      }),
      apply: (ctx, op) => resolve(ctx, op.custody, op.refund),
    }),
  ],
  // No timer ends a dispute: at the end of a run an admin refunds what is still disputed.
  async settle(ctx) {
    const { custodies } = custodyState(ctx.m);
    for (let i = 0; i < custodies.length; i++) if (custodies[i]!.estado === "en_disputa") await resolve(ctx, i, true);
  },
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
