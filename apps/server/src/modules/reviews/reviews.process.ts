import { REVIEW_MSG, REVIEW_PROCESS, REVIEW_WINDOW_MS, type ReviewFields } from "@valoriza/domain";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { conflict } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import type { DealRow, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { insertReview, listRoundReviews, publishRound, type ReviewRow, roundFacts } from "./reviews.repository.ts";

/**
 * The record of a 'resena' deal: the reviews written so far, the parties' names and the title of the
 * deal reviewed (for the notices). The round's other facts are its deal's: the parties, the deal
 * reviewed (`parentId`) and the opening (`createdAt`, + 14 days: the end).
 */
export interface ReviewRound {
  reviews: ReviewRow[];
  names: Map<string, string>;
  title: string | null;
}

/** The last moment a party may review in the round. */
export const closesAt = (deal: DealRow): Date => new Date(deal.createdAt.getTime() + REVIEW_WINDOW_MS);

/** The input of 'calificar' (the route's body, already checked, minus the deal's id). */
export const reviewInputSchema = z.object({ puntuacion: z.number().int().min(1).max(5), comentario: z.string() });

const partiesOf = (deal: DealRow): string[] =>
  REVIEW_PROCESS.roles.map((r) => deal.parties[r]).filter((id): id is string => typeof id === "string");
const otherOf = (deal: DealRow, userId: string): string => partiesOf(deal).find((id) => id !== userId) ?? "";

/** The fields of REVIEW_TEMPLATES, and per party whether it is still to review and the score it got. */
function fields({ deal, data, actorUserId, now }: TransitionContext<ReviewRound>) {
  const [a = "", b = ""] = [deal.parties.parte_a, deal.parties.parte_b];
  const pendiente = (id: string) => id !== actorUserId && !data.reviews.some((r) => r.autorId === id);
  const got = (id: string) => data.reviews.find((r) => r.destinatarioId === id);
  return {
    nombreA: data.names.get(a) ?? "la otra parte",
    nombreB: data.names.get(b) ?? "la otra parte",
    sobre: data.title ? ` por "${data.title}"` : "",
    dias: Math.round(REVIEW_WINDOW_MS / 86_400_000),
    diasRestantes: Math.max(1, Math.ceil((closesAt(deal).getTime() - now.getTime()) / 86_400_000)),
    pendienteA: pendiente(a),
    pendienteB: pendiente(b),
    calificadoA: got(a) !== undefined,
    calificadoB: got(b) !== undefined,
    puntuacionA: got(a)?.puntuacion ?? 0,
    puntuacionB: got(b)?.puntuacion ?? 0,
  } satisfies ReviewFields & Record<string, unknown>;
}

/** The guards, fields and custom effects of REVIEW_PROCESS (domain package; its notices are the table's). */
export const reviewHandlers: ProcessHandlers<ReviewRound> = {
  async load(tx: Tx, deal: DealRow) {
    const facts = await roundFacts(tx, partiesOf(deal), deal.parentId);
    return { reviews: await listRoundReviews(tx, deal.id), ...facts };
  },
  guards: {
    dentroDelPlazo(ctx) {
      if (ctx.now.getTime() > closesAt(ctx.deal).getTime()) throw conflict(REVIEW_MSG.plazoTerminado);
    },
    sinResenaPrevia(ctx) {
      if (ctx.data.reviews.some((r) => r.autorId === ctx.actorUserId)) throw conflict(REVIEW_MSG.yaCalificaste);
    },
    ambasResenas(ctx) {
      const authors = new Set(ctx.data.reviews.map((r) => r.autorId));
      if (!partiesOf(ctx.deal).every((id) => authors.has(id))) throw conflict(REVIEW_PROCESS.stateMessages.abierta);
    },
  },
  fields,
  effects: {
    async guardarResena(ctx) {
      const input = reviewInputSchema.parse(ctx.input);
      const me = ctx.actorUserId ?? "";
      await insertReview(ctx.tx, {
        id: uuidv7(ctx.now.getTime()),
        roundId: ctx.deal.id,
        autorId: me,
        destinatarioId: otherOf(ctx.deal, me),
        puntuacion: input.puntuacion,
        comentario: input.comentario,
        createdAt: ctx.now,
      });
    },
    async publicarResenas(ctx) {
      await publishRound(ctx.tx, ctx.deal.id, ctx.now);
    },
  },
};
