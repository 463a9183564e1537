import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets, deals, donations, users } from "../../db/schema/index.ts";

export type DonationRow = typeof donations.$inferSelect;

export async function insertDonation(tx: Executor, row: typeof donations.$inferInsert): Promise<DonationRow> {
  const [d] = await tx.insert(donations).values(row).returning();
  if (!d) throw new Error("donations: insert returned no row");
  return d;
}

export async function findDonation(exec: Executor, id: string): Promise<DonationRow | undefined> {
  const [d] = await exec.select().from(donations).where(eq(donations.id, id)).limit(1);
  return d;
}

export async function updateDonation(tx: Executor, id: string, patch: Partial<typeof donations.$inferInsert>) {
  await tx.update(donations).set(patch).where(eq(donations.id, id));
}

/**
 * The first claim of a community donation wins: sets the beneficiary on the
 * deal and the record only while nobody has (the caller holds the asset lock;
 * the UPDATE's row lock settles any remaining race). False when already claimed.
 */
/**
 * A community donation's recipient, once its deal's beneficiary role was claimed through the engine
 * (the first claim wins under the deal's lock); false when it already had one.
 */
export async function setCommunityRecipient(tx: Executor, id: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(donations)
    .set({ recipientId: userId })
    .where(and(eq(donations.id, id), eq(donations.community, true), sql`${donations.recipientId} is null`))
    .returning({ id: donations.id });
  return rows.length > 0;
}

export interface DonationView {
  d: DonationRow;
  assetTitle: string;
  donorName: string;
  recipientName: string | null;
}

const viewSelect = (exec: Executor) =>
  exec
    .select({
      d: donations,
      assetTitle: assets.title,
      donorName: sql<string>`(select u.name from ${users} u where u.id = ${donations.donorId})`,
      recipientName: sql<string | null>`(select u.name from ${users} u where u.id = ${donations.recipientId})`,
    })
    .from(donations)
    .innerJoin(assets, eq(assets.id, donations.assetId));

export async function findDonationView(exec: Executor, id: string) {
  const [v] = await viewSelect(exec).where(eq(donations.id, id)).limit(1);
  return v;
}

export function listDonationViews(exec: Executor, userId: string) {
  return viewSelect(exec)
    .where(or(eq(donations.donorId, userId), eq(donations.recipientId, userId)))
    .orderBy(desc(donations.createdAt))
    .limit(200);
}

/** Unclaimed community donations, newest first (public). */
export function listCommunity(exec: Executor, limit: number) {
  return exec
    .select({
      id: donations.id,
      assetId: donations.assetId,
      title: assets.title,
      description: assets.description,
      type: assets.assetType,
      message: donations.message,
      donorName: sql<string>`(select u.name from ${users} u where u.id = ${donations.donorId})`,
    })
    .from(donations)
    .innerJoin(assets, eq(assets.id, donations.assetId))
    .where(and(eq(donations.community, true), eq(donations.status, "pending"), sql`${donations.recipientId} is null`))
    .orderBy(desc(donations.createdAt))
    .limit(limit);
}

/** Whether the asset exists and is not deactivated (the asset page's donation panel). */
export async function assetExists(exec: Executor, assetId: string): Promise<boolean> {
  const [a] = await exec
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.id, assetId), sql`${assets.status} <> 'desactivado'`))
    .limit(1);
  return a !== undefined;
}

/**
 * The asset's pending donation, if any. Found through its open deal (the donation's id is the
 * deal's; `deals_one_open_per_asset` indexes open deals by asset and allows one).
 */
export async function findPendingDonationViewForAsset(exec: Executor, assetId: string) {
  const [v] = await viewSelect(exec)
    .innerJoin(deals, eq(deals.id, donations.id))
    .where(
      and(
        eq(deals.assetId, assetId),
        isNull(deals.closedAt),
        eq(deals.process, "donacion"),
        eq(donations.status, "pending"),
      ),
    )
    .limit(1);
  return v;
}
