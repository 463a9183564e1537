import {
  type AdminReview,
  DAY_MS,
  LIMITS_MSG,
  type MyLimits,
  RELEASE_WINDOW_DAYS,
  type ReviewReason,
  releaseLimit,
  SIGNAL_LABELS,
} from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { approveReview, releaseReviewsByWindow } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import {
  dealsOfAsset,
  isVerified,
  listPersonReviews,
  listQueue,
  logAdmin,
  type ReviewListRow,
  reviewTotals,
  setVerified,
  userExists,
  usersByIds,
  windowReleased,
} from "./limits.repository.ts";

const fmt = (n: number) => n.toLocaleString("es-CO");
const iso = (d: Date | string) => new Date(d).toISOString();

function reasonText(motivo: string, verified: boolean): string {
  if (motivo === "limite") return LIMITS_MSG.reviewReasonLimit(releaseLimit(verified));
  return `${SIGNAL_LABELS[motivo as ReviewReason] ?? motivo}. ${LIMITS_MSG.reviewReasonSignal}`;
}

const toItem = (r: ReviewListRow, verified: boolean) => ({
  _id: r.id,
  monto: Number(r.amount),
  motivo: r.motivo as ReviewReason,
  motivoTexto: reasonText(r.motivo, verified),
  activo: r.asset_id ? { _id: r.asset_id, title: r.title ?? "" } : null,
  createdAt: iso(r.created_at),
});

/** First instant of the current month in Colombia (UTC-5, no daylight saving). */
export function monthStartColombia(now: Date): Date {
  const co = new Date(now.getTime() - 5 * 60 * 60 * 1000);
  return new Date(Date.UTC(co.getUTCFullYear(), co.getUTCMonth(), 1, 5, 0, 0));
}

/** The report's figures (economy): credits in review now, and released this month (Colombia). */
export function limitTotals(exec: Executor, now: Date) {
  return reviewTotals(exec, monthStartColombia(now));
}

/** Limits on self-declared value (ADR 015): the person's window and reviews, the admin's queue. */
export function createLimitsService({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  return {
    /** The person's status; first releases what the window now allows (the check at read time). */
    async mine(user: AuthUser): Promise<MyLimits> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await releaseReviewsByWindow(tx, user.id, now);
        const verified = await isVerified(tx, user.id);
        const limit = releaseLimit(verified);
        const released = await windowReleased(tx, user.id, new Date(now.getTime() - RELEASE_WINDOW_DAYS * DAY_MS));
        const revisiones = (await listPersonReviews(tx, user.id)).map((r) => toItem(r, verified));
        const enRevision = revisiones.reduce((s, r) => s + r.monto, 0);
        return {
          verificado: verified,
          limiteVentana: limit,
          liberadosVentana: released,
          disponibleVentana: Math.max(0, limit - released),
          creditosEnRevision: enRevision,
          explicacion:
            enRevision > 0
              ? `Tienes ${fmt(enRevision)} créditos en revisión. ${LIMITS_MSG.inReviewExplain}`
              : `Puedes liberar hasta ${fmt(limit)} créditos de activos autodeclarados cada ${RELEASE_WINDOW_DAYS} días${verified ? "" : " (más si un administrador verifica tu cuenta)"}.`,
          revisiones,
        };
      });
    },

    /** The admin's review queue: pending reviews with the evidence (asset, deals, counterpart). */
    async queue(): Promise<AdminReview[]> {
      const rows = await listQueue(db, 100);
      const out: AdminReview[] = [];
      for (const r of rows) {
        const deals = r.asset_id ? await dealsOfAsset(db, r.asset_id) : [];
        const otherIds = [
          ...new Set(deals.flatMap((d) => Object.values(d.parties ?? {})).filter((id) => id !== r.user_id)),
        ];
        const others = await usersByIds(db, otherIds);
        const byId = new Map(others.map((o) => [o.id, o]));
        const counterpart = otherIds[0] ? byId.get(otherIds[0]) : undefined;
        out.push({
          ...toItem(r, r.verified),
          persona: {
            _id: r.user_id,
            name: r.name,
            email: r.email,
            verified: r.verified,
            registros: Number(r.registros),
            creditosEmitidos: Number(r.emitidos),
          },
          evidencia: {
            activo: r.asset_id
              ? {
                  _id: r.asset_id,
                  title: r.title ?? "",
                  category: r.category ?? "",
                  assetType: r.asset_type ?? "",
                  baseValueCOP: Number(r.base_value_cop ?? 0),
                  creditosAsignados: Number(r.creditos_asignados ?? 0),
                }
              : null,
            tratos: deals.map((d) => {
              const other = Object.values(d.parties ?? {}).find((id) => id !== r.user_id);
              return {
                _id: d.id,
                process: d.process,
                state: d.state,
                contraparte: other ? (byId.get(other)?.name ?? null) : null,
              };
            }),
            contraparte: counterpart
              ? {
                  _id: counterpart.id,
                  name: counterpart.name,
                  email: counterpart.email,
                  verified: counterpart.verified,
                }
              : null,
          },
        });
      }
      return out;
    },

    /** An admin approves a review: exactly its held amount is released, once; logged. */
    async approve(admin: AuthUser, reviewId: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const r = await approveReview(tx, { reviewId, adminId: admin.id, now });
        await logAdmin(tx, {
          adminId: admin.id,
          accion: "creditos_aprobados",
          objetoTipo: "revision",
          objetoId: r.reviewId,
          detalle: `Aprobó ${fmt(r.released)} créditos en revisión`,
        });
        await notify(tx, {
          userId: r.userId,
          tipo: "creditos_liberados",
          titulo: "Créditos aprobados",
          descripcion: `Un administrador aprobó ${fmt(r.released)} créditos que estaban en revisión. Ya están disponibles.`,
        });
        return { _id: r.reviewId, liberados: r.released, userId: r.userId };
      });
    },

    /** An admin verifies a person (users.verified): the higher release limit; logged. */
    async verify(admin: AuthUser, userId: string) {
      return db.transaction(async (tx: Executor) => {
        if (!(await userExists(tx, userId))) throw notFound("Usuario no encontrado");
        if (!(await setVerified(tx, userId))) throw conflict("Esta persona ya está verificada");
        await logAdmin(tx, {
          adminId: admin.id,
          accion: "usuario_verificado",
          objetoTipo: "usuario",
          objetoId: userId,
          detalle: `Verificó la cuenta: límite de liberación de ${fmt(releaseLimit(true))} créditos cada ${RELEASE_WINDOW_DAYS} días`,
        });
        return { _id: userId, verified: true as const };
      });
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
