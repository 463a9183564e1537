import { and, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Executor, executeBehind, type ForeseenRead, foresee, queryBuilder } from "../../db/client.ts";
import { assetLocations, assets, exchangeOffers, exchangeProposals, users } from "../../db/schema/index.ts";
import { patchOrDefer, withPendingPatch } from "../../lib/batch.ts";
import { noBlockBetween } from "../blocks/index.ts";

export type ProposalRow = typeof exchangeProposals.$inferSelect;
export type NewProposal = typeof exchangeProposals.$inferInsert;
export type OfferRow = typeof exchangeOffers.$inferSelect;
export type NewOffer = typeof exchangeOffers.$inferInsert;
type AssetRow = typeof assets.$inferSelect;

export async function insertProposal(tx: Executor, row: NewProposal): Promise<ProposalRow> {
  const [p] = await tx.insert(exchangeProposals).values(row).returning();
  if (!p) throw new Error("exchanges: proposal not inserted");
  return p;
}

const proposalQuery = (exec: Executor, id: string) =>
  exec.select().from(exchangeProposals).where(eq(exchangeProposals.id, id)).limit(1);

export async function findProposal(exec: Executor, id: string): Promise<ProposalRow | undefined> {
  const [p] = await proposalQuery(exec, id);
  return withPendingPatch(exec, "exchange_proposals", p);
}

/** findProposal's read, foreseen: the first of a proposal's step, sent with BEGIN (issue 21). */
export const foreseeFindProposal = (id: string): ForeseenRead => foresee(proposalQuery(queryBuilder, id));

/** A change of an existing row; inside a deal's step it goes with the step's one statement (lib/batch.ts). */
export async function updateProposal(tx: Executor, id: string, patch: Partial<NewProposal>): Promise<void> {
  await patchOrDefer(tx, `exchange_proposals:${id}`, patch, (p) =>
    tx.update(exchangeProposals).set(p).where(eq(exchangeProposals.id, id)).getSQL(),
  );
}

/** `assetIds`: the ids, or a subquery that selects them (assetsOfProposal). */
const pendingProposalsQuery = (exec: Executor, assetIds: string[] | SQL, exceptId: string) =>
  exec
    .select({ id: exchangeProposals.id })
    .from(exchangeProposals)
    .where(
      and(
        eq(exchangeProposals.estado, "pendiente"),
        ne(exchangeProposals.id, exceptId),
        or(inArray(exchangeProposals.offeredAssetId, assetIds), inArray(exchangeProposals.requestedAssetId, assetIds)),
      ),
    )
    .orderBy(exchangeProposals.id);

/** Pending proposals (other than `exceptId`) that involve any of these assets, on either side. */
export async function pendingProposalsOnAssets(
  tx: Executor,
  assetIds: string[] | SQL,
  exceptId: string,
): Promise<string[]> {
  return (await pendingProposalsQuery(tx, assetIds, exceptId)).map((r) => r.id);
}

/**
 * pendingProposalsOnAssets's read, foreseen (db/client.ts foresee; issue 21): an acceptance's first
 * effect (cerrarOtrasPropuestas) makes it right after the guards' reads, under the assets' lock.
 */
export const foreseePendingProposalsOnAssets = (assetIds: string[] | SQL, exceptId: string): ForeseenRead =>
  foresee(pendingProposalsQuery(queryBuilder, assetIds, exceptId));

export interface ProposalView {
  p: ProposalRow;
  offered: Pick<AssetRow, "id" | "title" | "category" | "creditosAsignados" | "baseValueCOP" | "images">;
  requested: Pick<AssetRow, "id" | "title" | "category" | "creditosAsignados" | "baseValueCOP" | "images">;
  proposerName: string;
  targetName: string;
}

const oa = alias(assets, "oa");
const ra = alias(assets, "ra");
const pu = alias(users, "pu");
const tu = alias(users, "tu");

function viewQuery(exec: Executor) {
  const pick = (a: typeof oa | typeof ra) => ({
    id: a.id,
    title: a.title,
    category: a.category,
    creditosAsignados: a.creditosAsignados,
    baseValueCOP: a.baseValueCOP,
    images: a.images,
  });
  return exec
    .select({
      p: exchangeProposals,
      offered: pick(oa),
      requested: pick(ra),
      proposerName: pu.name,
      targetName: tu.name,
    })
    .from(exchangeProposals)
    .innerJoin(oa, eq(oa.id, exchangeProposals.offeredAssetId))
    .innerJoin(ra, eq(ra.id, exchangeProposals.requestedAssetId))
    .innerJoin(pu, eq(pu.id, exchangeProposals.proposingUserId))
    .innerJoin(tu, eq(tu.id, exchangeProposals.targetUserId));
}

export async function findProposalView(exec: Executor, id: string): Promise<ProposalView | undefined> {
  const [v] = await viewQuery(exec).where(eq(exchangeProposals.id, id)).limit(1);
  return v;
}

export async function listProposalViews(
  exec: Executor,
  side: "received" | "sent",
  userId: string,
  limit = 200,
): Promise<ProposalView[]> {
  const col = side === "received" ? exchangeProposals.targetUserId : exchangeProposals.proposingUserId;
  return viewQuery(exec).where(eq(col, userId)).orderBy(desc(exchangeProposals.createdAt)).limit(limit);
}

// ---------------------------------------------------------------------------
// Open offers
// ---------------------------------------------------------------------------

export async function insertOfferIfNoneOpen(tx: Executor, row: NewOffer): Promise<OfferRow | undefined> {
  const [o] = await tx
    .insert(exchangeOffers)
    .values(row)
    .onConflictDoNothing({ target: exchangeOffers.assetId, where: sql`${exchangeOffers.estado} = 'abierta'` })
    .returning();
  return o;
}

/** Closes the open offers of these assets (they changed owner). */
export async function closeOffersOfAssets(tx: Executor, assetIds: string[], now: Date): Promise<void> {
  // Nobody reads these rows back in the step: the update travels with its next statement.
  await executeBehind(
    tx,
    tx
      .update(exchangeOffers)
      .set({ estado: "cerrada", closedAt: now })
      .where(and(eq(exchangeOffers.estado, "abierta"), inArray(exchangeOffers.assetId, assetIds)))
      .getSQL(),
  );
}

export interface OfferView {
  o: OfferRow;
  asset: ProposalView["offered"];
  ownerName: string;
}

export async function listOpenOffers(
  exec: Executor,
  opts: { userId?: string; limit?: number; viewerId?: string },
): Promise<OfferView[]> {
  return exec
    .select({
      o: exchangeOffers,
      asset: {
        id: assets.id,
        title: assets.title,
        category: assets.category,
        creditosAsignados: assets.creditosAsignados,
        baseValueCOP: assets.baseValueCOP,
        images: assets.images,
      },
      ownerName: users.name,
    })
    .from(exchangeOffers)
    .innerJoin(assets, eq(assets.id, exchangeOffers.assetId))
    .innerJoin(users, eq(users.id, exchangeOffers.userId))
    .where(
      and(
        eq(exchangeOffers.estado, "abierta"),
        // An offer whose asset changed hands or left the listing is no longer shown.
        eq(assets.userId, exchangeOffers.userId),
        inArray(assets.status, ["activo", "disponible"]),
        opts.userId ? eq(exchangeOffers.userId, opts.userId) : undefined,
        // Not the offers of people the viewer blocked or who blocked the viewer (issue 19 part 4).
        opts.viewerId ? noBlockBetween(opts.viewerId, exchangeOffers.userId) : undefined,
      ),
    )
    .orderBy(desc(exchangeOffers.createdAt))
    .limit(opts.limit ?? 100);
}

/** A user's assets that may be offered in an exchange (not in a deal, not deactivated). */
export async function listExchangeableOwnAssets(exec: Executor, userId: string): Promise<AssetRow[]> {
  return exec
    .select()
    .from(assets)
    .where(and(eq(assets.userId, userId), inArray(assets.status, ["activo", "disponible"])))
    .orderBy(desc(assets.createdAt))
    .limit(500);
}

// ---------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------

type AssetLocationRow = { assetId: string; lat: number; lng: number; source: "usuario" | "ciudad" };

const assetLocationUpsert = (exec: Executor, row: AssetLocationRow) =>
  exec
    .insert(assetLocations)
    .values(row)
    .onConflictDoUpdate({ target: assetLocations.assetId, set: { lat: row.lat, lng: row.lng, source: row.source } });

export async function upsertAssetLocation(tx: Executor, row: AssetLocationRow): Promise<void> {
  await assetLocationUpsert(tx, row);
}

/** upsertAssetLocation as SQL for a part of a batch statement (lib/batch.ts). */
export const assetLocationUpsertSql = (exec: Executor, row: AssetLocationRow): SQL =>
  assetLocationUpsert(exec, row).getSQL();

export async function findAssetLocation(exec: Executor, assetId: string) {
  const [l] = await exec.select().from(assetLocations).where(eq(assetLocations.assetId, assetId)).limit(1);
  return l;
}

/**
 * Other people's listed exchangeable assets whose public point is within
 * `maxKm` of `p`, nearest first. The bounding box runs on the (lat, lng)
 * index; the haversine distance decides and orders. Distances come back in
 * km (unrounded; the service rounds), never the points themselves.
 */
export async function nearbyExchangeable(
  exec: Executor,
  p: { lat: number; lng: number },
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
  maxKm: number,
  excludeUserId: string,
  limit: number,
): Promise<
  { asset: AssetRow; ownerName: string; ownerApellido: string; ownerCiudad: string; ownerPais: string; km: number }[]
> {
  const km = sql<number>`(2 * 6371.0088 * asin(least(1, sqrt(
      power(sin(radians(${assetLocations.lat} - ${p.lat}::float8) / 2), 2)
      + cos(radians(${p.lat}::float8)) * cos(radians(${assetLocations.lat}))
        * power(sin(radians(${assetLocations.lng} - ${p.lng}::float8) / 2), 2)))))`;
  const rows = await exec
    .select({
      asset: assets,
      ownerName: users.name,
      ownerApellido: users.apellido,
      ownerCiudad: users.ciudad,
      ownerPais: users.pais,
      km: km.mapWith(Number),
    })
    .from(assetLocations)
    .innerJoin(assets, eq(assets.id, assetLocations.assetId))
    .innerJoin(users, eq(users.id, assets.userId))
    .where(
      and(
        sql`${assetLocations.lat} between ${box.minLat}::float8 and ${box.maxLat}::float8`,
        sql`${assetLocations.lng} between ${box.minLng}::float8 and ${box.maxLng}::float8`,
        ne(assets.userId, excludeUserId),
        noBlockBetween(excludeUserId, assets.userId),
        eq(assets.mainPurpose, "intercambiar"),
        eq(assets.privacy, "publico"),
        inArray(assets.status, ["activo", "disponible"]),
        // Moderation (issue 19): not hidden by an admin, owner not suspended.
        sql`${assets.hiddenAt} is null and ${users.suspendedAt} is null`,
        sql`${km} <= ${maxKm}::float8`,
      ),
    )
    .orderBy(km, assets.id)
    .limit(limit);
  return rows;
}

/** A proposal with its assets' titles (for the texts of activity and notifications). */
export type ProposalData = ProposalRow & { offeredTitle: string; requestedTitle: string };

const proposalDataQuery = (exec: Executor, id: string) =>
  exec
    .select({ p: exchangeProposals, offeredTitle: oa.title, requestedTitle: ra.title })
    .from(exchangeProposals)
    .innerJoin(oa, eq(oa.id, exchangeProposals.offeredAssetId))
    .innerJoin(ra, eq(ra.id, exchangeProposals.requestedAssetId))
    .where(eq(exchangeProposals.id, id))
    .limit(1);

/** findProposalData's read, foreseen (db/client.ts foresee; issue 21). */
export const foreseeProposalData = (id: string): ForeseenRead => foresee(proposalDataQuery(queryBuilder, id));

/** The ids of a stored proposal's two assets, as a subquery (their lock read without reading the proposal first). */
export const assetsOfProposal = (id: string): SQL =>
  sql`(select ${exchangeProposals.offeredAssetId} from ${exchangeProposals} where ${exchangeProposals.id} = ${id}::uuid
    union all select ${exchangeProposals.requestedAssetId} from ${exchangeProposals} where ${exchangeProposals.id} = ${id}::uuid)`;

export async function findProposalData(exec: Executor, id: string): Promise<ProposalData | undefined> {
  const [v] = await proposalDataQuery(exec, id);
  return v
    ? {
        ...(withPendingPatch(exec, "exchange_proposals", v.p) as ProposalRow),
        offeredTitle: v.offeredTitle,
        requestedTitle: v.requestedTitle,
      }
    : undefined;
}

/**
 * True when `userId` gave `assetId` away in an accepted exchange (the requested asset of its target,
 * or the offered asset of its proposer): the credit release the spec's client calls afterwards for
 * the requested asset finds nothing left to release (issue 15 item 19).
 */
export async function gaveAwayInExchange(exec: Executor, assetId: string, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: exchangeProposals.id })
    .from(exchangeProposals)
    .where(
      and(
        eq(exchangeProposals.estado, "aceptada"),
        or(
          and(eq(exchangeProposals.requestedAssetId, assetId), eq(exchangeProposals.targetUserId, userId)),
          and(eq(exchangeProposals.offeredAssetId, assetId), eq(exchangeProposals.proposingUserId, userId)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
