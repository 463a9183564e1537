import { and, count, desc, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users, withdrawals } from "../../db/schema/index.ts";

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

export async function insertWithdrawal(tx: Executor, row: NewWithdrawal): Promise<WithdrawalRow> {
  const [w] = await tx.insert(withdrawals).values(row).returning();
  if (!w) throw new Error("withdrawals: insert returned no row");
  return w;
}

export async function findWithdrawal(exec: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const [w] = await exec.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return w;
}

export async function updateWithdrawal(tx: Executor, id: string, patch: Partial<NewWithdrawal>): Promise<void> {
  await tx.update(withdrawals).set(patch).where(eq(withdrawals.id, id));
}

/**
 * Serializes withdrawals to one destination (transaction-scoped advisory lock on
 * its fingerprint), so two parallel requests cannot both pass the monthly cap.
 */
export async function lockDestination(tx: Executor, huella: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`retiro:${huella}`}, 0))`);
}

/** COP pending or paid to one destination in [start, end). */
export async function destinationMonthCOP(exec: Executor, huella: string, start: Date, end: Date): Promise<number> {
  const [r] = await exec
    .select({ total: sum(withdrawals.valorCOP) })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.destinoHuella, huella),
        inArray(withdrawals.estado, ["pendiente", "aprobado"]),
        gte(withdrawals.createdAt, start),
        lt(withdrawals.createdAt, end),
      ),
    );
  return Number(r?.total ?? 0);
}

export function listUserWithdrawals(exec: Executor, userId: string): Promise<WithdrawalRow[]> {
  return exec
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(200);
}

export type WithdrawalView = { w: WithdrawalRow; name: string; apellido: string; email: string };

export async function listWithdrawalViews(
  exec: Executor,
  f: { estado?: string; metodo?: string; limit: number; offset: number },
): Promise<{ rows: WithdrawalView[]; total: number; counts: Record<string, number> }> {
  const conds = [
    f.estado ? eq(withdrawals.estado, f.estado) : undefined,
    f.metodo ? eq(withdrawals.metodo, f.metodo) : undefined,
  ].filter((c) => c !== undefined);
  const where = conds.length ? and(...conds) : undefined;
  const rows = await exec
    .select({ w: withdrawals, name: users.name, apellido: users.apellido, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(f.limit)
    .offset(f.offset);
  const byState = await exec
    .select({ estado: withdrawals.estado, n: count() })
    .from(withdrawals)
    .where(f.metodo ? eq(withdrawals.metodo, f.metodo) : undefined)
    .groupBy(withdrawals.estado);
  const counts: Record<string, number> = { pendiente: 0, aprobado: 0, rechazado: 0, todos: 0 };
  for (const r of byState) {
    counts[r.estado] = Number(r.n);
    counts.todos = (counts.todos ?? 0) + Number(r.n);
  }
  const total = f.estado ? (counts[f.estado] ?? 0) : (counts.todos ?? 0);
  return { rows, total, counts };
}

export async function findWithdrawalView(exec: Executor, id: string): Promise<WithdrawalView | undefined> {
  const [r] = await exec
    .select({ w: withdrawals, name: users.name, apellido: users.apellido, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id))
    .limit(1);
  return r;
}
