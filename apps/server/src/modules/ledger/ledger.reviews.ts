import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { lockPersonLimits, lockReview, resolveReview, windowReleasable } from "./ledger.limits.ts";
import { releaseHold } from "./ledger.service.ts";

/** Credits 'en revisión' (ADR 015): released by an admin's approval or by the 30-day window. */

export interface ReviewApproved {
  reviewId: string;
  userId: string;
  released: number;
}

/**
 * An admin approves a review: its hold ('revision', id) is released to the person, exactly once.
 * NOT_FOUND for an unknown review; CONFLICT when it was already approved or released.
 */
export async function approveReview(
  tx: Executor,
  p: { reviewId: string; adminId: string; now: Date },
): Promise<ReviewApproved> {
  const r = await lockReview(tx, p.reviewId);
  if (!r) throw new AppError("NOT_FOUND", "Revisión no encontrada");
  if (r.status !== "en_revision") throw new AppError("CONFLICT", "Esta revisión ya fue resuelta");
  await lockPersonLimits(tx, r.user_id);
  const h = await releaseHold(tx, {
    refType: "revision",
    refId: r.id,
    kind: "revision_liberacion",
    actorUserId: p.adminId,
    description: "Créditos en revisión aprobados por un administrador",
  });
  if (h.amount !== r.amount) throw new AppError("CONFLICT", "Esta revisión ya fue resuelta");
  await resolveReview(tx, r, { status: "aprobada", by: p.adminId, now: p.now });
  return { reviewId: r.id, userId: r.user_id, released: h.amount };
}

/**
 * The check at read time: releases the person's reviews held only by the limit (never the
 * flagged ones), oldest first, while the rolling window has room for the whole review.
 * Returns the credits released.
 */
export async function releaseReviewsByWindow(tx: Executor, userId: string, now: Date): Promise<number> {
  await lockPersonLimits(tx, userId);
  const { left, reviews } = await windowReleasable(tx, userId, now);
  let room = left;
  let released = 0;
  for (const r of reviews) {
    if (r.amount > room) break;
    const h = await releaseHold(tx, {
      refType: "revision",
      refId: r.id,
      kind: "revision_liberacion",
      description: "Créditos en revisión liberados: la ventana de 30 días lo permite",
    });
    await resolveReview(tx, r, { status: "liberada", by: null, now });
    room -= h.amount;
    released += h.amount;
  }
  return released;
}
