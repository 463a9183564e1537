import { DAY_MS, dailyBounds, dailyRefusal, registrationValueRefusal } from "@valoriza/domain";
import type { BatchPart } from "../../lib/batch.ts";
import { unprocessable } from "../../lib/errors.ts";
import { dailyBoundsGuardSql, dailyBoundsRefused, uuidv7Floor } from "../ledger/index.ts";

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

function checkDaily(p: IssuanceInput, row: { n?: unknown; issued?: unknown } | undefined): void {
  const daily = dailyRefusal(Number(row?.n ?? 0), Number(row?.issued ?? 0), p.credits, p.maxRegistrationsPerDay);
  if (daily) throw unprocessable(daily, { limite: "diario" });
}

/**
 * The day's bounds as a part of the registration's batch (lib/batch.ts; ledger dailyBoundsGuardSql):
 * the batch fails as a whole, writing nothing, when this registration would pass them. It runs
 * after the person's limits lock (an earlier statement), so its snapshot sees every registration of
 * theirs committed before; two registrations of one person are counted one after the other.
 */
export function dailyIssuanceGuard(p: IssuanceInput): BatchPart {
  const from = uuidv7Floor(p.now.getTime() - DAY_MS);
  return { sql: dailyBoundsGuardSql(p.userId, from, dailyBounds(p.credits, p.maxRegistrationsPerDay)), returns: true };
}

/** `e` as the refusal (422) of the day's bounds when dailyIssuanceGuard failed the batch; else `e` unchanged. */
export function rethrowDailyRefusal(p: IssuanceInput, e: unknown): never {
  const counts = dailyBoundsRefused(e);
  if (counts) checkDaily(p, counts);
  throw e;
}
