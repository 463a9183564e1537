import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(exec: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await exec.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(exec: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await exec.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** What a session check needs: the user and the sessions ended by 'Salir' that have not expired. */
export async function findAuthUser(exec: Executor, id: string) {
  const [row] = await exec
    .select({
      id: users.id,
      email: users.email,
      isAdmin: users.isAdmin,
      tokenVersion: users.tokenVersion,
      revokedJtis: sql<string[] | null>`(select array_agg(r.jti) from revoked_sessions r
        where r.user_id = ${users.id} and r.expires_at > now())`,
    })
    .from(users)
    // A suspended account has no session (issue 19; suspending also bumps its token version).
    .where(and(eq(users.id, id), isNull(users.suspendedAt)))
    .limit(1);
  return row;
}

export async function insertUser(exec: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await exec.insert(users).values(user).returning();
  if (!row) throw new Error("insert users returned no row");
  return row;
}

export async function updateUser(exec: Executor, id: string, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await exec
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setPassword(exec: Executor, id: string, passwordHash: string): Promise<void> {
  await exec
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** ADMIN_EMAILS: grants admin to those accounts (never revokes). */
export async function grantAdmins(exec: Executor, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await exec
    .update(users)
    .set({ isAdmin: true })
    .where(inArray(users.email, emails))
    .returning({ id: users.id });
  return rows.length;
}

export async function countUsers(exec: Executor): Promise<number> {
  const [row] = await exec.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/**
 * Suspends an account (issue 19): the reason, and token version + 1, so every session ends in every
 * process (trigger users_session_changed). Answers the row only when it was not suspended yet.
 */
export async function suspendUser(tx: Executor, id: string, at: Date, reason: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      suspendedAt: at,
      suspensionReason: reason,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, id), isNull(users.suspendedAt)))
    .returning();
  return row;
}

/** Lifts a suspension; answers the row only when it was suspended. */
export async function reactivateUser(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ suspendedAt: null, suspensionReason: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNotNull(users.suspendedAt)))
    .returning();
  return row;
}

/** The suspended accounts, most recent first. */
export function listSuspendedUsers(exec: Executor, limit = 200) {
  return exec
    .select({
      id: users.id,
      name: users.name,
      apellido: users.apellido,
      email: users.email,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
    })
    .from(users)
    .where(isNotNull(users.suspendedAt))
    .orderBy(desc(users.suspendedAt), asc(users.id))
    .limit(limit);
}

/** A few people by id: name and whether suspended (the admin's list of reports). */
export function findUsersBrief(exec: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return exec
    .select({
      id: users.id,
      name: users.name,
      apellido: users.apellido,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
