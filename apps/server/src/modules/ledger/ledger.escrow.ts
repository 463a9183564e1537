import { type SQL, sql } from "drizzle-orm";
import { type Executor, foreseeNext } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/ids.ts";
import { insufficientFundsError, mapLedgerError } from "./ledger.errors.ts";
import { type ArrivalInput, arrivalQuery, limitArrival } from "./ledger.limits.ts";
import { MAX_LEDGER_AMOUNT, reviewOps, type TransferKind } from "./ledger.service.ts";

/**
 * Escrow (economy.md "What moves credits": sale paid with credits, custody
 * confirmed or cancelled). Credits wait in the `custodia` system account under
 * a reference (e.g. ('custodia', custodyId)); the stored function
 * ledger_escrow (drizzle/0004_deals.sql) refuses to take out of a reference
 * more than it holds, so a payment is paid out or refunded at most once even
 * if a caller tried twice. One round trip per movement, on the caller's tx.
 */

export interface EscrowInput {
  /** The payer (in) or the beneficiary (out): that user's disponible account. */
  userId: string;
  amount: number;
  refType: string;
  refId: string;
  actorUserId?: string | null;
  description?: string;
  /** The caller's clock (reviews and receipts of ADR 015); default the wall clock. */
  now?: Date;
}

export interface EscrowResult {
  transferId: number;
  /** Credits the reference still holds in escrow after this movement. */
  held: number;
  /** The user's disponible after the movement. */
  userBalance: number;
  /** Of a payment out: what the receiver's concentration cap (ADR 015) kept 'en revisión'. */
  enRevision?: number;
}

type Row = {
  status: "ok" | "insufficient";
  transfer_id: number | null;
  debit_balance: number | null;
  credit_balance: number | null;
  held: number | null;
};

const bad = (m: string) => new AppError("VALIDATION", m);

function check(input: EscrowInput) {
  if (!UUID_RE.test(input.userId) || !UUID_RE.test(input.refId)) throw bad("Identificador no válido");
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(input.refType)) throw bad("El tipo de referencia no es válido");
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > MAX_LEDGER_AMOUNT) {
    throw bad("El monto de créditos debe ser un entero mayor que 0");
  }
}

async function escrow(
  tx: Executor,
  direction: "in" | "out",
  kind: TransferKind,
  input: EscrowInput,
  /** Reads the caller makes right after the movement (db/client.ts foreseeNext). */
  ahead?: SQL[],
) {
  check(input);
  let row: Row | undefined;
  if (ahead) foreseeNext(tx, ahead);
  try {
    const res = await tx.execute(sql`select * from ledger_escrow(${direction}::text, ${input.userId}::uuid,
      ${input.amount}::bigint, ${kind}::text, ${input.refType}::text, ${input.refId}::uuid,
      ${input.actorUserId ?? null}::uuid, ${input.description ?? ""}::text)`);
    row = (res as unknown as { rows: Row[] }).rows[0];
  } catch (e) {
    mapLedgerError(e);
  }
  if (!row) throw new Error("ledger: ledger_escrow returned no row");
  return row;
}

/** Buyer disponible -> custodia. INSUFFICIENT_FUNDS (422, spec wording) when the buyer is short; nothing written. */
export async function escrowPay(tx: Executor, input: EscrowInput): Promise<EscrowResult> {
  const r = await escrow(tx, "in", "pago_custodia", input);
  if (r.status !== "ok" || r.transfer_id === null) {
    throw insufficientFundsError({ available: r.debit_balance ?? 0, required: input.amount });
  }
  return { transferId: r.transfer_id, held: r.held ?? 0, userBalance: r.debit_balance ?? 0 };
}

async function escrowOut(tx: Executor, kind: TransferKind, input: EscrowInput): Promise<EscrowResult> {
  // An arrival (ADR 015): a payment from the person who paid into this reference, or a refund. Its
  // read travels right behind the movement (foreseen); it writes nothing, so a refused movement
  // leaves nothing of it.
  const arrival: ArrivalInput = {
    userId: input.userId,
    amount: input.amount,
    now: input.now ?? new Date(),
    fromRef: kind === "liberacion_custodia" ? { refType: input.refType, refId: input.refId } : null,
  };
  const r = await escrow(tx, "out", kind, input, [arrivalQuery(arrival)]);
  if (r.status !== "ok" || r.transfer_id === null) {
    throw new AppError("CONFLICT", "Los créditos en custodia de esta operación ya fueron entregados o devueltos");
  }
  const enRevision = await limitArrival(tx, arrival, reviewOps(tx));
  return {
    transferId: r.transfer_id,
    held: r.held ?? 0,
    userBalance: (r.credit_balance ?? 0) - enRevision,
    ...(enRevision > 0 ? { enRevision } : {}),
  };
}

/** Custodia -> the offerer's disponible (custody confirmed). CONFLICT if the reference no longer holds it. */
export const escrowRelease = (tx: Executor, input: EscrowInput) => escrowOut(tx, "liberacion_custodia", input);

/** Custodia -> the payer's disponible (custody cancelled or expired). CONFLICT if already paid out or refunded. */
export const escrowRefund = (tx: Executor, input: EscrowInput) => escrowOut(tx, "reembolso_custodia", input);

/** Credits a reference holds in escrow now. */
export async function escrowHeld(exec: Executor, refType: string, refId: string): Promise<number> {
  const res = await exec.execute(sql`select coalesce(sum(case when t.credit_account_id = c.id then t.amount
      else -t.amount end), 0)::bigint as held
    from transfers t, (select id from accounts where user_id is null and kind = 'custodia') c
    where t.ref_type = ${refType} and t.ref_id = ${refId}::uuid and (t.credit_account_id = c.id or t.debit_account_id = c.id)`);
  return Number((res as unknown as { rows: { held: number }[] }).rows[0]?.held ?? 0);
}
