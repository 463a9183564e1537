import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { assets, movimientos, transacciones } from "../../db/schema/index.ts";
import { type BatchPart, rows, writeOrDefer } from "../../lib/batch.ts";
import { uuidv7 } from "../../lib/ids.ts";

export const MOVIMIENTO_TIPOS = [
  "publicar",
  "retirar",
  "retiro",
  "intercambio-propuesta",
  "intercambio",
  "venta",
  "donacion",
  "prestamo",
  "regalo",
  "alquiler",
  "liberacion",
  "destruccion",
  "compra",
] as const;
export type MovimientoTipo = (typeof MOVIMIENTO_TIPOS)[number];

export const TRANSACCION_TIPOS = [
  "registro",
  "retiro",
  "intercambio",
  "venta",
  "donación",
  "préstamo",
  "regalo",
  "alquiler",
  "liberación",
  "desactivación",
  "compra",
] as const;
export type TransaccionTipo = (typeof TRANSACCION_TIPOS)[number];

/** Whether a configured name (a process table's activity effect) is a movement type. */
export const isMovimientoTipo = (s: string): s is MovimientoTipo => (MOVIMIENTO_TIPOS as readonly string[]).includes(s);
/** Whether a configured name is a transaction type. */
export const isTransaccionTipo = (s: string): s is TransaccionTipo =>
  (TRANSACCION_TIPOS as readonly string[]).includes(s);

/** Business history for /movimientos (the money itself is in the ledger). */
export async function recordMovement(
  tx: Executor,
  m: { userId: string; tipo: MovimientoTipo; descripcion: string; valor: number; assetId?: string | null },
): Promise<void> {
  // Deferred to the end of a deal's step when one is running (lib/batch.ts).
  await writeOrDefer(tx, [movementPart(m)]);
}

/** {@link recordMovement} as a part of a one-statement batch (lib/batch.ts). */
export function movementPart(m: {
  userId: string;
  tipo: MovimientoTipo;
  descripcion: string;
  valor: number;
  assetId?: string | null;
}): BatchPart {
  return {
    sql: rows.insert(movimientos).values({ id: uuidv7(), ...m, assetId: m.assetId ?? null }),
  };
}

/** Business history for /mi-actividad. */
export async function recordTransaction(
  tx: Executor,
  t: {
    userId: string;
    type: TransaccionTipo;
    assetId?: string | null;
    amountCOP: number;
    amountCredits: number;
    description: string;
  },
): Promise<void> {
  // Deferred to the end of a deal's step when one is running (lib/batch.ts).
  await writeOrDefer(tx, [transactionPart(t)]);
}

/** {@link recordTransaction} as a part of a one-statement batch (lib/batch.ts). */
export function transactionPart(t: {
  userId: string;
  type: TransaccionTipo;
  assetId?: string | null;
  amountCOP: number;
  amountCredits: number;
  description: string;
}): BatchPart {
  return {
    sql: rows.insert(transacciones).values({ id: uuidv7(), ...t, assetId: t.assetId ?? null }),
  };
}

export type MovimientoRow = typeof movimientos.$inferSelect;

/** A user's movements, newest first (uuidv7 ids break ties within a transaction). */
export async function listMovements(exec: Executor, userId: string, limit: number): Promise<MovimientoRow[]> {
  return exec
    .select()
    .from(movimientos)
    .where(eq(movimientos.userId, userId))
    .orderBy(desc(movimientos.createdAt), desc(movimientos.id))
    .limit(limit);
}

export type TransaccionWithAsset = typeof transacciones.$inferSelect & {
  asset: { id: string; title: string; category: string } | null;
};

/** A user's transactions, newest first, with the title and category of their asset (if it still exists). */
export async function listTransactions(exec: Executor, userId: string, limit: number): Promise<TransaccionWithAsset[]> {
  const rows = await exec
    .select({ t: transacciones, assetTitle: assets.title, assetCategory: assets.category, assetRowId: assets.id })
    .from(transacciones)
    .leftJoin(assets, eq(assets.id, transacciones.assetId))
    .where(eq(transacciones.userId, userId))
    .orderBy(desc(transacciones.createdAt), desc(transacciones.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.t,
    asset:
      r.assetRowId === null ? null : { id: r.assetRowId, title: r.assetTitle ?? "", category: r.assetCategory ?? "" },
  }));
}

/** A user's movements, newest first, with the title of their asset (if it still exists): the CSV download. */
export async function listMovementsWithAsset(
  exec: Executor,
  userId: string,
  limit: number,
): Promise<(MovimientoRow & { assetTitle: string | null })[]> {
  const rows = await exec
    .select({ m: movimientos, assetTitle: assets.title })
    .from(movimientos)
    .leftJoin(assets, eq(assets.id, movimientos.assetId))
    .where(eq(movimientos.userId, userId))
    .orderBy(desc(movimientos.createdAt), desc(movimientos.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.m, assetTitle: r.assetTitle }));
}
