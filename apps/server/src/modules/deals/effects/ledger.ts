import { renderText, type Text } from "@valoriza/domain";
import {
  blockFromAvailable,
  escrowPay,
  escrowRefund,
  escrowRelease,
  executeHold,
  releaseHold,
  shopPay,
  shopRefund,
  withdrawalDebit,
  withdrawalRefund,
} from "../../ledger/index.ts";
import { type EffectRun, numberField, requiredParty } from "./context.ts";

/** The ledger family: escrow and blocked guarantees under the deal's reference (ADR 026). */

interface LedgerRun {
  ctx: EffectRun<"ledger.escrowPay">["ctx"];
  spec: { ref?: string; description: Text };
  fields: Readonly<Record<string, unknown>>;
}

const refOf = (r: LedgerRun) => ({
  refType: r.spec.ref ?? r.ctx.process.name,
  refId: r.ctx.deal.id,
  actorUserId: r.ctx.actorUserId,
});

const text = (r: LedgerRun) => renderText(r.spec.description, r.fields);

/** The ledger's moves of each desk (ledger.marketplace.ts): paying in and the correcting refund. */
const DESKS = {
  tienda: { pay: shopPay, refund: shopRefund },
  retiros: { pay: withdrawalDebit, refund: withdrawalRefund },
} as const;

export const ledgerEffects = {
  async "ledger.escrowPay"(r: EffectRun<"ledger.escrowPay">) {
    const amount = numberField(r.fields, r.spec.amount);
    if (amount <= 0) return;
    await escrowPay(r.ctx.tx, { userId: requiredParty(r.ctx, r.spec.from), amount, ...refOf(r), description: text(r) });
  },
  async "ledger.escrowRelease"(r: EffectRun<"ledger.escrowRelease">) {
    const amount = numberField(r.fields, r.spec.amount);
    if (amount <= 0) return;
    await escrowRelease(r.ctx.tx, {
      now: r.ctx.now,
      userId: requiredParty(r.ctx, r.spec.to),
      amount,
      ...refOf(r),
      description: text(r),
    });
    if (r.spec.result) r.ctx.result[r.spec.result] = amount;
  },
  async "ledger.escrowRefund"(r: EffectRun<"ledger.escrowRefund">) {
    const amount = numberField(r.fields, r.spec.amount);
    if (amount <= 0) return;
    await escrowRefund(r.ctx.tx, {
      now: r.ctx.now,
      userId: requiredParty(r.ctx, r.spec.to),
      amount,
      ...refOf(r),
      description: text(r),
    });
  },
  async "ledger.block"(r: EffectRun<"ledger.block">) {
    const amount = numberField(r.fields, r.spec.amount);
    if (amount <= 0) return;
    await blockFromAvailable(r.ctx.tx, {
      userId: requiredParty(r.ctx, r.spec.from),
      amount,
      ...refOf(r),
      description: text(r),
    });
  },
  async "ledger.unblock"(r: EffectRun<"ledger.unblock">) {
    await releaseHold(r.ctx.tx, { now: r.ctx.now, ...refOf(r), kind: "garantia_liberacion", description: text(r) });
  },
  async "ledger.execute"(r: EffectRun<"ledger.execute">) {
    await executeHold(r.ctx.tx, {
      now: r.ctx.now,
      ...refOf(r),
      toUserId: requiredParty(r.ctx, r.spec.to),
      description: text(r),
    });
  },
  async "ledger.deskPay"(r: EffectRun<"ledger.deskPay">) {
    const left = await DESKS[r.spec.desk].pay(r.ctx.tx, {
      userId: requiredParty(r.ctx, r.spec.from),
      amount: numberField(r.fields, r.spec.amount),
      refId: r.ctx.deal.id,
      description: text(r),
    });
    if (r.spec.result) r.ctx.result[r.spec.result] = left;
  },
  async "ledger.deskRefund"(r: EffectRun<"ledger.deskRefund">) {
    const left = await DESKS[r.spec.desk].refund(r.ctx.tx, {
      userId: requiredParty(r.ctx, r.spec.to),
      amount: numberField(r.fields, r.spec.amount),
      refId: r.ctx.deal.id,
      actorUserId: r.ctx.actorUserId,
      description: text(r),
    });
    if (r.spec.result) r.ctx.result[r.spec.result] = left;
  },
};
