import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { accountTokens, revokedSessions } from "../../db/schema/index.ts";

export type TokenPurpose = "verificar_email" | "restablecer_contrasena";
export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** A new link token: 32 random bytes (base64url) for the mail, its SHA-256 for the database. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export async function insertAccountToken(
  exec: Executor,
  row: { hash: string; userId: string; purpose: TokenPurpose; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await exec.insert(accountTokens).values({
    tokenHash: row.hash,
    userId: row.userId,
    purpose: row.purpose,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  });
}

export async function findAccountToken(
  exec: Executor,
  hash: string,
  purpose: TokenPurpose,
): Promise<AccountTokenRow | undefined> {
  const [row] = await exec
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks the token used, only if nobody did first (one use even with two clicks at once). */
export async function useAccountToken(exec: Executor, hash: string, at: Date): Promise<boolean> {
  const rows = await exec
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.tokenHash, hash), isNull(accountTokens.usedAt)))
    .returning({ hash: accountTokens.tokenHash });
  return rows.length === 1;
}

/** Every other unused link of that purpose ends too (a reset ends the older reset links). */
export async function retireAccountTokens(exec: Executor, userId: string, purpose: TokenPurpose, at: Date) {
  await exec
    .update(accountTokens)
    .set({ usedAt: at })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** 'Salir': the session (jti) is refused until it would have expired anyway. */
export async function revokeSession(exec: Executor, userId: string, jti: string, expiresAt: Date, now: Date) {
  await exec
    .insert(revokedSessions)
    .values({ jti, userId, expiresAt, revokedAt: now })
    .onConflictDoNothing({ target: revokedSessions.jti });
  // Rows of expired tokens are of no use any more.
  await exec
    .delete(revokedSessions)
    .where(and(eq(revokedSessions.userId, userId), lte(revokedSessions.expiresAt, sql`now()`)));
}
