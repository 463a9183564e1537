import type { SQL } from "drizzle-orm";
import { type Executor, foreseeNext } from "../../db/client.ts";
import type { BatchPart } from "../../lib/batch.ts";
import { AppError } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/ids.ts";
import {
  checkAmount,
  checkDescription,
  checkKind,
  checkRefType,
  checkUuid,
  optUuid,
  type TransferKind,
} from "./ledger.checks.ts";
import { HOLD_EXISTS_MESSAGE, insufficientFundsError } from "./ledger.errors.ts";
import { limitArrival, limitAssetRelease, releaseReadsAhead } from "./ledger.limits.ts";
import type { ReviewOps } from "./ledger.limits-common.ts";
import {
  callHoldOpen,
  callHoldResolve,
  type HoldOpenParams,
  type HoldOpenRow,
  type HoldResolveRow,
  type HoldRow,
  type HoldStatus,
  holdOpenSql,
  openHoldAmountSql,
  selectHold,
  selectOpenHolds,
} from "./ledger.repository.ts";

/** Holds: credits blocked under a reference, then released, destroyed or executed (ledger.service.ts). */

// ---------------------------------------------------------------------------
// Holds
// ---------------------------------------------------------------------------

export interface OpenHoldInput {
  userId: string;
  amount: number;
  refType: string;
  refId: string;
  actorUserId?: string | null;
  description?: string;
  kind?: TransferKind;
}

/** `{ holdId: null, transferId: null }` when the amount is 0: nothing is issued or blocked. */
export type HoldOpened = { holdId: number; transferId: number } | { holdId: null; transferId: null };

function holdParams(source: "emision" | "disponible", input: OpenHoldInput, kind: TransferKind): HoldOpenParams | null {
  const userId = checkUuid(input.userId, "Usuario");
  const refType = checkRefType(input.refType);
  const refId = checkUuid(input.refId, "Referencia");
  const amount = checkAmount(input.amount, true);
  const description = checkDescription(input.description);
  const actorUserId = optUuid(input.actorUserId, "Usuario");
  if (amount === 0) return null;
  return { userId, source, amount, kind, refType, refId, actorUserId, description };
}

function holdOpened(row: HoldOpenRow | undefined, amount: number): HoldOpened {
  if (row?.status === "duplicate") throw new AppError("CONFLICT", HOLD_EXISTS_MESSAGE);
  if (row?.status !== "ok" || row.hold_id === null || row.transfer_id === null) {
    throw insufficientFundsError({ available: row?.debit_balance ?? 0, required: amount });
  }
  return { holdId: row.hold_id, transferId: row.transfer_id };
}

export async function openHoldFrom(
  tx: Executor,
  source: "emision" | "disponible",
  input: OpenHoldInput,
  kind: TransferKind,
) {
  const p = holdParams(source, input, kind);
  if (!p) return { holdId: null, transferId: null } satisfies HoldOpened;
  return holdOpened(await callHoldOpen(tx, p), p.amount);
}

/**
 * {@link issueBlocked} as a part of a one-statement batch (lib/batch.ts, issue 7): `part` is null
 * when the amount is 0 (nothing to issue); `read` interprets the part's rows once the batch ran
 * (throws as issueBlocked would, so the caller's transaction rolls back).
 */
export function issueBlockedPart(input: OpenHoldInput): { part: BatchPart | null; read(rows: unknown[]): HoldOpened } {
  const p = holdParams("emision", input, input.kind ? checkKind(input.kind) : "emision_activo");
  if (!p) return { part: null, read: () => ({ holdId: null, transferId: null }) };
  return {
    part: { sql: holdOpenSql(p), returns: true },
    read: (rows) => holdOpened(rows[0] as HoldOpenRow | undefined, p.amount),
  };
}

/**
 * Issues `amount` new credits blocked for the user (emision -> user bloqueado)
 * and opens the hold of (refType, refId), e.g. ('activo', assetId). Amount 0
 * issues nothing and opens no hold. CONFLICT if that reference already has an
 * open hold.
 */
export function issueBlocked(tx: Executor, input: OpenHoldInput): Promise<HoldOpened> {
  return openHoldFrom(tx, "emision", input, input.kind ? checkKind(input.kind) : "emision_activo");
}

/**
 * Blocks `amount` of the user's own spendable credits (disponible -> bloqueado)
 * under a hold, e.g. a loan guarantee ('prestamo', loanId). INSUFFICIENT_FUNDS
 * when disponible does not cover it. Amount 0 blocks nothing.
 */
export function blockFromAvailable(tx: Executor, input: OpenHoldInput): Promise<HoldOpened> {
  return openHoldFrom(tx, "disponible", input, input.kind ? checkKind(input.kind) : "garantia_bloqueo");
}

/** Alias of {@link blockFromAvailable}. */
export const openHold = blockFromAvailable;

export interface ResolveHoldInput {
  refType: string;
  refId: string;
  actorUserId?: string | null;
  description?: string;
  kind?: TransferKind;
  /** The caller's clock (the release limits' 30-day window, ADR 015); default the wall clock. */
  now?: Date;
  /**
   * Of an asset's hold: its owner, when the caller's row says the hold is still open (the asset's
   * credits not released yet). The release rule's first reads then travel right behind the
   * resolution (releaseReadsAhead), one round trip for all; a wrong guess costs nothing but the read.
   */
  expectedOwner?: string;
}

export interface HoldResolved {
  /** Credits moved by this call: 0 when nothing was moved. */
  amount: number;
  /** True when the reference's hold had already been resolved (by this or another resolution). */
  alreadyResolved: boolean;
  transferId: number | null;
  holdId: number | null;
  /** The hold's owner (null when the reference never had a hold, e.g. an asset worth 0 credits). */
  userId: string | null;
  /** How the hold ended: this call's resolution, or the earlier one when alreadyResolved; null without a hold. */
  holdStatus: Exclude<HoldStatus, "abierta"> | null;
  /**
   * The credits kept blocked 'en revisión' (ADR 015): of an asset's release, `amount` is the
   * spendable part; of a guarantee returned, `amount` is what stayed spendable; of an executed
   * guarantee, what the beneficiary's concentration cap held.
   */
  enRevision?: number;
}

const toResolved = (r: HoldResolveRow): HoldResolved => ({
  amount: r.status === "ok" ? r.amount : 0,
  alreadyResolved: r.status === "already_resolved",
  transferId: r.transfer_id,
  holdId: r.hold_id,
  userId: r.user_id,
  holdStatus: r.hold_status,
});

export async function resolveHold(
  tx: Executor,
  input: ResolveHoldInput,
  resolution: "liberada" | "destruida" | "ejecutada",
  defaultKind: TransferKind,
  toUserId: string | null,
  /** Reads the caller makes right after the resolution (db/client.ts foreseeNext). */
  ahead?: SQL[],
): Promise<HoldResolved> {
  const params = {
    refType: checkRefType(input.refType),
    refId: checkUuid(input.refId, "Referencia"),
    resolution,
    toUserId,
    kind: input.kind ? checkKind(input.kind) : defaultKind,
    actorUserId: optUuid(input.actorUserId, "Usuario"),
    description: checkDescription(input.description),
  };
  if (ahead) foreseeNext(tx, ahead);
  return toResolved(await callHoldResolve(tx, params));
}

/**
 * Releases the open hold of (refType, refId) to its owner (bloqueado ->
 * disponible), once. A second call, or a call after the hold was destroyed or
 * executed, is a no-op success: { amount: 0, alreadyResolved: true }.
 * Default kind 'liberacion' (pass 'garantia_liberacion' for a loan returned).
 */
export async function releaseHold(tx: Executor, input: ResolveHoldInput): Promise<HoldResolved> {
  const now = input.now ?? new Date();
  const owner = input.refType === "activo" ? input.expectedOwner : undefined;
  const ahead = owner && UUID_RE.test(owner) ? releaseReadsAhead(owner, input.refId, now) : undefined;
  const r = await resolveHold(tx, input, "liberada", "liberacion", null, ahead);
  if (r.amount <= 0 || !r.userId || input.refType === "revision") return r;
  if (input.refType !== "activo") {
    // A guarantee back to its owner: an arrival (the concentration cap of ADR 015).
    const held = await limitArrival(tx, { userId: r.userId, amount: r.amount, now }, reviewOps(tx));
    return held > 0 ? { ...r, amount: r.amount - held, enRevision: held } : r;
  }
  // Self-declared value (an asset's hold): the release rules of ADR 015, in this one place.
  const lim = await limitAssetRelease(
    tx,
    { userId: r.userId, assetId: input.refId, amount: r.amount, now },
    reviewOps(tx),
  );
  return { ...r, amount: lim.spendable, enRevision: lim.inReview };
}

/**
 * The ledger moves of the review rules (ledger.limits.ts): a review's hold ('revision', id) opened
 * from the person's disponible, or released to them, with no rule applied again.
 */
export function reviewOps(tx: Executor): ReviewOps {
  return {
    openHold: (h) =>
      openHoldFrom(
        tx,
        "disponible",
        { userId: h.userId, amount: h.amount, refType: "revision", refId: h.reviewId, description: h.description },
        "revision",
      ),
    releaseHold: async (h) =>
      (
        await resolveHold(
          tx,
          { refType: "revision", refId: h.reviewId, description: h.description, actorUserId: h.actorUserId ?? null },
          "liberada",
          "revision_liberacion",
          null,
        )
      ).amount,
  };
}

/**
 * Destroys the open hold of (refType, refId) (owner bloqueado -> destruccion),
 * once; a later call is a no-op ({ alreadyResolved: true, holdStatus tells how it ended }).
 */
export function destroyHold(tx: Executor, input: ResolveHoldInput): Promise<HoldResolved> {
  return resolveHold(tx, input, "destruida", "destruccion", null);
}

/**
 * Pays the open hold of (refType, refId) to another user (owner bloqueado ->
 * toUserId disponible), once, e.g. an overdue loan's guarantee to the lender.
 */
export async function executeHold(tx: Executor, input: ResolveHoldInput & { toUserId: string }): Promise<HoldResolved> {
  const to = checkUuid(input.toUserId, "Beneficiario");
  const r = await resolveHold(tx, input, "ejecutada", "garantia_ejecucion", to);
  if (r.amount <= 0) return r;
  // Credits from another person's guarantee: an arrival (ADR 015).
  const held = await limitArrival(
    tx,
    { userId: to, amount: r.amount, now: input.now ?? new Date(), fromUserId: r.userId },
    reviewOps(tx),
  );
  return held > 0 ? { ...r, enRevision: held } : r;
}

/** The latest hold of a reference (open or resolved), or null. */
export function getHold(exec: Executor, refType: string, refId: string): Promise<HoldRow | null> {
  return selectHold(exec, checkRefType(refType), checkUuid(refId, "Referencia"));
}

/** The open amount of a reference's hold (0 when none is open), read inside another statement. */
export function openHoldAmount(refType: string, refId: string): SQL {
  return openHoldAmountSql(checkRefType(refType), checkUuid(refId, "Referencia"));
}

export function listOpenHolds(exec: Executor, userId: string): Promise<HoldRow[]> {
  return selectOpenHolds(exec, checkUuid(userId, "Usuario"));
}
