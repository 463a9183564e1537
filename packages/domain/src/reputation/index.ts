import { z } from "zod";
import { OUTCOME_PROOFS, OUTCOME_RESULTS, type OutcomeProof, type OutcomeResult } from "../deals/process.ts";

/**
 * Reputation (deals.md "Reputation", ADR 014, ADR 024): a number per user derived from how their
 * deals ended, never stored. It reads OUTCOMES (declared by the process tables on every transition
 * into a final state), never process or transition names, so a new kind of deal counts by what its
 * table declares:
 * - prestamosDevueltos (+5, both parties): completed with proof `devolucion` (a lent asset returned).
 * - entregasCompletadas (+3, both parties): completed with proof `entrega` (a handover confirmed by
 *   the receiving side: the custody code, the recipient's acceptance, a rental finished).
 * - prestamosVencidos (−10, the party at fault): `incumplido` caused by this user (a loan not returned).
 * - cancelaciones (−2, the party who cancelled): `cancelado` caused by this user as a PARTY of the
 *   deal. An admin cancelling a shop purchase is no party (no penalty); withdrawing one's own
 *   proposal is `retirado`, and rejecting, expiring or closing are not cancellations either.
 * Sub-process deals (a loan's collateral) are part of their parent and are not counted again.
 */
export const REPUTATION_WEIGHTS = {
  prestamosDevueltos: 5,
  entregasCompletadas: 3,
  prestamosVencidos: -10,
  cancelaciones: -2,
} as const;

export type ReputationPart = keyof typeof REPUTATION_WEIGHTS;
export const REPUTATION_PARTS = Object.keys(REPUTATION_WEIGHTS) as ReputationPart[];

/** How many of a user's closed deals ended one way: the input of the scoring. */
export const reputationFactSchema = z.object({
  resultado: z.enum(OUTCOME_RESULTS),
  confirma: z.enum(OUTCOME_PROOFS).nullable(),
  /** The outcome was caused by this user in a role of theirs in the deal (not as an admin). */
  causadoPorMi: z.boolean(),
  cantidad: z.number().int().min(0),
});
export type ReputationFact = z.infer<typeof reputationFactSchema>;

/** Which part (if any) a deal that ended this way counts in, for one of its parties. */
export function reputationPartOf(fact: {
  resultado: OutcomeResult;
  confirma: OutcomeProof | null;
  causadoPorMi: boolean;
}): ReputationPart | null {
  switch (fact.resultado) {
    case "completado":
      if (fact.confirma === "devolucion") return "prestamosDevueltos";
      if (fact.confirma === "entrega") return "entregasCompletadas";
      return null;
    case "incumplido":
      return fact.causadoPorMi ? "prestamosVencidos" : null;
    case "cancelado":
      return fact.causadoPorMi ? "cancelaciones" : null;
    default:
      return null;
  }
}

export const reputationPartSchema = z.object({ cantidad: z.number(), peso: z.number(), puntos: z.number() });

/** GET /reputation/{id}: the figure and each part (count, weight, points). */
export const reputationSchema = z.object({
  userId: z.string(),
  reputacion: z.number(),
  partes: z.object({
    prestamosDevueltos: reputationPartSchema,
    entregasCompletadas: reputationPartSchema,
    prestamosVencidos: reputationPartSchema,
    cancelaciones: reputationPartSchema,
  }),
});
export type Reputation = z.infer<typeof reputationSchema>;
export const reputationResponseSchema = z.object({ success: z.literal(true), data: reputationSchema });

/** The pure scoring: the figure and its parts from a user's outcome facts. */
export function scoreReputation(userId: string, facts: readonly ReputationFact[]): Reputation {
  const counts: Record<ReputationPart, number> = {
    prestamosDevueltos: 0,
    entregasCompletadas: 0,
    prestamosVencidos: 0,
    cancelaciones: 0,
  };
  for (const f of facts) {
    const part = reputationPartOf(f);
    if (part) counts[part] += f.cantidad;
  }
  const partes = {} as Reputation["partes"];
  let reputacion = 0;
  for (const k of REPUTATION_PARTS) {
    const peso = REPUTATION_WEIGHTS[k];
    const puntos = counts[k] === 0 ? 0 : counts[k] * peso; // never -0
    partes[k] = { cantidad: counts[k], peso, puntos };
    reputacion += puntos;
  }
  return { userId, reputacion, partes };
}
