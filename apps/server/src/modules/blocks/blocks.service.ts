import { BLOCKS_MAX, BLOCKS_MSG, type BlockedPerson } from "@valoriza/domain";
import type { SQL } from "drizzle-orm";
import { type Executor, type ForeseenRead, foresee, queryBuilder } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import {
  addBlock,
  blockersAmongQuery,
  blockersBetween,
  blockersColumn,
  blockersFrom,
  listBlocked,
  removeBlock,
  userExists,
} from "./blocks.repository.ts";

export interface BlockToggled {
  userId: string;
  bloqueado: boolean;
  cambio: boolean;
}

/**
 * The one check of every route where two people meet (issue 19 part 4): refuses with 403 when
 * either of the two blocked the other, with the message that makes sense to the caller (`actorId`):
 * the blocker is told they can undo it, the blocked person only that they cannot interact. Call it
 * in the caller's transaction before the deal engine (or the chat) writes anything; the throw rolls
 * the whole unit of work back. The answer is 403 with the code BLOCKED. Deals the two already have are not checked here: they go on to their
 * end (a block must not trap credits in escrow).
 */
export async function assertNoBlock(exec: Executor, actorId: string, otherId: string | null | undefined) {
  if (!otherId || otherId === actorId) return;
  refuseIfBlocked(actorId, await blockersBetween(exec, actorId, otherId));
}

/**
 * `assertNoBlock` between `actorId` and each of `others` (a subquery of user ids, e.g. a deal's
 * parties; the actor among them is ignored: nobody blocks themselves), in one statement.
 */
export async function assertNoBlockAmong(exec: Executor, actorId: string, others: SQL) {
  const rows = await blockersAmongQuery(exec, actorId, others);
  refuseIfBlocked(
    actorId,
    rows.map((r) => r.blockerId),
  );
}

/** assertNoBlockAmong's read, foreseen (db/client.ts foresee; issue 21). */
export const foreseeNoBlockAmong = (actorId: string, others: SQL): ForeseenRead =>
  foresee(blockersAmongQuery(queryBuilder, actorId, others));

/**
 * `assertNoBlock` between a person and an asset's owner, read with the asset's lock (one statement, the engine's start): `column`
 * is added to the locking query, `check` refuses as assertNoBlock does.
 */
export function noBlockWithOwnerOnLock(actorId: string): {
  column: (owner: SQL) => SQL<unknown>;
  check: (value: unknown) => void;
} {
  return {
    column: (owner) => blockersColumn(actorId, owner),
    check: (value) => refuseIfBlocked(actorId, blockersFrom(value)),
  };
}

function refuseIfBlocked(actorId: string, blockers: string[]) {
  // 403 with its own code, BLOCKED: the web tells it from a dead session (which a FORBIDDEN may be).
  if (blockers.includes(actorId)) throw new AppError("BLOCKED", BLOCKS_MSG.blockedByYou);
  if (blockers.length > 0) throw new AppError("BLOCKED", BLOCKS_MSG.blockedByOther);
}

/**
 * Blocks: POST/DELETE /api/bloqueos/{userId}, GET /api/bloqueos. The blocker is always the session;
 * a person reads and changes only their own list. Both calls can be repeated (200, `cambio` false):
 * blocking someone already blocked keeps the block (and its date), unblocking someone not blocked
 * changes nothing. Blocking oneself is 400, an unknown (or deleted) account 404.
 */
export function createBlocksService({ db }: Pick<AppDeps, "db">) {
  return {
    async block(user: AuthUser, userId: string): Promise<BlockToggled> {
      if (userId === user.id) throw badRequest(BLOCKS_MSG.self);
      if (!(await userExists(db, userId))) throw notFound(BLOCKS_MSG.userNotFound);
      if (await addBlock(db, user.id, userId, BLOCKS_MAX)) return { userId, bloqueado: true, cambio: true };
      // Not added: it was there already, or the list is full.
      if ((await blockersBetween(db, user.id, userId)).includes(user.id)) {
        return { userId, bloqueado: true, cambio: false };
      }
      throw conflict(BLOCKS_MSG.tooMany);
    },

    async unblock(user: AuthUser, userId: string): Promise<BlockToggled> {
      if (userId === user.id) throw badRequest(BLOCKS_MSG.self);
      const removed = await removeBlock(db, user.id, userId);
      if (!removed && !(await userExists(db, userId))) throw notFound(BLOCKS_MSG.userNotFound);
      return { userId, bloqueado: false, cambio: removed };
    },

    async list(user: AuthUser): Promise<BlockedPerson[]> {
      const rows = await listBlocked(db, user.id);
      return rows.map((r) => ({ _id: r.id, name: r.name, apellido: r.apellido, createdAt: r.createdAt.toISOString() }));
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
