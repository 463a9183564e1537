import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { type BoundStatement, bind, type Executor, type ForeseenRead, foresee, queryBuilder } from "../../db/client.ts";
import { assetLocations, assets, users } from "../../db/schema/index.ts";
import { type BatchPart, type InsertValues, patchOrDefer, pendingPatch, rows } from "../../lib/batch.ts";
import { noBlockBetween } from "../blocks/index.ts";

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
export function insertAssetPart(a: InsertValues<typeof assets> & { id: string }): {
  part: BatchPart;
  read(rows: unknown[]): AssetRow;
} {
  return {
    part: { sql: rows.insert(assets).values(a, { returning: true }), returns: true },
    read: (rows) => {
      const o = rows[0] as Record<string, unknown> | undefined;
      if (!o) throw new Error("insert assets returned no row");
      return assetFromJson(o);
    },
  };
}

/**
 * The owner's city and department (the location of an asset registered without one), as a bound
 * statement of an opening (db/client.ts `bind`), sent with BEGIN.
 */
export function ownerLocationStatement(userId: string): BoundStatement {
  return bind(sql`select ciudad, departamento from users where id = ${userId}::uuid`);
}

/**
 * The owner's city and department as an asset row's values (lib/batch.ts insert), read by the
 * statement that inserts the row: a registration without a location needs no read of its own.
 */
export function ownerLocationColumns(userId: string): { ciudad: SQL; departamento: SQL } {
  return {
    ciudad: sql`(select coalesce(ciudad, '') from users where id = ${userId}::uuid)`,
    departamento: sql`(select coalesce(departamento, '') from users where id = ${userId}::uuid)`,
  };
}

/** The rows of ownerLocationStatement; empty strings when the user has no city (or no row). */
export function readOwnerLocation(rows: Record<string, unknown>[] | undefined): {
  ciudad: string;
  departamento: string;
} {
  const r = rows?.[0];
  return { ciudad: (r?.ciudad as string | null) ?? "", departamento: (r?.departamento as string | null) ?? "" };
}

export async function findAssetWithOwner(
  exec: Executor,
  id: string,
): Promise<(AssetWithOwner & { ownerSuspended: boolean }) | undefined> {
  const [row] = await exec
    .select({ ...assetColumns(), ...ownerCols, ownerSuspendedAt: users.suspendedAt })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.userId))
    .where(eq(assets.id, id))
    .limit(1);
  if (!row) return undefined;
  const { ownerSuspendedAt, ...rest } = row;
  return { ...split(rest as Joined), ownerSuspended: ownerSuspendedAt !== null };
}

/** Locks the asset row for the rest of the transaction (state transitions). */
export async function lockAsset(tx: Executor, id: string): Promise<AssetRow | undefined> {
  const [row] = await tx.select().from(assets).where(eq(assets.id, id)).for("update").limit(1);
  return withPending(tx, row);
}

/**
 * lockAsset with one more column read in the same statement (`extra(assets.userId)`: another
 * area's condition on the owner, e.g. the blocks between a buyer and the owner).
 */
export async function lockAssetWith(
  tx: Executor,
  id: string,
  extra: (owner: SQL) => SQL<unknown>,
): Promise<{ asset: AssetRow | undefined; extra: unknown }> {
  const [r] = await lockAssetWithQuery(tx, id, extra);
  return { asset: withPending(tx, r?.a), extra: r?.extra ?? null };
}

const lockAssetWithQuery = (x: Executor, id: string, extra: (owner: SQL) => SQL<unknown>) =>
  x
    // The owner qualified: the column is read inside another table's subquery.
    .select({ a: assets, extra: extra(sql.raw(`"assets"."user_id"`)) })
    .from(assets)
    .where(eq(assets.id, id))
    .for("update", { of: assets })
    .limit(1);

/**
 * lockAssetWith foreseen (db/client.ts foresee): a deal's start sends it with BEGIN (a purchase's
 * opening, issue 21). The id must be a uuid.
 */
export const foreseeLockAssetWith = (id: string, extra: (owner: SQL) => SQL<unknown>): ForeseenRead =>
  foresee(lockAssetWithQuery(queryBuilder, id, extra));

/**
 * The asset of a deal, locked FOR UPDATE: a step's first lock (the asset, then the deal), found
 * through the deal in the same statement. Undefined when the deal is about no asset or is unknown.
 */
const lockAssetOfDealQuery = (x: Executor, dealId: string) =>
  x
    .select()
    .from(assets)
    .where(eq(assets.id, sql`(select d.asset_id from deals d where d.id = ${dealId}::uuid)`))
    .for("update")
    .limit(1);

export async function lockAssetOfDeal(tx: Executor, dealId: string): Promise<AssetRow | undefined> {
  const [row] = await lockAssetOfDealQuery(tx, dealId);
  return withPending(tx, row);
}

/** lockAssetOfDeal foreseen (db/client.ts foresee): sent with BEGIN by a deal step's opening (issue 21). */
export const foreseeLockAssetOfDeal = (dealId: string): ForeseenRead =>
  foresee(lockAssetOfDealQuery(queryBuilder, dealId));

const assetKey = (id: string) => `assets:${id}`;

/** The row as the running step sees it: its patches not yet written (patchAssetRow) applied. */
function withPending(exec: Executor, row: AssetRow | undefined): AssetRow | undefined {
  const p = row ? pendingPatch(exec, assetKey(row.id)) : undefined;
  return row && p ? ({ ...row, ...p, updatedAt: new Date() } as AssetRow) : row;
}

/**
 * Changes a locked asset without reading it back: inside a deal's step the change goes with the
 * step's one statement, merged with the step's other changes of the asset (lockAsset and lockAssets
 * see it before that); at once otherwise. Answers the row as it now is.
 */
export async function patchAssetRow(tx: Executor, row: AssetRow, patch: Partial<NewAsset>): Promise<AssetRow> {
  await patchOrDefer(tx, assetKey(row.id), patch, (p) =>
    tx
      .update(assets)
      .set({ ...p, updatedAt: sql`now()` })
      .where(eq(assets.id, row.id))
      .getSQL(),
  );
  return { ...row, ...patch, updatedAt: new Date() } as AssetRow;
}

/**
 * Locks several assets in ascending id order in one statement (the lock order of every call that
 * holds two assets: exchanges, a loan and its collateral), keyed by id; a missing one is absent.
 */
export async function lockAssets(tx: Executor, ids: string[] | SQL): Promise<Map<string, AssetRow>> {
  const rows = await lockAssetsQuery(tx, ids);
  return new Map(rows.map((r) => [r.id, withPending(tx, r) as AssetRow]));
}

/** `ids`: the ids, or a subquery that selects them (e.g. a loan's asset and its collateral). */
const lockAssetsQuery = (x: Executor, ids: string[] | SQL) =>
  x
    .select()
    .from(assets)
    .where(inArray(assets.id, Array.isArray(ids) ? [...new Set(ids)] : ids))
    .orderBy(asc(assets.id))
    .for("update");

/** lockAssets foreseen (issue 21). */
export const foreseeLockAssets = (ids: string[] | SQL): ForeseenRead => foresee(lockAssetsQuery(queryBuilder, ids));

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

/**
 * Moderation (issue 19): not hidden by an admin, and its owner not suspended. A condition of its
 * own, next to (not inside) `visible`; the query must join `users` on the owner.
 */
const notModerated = sql`(${assets.hiddenAt} is null and ${users.suspendedAt} is null)`;
/** notModerated for a query without the owner joined. */
const notModeratedAlone = sql`(${assets.hiddenAt} is null and not exists (select 1 from users su
  where su.id = ${assets.userId} and su.suspended_at is not null))`;

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** GET /api/assets's filters (issue 20); `q` and `ciudad` are already normalized (lower-case, no accents). */
export interface PublicAssetsFilter {
  excludeUserId?: string | undefined;
  /** The signed-in viewer: people they blocked, or who blocked them, are left out (issue 19 part 4). */
  viewerId?: string | undefined;
  q?: string | undefined;
  categoria?: string | undefined;
  tipo?: string | undefined;
  proposito?: string | undefined;
  ciudad?: string | undefined;
  minCreditos?: number | undefined;
  maxCreditos?: number | undefined;
  orden: "recientes" | "precio_asc" | "precio_desc" | "distancia";
  /** The searcher's point (only to measure and order by distance; never stored). */
  from?: { lat: number; lng: number } | undefined;
  limit: number;
  offset: number;
}

/** The folding of migrations 0003 and 0018 (Spanish letters), for columns without a generated copy. */
const FOLD_FROM = "ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç";
const FOLD_TO = "AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc";

/**
 * The public feed (ADR 020): every word of `q` must appear (in any order) in the asset's searched
 * fields, its city and department, or the owner's name ("activos o personas"); filters narrow it;
 * `total` counts every match (not just this page). Distances are measured to the asset's public
 * point (asset_locations: offset by up to ~500 m or the city centre; ADR 013), never an exact one.
 */
export async function listPublicAssets(
  exec: Executor,
  opts: PublicAssetsFilter,
): Promise<{ rows: (AssetWithOwner & { distanceKm: number | null })[]; total: number }> {
  const conds = [visible, notModerated];
  if (opts.excludeUserId) conds.push(ne(assets.userId, opts.excludeUserId));
  if (opts.viewerId) conds.push(noBlockBetween(opts.viewerId, assets.userId));
  // users.search_name: generated column, migration 0003; assets.search_place: migration 0018.
  for (const word of (opts.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    const p = likePattern(word);
    conds.push(
      sql`(${assets.searchText} like ${p} or "assets"."search_place" like ${p} or "users"."search_name" like ${p})`,
    );
  }
  if (opts.categoria) conds.push(eq(assets.category, opts.categoria));
  if (opts.tipo) conds.push(eq(assets.assetType, opts.tipo));
  if (opts.proposito) conds.push(eq(assets.mainPurpose, opts.proposito));
  if (opts.ciudad) {
    conds.push(sql`lower(translate(${assets.ciudad}, ${FOLD_FROM}, ${FOLD_TO})) = ${opts.ciudad}`);
  }
  if (opts.minCreditos !== undefined) conds.push(gte(assets.creditosAsignados, opts.minCreditos));
  if (opts.maxCreditos !== undefined) conds.push(lte(assets.creditosAsignados, opts.maxCreditos));
  const where = and(...conds);
  const from = opts.from;
  const km = from
    ? // least() skips nulls: an asset without a public point must stay null (last), not "far".
      sql<number | null>`(case when ${assetLocations.lat} is null then null else 2 * 6371.0088 * asin(least(1, sqrt(
        power(sin(radians(${assetLocations.lat} - ${from.lat}::float8) / 2), 2)
        + cos(radians(${from.lat}::float8)) * cos(radians(${assetLocations.lat}))
          * power(sin(radians(${assetLocations.lng} - ${from.lng}::float8) / 2), 2)))) end)`
    : sql<null>`null::float8`;
  const order =
    opts.orden === "precio_asc"
      ? [asc(assets.creditosAsignados), desc(assets.createdAt), desc(assets.id)]
      : opts.orden === "precio_desc"
        ? [desc(assets.creditosAsignados), desc(assets.createdAt), desc(assets.id)]
        : opts.orden === "distancia" && from
          ? [sql`${km} asc nulls last`, desc(assets.createdAt), desc(assets.id)]
          : [desc(assets.createdAt), desc(assets.id)];
  const page = exec
    .select({ ...assetColumns(), ...ownerCols, distanceKm: km })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.userId))
    .leftJoin(assetLocations, eq(assetLocations.assetId, assets.id))
    .where(where)
    .orderBy(...order)
    .limit(opts.limit)
    .offset(opts.offset);
  const counted = exec.select({ n: count() }).from(assets).innerJoin(users, eq(users.id, assets.userId)).where(where);
  const [rows, [c]] = await Promise.all([page, counted]);
  return {
    rows: rows.map(({ distanceKm, ...r }) => ({
      ...split(r as Joined),
      distanceKm: distanceKm === null || distanceKm === undefined ? null : Number(distanceKm),
    })),
    total: Number(c?.n ?? 0),
  };
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
  if (opts.publicOnly) conds.push(eq(assets.privacy, "publico"), notModeratedAlone);
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

/** Hides an asset (issue 19; `hidden` null shows it again). Only a change answers the row. */
export async function setAssetHidden(
  tx: Executor,
  id: string,
  hidden: { at: Date; reason: string } | null,
): Promise<AssetRow | undefined> {
  const [row] = await tx
    .update(assets)
    .set(
      hidden
        ? { hiddenAt: hidden.at, hiddenReason: hidden.reason, updatedAt: sql`now()` }
        : { hiddenAt: null, hiddenReason: null, updatedAt: sql`now()` },
    )
    .where(and(eq(assets.id, id), hidden ? isNull(assets.hiddenAt) : isNotNull(assets.hiddenAt)))
    .returning();
  return row;
}

/** The assets an admin hid, newest decision first, with their owner. */
export async function listHiddenAssets(exec: Executor, limit = 200) {
  return exec
    .select({
      id: assets.id,
      title: assets.title,
      hiddenAt: assets.hiddenAt,
      hiddenReason: assets.hiddenReason,
      ownerId: users.id,
      ownerName: users.name,
      ownerApellido: users.apellido,
    })
    .from(assets)
    .innerJoin(users, eq(users.id, assets.userId))
    .where(isNotNull(assets.hiddenAt))
    .orderBy(desc(assets.hiddenAt))
    .limit(limit);
}

/** A few assets by id with their owner (the admin's list of reports): title, owner, hidden. */
export async function findAssetsBrief(exec: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return exec
    .select({
      id: assets.id,
      title: assets.title,
      hidden: sql<boolean>`${assets.hiddenAt} is not null`,
      ownerId: assets.userId,
    })
    .from(assets)
    .where(inArray(assets.id, ids));
}
