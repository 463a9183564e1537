import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import { assets, custodias, custodyDisputeImages, custodyDisputes, deals, users } from "../../db/schema/index.ts";

/** Disputes on custody (issue 19 part 2): the only writer of custody_disputes and its images. */

export type DisputeRow = typeof custodyDisputes.$inferSelect;

export async function insertDispute(
  tx: Executor,
  row: typeof custodyDisputes.$inferInsert,
  images: { mime: string; bytes: Buffer }[],
): Promise<void> {
  await tx.insert(custodyDisputes).values(row);
  if (images.length > 0) {
    await tx
      .insert(custodyDisputeImages)
      .values(images.map((img, i) => ({ disputeId: row.id, n: i + 1, mime: img.mime, bytes: img.bytes })));
  }
}

/** Resolves the custody's open dispute; returns the row, or undefined when none was open. */
export async function resolveOpenDispute(
  tx: Executor,
  custodiaId: string,
  r: { resultado: "reembolsar" | "liberar"; nota: string; resueltaPor: string | null; resueltaEn: Date },
): Promise<DisputeRow | undefined> {
  const [row] = await tx
    .update(custodyDisputes)
    .set({ estado: "resuelta", ...r })
    .where(and(eq(custodyDisputes.custodiaId, custodiaId), eq(custodyDisputes.estado, "abierta")))
    .returning();
  return row;
}

export async function findDispute(exec: Executor, id: string): Promise<DisputeRow | undefined> {
  const [row] = await exec.select().from(custodyDisputes).where(eq(custodyDisputes.id, id)).limit(1);
  return row;
}

export async function findDisputeOfCustody(exec: Executor, custodiaId: string): Promise<DisputeRow | undefined> {
  const [row] = await exec.select().from(custodyDisputes).where(eq(custodyDisputes.custodiaId, custodiaId)).limit(1);
  return row;
}

export async function findDisputeImage(exec: Executor, id: string, n: number) {
  const [row] = await exec
    .select({ mime: custodyDisputeImages.mime, bytes: custodyDisputeImages.bytes })
    .from(custodyDisputeImages)
    .where(and(eq(custodyDisputeImages.disputeId, id), eq(custodyDisputeImages.n, n)))
    .limit(1);
  return row;
}

const oferente = alias(users, "dispute_oferente");
const receptor = alias(users, "dispute_receptor");
const opener = alias(users, "dispute_opener");
const resolver = alias(users, "dispute_resolver");

/** Disputes as the desk shows them (custody, asset, both parties, who opened and resolved it, photos). */
export async function listDisputesForDesk(exec: Executor, f: { estado?: "abierta" | "resuelta"; id?: string }) {
  const where = f.id ? eq(custodyDisputes.id, f.id) : f.estado ? eq(custodyDisputes.estado, f.estado) : undefined;
  return exec
    .select({
      d: custodyDisputes,
      c: custodias,
      state: deals.state,
      assetTitle: assets.title,
      oferente: { id: oferente.id, name: oferente.name, email: oferente.email },
      receptor: { id: receptor.id, name: receptor.name, email: receptor.email },
      openerName: opener.name,
      resolverName: resolver.name,
      images: sql<number>`(select count(*) from ${custodyDisputeImages} i where i.dispute_id = ${custodyDisputes.id})::int`,
    })
    .from(custodyDisputes)
    .innerJoin(custodias, eq(custodias.id, custodyDisputes.custodiaId))
    .innerJoin(deals, eq(deals.id, custodias.id))
    .innerJoin(assets, eq(assets.id, custodias.assetId))
    .innerJoin(oferente, eq(oferente.id, custodias.oferenteId))
    .innerJoin(receptor, eq(receptor.id, custodias.receptorId))
    .innerJoin(opener, eq(opener.id, custodyDisputes.abiertaPor))
    .leftJoin(resolver, eq(resolver.id, custodyDisputes.resueltaPor))
    .where(where)
    .orderBy(f.estado === "resuelta" ? desc(custodyDisputes.resueltaEn) : asc(custodyDisputes.createdAt))
    .limit(100);
}
export type DeskDisputeRow = Awaited<ReturnType<typeof listDisputesForDesk>>[number];
