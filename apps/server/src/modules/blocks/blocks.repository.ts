import { and, count, desc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { assets, blocks, users } from "../../db/schema/index.ts";

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
 * The same question about a person and the owner of an asset, in one statement (a purchase asks it
 * before the engine locks the asset: no extra lock, one round trip). The owner can only change
 * through a deal on the asset, which the engine's own guard refuses while another runs.
 */
export async function blockersBetweenOwner(exec: Executor, a: string, assetId: string): Promise<string[]> {
  const rows = await exec
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .innerJoin(assets, eq(assets.id, assetId))
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, assets.userId)),
        and(eq(blocks.blockerId, assets.userId), eq(blocks.blockedId, a)),
      ),
    );
  return rows.map((r) => r.blockerId);
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
