/** Helpers of the tests that need spendable credits from self-declared assets (not a test file itself). */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";

/**
 * Marks people identity-verified (users.verified), as an approved identity verification or an
 * admin's POST /api/admin/usuarios/{id}/verificar does: their self-declared credits become
 * spendable within the 30-day window (ADR 015). For test setups that sell or finish assets and
 * then spend the credits.
 */
export async function verifyPeople(exec: Executor, ...userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await exec.execute(
    sql`update users set verified = true where id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}
