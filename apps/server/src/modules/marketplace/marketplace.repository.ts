import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { marketplaceProducts, marketplacePurchases, users } from "../../db/schema/index.ts";

export type ProductRow = typeof marketplaceProducts.$inferSelect;
export type NewProduct = typeof marketplaceProducts.$inferInsert;
export type PurchaseRow = typeof marketplacePurchases.$inferSelect;

/** Visible products: featured first, then newest. */
export function listVisibleProducts(exec: Executor): Promise<ProductRow[]> {
  return exec
    .select()
    .from(marketplaceProducts)
    .where(eq(marketplaceProducts.oculto, false))
    .orderBy(desc(marketplaceProducts.destacado), desc(marketplaceProducts.createdAt), asc(marketplaceProducts.id))
    .limit(500);
}

export function listAllProducts(exec: Executor): Promise<ProductRow[]> {
  return exec
    .select()
    .from(marketplaceProducts)
    .orderBy(desc(marketplaceProducts.createdAt), asc(marketplaceProducts.id))
    .limit(1000);
}

export async function findProduct(exec: Executor, id: string): Promise<ProductRow | undefined> {
  const [p] = await exec.select().from(marketplaceProducts).where(eq(marketplaceProducts.id, id)).limit(1);
  return p;
}

export async function insertProduct(tx: Executor, row: NewProduct): Promise<ProductRow> {
  const [p] = await tx.insert(marketplaceProducts).values(row).returning();
  if (!p) throw new Error("marketplace: insert returned no row");
  return p;
}

export async function updateProduct(
  tx: Executor,
  id: string,
  patch: Partial<NewProduct>,
): Promise<ProductRow | undefined> {
  const [p] = await tx.update(marketplaceProducts).set(patch).where(eq(marketplaceProducts.id, id)).returning();
  return p;
}

/**
 * Takes one unit of a visible product in stock, in one conditional statement
 * (the row lock serializes buyers: of 20 buyers for stock 3 exactly 3 get a row).
 * Returns the stock left and the price, or undefined when hidden, missing or sold out.
 */
export async function takeOneUnit(tx: Executor, id: string, now: Date) {
  const [r] = await tx
    .update(marketplaceProducts)
    .set({
      stock: sql`case when ${marketplaceProducts.stock} = -1 then -1 else ${marketplaceProducts.stock} - 1 end`,
      vendidos: sql`${marketplaceProducts.vendidos} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(marketplaceProducts.id, id),
        eq(marketplaceProducts.oculto, false),
        sql`(${marketplaceProducts.stock} = -1 or ${marketplaceProducts.stock} > 0)`,
      ),
    )
    .returning({ stock: marketplaceProducts.stock, creditos: marketplaceProducts.creditos });
  return r;
}

/** Puts one unit back (a cancelled purchase), unless the product is unlimited. */
export async function putBackOneUnit(tx: Executor, id: string, now: Date): Promise<void> {
  await tx
    .update(marketplaceProducts)
    .set({
      stock: sql`case when ${marketplaceProducts.stock} = -1 then -1 else ${marketplaceProducts.stock} + 1 end`,
      vendidos: sql`greatest(${marketplaceProducts.vendidos} - 1, 0)`,
      updatedAt: now,
    })
    .where(eq(marketplaceProducts.id, id));
}

export async function insertPurchase(
  tx: Executor,
  row: typeof marketplacePurchases.$inferInsert,
): Promise<PurchaseRow> {
  const [p] = await tx.insert(marketplacePurchases).values(row).returning();
  if (!p) throw new Error("marketplace: purchase insert returned no row");
  return p;
}

export async function findPurchase(exec: Executor, id: string): Promise<PurchaseRow | undefined> {
  const [p] = await exec.select().from(marketplacePurchases).where(eq(marketplacePurchases.id, id)).limit(1);
  return p;
}

export async function setPurchaseState(tx: Executor, id: string, estado: string, now: Date): Promise<void> {
  await tx.update(marketplacePurchases).set({ estado, updatedAt: now }).where(eq(marketplacePurchases.id, id));
}

const purchaseView = {
  p: marketplacePurchases,
  productNombre: marketplaceProducts.nombre,
  productCategoria: marketplaceProducts.categoria,
  buyerName: users.name,
  buyerApellido: users.apellido,
  buyerEmail: users.email,
};
export type PurchaseView = {
  p: PurchaseRow;
  productNombre: string;
  productCategoria: string;
  buyerName: string;
  buyerApellido: string;
  buyerEmail: string;
};

export async function listPurchaseViews(
  exec: Executor,
  f: { estado?: string; limit: number; offset: number },
): Promise<{ rows: PurchaseView[]; total: number; counts: Record<string, number> }> {
  const where = f.estado ? eq(marketplacePurchases.estado, f.estado) : undefined;
  const rows = await exec
    .select(purchaseView)
    .from(marketplacePurchases)
    .innerJoin(marketplaceProducts, eq(marketplaceProducts.id, marketplacePurchases.productId))
    .innerJoin(users, eq(users.id, marketplacePurchases.buyerId))
    .where(where)
    .orderBy(desc(marketplacePurchases.createdAt), desc(marketplacePurchases.id))
    .limit(f.limit)
    .offset(f.offset);
  const byState = await exec
    .select({ estado: marketplacePurchases.estado, n: count() })
    .from(marketplacePurchases)
    .groupBy(marketplacePurchases.estado);
  const counts: Record<string, number> = { pendiente: 0, entregado: 0, cancelado: 0, todas: 0 };
  for (const r of byState) {
    counts[r.estado] = Number(r.n);
    counts.todas = (counts.todas ?? 0) + Number(r.n);
  }
  const total = f.estado ? (counts[f.estado] ?? 0) : (counts.todas ?? 0);
  return { rows: rows as PurchaseView[], total, counts };
}

export async function findPurchaseView(exec: Executor, id: string): Promise<PurchaseView | undefined> {
  const [r] = await exec
    .select(purchaseView)
    .from(marketplacePurchases)
    .innerJoin(marketplaceProducts, eq(marketplaceProducts.id, marketplacePurchases.productId))
    .innerJoin(users, eq(users.id, marketplacePurchases.buyerId))
    .where(eq(marketplacePurchases.id, id))
    .limit(1);
  return r as PurchaseView | undefined;
}
