import { MAX_AMOUNT_CREDITS } from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { BatchPart } from "../../lib/batch.ts";
import { AppError } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/ids.ts";
import {
  getUserBalances,
  openUserAccounts,
  type UserAccountKind,
  type UserBalances,
  userBalancesPart,
} from "./ledger.accounts.ts";
import { HOLD_EXISTS_MESSAGE, insufficientFundsError } from "./ledger.errors.ts";
import { limitArrival, limitAssetRelease } from "./ledger.limits.ts";
import type { ReviewOps } from "./ledger.limits-common.ts";
import {
  accountId,
  callHoldOpen,
  callHoldResolve,
  callMove,
  callTransferByIds,
  type HoldOpenParams,
  type HoldOpenRow,
  type HoldResolveRow,
  type HoldRow,
  type HoldStatus,
  holdOpenSql,
  type MoveRow,
  type RawTransferParams,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
  selectAccountTotals,
  selectHold,
  selectInvariants,
  selectOpenHolds,
  selectUserTransfers,
} from "./ledger.repository.ts";

/**
 * The ledger: the only writer of credit movements (economy.md, docs/adr/002-ledger.md).
 *
 * Every function runs on the CALLER's executor, normally the transaction of the
 * business operation (asset registered, custody confirmed, ...), so the credit
 * movement commits or rolls back with it. Each movement is one round trip to a
 * stored function that locks the accounts in ascending id order.
 *
 * Errors: INSUFFICIENT_FUNDS (422) when the debited account does not cover the
 * amount (nothing is written and the caller's transaction stays usable),
 * CONFLICT (409) for a second open hold on one reference or a deadlock,
 * VALIDATION (400) for a bad amount/id, NOT_FOUND (404) for an unknown user.
 */

export { INSUFFICIENT_FUNDS_MESSAGE, isInsufficientFunds } from "./ledger.errors.ts";
export { LEDGER_TRANSFER_SQL } from "./ledger.repository.ts";
export type { HoldRow, HoldStatus, SystemAccount, UserAccountKind, UserBalances };
export { getUserBalances, openUserAccounts, SYSTEM_ACCOUNTS, userBalancesPart };

export const TRANSFER_KINDS = [
  "emision_activo", // emision -> owner bloqueado (asset registered)
  "liberacion", // owner bloqueado -> owner disponible (operation finished)
  "destruccion", // owner bloqueado -> destruccion (asset deactivated)
  "pago_custodia", // buyer disponible -> custodia (sale paid with credits)
  "liberacion_custodia", // custodia -> offerer disponible (custody confirmed)
  "reembolso_custodia", // custodia -> buyer disponible (custody cancelled)
  "garantia_bloqueo", // borrower disponible -> borrower bloqueado (loan guarantee)
  "garantia_liberacion", // borrower bloqueado -> borrower disponible (loan returned)
  "garantia_ejecucion", // borrower bloqueado -> lender disponible (loan overdue)
  "alquiler", // renter disponible -> owner disponible (or via custodia)
  "compra_tienda", // buyer disponible -> tienda (marketplace)
  "retiro", // user disponible -> retiros (withdrawal)
  "reembolso_tienda", // tienda -> buyer disponible (marketplace purchase cancelled)
  "reembolso_retiro", // retiros -> user disponible (withdrawal rejected)
  "correccion", // a correcting transfer (transfers are never edited)
  "revision", // owner disponible -> owner bloqueado (released credits beyond the 30-day limit, en revisión; ADR 015)
  "revision_liberacion", // owner bloqueado -> owner disponible (review released by the window or an admin)
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export type AccountRef = { userId: string; kind: UserAccountKind } | { system: SystemAccount };

/** Largest amount one movement accepts (shared with the client-side validation). */
export const MAX_LEDGER_AMOUNT = MAX_AMOUNT_CREDITS;

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

const validation = (message: string) => new AppError("VALIDATION", message);

function checkAmount(amount: unknown, allowZero: boolean): number {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount)) {
    throw validation("El monto de créditos debe ser un número entero");
  }
  if (amount < 0 || (amount === 0 && !allowZero)) throw validation("El monto de créditos debe ser mayor que 0");
  if (amount > MAX_LEDGER_AMOUNT) {
    throw validation(`El monto de créditos no puede superar ${MAX_LEDGER_AMOUNT.toLocaleString("es-CO")}`);
  }
  return amount;
}

function checkUuid(value: unknown, field: string): string {
  if (typeof value !== "string" || !UUID_RE.test(value)) throw validation(`${field} no es un identificador válido`);
  return value;
}

const optUuid = (value: string | null | undefined, field: string): string | null =>
  value === undefined || value === null ? null : checkUuid(value, field);

function checkRefType(value: unknown): string {
  if (typeof value !== "string" || !/^[a-z][a-z0-9_]{0,39}$/.test(value)) {
    throw validation("El tipo de referencia no es válido");
  }
  return value;
}

function checkKind(value: unknown): TransferKind {
  if (typeof value !== "string" || !(TRANSFER_KINDS as readonly string[]).includes(value)) {
    throw validation("El tipo de movimiento no es válido");
  }
  return value as TransferKind;
}

function checkDescription(value: string | undefined): string {
  const d = value ?? "";
  if (typeof d !== "string" || d.length > 500) throw validation("La descripción del movimiento es demasiado larga");
  return d;
}

function resolveRef(ref: AccountRef, field: string): { user: string | null; kind: string } {
  if ("system" in ref) {
    if (!(SYSTEM_ACCOUNTS as readonly string[]).includes(ref.system)) throw validation(`${field}: cuenta desconocida`);
    return { user: null, kind: ref.system };
  }
  checkUuid(ref.userId, field);
  if (ref.kind === "bloqueado") {
    // Invariant 4 (bloqueado = open holds) would break: blocked credits move only through holds.
    throw validation(`${field}: los créditos bloqueados solo se mueven mediante retenciones`);
  }
  if (ref.kind !== "disponible") throw validation(`${field}: cuenta desconocida`);
  return { user: ref.userId, kind: ref.kind };
}

// ---------------------------------------------------------------------------
// Plain transfers
// ---------------------------------------------------------------------------

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransferKind;
  refType?: string | null;
  refId?: string | null;
  actorUserId?: string | null;
  description?: string;
  /** The caller's clock (reviews and receipts of ADR 015); default the wall clock. */
  now?: Date;
}

export interface TransferResult {
  transferId: number;
  /** Balance of the debited account after the transfer. */
  fromBalance: number;
  /** Balance of the credited account after the transfer. */
  toBalance: number;
}

function checkMove(row: MoveRow, from: string): asserts row is MoveRow & { transfer_id: number } {
  if (row.status !== "ok" || row.transfer_id === null) {
    throw insufficientFundsError({ available: row.debit_balance ?? 0, account: from });
  }
}

/**
 * Moves `amount` credits between a user's `disponible` and another user's
 * `disponible` or a system account. Blocked credits never move here (use the
 * hold functions). Throws INSUFFICIENT_FUNDS when `from` does not cover it.
 */
export async function transfer(tx: Executor, input: TransferInput): Promise<TransferResult> {
  const from = resolveRef(input.from, "Origen");
  const to = resolveRef(input.to, "Destino");
  if (from.user === to.user && from.kind === to.kind) throw validation("El origen y el destino deben ser distintos");
  const amount = checkAmount(input.amount, false);
  const row = await callMove(tx, {
    debitUser: from.user,
    debitKind: from.kind,
    creditUser: to.user,
    creditKind: to.kind,
    amount,
    kind: checkKind(input.kind),
    refType: input.refType == null ? null : checkRefType(input.refType),
    refId: optUuid(input.refId, "Referencia"),
    actorUserId: optUuid(input.actorUserId, "Usuario"),
    description: checkDescription(input.description),
  });
  checkMove(row, from.kind);
  const result = {
    transferId: row.transfer_id,
    fromBalance: row.debit_balance ?? 0,
    toBalance: row.credit_balance ?? 0,
  };
  // Credits into a person's spendable balance (ADR 015): from another person, or back from the store
  // or a withdrawal. A correction by the system ('correccion') is not an arrival.
  if (to.user && (from.user || ARRIVAL_REFUNDS.has(input.kind))) {
    const held = await limitArrival(
      tx,
      { userId: to.user, amount, now: input.now ?? new Date(), fromUserId: from.user },
      reviewOps(tx),
    );
    if (held > 0) result.toBalance -= held;
  }
  return result;
}

/** Transfers from a system account back to a person that count as arrivals (the concentration cap). */
const ARRIVAL_REFUNDS: ReadonlySet<string> = new Set(["reembolso_tienda", "reembolso_retiro"]);

/** The id of an account (a user's accounts are opened on first use). For the benchmark and tests. */
export function getAccountId(exec: Executor, ref: AccountRef): Promise<number> {
  if ("system" in ref) return accountId(exec, null, ref.system);
  return accountId(exec, checkUuid(ref.userId, "Usuario"), ref.kind);
}

/**
 * One transfer between two account ids through the stored function, with no
 * validation layer: the benchmark's "raw SQL" path. Not for bloqueado accounts.
 * Returns null when the debited account does not cover the amount.
 */
export async function rawTransfer(exec: Executor, p: RawTransferParams): Promise<TransferResult | null> {
  const row = await callTransferByIds(exec, p);
  if (row.status !== "ok" || row.transfer_id === null) return null;
  return { transferId: row.transfer_id, fromBalance: row.debit_balance ?? 0, toBalance: row.credit_balance ?? 0 };
}

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

async function openHoldFrom(tx: Executor, source: "emision" | "disponible", input: OpenHoldInput, kind: TransferKind) {
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

async function resolveHold(
  tx: Executor,
  input: ResolveHoldInput,
  resolution: "liberada" | "destruida" | "ejecutada",
  defaultKind: TransferKind,
  toUserId: string | null,
): Promise<HoldResolved> {
  const row = await callHoldResolve(tx, {
    refType: checkRefType(input.refType),
    refId: checkUuid(input.refId, "Referencia"),
    resolution,
    toUserId,
    kind: input.kind ? checkKind(input.kind) : defaultKind,
    actorUserId: optUuid(input.actorUserId, "Usuario"),
    description: checkDescription(input.description),
  });
  return toResolved(row);
}

/**
 * Releases the open hold of (refType, refId) to its owner (bloqueado ->
 * disponible), once. A second call, or a call after the hold was destroyed or
 * executed, is a no-op success: { amount: 0, alreadyResolved: true }.
 * Default kind 'liberacion' (pass 'garantia_liberacion' for a loan returned).
 */
export async function releaseHold(tx: Executor, input: ResolveHoldInput): Promise<HoldResolved> {
  const r = await resolveHold(tx, input, "liberada", "liberacion", null);
  if (r.amount <= 0 || !r.userId || input.refType === "revision") return r;
  const now = input.now ?? new Date();
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

export function listOpenHolds(exec: Executor, userId: string): Promise<HoldRow[]> {
  return selectOpenHolds(exec, checkUuid(userId, "Usuario"));
}

// ---------------------------------------------------------------------------
// Reads: balances, report, history, invariants
// ---------------------------------------------------------------------------

export type SystemBalances = Record<SystemAccount, number>;

export async function getSystemBalances(exec: Executor): Promise<SystemBalances> {
  const t = await selectAccountTotals(exec);
  return { emision: t.emision, destruccion: t.destruccion, custodia: t.custodia, tienda: t.tienda, retiros: t.retiros };
}

export interface EconomyTotals {
  /** Minus the balance of emision. */
  creditosEmitidos: number;
  /** Balance of destruccion. */
  creditosDestruidos: number;
  /** All users' disponible + bloqueado. */
  creditosCirculacion: number;
  creditosDisponibles: number;
  creditosBloqueados: number;
  custodia: number;
  tienda: number;
  retiros: number;
  /** Sum of every account balance (0 when balanced). */
  total: number;
  /** Invariant 1 as read now: the report's 'Equilibrado' (else 'Revisar'). */
  equilibrado: boolean;
}

/** Every figure of the economic report, read in one statement. */
export async function getEconomyTotals(exec: Executor): Promise<EconomyTotals> {
  const t = await selectAccountTotals(exec);
  return {
    creditosEmitidos: -t.emision,
    creditosDestruidos: t.destruccion,
    creditosCirculacion: t.disponible + t.bloqueado,
    creditosDisponibles: t.disponible,
    creditosBloqueados: t.bloqueado,
    custodia: t.custodia,
    tienda: t.tienda,
    retiros: t.retiros,
    total: t.total,
    equilibrado: t.total === 0,
  };
}

export interface UserTransfer {
  id: number;
  kind: string;
  description: string;
  /**
   * Signed effect on the user's `accountKind` account: for a transfer that
   * touches the user's disponible, the change of disponible (a release is +,
   * a guarantee block is -, a payment is -); otherwise the change of bloqueado
   * (an issue is +, a destruction is -).
   */
  amount: number;
  accountKind: UserAccountKind;
  /** Signed effect on disponible + bloqueado (0 for a move between the user's own accounts). */
  totalChange: number;
  /** The user's disponible + bloqueado right after this transfer. */
  balanceAfter: number;
  /** The user's disponible right after this transfer. */
  availableAfter: number;
  /** The other side: a user id (null for a system account) and the account kind. */
  counterpartyUserId: string | null;
  counterpartyAccount: string;
  holdId: number | null;
  createdAt: Date;
  refType: string | null;
  refId: string | null;
}

/** The wallet history: the user's latest transfers, newest first. */
export async function listUserTransfers(
  exec: Executor,
  userId: string,
  opts: { limit?: number } = {},
): Promise<UserTransfer[]> {
  const limit = opts.limit ?? 10;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw validation("El límite no es válido");
  const raw = await selectUserTransfers(exec, checkUuid(userId, "Usuario"), limit);
  return raw.map((r) => {
    const touchesDisp = r.d_disp !== 0 || r.d_bloq === 0;
    return {
      id: r.id,
      kind: r.kind,
      description: r.description,
      amount: touchesDisp ? r.d_disp : r.d_bloq,
      accountKind: touchesDisp ? "disponible" : "bloqueado",
      totalChange: r.d_disp + r.d_bloq,
      balanceAfter: r.balance_after,
      availableAfter: r.available_after,
      counterpartyUserId: r.counterparty_user_id,
      counterpartyAccount: r.counterparty_kind,
      holdId: r.hold_id,
      createdAt: new Date(r.created_ms),
      refType: r.ref_type,
      refId: r.ref_id,
    } satisfies UserTransfer;
  });
}

export interface InvariantReport {
  /** 1. The sum of all account balances is 0. */
  sumIsZero: boolean;
  /** 2. No account except emision is negative. */
  noNegative: boolean;
  /** 3. Each account's balance equals the sum of its transfers. */
  balancesMatchTransfers: boolean;
  /** 4. Each user's bloqueado equals the sum of their open holds. */
  holdsMatchBloqueado: boolean;
  /** Sum of all balances. */
  total: number;
  /** Spanish descriptions of what is wrong (capped), empty when all holds. */
  problems: string[];
}

/**
 * Checks the invariants of economy.md; the verdicts come from one statement
 * (one consistent snapshot). `userIds` limits checks 3 and 4 to those users' accounts (1 and 2
 * stay global); without it every account is checked (a full scan of transfers).
 */
export async function checkInvariants(
  exec: Executor,
  opts: { userIds?: readonly string[] } = {},
): Promise<InvariantReport> {
  const ids = opts.userIds?.map((u) => checkUuid(u, "Usuario"));
  const r = await selectInvariants(exec, ids);
  return {
    sumIsZero: r.total === 0,
    noNegative: r.negatives === 0,
    balancesMatchTransfers: r.bad_balances === 0,
    holdsMatchBloqueado: r.bad_holds === 0,
    total: r.total,
    problems: r.problems,
  };
}
