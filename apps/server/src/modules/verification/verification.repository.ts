import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { identityImages, identityVerifications, users } from "../../db/schema/index.ts";

export type IdentityRow = typeof identityVerifications.$inferSelect;
export type IdentityEstado = IdentityRow["estado"];
export type IdentityKind = (typeof identityImages.$inferSelect)["kind"];

/** The person's newest submission, if any. */
export async function latestOfUser(exec: Executor, userId: string): Promise<IdentityRow | undefined> {
  const [row] = await exec
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id))
    .limit(1);
  return row;
}

/** Whether another account holds `numero` in a pending or approved submission. */
export async function documentHeldByOther(exec: Executor, numero: string, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.numeroDocumento, numero),
        ne(identityVerifications.userId, userId),
        sql`${identityVerifications.estado} IN ('pendiente', 'aprobada')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertSubmission(
  exec: Executor,
  row: typeof identityVerifications.$inferInsert,
  images: { kind: IdentityKind; mime: string; bytes: Buffer }[],
): Promise<IdentityRow> {
  const [inserted] = await exec.insert(identityVerifications).values(row).returning();
  if (!inserted) throw new Error("identity_verifications: insert returned nothing");
  await exec.insert(identityImages).values(images.map((i) => ({ verificationId: inserted.id, ...i })));
  return inserted;
}

/** Retention: a person's rejected submissions (and their images) once they send a new one. */
export async function deleteRejectedOfUser(exec: Executor, userId: string): Promise<void> {
  await exec
    .delete(identityVerifications)
    .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.estado, "rechazada")));
}

/** Every submission of the person, images included (ON DELETE CASCADE): the account's deletion. */
export async function deleteAllOfUser(exec: Executor, userId: string): Promise<number> {
  const gone = await exec
    .delete(identityVerifications)
    .where(eq(identityVerifications.userId, userId))
    .returning({ id: identityVerifications.id });
  return gone.length;
}

/**
 * Decides a pending submission, as ONE conditional UPDATE: of two admins deciding at once, the
 * second's statement waits for the first's row lock, then finds the row no longer pending and
 * changes nothing (undefined).
 */
export async function decidePending(
  exec: Executor,
  id: string,
  d: { estado: "aprobada" | "rechazada"; motivo: string | null; adminId: string; at: Date },
): Promise<IdentityRow | undefined> {
  const [row] = await exec
    .update(identityVerifications)
    .set({ estado: d.estado, motivo: d.motivo, decididaPor: d.adminId, decididaEn: d.at })
    .where(and(eq(identityVerifications.id, id), eq(identityVerifications.estado, "pendiente")))
    .returning();
  return row;
}

export async function findSubmission(exec: Executor, id: string): Promise<IdentityRow | undefined> {
  const [row] = await exec.select().from(identityVerifications).where(eq(identityVerifications.id, id)).limit(1);
  return row;
}

/** Approval: the profile's `verified`. */
export async function markUserVerified(exec: Executor, userId: string): Promise<void> {
  await exec.update(users).set({ verified: true }).where(eq(users.id, userId));
}

export async function findImage(
  exec: Executor,
  id: string,
  kind: IdentityKind,
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  const [row] = await exec
    .select({ mime: identityImages.mime, bytes: identityImages.bytes })
    .from(identityImages)
    .where(and(eq(identityImages.verificationId, id), eq(identityImages.kind, kind)))
    .limit(1);
  return row;
}

const decider = alias(users, "decider");

/** The desk's list: pending first (oldest first, as they arrived), then decided ones (newest decision first). */
export async function listForDesk(exec: Executor, f: { estado?: IdentityEstado | undefined; limit: number }) {
  const where = f.estado ? eq(identityVerifications.estado, f.estado) : undefined;
  const rows = await exec
    .select({
      v: identityVerifications,
      user: {
        id: users.id,
        name: users.name,
        apellido: users.apellido,
        email: users.email,
        createdAt: users.createdAt,
      },
      decider: { id: decider.id, name: decider.name },
    })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .leftJoin(decider, eq(decider.id, identityVerifications.decididaPor))
    .where(where)
    .orderBy(
      sql`case when ${identityVerifications.estado} = 'pendiente' then 0 else 1 end`,
      sql`case when ${identityVerifications.estado} = 'pendiente' then ${identityVerifications.createdAt} end asc`,
      desc(identityVerifications.decididaEn),
      asc(identityVerifications.id),
    )
    .limit(f.limit);
  const counted = await exec
    .select({ estado: identityVerifications.estado, n: count() })
    .from(identityVerifications)
    .groupBy(identityVerifications.estado);
  const counts = { pendiente: 0, aprobada: 0, rechazada: 0 };
  for (const c of counted) counts[c.estado] = Number(c.n);
  return { rows, counts };
}

export type DeskRow = Awaited<ReturnType<typeof listForDesk>>["rows"][number];

/** One submission as the desk shows it (after a decision). */
export async function findForDesk(exec: Executor, id: string): Promise<DeskRow | undefined> {
  const [row] = await exec
    .select({
      v: identityVerifications,
      user: {
        id: users.id,
        name: users.name,
        apellido: users.apellido,
        email: users.email,
        createdAt: users.createdAt,
      },
      decider: { id: decider.id, name: decider.name },
    })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .leftJoin(decider, eq(decider.id, identityVerifications.decididaPor))
    .where(eq(identityVerifications.id, id))
    .limit(1);
  return row;
}
