import { MSG, WALLET_HISTORY_LIMIT } from "@valoriza/domain";
import { assertSelfOrAdmin } from "../../lib/access.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { notFound } from "../../lib/errors.ts";
import { getUserBalances, listUserTransfers } from "../ledger/index.ts";
import { transferLabel } from "./wallet.labels.ts";
import { userExists } from "./wallet.repository.ts";

export const WALLET_TRANSACTIONS_MAX = 100;
export { WALLET_HISTORY_LIMIT };

export interface Saldo {
  creditosDisponibles: number;
  creditosBloqueados: number;
  /** disponibles + bloqueados */
  credits: number;
}

export interface WalletBalance {
  /** disponibles + bloqueados */
  balance: number;
  creditosDisponibles: number;
  creditosBloqueados: number;
  lastUpdated: string;
}

export interface WalletTransaction {
  _id: string;
  tipo: string;
  descripcion: string;
  valor: number;
  saldoPosterior: number;
  createdAt: string;
}

const iso = (v: Date | string | null | undefined, fallback: Date): string =>
  v instanceof Date ? v.toISOString() : typeof v === "string" ? new Date(v).toISOString() : fallback.toISOString();

/**
 * The wallet is a read model of the ledger: every number comes from the
 * ledger's accounts and transfers, nothing from the client.
 */
export function createWalletService({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  /** Own data, or an admin reading an existing user (404 otherwise). */
  async function authorize(viewer: AuthUser, userId: string): Promise<void> {
    assertSelfOrAdmin(viewer, userId);
    if (viewer.id !== userId && !(await userExists(db, userId))) throw notFound(MSG.userNotFound);
  }

  async function balance(viewer: AuthUser, userId: string): Promise<WalletBalance> {
    await authorize(viewer, userId);
    const b = await getUserBalances(db, userId);
    return {
      balance: b.creditosDisponibles + b.creditosBloqueados,
      creditosDisponibles: b.creditosDisponibles,
      creditosBloqueados: b.creditosBloqueados,
      lastUpdated: iso(b.lastUpdated, clock.now()),
    };
  }

  return {
    async saldo(viewer: AuthUser, userId: string): Promise<Saldo> {
      const b = await balance(viewer, userId);
      return {
        creditosDisponibles: b.creditosDisponibles,
        creditosBloqueados: b.creditosBloqueados,
        credits: b.balance,
      };
    },

    balance,

    /** Re-reads the balances from the ledger; nothing is written, so it is safe to repeat. */
    sync: balance,

    async transactions(viewer: AuthUser, userId: string, limit: number): Promise<WalletTransaction[]> {
      await authorize(viewer, userId);
      const rows = await listUserTransfers(db, userId, { limit });
      return rows.map((r) => {
        const label = transferLabel(r.kind, r.amount);
        return {
          _id: String(r.id),
          tipo: label,
          descripcion: r.description || label,
          valor: r.amount,
          saldoPosterior: r.balanceAfter,
          createdAt: iso(r.createdAt, clock.now()),
        };
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
