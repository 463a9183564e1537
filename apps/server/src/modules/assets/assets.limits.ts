import { DAY_MS, dailyRefusal, registrationValueRefusal } from "@valoriza/domain";
import { type BoundStatement, bind, type Tx } from "../../db/client.ts";
import { unprocessable } from "../../lib/errors.ts";
import { lockPersonLimits, registrationsSql, uuidv7Floor } from "../ledger/index.ts";

/**
 * Bounds at issuance (issue 12, ADR 015): the declared value per registration, and per person
 * per rolling 24 hours the number of registrations and the credits issued. Counted inside the
 * registration's transaction under the person's advisory lock, so two concurrent registrations of
 * one person are counted one after the other; a refusal (422) throws and the transaction rolls
 * back. Asset ids are uuidv7 of the injected clock, so "the last 24 hours" is an id range.
 * The count is of the registrations the person MADE (the holds issued to them, which never change
 * owner, plus their own assets that issued nothing), not of the assets they still own: giving
 * assets away frees no room (issue 17).
 */
export interface IssuanceInput {
  userId: string;
  now: Date;
  assetType: string;
  category: string;
  valueCOP: number;
  credits: number;
  /** The operator's MAX_REGISTROS_DIA; undefined: the domain's figure. */
  maxRegistrationsPerDay?: number | undefined;
}

/** The per-registration value bound (pure; before anything is sent to the database). */
export function checkIssuanceValue(p: IssuanceInput): void {
  const byValue = registrationValueRefusal(p.assetType as never, p.category, p.valueCOP);
  if (byValue) throw unprocessable(byValue, { limite: "valor" });
}

function dailyCountSql(p: IssuanceInput) {
  return registrationsSql(p.userId, uuidv7Floor(p.now.getTime() - DAY_MS), null);
}

function checkDaily(p: IssuanceInput, row: { n?: unknown; issued?: unknown } | undefined): void {
  const daily = dailyRefusal(Number(row?.n ?? 0), Number(row?.issued ?? 0), p.credits, p.maxRegistrationsPerDay);
  if (daily) throw unprocessable(daily, { limite: "diario" });
}

export async function checkIssuance(tx: Tx, p: IssuanceInput): Promise<void> {
  checkIssuanceValue(p);
  await lockPersonLimits(tx, p.userId);
  const res = await tx.execute(dailyCountSql(p));
  checkDaily(p, (res as unknown as { rows: { n: unknown; issued: unknown }[] }).rows[0]);
}

/**
 * The daily bounds' count as a bound statement of the registration's opening (db/client.ts `bind`,
 * sent with BEGIN right after the person's lock, personLimitsLock): its snapshot sees every
 * registration of theirs that committed before. Named: each connection plans it once.
 */
export function dailyIssuanceStatement(p: IssuanceInput): BoundStatement {
  return bind(dailyCountSql(p));
}

/** The refusal (422) of the day's bounds, from dailyIssuanceStatement's rows: before anything is written. */
export function checkDailyIssuance(p: IssuanceInput, rows: Record<string, unknown>[] | undefined): void {
  checkDaily(p, rows?.[0] as { n?: unknown; issued?: unknown } | undefined);
}
