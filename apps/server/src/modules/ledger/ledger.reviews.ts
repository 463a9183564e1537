import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { approveReviewRow, processPerson } from "./ledger.limits-release.ts";
import { reviewOps } from "./ledger.service.ts";

/** Credits 'en revisión' (ADR 015): released by an admin's approval, by the queue or by the concentration cap's room. */

export interface ReviewApproved {
  reviewId: string;
  userId: string;
  released: number;
}

/**
 * An admin approves a review: what it still holds is released to the person, exactly once.
 * NOT_FOUND for an unknown review; CONFLICT when it was already approved, released or ended.
 */
export async function approveReview(
  tx: Executor,
  p: { reviewId: string; adminId: string; now: Date },
): Promise<ReviewApproved> {
  const r = await approveReviewRow(tx, p, reviewOps(tx));
  if (r === null) throw new AppError("NOT_FOUND", "Revisión no encontrada");
  if (r === "resolved") throw new AppError("CONFLICT", "Esta revisión ya fue resuelta");
  return { reviewId: r.review.id, userId: r.review.user_id, released: r.released };
}

/**
 * The check at read time: runs the release queue for the person (their window, the platform's
 * daily brake, oldest first) and releases what fits under the concentration cap (all of it once
 * their identity is verified). Returns the credits that became spendable.
 */
export function releaseReviewsByWindow(tx: Executor, userId: string, now: Date): Promise<number> {
  return processPerson(tx, userId, now, reviewOps(tx));
}
