import {
  type CreateReviewInput,
  type PendingReview,
  type PublicProfile,
  REVIEW_MSG,
  REVIEW_PROCESS,
  REVIEW_WINDOW_MS,
  type ReviewSummary,
  reviewAverage,
  reviewPairOf,
  type UserReviewsResponse,
} from "@valoriza/domain";
import { readAhead } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { type DealsEngine, findDeal } from "../deals/index.ts";
import { computeReputation } from "../reputation/index.ts";
import { findUserById } from "../users/index.ts";
import { type ReviewRound, reviewHandlers } from "./reviews.process.ts";
import {
  findRoundIdOf,
  listPending,
  listPublished,
  listRoundReviews,
  publishedSummary,
  roundFacts,
  roundFactsQuery,
} from "./reviews.repository.ts";

export interface CreatedReview {
  operacionId: string;
  puntuacion: number;
  comentario: string;
  publicada: boolean;
}

/**
 * Reviews (issue 19 part 1): a 'resena' round of the process engine opens when a deal between two
 * people completes (engine.onFinished reads its outcome), each party reviews once within 14 days,
 * and the reviews are published together when both reviewed or when the round's timer ends it.
 * Reviews move no credits.
 */
export function createReviewsService(deps: AppDeps, engine: DealsEngine) {
  const { db, clock } = deps;
  engine.register(REVIEW_PROCESS, reviewHandlers);

  // The round's names and title travel ahead, behind the closing step's next query (issue 21).
  engine.onFinishing(({ tx, process, deal }) => {
    const pair = reviewPairOf(process, deal);
    if (pair) readAhead(tx, roundFactsQuery(pair, deal.id));
  });

  engine.onFinished(async ({ tx, process, deal }) => {
    const pair = reviewPairOf(process, deal);
    if (!pair) return;
    await engine.startDetached<ReviewRound>(tx, {
      process: REVIEW_PROCESS.name,
      transition: "abrir",
      parties: { parte_a: pair[0], parte_b: pair[1] },
      actor: { system: true },
      parentId: deal.id,
      // The round's facts are its deal's (parties, parent, opening): no record of its own to store
      // (no `save`: the round's deal row goes with the step's statement); the names and the title
      // are read for the invitations.
      build: async () => ({ reviews: [], ...(await roundFacts(tx, pair, deal.id)) }),
    });
  });

  async function summaryOf(userId: string): Promise<ReviewSummary> {
    const { cantidad, suma } = await publishedSummary(db, userId);
    return { promedio: reviewAverage(suma, cantidad), cantidad };
  }

  return {
    /** GET /resenas/pendientes: the deals I can still review. */
    async pending(user: AuthUser): Promise<PendingReview[]> {
      const rows = await listPending(db, user.id, new Date(clock.now().getTime() - REVIEW_WINDOW_MS));
      return rows.map((r) => ({
        operacionId: r.operacionId,
        contraparte: { _id: r.contraparteId, name: r.contraparteName },
        activo: r.assetId ? { _id: r.assetId, title: r.assetTitle ?? "" } : null,
        completadaEn: new Date(r.completedAt).toISOString(),
        cierraEn: new Date(new Date(r.roundCreatedAt).getTime() + REVIEW_WINDOW_MS).toISOString(),
      }));
    },

    /**
     * POST /resenas: my review of a completed deal I took part in. 404 unknown deal; 403 not a party;
     * 409 still running, not reviewable, already reviewed, or the 14 days are over. When it is the
     * second review, the round is published in the same transaction.
     */
    async create(
      user: AuthUser,
      body: CreateReviewInput,
      uow: UnitOfWork<CreatedReview> = plainUnitOfWork(db),
    ): Promise<CreatedReview> {
      return uow(async (tx) => {
        const op = await findDeal(tx, body.operacionId);
        if (!op) throw notFound(REVIEW_MSG.operacionNoEncontrada);
        if (!Object.values(op.parties).includes(user.id)) throw forbidden(REVIEW_MSG.soloPartes);
        if (!op.closedAt) throw conflict(REVIEW_MSG.enCurso);
        const roundId = await findRoundIdOf(tx, op.id);
        if (!roundId) throw conflict(REVIEW_MSG.noCalificable);
        // Before the state check: a second review is 'already reviewed', even once published.
        if ((await listRoundReviews(tx, roundId)).some((r) => r.autorId === user.id)) {
          throw conflict(REVIEW_MSG.yaCalificaste);
        }
        const input = { puntuacion: body.puntuacion, comentario: body.comentario };
        const out = await engine.apply<ReviewRound>(tx, {
          dealId: roundId,
          transition: "calificar",
          actor: { user },
          input,
          process: REVIEW_PROCESS.name,
          messages: { notAllowed: REVIEW_MSG.soloPartes, notFound: REVIEW_MSG.operacionNoEncontrada },
        });
        const authors = new Set(out.data.reviews.map((r) => r.autorId));
        const both = Object.values(out.deal.parties).every((id) => authors.has(id));
        if (both) {
          await engine.apply(tx, { dealId: roundId, transition: "completar", actor: { system: true } });
        }
        return { operacionId: op.id, ...input, publicada: both };
      });
    },

    /** GET /resenas/usuario/{userId} (public): the published reviews about a person. */
    async ofUser(
      userId: string,
      page: { limit: number; offset: number },
    ): Promise<Omit<UserReviewsResponse, "success">> {
      const [summary, rows] = await Promise.all([summaryOf(userId), listPublished(db, userId, page)]);
      return {
        ...summary,
        data: rows.map((r) => ({
          _id: r.id,
          autor: { _id: r.autorId, name: r.autorName },
          puntuacion: r.puntuacion,
          comentario: r.comentario,
          fecha: r.publishedAt.toISOString(),
        })),
      };
    },

    /**
     * GET /usuarios/{id}/perfil: name, city, member since, verified, reputation, reviews; as the
     * person's visibility allows (their own profile and admins: always). 403 with the reason.
     */
    async publicProfile(userId: string, caller: AuthUser | undefined): Promise<PublicProfile> {
      const u = await findUserById(db, userId);
      if (!u || u.deletedAt) throw notFound(REVIEW_MSG.usuarioNoEncontrado);
      const own = caller !== undefined && (caller.id === u.id || caller.isAdmin);
      // A suspended account (moderation) is shown to nobody else, as its listings are not.
      if (!own && u.suspendedAt) throw notFound(REVIEW_MSG.perfilNoDisponible);
      if (!own && u.visibility === "privado") throw forbidden(REVIEW_MSG.perfilPrivado);
      if (!own && u.visibility === "validado") {
        const viewer = caller ? await findUserById(db, caller.id) : undefined;
        if (!viewer?.verified) throw forbidden(REVIEW_MSG.perfilSoloVerificados);
      }
      const [reputacion, resenas] = await Promise.all([computeReputation(db, u.id), summaryOf(u.id)]);
      return {
        _id: u.id,
        name: u.name,
        apellido: u.apellido,
        ciudad: u.ciudad,
        departamento: u.departamento,
        miembroDesde: u.createdAt.toISOString(),
        verificado: u.verified,
        reputacion,
        resenas,
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
