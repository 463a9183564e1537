import { MSG } from "@valoriza/domain";
import { assertSelfOrAdmin } from "../../lib/access.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { notFound } from "../../lib/errors.ts";
import { findUserById } from "../users/index.ts";
import { csvFileName, movementsCsv, transactionsCsv } from "./activity.csv.ts";
import {
  listMovements,
  listMovementsWithAsset,
  listTransactions,
  type MovimientoRow,
  type TransaccionWithAsset,
} from "./activity.repository.ts";

/**
 * The history lists return at most this many entries, newest first: the
 * screens show a history, not an export, and an unbounded list would grow
 * with every operation of an active user.
 */
export const ACTIVITY_LIST_LIMIT = 200;
/** The CSV downloads carry the whole history (issue 20), up to this many rows. */
export const ACTIVITY_CSV_LIMIT = 100_000;

export interface TransaccionDto {
  _id: string;
  type: string;
  assetId: { _id: string; title: string; category: string } | null;
  amountCOP: number;
  amountCredits: number;
  description: string;
  createdAt: string;
}

export interface MovimientoDto {
  _id: string;
  tipo: string;
  descripcion: string;
  valor: number;
  assetId: string | null;
  createdAt: string;
}

const toTransaccion = (t: TransaccionWithAsset): TransaccionDto => ({
  _id: t.id,
  type: t.type,
  assetId: t.asset ? { _id: t.asset.id, title: t.asset.title, category: t.asset.category } : null,
  amountCOP: t.amountCOP,
  amountCredits: t.amountCredits,
  description: t.description,
  createdAt: t.createdAt.toISOString(),
});

const toMovimiento = (m: MovimientoRow): MovimientoDto => ({
  _id: m.id,
  tipo: m.tipo,
  descripcion: m.descripcion,
  valor: m.valor,
  assetId: m.assetId,
  createdAt: m.createdAt.toISOString(),
});

/** Read side of the business history (written with recordMovement / recordTransaction). */
export function createActivityService({ db, clock }: Pick<AppDeps, "db"> & Partial<Pick<AppDeps, "clock">>) {
  return {
    async myTransactions(userId: string): Promise<TransaccionDto[]> {
      return (await listTransactions(db, userId, ACTIVITY_LIST_LIMIT)).map(toTransaccion);
    },

    async myMovements(userId: string): Promise<MovimientoDto[]> {
      return (await listMovements(db, userId, ACTIVITY_LIST_LIMIT)).map(toMovimiento);
    },

    /** Every movement of the caller as CSV (activity.csv.ts). */
    async myMovementsCsv(userId: string): Promise<{ fileName: string; csv: string }> {
      const rows = await listMovementsWithAsset(db, userId, ACTIVITY_CSV_LIMIT);
      return { fileName: csvFileName("movimientos", clock?.now() ?? new Date()), csv: movementsCsv(rows) };
    },

    /** Every transaction of the caller as CSV (activity.csv.ts). */
    async myTransactionsCsv(userId: string): Promise<{ fileName: string; csv: string }> {
      const rows = await listTransactions(db, userId, ACTIVITY_CSV_LIMIT);
      return { fileName: csvFileName("transacciones", clock?.now() ?? new Date()), csv: transactionsCsv(rows) };
    },

    /** Someone's movements: their own, or anyone's for an admin (404 for an unknown user). */
    async movementsOf(viewer: AuthUser, userId: string): Promise<MovimientoDto[]> {
      assertSelfOrAdmin(viewer, userId);
      if (viewer.id !== userId && !(await findUserById(db, userId))) throw notFound(MSG.userNotFound);
      return (await listMovements(db, userId, ACTIVITY_LIST_LIMIT)).map(toMovimiento);
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
