import { desc, eq, or, type SQL, sql } from "drizzle-orm";
import { type Executor, type ForeseenRead, foresee, foreseeIfSafe, queryBuilder } from "../../db/client.ts";
import { assets, custodias, custodyCodeGuards, deals, users } from "../../db/schema/index.ts";
import { patchOrDefer, rows, withPendingPatch } from "../../lib/batch.ts";

export type CustodyRow = typeof custodias.$inferSelect;
export type NewCustody = typeof custodias.$inferInsert;

/**
 * Inserts a custody unless its code is already used by a pending custody (the partial unique index):
 * returns undefined then, and the caller draws another code. In one statement with its deal's insert
 * (`dealRow`, the engine's `savesDeal`) and its `creditosActivo` read in the statement (the asset's
 * open hold): one round trip where there were three. On a taken code the deal is still inserted, once
 * (its insert, repeated with the next code, inserts nothing).
 */
export async function insertCustodyWithDealIfCodeFree(
  tx: Executor,
  row: NewCustody,
  dealRow: SQL,
  creditosActivo: SQL,
): Promise<CustodyRow | undefined> {
  const insert = rows.insert(custodias).values({ ...row, creditosActivo: creditosActivo as unknown as number });
  const res = await tx.execute(sql`with d as (${dealRow}) ${insert}
    on conflict (codigo) where estado = 'pendiente' do nothing returning creditos_activo`);
  const [r] = (res as unknown as { rows: { creditos_activo: unknown }[] }).rows;
  return r ? ({ ...row, creditosActivo: Number(r.creditos_activo) } as CustodyRow) : undefined;
}

const custodyKey = (id: string) => `custodias:${id}`;

const custodyQuery = (exec: Executor, id: string) => exec.select().from(custodias).where(eq(custodias.id, id)).limit(1);

export async function findCustody(exec: Executor, id: string): Promise<CustodyRow | undefined> {
  const [c] = await custodyQuery(exec, id);
  return withPendingPatch(exec, "custodias", c);
}

/** findCustody's read, foreseen (db/client.ts foresee; issue 21). */
export const foreseeCustody = (id: string): ForeseenRead => foresee(custodyQuery(queryBuilder, id));

/** A change of an existing custody; inside a deal's step it goes with the step's one statement. */
export async function updateCustody(tx: Executor, id: string, patch: Partial<NewCustody>): Promise<void> {
  await patchOrDefer(tx, custodyKey(id), patch, (p) =>
    tx.update(custodias).set(p).where(eq(custodias.id, id)).getSQL(),
  );
}

export interface CustodyView {
  c: CustodyRow;
  state: string;
  assetTitle: string;
  oferenteName: string;
  receptorName: string;
}

const viewSelect = (exec: Executor, extra: SQL<unknown> = sql`null`) => {
  const of = sql`(select u.name from ${users} u where u.id = ${custodias.oferenteId})`;
  const re = sql`(select u.name from ${users} u where u.id = ${custodias.receptorId})`;
  return exec
    .select({
      c: custodias,
      state: deals.state,
      assetTitle: assets.title,
      oferenteName: sql<string>`${of}`,
      receptorName: sql<string>`${re}`,
      extra: sql<unknown>`${extra}`,
    })
    .from(custodias)
    .innerJoin(deals, eq(deals.id, custodias.id))
    .innerJoin(assets, eq(assets.id, custodias.assetId));
};

/** The custody's view; `extra`: one more column read in the same statement (another area's, e.g. balances). */
export async function findCustodyView(
  exec: Executor,
  id: string,
  extra?: SQL<unknown>,
): Promise<(CustodyView & { extra: unknown }) | undefined> {
  const [v] = await viewSelect(exec, extra).where(eq(custodias.id, id)).limit(1);
  return v;
}

/** A user's custodies in both roles, newest first. */
export async function listCustodyViews(exec: Executor, userId: string, limit = 200): Promise<CustodyView[]> {
  return viewSelect(exec)
    .where(or(eq(custodias.oferenteId, userId), eq(custodias.receptorId, userId)))
    .orderBy(desc(custodias.fechaIngreso), desc(custodias.id))
    .limit(limit);
}

/** The receiver's wrong-code counter, created if missing and locked for this transaction, and the custody of the code. */
export async function lockCodeGuard(tx: Executor, userId: string, code: string) {
  const [g] = await codeGuardQuery(tx, userId, code);
  if (!g) throw new Error("custody: code guard row missing");
  return g;
}

/** lockCodeGuard's statement, foreseen: the first of its transaction, sent with BEGIN (none if the code cannot be inlined). */
export const foreseeCodeGuard = (userId: string, code: string): ForeseenRead[] =>
  foreseeIfSafe(codeGuardQuery(queryBuilder, userId, code));

const codeGuardQuery = (tx: Executor, userId: string, code: string) =>
  // One statement: the upsert's no-op update locks the row (new or not) and returns it, with the
  // receiver's custody of this code (findReceiverCustodyByCode's choice: a pending one first).
  tx
    .insert(custodyCodeGuards)
    .values({ userId })
    .onConflictDoUpdate({ target: custodyCodeGuards.userId, set: { userId: sql`excluded.user_id` } })
    .returning({
      failures: custodyCodeGuards.failures,
      windowStartedAt: custodyCodeGuards.windowStartedAt,
      custodyId: sql<string | null>`(select c.id from custodias c where c.receptor_id = ${userId}::uuid
        and c.codigo = ${code} order by (c.estado = 'pendiente') desc, c.fecha_ingreso desc limit 1)`,
    });

export async function saveCodeGuard(tx: Executor, userId: string, failures: number, windowStartedAt: Date | null) {
  await tx.update(custodyCodeGuards).set({ failures, windowStartedAt }).where(eq(custodyCodeGuards.userId, userId));
}
