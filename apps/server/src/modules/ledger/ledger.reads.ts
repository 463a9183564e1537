import type { Executor } from "../../db/client.ts";
import type { UserAccountKind } from "./ledger.accounts.ts";
import { checkUuid, validation } from "./ledger.checks.ts";
import { type SystemAccount, selectAccountTotals, selectInvariants, selectUserTransfers } from "./ledger.repository.ts";

/** Reads of the ledger: balances, report, history, invariants (ledger.service.ts). */

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
