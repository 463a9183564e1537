import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { reviewRounds, reviews } from "../../db/schema/index.ts";

/** Queries of the reviews area: the only writer of review_rounds and reviews (issue 19 part 1). */

export type ReviewRoundRow = typeof reviewRounds.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function insertRound(tx: Executor, row: typeof reviewRounds.$inferInsert): Promise<ReviewRoundRow> {
  const [r] = await tx.insert(reviewRounds).values(row).returning();
  if (!r) throw new Error("reviews: insert returned no round");
  return r;
}

export async function findRound(exec: Executor, id: string): Promise<ReviewRoundRow | undefined> {
  const [r] = await exec.select().from(reviewRounds).where(eq(reviewRounds.id, id)).limit(1);
  return r;
}

export async function findRoundOfDeal(exec: Executor, operacionId: string): Promise<ReviewRoundRow | undefined> {
  const [r] = await exec.select().from(reviewRounds).where(eq(reviewRounds.operacionId, operacionId)).limit(1);
  return r;
}

export function listRoundReviews(exec: Executor, roundId: string): Promise<ReviewRow[]> {
  return exec.select().from(reviews).where(eq(reviews.roundId, roundId)).orderBy(asc(reviews.createdAt));
}

export async function insertReview(tx: Executor, row: typeof reviews.$inferInsert): Promise<void> {
  await tx.insert(reviews).values(row);
}

/** Every review of the round becomes public at `now`. */
export async function publishRound(tx: Executor, roundId: string, now: Date): Promise<void> {
  await tx.update(reviews).set({ publishedAt: now }).where(eq(reviews.roundId, roundId));
}

/** Names of people by id (a deleted account keeps its placeholder name). */
export async function namesOf(exec: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await exec.execute(
    sql`select id::text as id, name from users where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rowsOf<{ id: string; name: string }>(res).map((r) => [r.id, r.name]));
}

export async function assetTitle(exec: Executor, assetId: string | null): Promise<string | null> {
  if (!assetId) return null;
  const res = await exec.execute(sql`select title from assets where id = ${assetId}`);
  return rowsOf<{ title: string }>(res)[0]?.title ?? null;
}

export interface PendingRow {
  operacionId: string;
  contraparteId: string;
  contraparteName: string;
  assetId: string | null;
  assetTitle: string | null;
  completedAt: string;
  closesAt: string;
}

/** The open rounds `userId` is a party of and has not reviewed yet, closing soonest first. */
export async function listPending(exec: Executor, userId: string, now: Date): Promise<PendingRow[]> {
  const res = await exec.execute(sql`
    select r.operacion_id::text as "operacionId", u.id::text as "contraparteId", u.name as "contraparteName",
      r.asset_id::text as "assetId", a.title as "assetTitle",
      r.completed_at as "completedAt", r.closes_at as "closesAt"
    from review_rounds r
    join deals d on d.id = r.id
    join users u on u.id = (case when d.parties->>'parte_a' = ${userId} then d.parties->>'parte_b'
                                 else d.parties->>'parte_a' end)::uuid
    left join assets a on a.id = r.asset_id
    where d.closed_at is null and r.closes_at > ${now.toISOString()}::timestamptz
      and (d.parties->>'parte_a' = ${userId} or d.parties->>'parte_b' = ${userId})
      and not exists (select 1 from reviews v where v.round_id = r.id and v.autor_id = ${userId})
    order by r.closes_at asc, r.id asc
    limit 200`);
  return rowsOf<PendingRow>(res).map((r) => ({
    ...r,
    completedAt: new Date(r.completedAt).toISOString(),
    closesAt: new Date(r.closesAt).toISOString(),
  }));
}

export interface PublishedRow {
  id: string;
  autorId: string;
  autorName: string;
  puntuacion: number;
  comentario: string;
  publishedAt: Date;
}

/** One page of the published reviews about `userId`, newest first. */
export async function listPublished(
  exec: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<PublishedRow[]> {
  const res = await exec.execute(sql`
    select v.id::text as id, v.autor_id::text as "autorId", u.name as "autorName", v.puntuacion,
      v.comentario, v.published_at as "publishedAt"
    from reviews v join users u on u.id = v.autor_id
    where v.destinatario_id = ${userId} and v.published_at is not null
    order by v.published_at desc, v.id desc
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<PublishedRow>(res).map((r) => ({
    ...r,
    puntuacion: Number(r.puntuacion),
    publishedAt: new Date(r.publishedAt),
  }));
}

/** How many published reviews `userId` has and the sum of their stars. */
export async function publishedSummary(exec: Executor, userId: string): Promise<{ cantidad: number; suma: number }> {
  const [row] = await exec
    .select({ cantidad: sql<number>`count(*)::int`, suma: sql<number>`coalesce(sum(${reviews.puntuacion}), 0)::int` })
    .from(reviews)
    .where(and(eq(reviews.destinatarioId, userId), sql`${reviews.publishedAt} is not null`));
  return { cantidad: Number(row?.cantidad ?? 0), suma: Number(row?.suma ?? 0) };
}
