import { count, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { adminActions, users } from "../../db/schema/index.ts";

/** Appends one row to the admin's log (append-only: a trigger refuses UPDATE, DELETE, TRUNCATE). */
export async function recordAdminAction(
  tx: Executor,
  a: { adminId: string; accion: string; objetoTipo: string; objetoId: string; detalle: string; createdAt: Date },
): Promise<void> {
  await tx.insert(adminActions).values(a);
}

export async function listAdminActions(exec: Executor, f: { accion?: string; limit: number; offset: number }) {
  const where = f.accion ? eq(adminActions.accion, f.accion) : undefined;
  const rows = await exec
    .select({ a: adminActions, name: users.name, email: users.email })
    .from(adminActions)
    .innerJoin(users, eq(users.id, adminActions.adminId))
    .where(where)
    .orderBy(desc(adminActions.id))
    .limit(f.limit)
    .offset(f.offset);
  const [t] = await exec.select({ n: count() }).from(adminActions).where(where);
  return { rows, total: Number(t?.n ?? 0) };
}
