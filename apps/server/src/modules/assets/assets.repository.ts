import { and, count, desc, eq, getTableColumns, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets, users } from "../../db/schema/index.ts";
import type { BatchPart } from "../../lib/batch.ts";
import { UUID_RE } from "../../lib/ids.ts";

export type AssetRow = typeof assets.$inferSelect;
export type NewAsset = typeof assets.$inferInsert;
export type Owner = { _id: string; name: string; apellido: string; ciudad: string; pais: string };

const ownerCols = {
  ownerName: users.name,
  ownerApellido: users.apellido,
  ownerCiudad: users.ciudad,
  ownerPais: users.pais,
};

type Joined = AssetRow & { ownerName: string; ownerApellido: string; ownerCiudad: string; ownerPais: string };
export type AssetWithOwner = { asset: AssetRow; owner: Owner };

function split(r: Joined): AssetWithOwner {
  const { ownerName, ownerApellido, ownerCiudad, ownerPais, ...asset } = r;
  return {
    asset,
    owner: { _id: asset.userId, name: ownerName, apellido: ownerApellido, ciudad: ownerCiudad, pais: ownerPais },
  };
}

export async function insertAsset(tx: Executor, a: NewAsset): Promise<AssetRow> {
  const [row] = await tx.insert(assets).values(a).returning();
  if (!row) throw new Error("insert assets returned no row");
  return row;
}

const columnEntries = Object.entries(getTableColumns(assets));

/** An assets row as a batch part returns it (lib/batch.ts: a JSON object keyed by column name), as drizzle maps it. */
function assetFromJson(o: Record<string, unknown>): AssetRow {
  const row: Record<string, unknown> = {};
  for (const [key, col] of columnEntries) {
    const v = o[col.name];
    row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return row as AssetRow;
}

/**
 * insertAsset as a part of the registration's batch statement (lib/batch.ts, issue 7): the row
 * comes back with the batch. The id is the caller's (uuidv7), so the other parts already know it;
 * rows that reference the asset by foreign key may be inserted by other parts of the same
 * statement (checked at its end). Parts share one snapshot: none of them sees this row.
 */
export function insertAssetPart(
  exec: Executor,
  a: NewAsset & { id: string },
): { part: BatchPart; read(rows: unknown[]): AssetRow } {
  return {
    part: { sql: exec.insert(assets).values(a).returning().getSQL(), returns: true },
    read: (rows) => {
      const o = rows[0] as Record<string, unknown> | undefined;
      if (!o) throw new Error("insert assets returned no row");
      return assetFromJson(o);
    },
  };
}

/**
 * The owner's city and department (the location of an asset registered without one), as an
 * inline statement (db/client.ts InlineStatements) sent with BEGIN. The id is a uuid, checked
 * before it is inlined.
 */
export function ownerLocationStatement(userId: string): string {
  if (!UUID_RE.test(userId)) throw new Error("ownerLocationStatement: the user id is not a uuid");
  return `select ciudad, departamento from users where id = '${userId}'::uuid`;
}

/** The rows of ownerLocationStatement; empty strings when the user has no city (or no row). */
export function readOwnerLocation(rows: Record<string, unknown>[] | undefined): {
  ciudad: string;
  departamento: string;
} {
  const r = rows?.[0];
  return { ciudad: (r?.ciudad as string | null) ?? "", departamento: (r?.departamento as string | null) ?? "" };
}

export async function findAssetWithOwner(exec: Executor, id: string): Promise<AssetWithOwner | undefined> {
  const [row] = await exec
    .select({ ...assetColumns(), ...ownerCols })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.userId))
    .where(eq(assets.id, id))
    .limit(1);
  return row ? split(row as Joined) : undefined;
}

/** Locks the asset row for the rest of the transaction (state transitions). */
export async function lockAsset(tx: Executor, id: string): Promise<AssetRow | undefined> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for("update").limit(1);
  return row;
}

export async function updateAsset(tx: Executor, id: string, patch: Partial<NewAsset>): Promise<AssetRow> {
  const [row] = await tx
    .update(assets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(assets.id, id))
    .returning();
  if (!row) throw new Error("asset vanished during update");
  return row;
}

const assetColumns = () => getTableColumns(assets);

const visible = and(ne(assets.status, "desactivado"), eq(assets.privacy, "publico"));

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The public feed, newest first; `q` is already normalized (lower-case, no accents). */
export async function listPublicAssets(
  exec: Executor,
  opts: { excludeUserId?: string | undefined; q?: string | undefined; limit: number; offset: number },
): Promise<AssetWithOwner[]> {
  const conds = [visible];
  if (opts.excludeUserId) conds.push(ne(assets.userId, opts.excludeUserId));
  // Every word of the query must appear (in any order) in one of the asset's searched fields or in
  // the owner's name ("activos o personas"). users.search_name: generated column, migration 0003.
  for (const word of (opts.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const p = likePattern(word);
    conds.push(sql`(${assets.searchText} like ${p} or "users"."search_name" like ${p})`);
  }
  const rows = await exec
    .select({ ...assetColumns(), ...ownerCols })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.userId))
    .where(and(...conds))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => split(r as Joined));
}

export interface UserAssetsFilter {
  mainPurpose?: string | undefined;
  statuses?: string[] | undefined;
  /** Only what the feed shows of them (public, not deactivated): for anyone but the owner or an admin. */
  publicOnly?: boolean | undefined;
}

/** One page of a user's assets (not deactivated), newest first, and how many there are in all. */
export async function listUserAssets(
  exec: Executor,
  userId: string,
  opts: UserAssetsFilter & { limit: number; offset: number },
): Promise<{ rows: AssetRow[]; total: number }> {
  const conds = [eq(assets.userId, userId), ne(assets.status, "desactivado")];
  if (opts.mainPurpose) conds.push(eq(assets.mainPurpose, opts.mainPurpose));
  if (opts.statuses?.length) conds.push(inArray(assets.status, opts.statuses));
  if (opts.publicOnly) conds.push(eq(assets.privacy, "publico"));
  const where = and(...conds);
  const [rows, [counted]] = await Promise.all([
    exec
      .select()
      .from(assets)
      .where(where)
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(opts.limit)
      .offset(opts.offset),
    exec.select({ n: count() }).from(assets).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function listUserGoodsForUpdate(tx: Executor, userId: string): Promise<AssetRow[]> {
  return tx
    .select()
    .from(assets)
    .where(and(eq(assets.userId, userId), eq(assets.assetType, "bien"), ne(assets.status, "desactivado")))
    .for("update");
}
