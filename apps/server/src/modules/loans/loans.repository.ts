import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type Executor, type ForeseenRead, foresee, queryBuilder } from "../../db/client.ts";
import { assets, loans, users } from "../../db/schema/index.ts";
import { patchOrDefer, withPendingPatch } from "../../lib/batch.ts";

/** Queries of the loans area; every function takes the caller's executor. */

export type LoanRow = typeof loans.$inferSelect;
export type NewLoan = typeof loans.$inferInsert;

export async function insertLoan(tx: Executor, row: NewLoan): Promise<LoanRow> {
  const [l] = await tx.insert(loans).values(row).returning();
  if (!l) throw new Error("loans: insert returned no row");
  return l;
}

export async function findLoan(exec: Executor, id: string): Promise<LoanRow | undefined> {
  const [l] = await exec.select().from(loans).where(eq(loans.id, id)).limit(1);
  return withPendingPatch(exec, "loans", l);
}

/** A loan as its process handlers read it: the record plus its collateral asset's title (if any). */
export type LoanData = LoanRow & { garantiaTitulo: string | null };

const collateralTitle = sql<string | null>`(select a.title from ${assets} a where a.id = ${loans.garantiaActivoId})`;

const loanDataQuery = (exec: Executor, id: string) =>
  exec.select({ l: loans, t: collateralTitle }).from(loans).where(eq(loans.id, id)).limit(1);

export async function findLoanData(exec: Executor, id: string): Promise<LoanData | undefined> {
  const [r] = await loanDataQuery(exec, id);
  return r ? { ...(withPendingPatch(exec, "loans", r.l) as LoanRow), garantiaTitulo: r.t } : undefined;
}

/** findLoanData's read, foreseen (db/client.ts foresee; issue 21). */
export const foreseeLoanData = (id: string): ForeseenRead => foresee(loanDataQuery(queryBuilder, id));

/** The ids of a loan's asset and its collateral asset (if any), as a subquery: both locked in one statement. */
export const assetsOfLoan = (id: string): SQL =>
  sql`(select ${loans.assetId} from ${loans} where ${loans.id} = ${id}::uuid
    union all select ${loans.garantiaActivoId} from ${loans} where ${loans.id} = ${id}::uuid)`;

/** A loan's borrower, as a subquery (their balances read without reading the loan first). */
export const borrowerOfLoan = (id: string): SQL =>
  sql`(select ${loans.prestatarioId} from ${loans} where ${loans.id} = ${id}::uuid)`;

/** The loan whose collateral deal ('garantia_prestamo') is `dealId`. */
export async function findLoanByCollateralDeal(exec: Executor, dealId: string): Promise<LoanData | undefined> {
  const [r] = await exec
    .select({ l: loans, t: collateralTitle })
    .from(loans)
    .where(eq(loans.garantiaDealId, dealId))
    .limit(1);
  return r ? { ...(withPendingPatch(exec, "loans", r.l) as LoanRow), garantiaTitulo: r.t } : undefined;
}

/** An asset as it is now (no lock: the request only checks it; approval locks it). */
export async function findAssetRow(exec: Executor, id: string) {
  const [a] = await exec.select().from(assets).where(eq(assets.id, id)).limit(1);
  return a;
}

/** A change of an existing row; inside a deal's step it goes with the step's one statement (lib/batch.ts). */
export async function updateLoan(tx: Executor, id: string, patch: Partial<NewLoan>): Promise<void> {
  await patchOrDefer(tx, `loans:${id}`, patch, (p) => tx.update(loans).set(p).where(eq(loans.id, id)).getSQL());
}

export interface LoanView {
  l: LoanRow;
  assetTitle: string;
  assetCategory: string;
  prestatarioName: string;
  prestamistaName: string;
  /** The collateral asset's title and category (garantiaTipo activo_colateral), else null. */
  garantiaTitle: string | null;
  garantiaCategory: string | null;
}

const viewSelect = (exec: Executor) =>
  exec
    .select({
      l: loans,
      assetTitle: assets.title,
      assetCategory: assets.category,
      prestatarioName: sql<string>`(select u.name from ${users} u where u.id = ${loans.prestatarioId})`,
      prestamistaName: sql<string>`(select u.name from ${users} u where u.id = ${loans.prestamistaId})`,
      garantiaTitle: collateralTitle,
      garantiaCategory: sql<string | null>`(select g.category from ${assets} g where g.id = ${loans.garantiaActivoId})`,
    })
    .from(loans)
    .innerJoin(assets, eq(assets.id, loans.assetId));

export async function findLoanView(exec: Executor, id: string): Promise<LoanView | undefined> {
  const [v] = await viewSelect(exec).where(eq(loans.id, id)).limit(1);
  return v;
}

export function listLoanViews(exec: Executor, role: "prestatario" | "prestamista", userId: string) {
  const col = role === "prestatario" ? loans.prestatarioId : loans.prestamistaId;
  return viewSelect(exec).where(eq(col, userId)).orderBy(desc(loans.fechaSolicitud)).limit(200);
}

/** Marks a notice sent unless it already was (returns whether this call won; the timer fires once anyway). */
export async function markNotice(tx: Executor, id: string, which: "recordatorio" | "aviso", now: Date) {
  const col = which === "recordatorio" ? loans.recordatorioEnviado : loans.avisoVencidoEnviado;
  const rows = await tx
    .update(loans)
    .set(which === "recordatorio" ? { recordatorioEnviado: now } : { avisoVencidoEnviado: now })
    .where(and(eq(loans.id, id), isNull(col)))
    .returning({ id: loans.id });
  return rows.length > 0;
}

/** A lender's public assets offered for lending and free now (the borrower's dialog picks one). */
export function listLendableAssets(exec: Executor, lenderId: string, purposes: string[]) {
  return exec
    .select()
    .from(assets)
    .where(
      and(
        eq(assets.userId, lenderId),
        eq(assets.privacy, "publico"),
        inArray(assets.mainPurpose, purposes),
        inArray(assets.status, ["activo", "disponible"]),
      ),
    )
    .orderBy(desc(assets.createdAt))
    .limit(100);
}
