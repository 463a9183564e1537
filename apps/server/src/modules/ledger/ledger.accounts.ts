import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Executor, type ForeseenRead, foresee, queryBuilder } from "../../db/client.ts";
import { accounts } from "../../db/schema/index.ts";
import type { BatchPart } from "../../lib/batch.ts";

export const USER_ACCOUNT_KINDS = ["disponible", "bloqueado"] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** Opens a new user's two ledger accounts (in the sign-up transaction). */
export async function openUserAccounts(tx: Executor, userId: string): Promise<void> {
  await tx
    .insert(accounts)
    .values(USER_ACCOUNT_KINDS.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
}

export interface UserBalances {
  creditosDisponibles: number;
  creditosBloqueados: number;
  /** disponibles + bloqueados */
  credits: number;
  lastUpdated: Date | null;
}

/** `userId`: the id, or a subquery that selects it (e.g. a loan's borrower, so the read can be foreseen). */
export async function getUserBalances(exec: Executor, userId: string | SQL): Promise<UserBalances> {
  return toBalances(await balancesQuery(exec, userId));
}

const balancesQuery = (exec: Executor, userId: string | SQL) =>
  exec
    .select({ kind: accounts.kind, balance: accounts.balance, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(
      and(
        typeof userId === "string" ? eq(accounts.userId, userId) : sql`${accounts.userId} = ${userId}`,
        inArray(accounts.kind, [...USER_ACCOUNT_KINDS]),
      ),
    );

/** getUserBalances's read, foreseen (db/client.ts foresee; issue 21). */
export const foreseeUserBalances = (userId: string | SQL): ForeseenRead => foresee(balancesQuery(queryBuilder, userId));

function toBalances(rows: { kind: string; balance: number; updatedAt: Date }[]): UserBalances {
  const disp = rows.find((r) => r.kind === "disponible");
  const bloq = rows.find((r) => r.kind === "bloqueado");
  const d = disp?.balance ?? 0;
  const b = bloq?.balance ?? 0;
  const times = rows.map((r) => r.updatedAt.getTime());
  return {
    creditosDisponibles: d,
    creditosBloqueados: b,
    credits: d + b,
    lastUpdated: times.length ? new Date(Math.max(...times)) : null,
  };
}

/**
 * {@link getUserBalances} as a part of a one-statement batch (lib/batch.ts): the balances as the
 * statement's snapshot sees them, i.e. BEFORE the batch's own ledger calls.
 */
export function userBalancesPart(userId: string): { part: BatchPart; read(rows: unknown[]): UserBalances } {
  return {
    part: {
      sql: sql`select kind, balance, updated_at from accounts where user_id = ${userId}::uuid and kind in ('disponible', 'bloqueado')`,
      returns: true,
    },
    read: balancesFromJson,
  };
}

function balancesFromJson(rows: unknown): UserBalances {
  const list = (typeof rows === "string" ? JSON.parse(rows) : (rows ?? [])) as {
    kind: string;
    balance: number | string;
    updated_at: string;
  }[];
  return toBalances(list.map((r) => ({ kind: r.kind, balance: Number(r.balance), updatedAt: new Date(r.updated_at) })));
}

/**
 * {@link getUserBalances} as a column of another area's query (one statement instead of two, e.g.
 * a deal's answer: its record's view and the person's balances): `sql` is the column, `read` turns
 * its value into the balances.
 */
export function userBalancesColumn(userId: string): { sql: SQL<unknown>; read(value: unknown): UserBalances } {
  return {
    sql: sql`(select coalesce(json_agg(json_build_object('kind', a.kind, 'balance', a.balance, 'updated_at', a.updated_at)), '[]'::json)
      from accounts a where a.user_id = ${userId}::uuid and a.kind in ('disponible', 'bloqueado'))`,
    read: balancesFromJson,
  };
}
