import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { blocks, users } from "../../db/schema/index.ts";

export interface BlockedRow {
  id: string;
  name: string;
  apellido: string;
  createdAt: Date;
}

/** Whether the account exists and is not deleted (a deleted account cannot be blocked). */
export async function userExists(exec: Executor, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return Number(row?.n ?? 0) > 0;
}

/**
 * Adds the block unless it is there already or the blocker already keeps `max`: one statement, so a
 * repeat (or two at once) is a no-op. Answers whether a row was added.
 */
export async function addBlock(exec: Executor, blockerId: string, blockedId: string, max: number): Promise<boolean> {
  const rows = await exec.execute(sql`
    insert into ${blocks} (blocker_id, blocked_id)
    select ${blockerId}::uuid, ${blockedId}::uuid
    where (select count(*) from ${blocks} where ${blocks.blockerId} = ${blockerId}::uuid) < ${max}
    on conflict do nothing
    returning blocked_id`);
  return ((rows as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

/** Removes the block; answers whether there was one. */
export async function removeBlock(exec: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await exec
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return rows.length > 0;
}

/**
 * Who blocked whom between `a` and any of `others` (a subquery of user ids): the blockers' ids.
 * One statement for all the people of a deal.
 */
export const blockersAmongQuery = (exec: Executor, a: string, others: SQL) =>
  exec
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), sql`${blocks.blockedId} in ${others}`),
        and(eq(blocks.blockedId, a), sql`${blocks.blockerId} in ${others}`),
      ),
    );

/** Who of the two blocked the other: the blockers' ids (none, one or both). Two index lookups. */
export async function blockersBetween(exec: Executor, a: string, b: string): Promise<string[]> {
  const rows = await exec
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))),
    );
  return rows.map((r) => r.blockerId);
}

/**
 * The blockers between `a` and an asset's owner, as a column of the query that locks the asset (`owner`: its owner column, qualified):
 * a JSON array of the blockers' ids, read by `blockersFrom`.
 */
export function blockersColumn(a: string, owner: SQL): SQL<unknown> {
  return sql`(select coalesce(json_agg(b.blocker_id), '[]'::json) from ${blocks} b
    where (b.blocker_id = ${a}::uuid and b.blocked_id = ${owner})
       or (b.blocker_id = ${owner} and b.blocked_id = ${a}::uuid))`;
}

export function blockersFrom(value: unknown): string[] {
  const list = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : [];
}

/** The people `blockerId` blocked (and only theirs), the newest first; deleted accounts left out. */
export async function listBlocked(exec: Executor, blockerId: string): Promise<BlockedRow[]> {
  return (
    exec
      .select({ id: users.id, name: users.name, apellido: users.apellido, createdAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      // A deleted account (its data erased) leaves the list; it can no longer meet anyone anyway.
      .where(and(eq(blocks.blockerId, blockerId), isNull(users.deletedAt)))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
  );
}

/**
 * A condition for another area's query: the person in `ownerColumn` and `viewerId` have not blocked
 * each other (either way). Two `not exists`, each an index lookup (the primary key and
 * blocks_blocked_idx), so a feed page pays two probes per row and nothing when nobody blocks anyone.
 */
export function noBlockBetween(viewerId: string, ownerColumn: AnyPgColumn): SQL {
  return sql`(not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId}::uuid and ${blocks.blockedId} = ${ownerColumn})
    and not exists (select 1 from ${blocks} where ${blocks.blockedId} = ${viewerId}::uuid and ${blocks.blockerId} = ${ownerColumn}))`;
}
