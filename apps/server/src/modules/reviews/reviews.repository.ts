import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { reviews } from "../../db/schema/index.ts";

/**
 * Queries of the reviews area: the only writer of `reviews` (issue 19 part 1). A round is a 'resena'
 * deal whose parent is the deal reviewed; the rounds are read here from the deals table (read only).
 */

export type ReviewRow = typeof reviews.$inferSelect;

const ROUND = "resena";
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The round opened for a completed deal, if any. */
export async function findRoundIdOf(exec: Executor, operacionId: string): Promise<string | undefined> {
  const res = await exec.execute(
    sql`select id::text as id from deals where parent_id = ${operacionId} and process = ${ROUND} limit 1`,
  );
  return rowsOf<{ id: string }>(res)[0]?.id;
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

/** In one round trip: the names of the people and the title of the reviewed deal's asset (if any). */
export async function roundFacts(
  exec: Executor,
  people: readonly string[],
  operacionId: string | null,
): Promise<{ names: Map<string, string>; title: string | null }> {
  const res = await exec.execute(roundFactsQuery(people, operacionId));
  const row = rowsOf<{ names: unknown; title: string | null }>(res)[0];
  const raw = typeof row?.names === "string" ? JSON.parse(row.names) : (row?.names ?? {});
  return { names: new Map(Object.entries(raw as Record<string, string>)), title: row?.title ?? null };
}

/** roundFacts' read: names and a title, which no deal step changes (so it may be read ahead). */
export function roundFactsQuery(people: readonly string[], operacionId: string | null): SQL {
  const ids = people.length ? people : ["00000000-0000-0000-0000-000000000000"];
  return sql`select
      (select coalesce(json_object_agg(u.id::text, u.name), '{}'::json) from users u
        where u.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})) as names,
      (select a.title from deals d join assets a on a.id = d.asset_id where d.id = ${operacionId}::uuid) as title`;
}

export interface PendingRow {
  roundCreatedAt: string;
  operacionId: string;
  contraparteId: string;
  contraparteName: string;
  assetId: string | null;
  assetTitle: string | null;
  completedAt: string;
}

/** The open rounds `userId` is a party of, opened after `since`, that they have not reviewed. */
export async function listPending(exec: Executor, userId: string, since: Date): Promise<PendingRow[]> {
  const res = await exec.execute(sql`
    select r.created_at as "roundCreatedAt", p.id::text as "operacionId", u.id::text as "contraparteId",
      u.name as "contraparteName", p.asset_id::text as "assetId", a.title as "assetTitle",
      p.closed_at as "completedAt"
    from deals r
    join deals p on p.id = r.parent_id
    join users u on u.id = (case when r.parties->>'parte_a' = ${userId} then r.parties->>'parte_b'
                                 else r.parties->>'parte_a' end)::uuid
    left join assets a on a.id = p.asset_id
    where r.process = ${ROUND} and r.closed_at is null and r.created_at > ${since.toISOString()}::timestamptz
      and (r.parties->>'parte_a' = ${userId} or r.parties->>'parte_b' = ${userId})
      and not exists (select 1 from reviews v where v.round_id = r.id and v.autor_id = ${userId})
    order by r.created_at asc, r.id asc
    limit 200`);
  return rowsOf<PendingRow>(res);
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
