import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { reports, users } from "../../db/schema/index.ts";

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;

/** Inserts a report unless the same person already has one open about the same target (then undefined). */
export async function insertReportIfAbsent(
  tx: Executor,
  r: NewReport & { id: string },
): Promise<ReportRow | undefined> {
  const [row] = await tx.insert(reports).values(r).onConflictDoNothing().returning();
  return row;
}

/** The open reports, oldest first (the desk works through them in order), with who reported. */
export async function listOpenReports(exec: Executor, limit: number, offset: number) {
  const open = eq(reports.estado, "abierto");
  const [rows, [total]] = await Promise.all([
    exec
      .select({ r: reports, reporterName: users.name, reporterApellido: users.apellido })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(open)
      .orderBy(asc(reports.createdAt), asc(reports.id))
      .limit(limit)
      .offset(offset),
    exec.select({ n: count() }).from(reports).where(open),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Open reports per target ("tipo:objetivoId" → count), for the targets given. */
export async function countOpenByTarget(exec: Executor, targets: { tipo: string; objetivoId: string }[]) {
  const out = new Map<string, number>();
  if (targets.length === 0) return out;
  const ids = [...new Set(targets.map((t) => t.objetivoId))];
  const rows = await exec
    .select({ tipo: reports.tipo, objetivoId: reports.objetivoId, n: count() })
    .from(reports)
    .where(and(eq(reports.estado, "abierto"), inArray(reports.objetivoId, ids)))
    .groupBy(reports.tipo, reports.objetivoId);
  for (const r of rows) out.set(`${r.tipo}:${r.objetivoId}`, Number(r.n));
  return out;
}

export async function lockReport(tx: Executor, id: string): Promise<ReportRow | undefined> {
  const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for("update").limit(1);
  return row;
}

export async function closeReport(
  tx: Executor,
  id: string,
  c: { by: string; at: Date; resolucion: string },
): Promise<ReportRow | undefined> {
  const [row] = await tx
    .update(reports)
    .set({ estado: "cerrado", closedAt: c.at, closedBy: c.by, resolucion: c.resolucion })
    .where(and(eq(reports.id, id), eq(reports.estado, "abierto")))
    .returning();
  return row;
}

/** Reports a person made, newest first (tests, data rights). */
export function listReportsBy(exec: Executor, reporterId: string) {
  return exec
    .select()
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), sql`${reports.id} desc`);
}
