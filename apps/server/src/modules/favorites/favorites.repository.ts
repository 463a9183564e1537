import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets, favorites, users } from "../../db/schema/index.ts";

export type FavoriteAssetRow = typeof assets.$inferSelect;
export interface FavoriteRow {
  asset: FavoriteAssetRow;
  owner: { _id: string; name: string; apellido: string; ciudad: string; pais: string };
  /** Hidden by an admin, or its owner suspended (issue 19): out of sight like a withdrawn one. */
  moderated: boolean;
  createdAt: Date;
}

/** The few fields of an asset a favourite's checks need (404, own asset), or undefined. */
export async function findAssetBrief(
  exec: Executor,
  assetId: string,
): Promise<{ id: string; userId: string; status: string; moderated: boolean } | undefined> {
  const [row] = await exec
    .select({
      id: assets.id,
      userId: assets.userId,
      status: assets.status,
      moderated: sql<boolean>`(${assets.hiddenAt} is not null or ${users.suspendedAt} is not null)`,
    })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.userId))
    .where(eq(assets.id, assetId))
    .limit(1);
  return row;
}

/**
 * Adds the favourite unless it is there already or the person already keeps `max`: one statement,
 * so a repeat (or two at once) is a no-op. Answers whether a row was added.
 */
export async function addFavorite(exec: Executor, userId: string, assetId: string, max: number): Promise<boolean> {
  const rows = await exec.execute(sql`
    insert into ${favorites} (user_id, asset_id)
    select ${userId}::uuid, ${assetId}::uuid
    where (select count(*) from ${favorites} where ${favorites.userId} = ${userId}::uuid) < ${max}
    on conflict do nothing
    returning asset_id`);
  return ((rows as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

export async function isFavorite(exec: Executor, userId: string, assetId: string): Promise<boolean> {
  const [row] = await exec
    .select({ n: count() })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.assetId, assetId)));
  return Number(row?.n ?? 0) > 0;
}

/** Removes the favourite; answers whether there was one. */
export async function removeFavorite(exec: Executor, userId: string, assetId: string): Promise<boolean> {
  const rows = await exec
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.assetId, assetId)))
    .returning({ assetId: favorites.assetId });
  return rows.length > 0;
}

/** Every favourite of `userId` (and only theirs), the newest first, with the asset and its owner. */
export async function listFavorites(exec: Executor, userId: string): Promise<FavoriteRow[]> {
  const rows = await exec
    .select({
      asset: getTableColumns(assets),
      ownerName: users.name,
      ownerApellido: users.apellido,
      ownerCiudad: users.ciudad,
      ownerPais: users.pais,
      moderated: sql<boolean>`(${assets.hiddenAt} is not null or ${users.suspendedAt} is not null)`,
      createdAt: favorites.createdAt,
    })
    .from(favorites)
    .innerJoin(assets, eq(assets.id, favorites.assetId))
    .innerJoin(users, eq(users.id, assets.userId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.assetId));
  return rows.map((r) => ({
    asset: r.asset,
    owner: {
      _id: r.asset.userId,
      name: r.ownerName,
      apellido: r.ownerApellido,
      ciudad: r.ownerCiudad,
      pais: r.ownerPais,
    },
    moderated: r.moderated === true,
    createdAt: r.createdAt,
  }));
}
