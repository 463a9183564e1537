import { REVIEW_MSG, REVIEW_PROCESS, REVIEW_WINDOW_MS } from "@valoriza/domain";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { conflict } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import type { DealRow, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { notify } from "../notifications/index.ts";
import { insertReview, listRoundReviews, publishRound, type ReviewRow, roundFacts } from "./reviews.repository.ts";

/**
 * The record of a 'resena' deal: the reviews written so far. The round's other facts are its deal's:
 * the parties, the deal reviewed (`parentId`) and the opening (`createdAt`, + 14 days: the end).
 */
export interface ReviewRound {
  reviews: ReviewRow[];
}

/** The last moment a party may review in the round. */
export const closesAt = (deal: DealRow): Date => new Date(deal.createdAt.getTime() + REVIEW_WINDOW_MS);

type Ctx = TransitionContext<ReviewRound>;

/** The input of 'calificar' (the route's body, already checked, minus the deal's id). */
export const reviewInputSchema = z.object({ puntuacion: z.number().int().min(1).max(5), comentario: z.string() });

const partiesOf = (deal: DealRow): string[] =>
  REVIEW_PROCESS.roles.map((r) => deal.parties[r]).filter((id): id is string => typeof id === "string");
const otherOf = (deal: DealRow, userId: string): string => partiesOf(deal).find((id) => id !== userId) ?? "";
const DAYS = Math.round(REVIEW_WINDOW_MS / (24 * 60 * 60 * 1000));

async function facts(ctx: Ctx) {
  const ids = partiesOf(ctx.deal);
  const { names, title } = await roundFacts(ctx.tx, ids, ctx.deal.parentId);
  const about = title ? ` por "${title}"` : "";
  return { ids, name: (id: string) => names.get(id) ?? "la otra parte", about };
}

/**
 * About the deal reviewed, of no spec type (the bell links by the 'resena_' prefix to /calificaciones;
 * the push tag 'resena:<deal>' lets a newer review notice of the same deal replace the older one).
 */
const base = (ctx: Ctx) => ({ relacionadoId: ctx.deal.parentId, relacionadoTipo: null });

/** The guards and effects of REVIEW_PROCESS (domain package). */
export const reviewHandlers: ProcessHandlers<ReviewRound> = {
  async load(tx: Tx, deal: DealRow) {
    return { reviews: await listRoundReviews(tx, deal.id) };
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
  effects: {
    async invitarPartes(ctx) {
      const f = await facts(ctx);
      for (const me of f.ids) {
        const other = f.name(otherOf(ctx.deal, me));
        await notify(ctx.tx, {
          userId: me,
          tipo: "resena_pendiente",
          titulo: `¿Cómo te fue con ${other}?`,
          descripcion: `Califica a ${other}${f.about} en Calificaciones: tienes ${DAYS} días. Ninguno ve la calificación del otro hasta que ambos califiquen o termine el plazo.`,
          ...base(ctx),
        });
      }
    },
    async guardarResena(ctx) {
      const input = reviewInputSchema.parse(ctx.input);
      const me = ctx.actorUserId ?? "";
      const other = otherOf(ctx.deal, me);
      await insertReview(ctx.tx, {
        id: uuidv7(ctx.now.getTime()),
        roundId: ctx.deal.id,
        autorId: me,
        destinatarioId: other,
        puntuacion: input.puntuacion,
        comentario: input.comentario,
        createdAt: ctx.now,
      });
      // The other party learns a review waits for them, not what it says (double-blind).
      if (!ctx.data.reviews.some((r) => r.autorId === other)) {
        const f = await facts(ctx);
        await notify(ctx.tx, {
          userId: other,
          tipo: "resena_recibida",
          titulo: `${f.name(me)} ya te calificó`,
          descripcion: `Califica tú también${f.about} para ver su calificación; si no, se publica al terminar el plazo.`,
          ...base(ctx),
        });
      }
    },
    async recordarPendientes(ctx) {
      const f = await facts(ctx);
      const days = Math.max(1, Math.ceil((closesAt(ctx.deal).getTime() - ctx.now.getTime()) / 86_400_000));
      for (const me of f.ids) {
        if (ctx.data.reviews.some((r) => r.autorId === me)) continue;
        const other = f.name(otherOf(ctx.deal, me));
        await notify(ctx.tx, {
          userId: me,
          tipo: "resena_recordatorio",
          titulo: `Aún puedes calificar a ${other}`,
          descripcion: `Te ${days === 1 ? "queda 1 día" : `quedan ${days} días`} para calificar a ${other}${f.about} en Calificaciones.`,
          ...base(ctx),
        });
      }
    },
    async publicarResenas(ctx) {
      await publishRound(ctx.tx, ctx.deal.id, ctx.now);
      const f = await facts(ctx);
      for (const r of ctx.data.reviews) {
        await notify(ctx.tx, {
          userId: r.destinatarioId,
          tipo: "resena_publicada",
          titulo: "Tienes una nueva calificación",
          descripcion: `${f.name(r.autorId)} te calificó con ${r.puntuacion} de 5${f.about}. Se ve en tu perfil público.`,
          ...base(ctx),
        });
      }
    },
  },
};
