/**
 * Exchanges in the ledger property test (issue 10): a proposal between the owners of two listed
 * assets, with or without added credits (in escrow); accepted (holds released to the givers, owners
 * swapped, the credits paid, the other proposals on either asset closed), rejected, cancelled or
 * expired (the credits back).
 */
import { EXCHANGE_DIRECT_EXPIRY_MS } from "@valoriza/domain";
import fc from "fast-check";
import { expect } from "vitest";
import { createExchangesService, type ExchangesService } from "../../modules/exchanges/index.ts";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { areaState, asUser, type Ctx, insufficient, type ModelAsset, releaseAssetHold, USERS } from "./model.ts";
import { listForSale, salesState } from "./sales.model.ts";

interface ModelProposal {
  id: string;
  offered: ModelAsset;
  requested: ModelAsset;
  proposer: number;
  target: number;
  credits: number;
  estado: "pendiente" | "aceptada" | "rechazada" | "cancelada" | "expirada" | "cerrada";
  dueAt: number;
}

const state = areaState(() => ({ proposals: [] as ModelProposal[] }));
let exchanges: ExchangesService;
const applied = { propuestas: 0, intercambios: 0, propuestasCerradas: 0 };

const user = fc.integer({ min: 0, max: USERS - 1 });
const pick = fc.nat({ max: 50 });

/** A proposal ends without an exchange (rejected, cancelled, expired, closed): the added credits come back. */
function endProposal(ctx: Ctx, p: ModelProposal, how: "rechazada" | "cancelada" | "expirada" | "cerrada") {
  p.estado = how;
  ctx.m.sys.custodia -= p.credits;
  ctx.m.disp[p.proposer]! += p.credits;
  applied.propuestasCerradas++;
}

export const exchangesModel: AreaModel = {
  name: "exchanges",
  wire(deps, engine) {
    exchanges = createExchangesService(deps, engine);
  },
  applied,
  steps: [
    stepKind({
      t: "xPropose" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("xPropose" as const),
        offered: pick,
        requested: pick,
        credits: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 })),
        // Half the proposals list two new assets first (owners from, to; credits) so exchanges really happen.
        fresh: fc.option(fc.tuple(user, user, fc.integer({ min: 0, max: 400 })), { nil: null }),
      }),
      async apply(ctx, op) {
        const { ids, m, clock } = ctx;
        const { forSale } = salesState(m);
        let a: ModelAsset;
        let b: ModelAsset;
        if (op.fresh) {
          const [from, to, amount] = op.fresh;
          a = await listForSale(ctx, from, amount);
          b = await listForSale(ctx, to, 400 - amount);
        } else {
          if (forSale.length === 0) return;
          a = forSale[op.offered % forSale.length]!;
          b = forSale[op.requested % forSale.length]!;
        }
        const run = () =>
          exchanges.propose(asUser(ids[a.owner]!), {
            offeredAssetId: a.id,
            requestedAssetId: b.id,
            targetUserId: ids[b.owner]!,
            message: "",
            creditosAdicionales: op.credits,
          });
        if (a === b || a.owner === b.owner) {
          expect(await caught(run)).toMatchObject({ code: "BAD_REQUEST" });
          return;
        }
        // The requested asset must be listed (publico) and free; the offered one free.
        if (!b.forSale || b.status !== "disponible" || a.status !== "disponible") {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        if (m.disp[a.owner]! < op.credits) {
          expect(await caught(run)).toMatchObject(insufficient);
          return;
        }
        const r = await run();
        expect(r.proposal).toMatchObject({ status: "pendiente", creditosAdicionales: op.credits });
        m.disp[a.owner]! -= op.credits;
        m.sys.custodia += op.credits;
        state(m).proposals.push({
          id: r.proposal._id,
          offered: a,
          requested: b,
          proposer: a.owner,
          target: b.owner,
          credits: op.credits,
          estado: "pendiente",
          dueAt: clock.now().getTime() + EXCHANGE_DIRECT_EXPIRY_MS,
        });
        applied.propuestas++;
      },
    }),
    stepKind({
      t: "xResolve" as const,
      weight: 6,
      arbitrary: fc.record({
        t: fc.constant("xResolve" as const),
        proposal: pick,
        status: fc.constantFrom("aceptada" as const, "aceptada" as const, "rechazada" as const, "cancelada" as const),
      }),
      async apply(ctx, op) {
        const { ids, m } = ctx;
        const { proposals } = state(m);
        if (proposals.length === 0) return;
        const p = proposals[op.proposal % proposals.length]!;
        const actor = op.status === "cancelada" ? p.proposer : p.target;
        const run = () => exchanges.setStatus(asUser(ids[actor]!), p.id, op.status);
        if (p.estado !== "pendiente") {
          // The same answer again is an idempotent repeat; anything else is refused.
          if (p.estado === op.status) expect((await run()).proposal.status).toBe(p.estado);
          else expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        if (op.status !== "aceptada") {
          const r = await run();
          endProposal(ctx, p, op.status);
          expect(r.proposal.status).toBe(op.status);
          return;
        }
        const a = p.offered;
        const b = p.requested;
        if (a.owner !== p.proposer || b.owner !== p.target || a.status !== "disponible" || b.status !== "disponible") {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        const r = await run();
        expect(r.proposal.status).toBe("aceptada");
        // The other pending proposals on either asset close (refunded) first.
        for (const o of proposals) {
          if (o === p || o.estado !== "pendiente") continue;
          if ([o.offered, o.requested].some((x) => x === a || x === b)) endProposal(ctx, o, "cerrada");
        }
        p.estado = "aceptada";
        // Each hold released to the one who gave the asset (the limits may keep part in review);
        // owners swap; both unlisted.
        await releaseAssetHold(ctx, a);
        await releaseAssetHold(ctx, b);
        a.owner = p.target;
        b.owner = p.proposer;
        a.forSale = false;
        b.forSale = false;
        m.sys.custodia -= p.credits;
        m.disp[p.target]! += p.credits;
        applied.intercambios++;
      },
    }),
  ],
  due(ctx, now) {
    const due = state(ctx.m).proposals.filter((p) => p.estado === "pendiente" && p.dueAt <= now);
    return {
      count: due.length,
      async fire() {
        for (const p of due) endProposal(ctx, p, "expirada");
      },
    };
  },
  waitsAtMostMs: EXCHANGE_DIRECT_EXPIRY_MS,
  async checkEnd({ m }) {
    expect(state(m).proposals.every((p) => p.estado !== "pendiente")).toBe(true);
  },
};
