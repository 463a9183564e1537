import type { Executor } from "../../db/client.ts";
import { type SystemAccount, type TransferKind, transfer } from "./ledger.service.ts";

/**
 * The official marketplace and withdrawals (economy.md "What moves credits"; ADR 011):
 * a purchase pays `buyer disponible -> tienda`, a withdrawal moves
 * `user disponible -> retiros`; a cancelled purchase or a rejected withdrawal is
 * corrected by a new transfer back (never by editing the first). Each runs in the
 * caller's transaction (the deal's), one round trip (`ledger_move`). The process
 * engine applies a cancel/reject at most once per deal (under the deal's lock), so
 * a refund happens at most once; `tienda` and `retiros` may never go negative.
 * A short balance raises INSUFFICIENT_FUNDS (422, spec wording) with nothing written.
 */

export interface ShopMoveInput {
  userId: string;
  amount: number;
  /** The deal (purchase or withdrawal) the credits belong to. */
  refId: string;
  actorUserId?: string | null;
  description?: string;
  /** The caller's clock (a refund's review under ADR 015); default the wall clock. */
  now?: Date;
}

/** One desk (tienda or retiros) and the transfer kinds and reference type of its moves. */
interface Desk {
  system: Extract<SystemAccount, "tienda" | "retiros">;
  payKind: TransferKind;
  refundKind: TransferKind;
  refType: string;
}

const SHOP: Desk = {
  system: "tienda",
  payKind: "compra_tienda",
  refundKind: "reembolso_tienda",
  refType: "compra_tienda",
};
const WITHDRAWALS: Desk = { system: "retiros", payKind: "retiro", refundKind: "reembolso_retiro", refType: "retiro" };

/** User disponible -> the desk. Returns the user's disponible afterwards. */
async function payDesk(tx: Executor, desk: Desk, i: ShopMoveInput): Promise<number> {
  const r = await transfer(tx, {
    from: { userId: i.userId, kind: "disponible" },
    to: { system: desk.system },
    amount: i.amount,
    kind: desk.payKind,
    refType: desk.refType,
    refId: i.refId,
    actorUserId: i.actorUserId ?? i.userId,
    description: i.description,
  });
  return r.fromBalance;
}

/** The desk -> user disponible (the correcting transfer back). Returns the user's disponible. */
async function refundDesk(tx: Executor, desk: Desk, i: ShopMoveInput): Promise<number> {
  const r = await transfer(tx, {
    from: { system: desk.system },
    to: { userId: i.userId, kind: "disponible" },
    amount: i.amount,
    kind: desk.refundKind,
    refType: desk.refType,
    refId: i.refId,
    actorUserId: i.actorUserId ?? null,
    description: i.description,
    ...(i.now ? { now: i.now } : {}),
  });
  return r.toBalance;
}

/** Buyer disponible -> tienda. Returns the buyer's disponible afterwards. */
export function shopPay(tx: Executor, i: ShopMoveInput): Promise<number> {
  return payDesk(tx, SHOP, i);
}

/** Tienda -> buyer disponible (purchase cancelled or expired). Returns the buyer's disponible. */
export function shopRefund(tx: Executor, i: ShopMoveInput): Promise<number> {
  return refundDesk(tx, SHOP, i);
}

/** User disponible -> retiros (withdrawal requested). Returns the user's disponible afterwards. */
export function withdrawalDebit(tx: Executor, i: ShopMoveInput): Promise<number> {
  return payDesk(tx, WITHDRAWALS, i);
}

/** Retiros -> user disponible (withdrawal rejected or expired). Returns the user's disponible. */
export function withdrawalRefund(tx: Executor, i: ShopMoveInput): Promise<number> {
  return refundDesk(tx, WITHDRAWALS, i);
}
