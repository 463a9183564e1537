import {
  ADMIN_REVIEW_REASONS,
  type AdminReview,
  type AdminSignal,
  colombiaDayStart,
  FAN_IN_SENDERS,
  FAN_IN_WINDOW_DAYS,
  formatNumber,
  formatReleaseDate,
  LIMITS_MSG,
  MAX_SPENDABLE_UNVERIFIED,
  type MyLimits,
  RELEASE_LIMIT_VERIFIED,
  RELEASE_WINDOW_DAYS,
  type ReviewItem,
  type ReviewReason,
  releaseLimit,
  SIGNAL_LABELS,
  scheduleReleases,
} from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { approveReview, type BrakeState, brakeState, releaseReviewsByWindow } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import {
  closeFlag,
  dealsOfAsset,
  fanInSenders,
  findUser,
  flagExists,
  listOpenFlags,
  listPersonReviews,
  listQueue,
  logAdmin,
  personEvidence,
  personWindow,
  queuedAhead,
  type ReviewListRow,
  reviewTotals,
  setVerified,
  setWindow,
  usersByIds,
} from "./limits.repository.ts";

const fmt = (n: number) => formatNumber(n);
const iso = (d: Date | string) => new Date(d).toISOString();
const isAdminReason = (m: string) => (ADMIN_REVIEW_REASONS as readonly string[]).includes(m);

/** First instant of the current month in Colombia (UTC-5, no daylight saving). */
export function monthStartColombia(now: Date): Date {
  const co = new Date(now.getTime() - 5 * 60 * 60 * 1000);
  return new Date(Date.UTC(co.getUTCFullYear(), co.getUTCMonth(), 1, 5, 0, 0));
}

/** The report's figures (economy): credits in review now, released this month (Colombia), and the release queue. */
export async function limitTotals(exec: Executor, now: Date) {
  const t = await reviewTotals(exec, monthStartColombia(now), colombiaDayStart(now));
  const brake = await brakeState(exec, now);
  return {
    creditosEnRevision: t.creditosEnRevision,
    creditosLiberadosMes: t.creditosLiberadosMes,
    colaLiberacion: {
      creditos: t.cola,
      revisiones: t.colaRevisiones,
      topeDiario: brake.cap,
      liberadosHoy: t.liberadosHoy,
      esperanVerificacion: t.esperanVerificacion,
    },
  };
}

/**
 * What each of a person's reviews waits for, when it will be released and why (issue 17): an
 * admin (signals), their identity verification (self-declared value or the concentration cap
 * without it), or the queue: their 30-day window and the platform's daily brake, oldest first.
 */
async function describeReviews(
  exec: Executor,
  userId: string,
  list: ReviewListRow[],
  now: Date,
  brake: BrakeState,
): Promise<{ items: ReviewItem[]; verified: boolean; limit: number; used: number }> {
  const w = await personWindow(exec, userId, now);
  const limit = releaseLimit(w.verified, w.raised);
  const used = w.releases.reduce((s, r) => s + r.amount, 0);
  const queued = list.filter((r) => !isAdminReason(r.motivo) && r.motivo !== "concentracion");
  let schedule = new Map<string, { at: Date; by: "ventana" | "freno" }>();
  if (w.verified && queued.length > 0) {
    const ahead = await queuedAhead(exec, userId, queued[0]?.created_at ?? now);
    schedule = scheduleReleases({
      now,
      limit,
      windowReleases: w.releases,
      pending: queued.map((r) => ({ id: r.id, remaining: Number(r.amount) - Number(r.granted) })),
      brake: { leftToday: brake.left, cap: brake.cap, ahead },
    });
  }
  const items = list.map((r): ReviewItem => {
    const base = {
      _id: r.id,
      monto: Number(r.amount) - Number(r.released),
      montoOriginal: Number(r.amount),
      motivo: r.motivo as ReviewReason,
      activo: r.asset_id ? { _id: r.asset_id, title: r.title ?? "" } : null,
      createdAt: iso(r.created_at),
    };
    if (isAdminReason(r.motivo)) {
      return {
        ...base,
        espera: "administrador",
        fechaLiberacion: null,
        motivoTexto: LIMITS_MSG.adminWait(SIGNAL_LABELS[r.motivo as ReviewReason] ?? r.motivo),
      };
    }
    if (r.motivo === "concentracion") {
      return { ...base, espera: "verificacion", fechaLiberacion: null, motivoTexto: LIMITS_MSG.concentration };
    }
    const at = schedule.get(r.id);
    if (!w.verified || !at) {
      return { ...base, espera: "verificacion", fechaLiberacion: null, motivoTexto: LIMITS_MSG.verifyIdentity };
    }
    const fecha = formatReleaseDate(at.at);
    return {
      ...base,
      espera: at.by,
      fechaLiberacion: at.at.toISOString(),
      motivoTexto: at.by === "freno" ? LIMITS_MSG.brakeWait(fecha, brake.cap) : LIMITS_MSG.windowWait(fecha, limit),
    };
  });
  return { items, verified: w.verified, limit, used };
}

/** Limits on self-declared value (ADR 015): the person's window and reviews, the admin's desk. */
export function createLimitsService({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  return {
    /** The person's status; first releases what the queue and the concentration cap now allow (the check at read time). */
    async mine(user: AuthUser): Promise<MyLimits> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        await releaseReviewsByWindow(tx, user.id, now);
        const brake = await brakeState(tx, now);
        const list = await listPersonReviews(tx, user.id);
        const d = await describeReviews(tx, user.id, list, now, brake);
        const enRevision = d.items.reduce((s, r) => s + r.monto, 0);
        const waitsVerification = d.items.some((r) => r.espera === "verificacion");
        return {
          verificado: d.verified,
          limiteVentana: d.limit,
          liberadosVentana: d.used,
          disponibleVentana: Math.max(0, d.limit - d.used),
          topeSinVerificar: MAX_SPENDABLE_UNVERIFIED,
          verificacionRequerida: !d.verified && waitsVerification,
          creditosEnRevision: enRevision,
          explicacion:
            enRevision > 0
              ? `Tienes ${fmt(enRevision)} créditos en revisión. ${LIMITS_MSG.inReviewExplain}`
              : d.verified
                ? `Puedes liberar hasta ${fmt(d.limit)} créditos de activos autodeclarados cada ${RELEASE_WINDOW_DAYS} días.`
                : `${LIMITS_MSG.verifyIdentity}: sin verificación de identidad, los créditos de tus activos quedan en revisión y puedes tener hasta ${fmt(MAX_SPENDABLE_UNVERIFIED)} créditos disponibles.`,
          revisiones: d.items,
        };
      });
    },

    /** The admin's review queue: pending reviews with the evidence (asset, deals, counterpart, history) and when each is released. */
    async queue(): Promise<AdminReview[]> {
      const now = clock.now();
      const rows = await listQueue(db, 100);
      const brake = await brakeState(db, now);
      const byPerson = new Map<string, Awaited<ReturnType<typeof describeReviews>>>();
      const evidence = new Map<string, Awaited<ReturnType<typeof personEvidence>>>();
      for (const userId of new Set(rows.map((r) => r.user_id))) {
        byPerson.set(userId, await describeReviews(db, userId, await listPersonReviews(db, userId), now, brake));
        evidence.set(userId, await personEvidence(db, userId));
      }
      const out: AdminReview[] = [];
      for (const r of rows) {
        const deals = r.asset_id ? await dealsOfAsset(db, r.asset_id) : [];
        const otherIds = [
          ...new Set(deals.flatMap((d) => Object.values(d.parties ?? {})).filter((id) => id !== r.user_id)),
        ];
        const others = await usersByIds(db, otherIds);
        const byId = new Map(others.map((o) => [o.id, o]));
        const counterpart = otherIds[0] ? byId.get(otherIds[0]) : undefined;
        const person = byPerson.get(r.user_id);
        const item = person?.items.find((i) => i._id === r.id);
        if (!person || !item) continue;
        const ev = evidence.get(r.user_id) ?? { registros: 0, creditosEmitidos: 0, ventas: 0 };
        out.push({
          ...item,
          persona: {
            _id: r.user_id,
            name: r.name,
            email: r.email,
            verified: r.verified,
            ...ev,
            limiteVentana: person.limit,
            liberadosVentana: person.used,
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

    /** An admin approves a review: exactly what it still holds is released, once; logged. */
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

    /**
     * An admin verifies a person they know (users.verified, as an approved identity verification
     * does): their self-declared credits join the queue and what the concentration cap held is
     * released; logged.
     */
    async verify(admin: AuthUser, userId: string) {
      const now = clock.now();
      return db.transaction(async (tx: Executor) => {
        if (!(await findUser(tx, userId))) throw notFound("Usuario no encontrado");
        if (!(await setVerified(tx, userId))) throw conflict("Esta persona ya está verificada");
        await logAdmin(tx, {
          adminId: admin.id,
          accion: "usuario_verificado",
          objetoTipo: "usuario",
          objetoId: userId,
          detalle: `Verificó la cuenta: límite de liberación de ${fmt(RELEASE_LIMIT_VERIFIED)} créditos cada ${RELEASE_WINDOW_DAYS} días`,
        });
        await releaseReviewsByWindow(tx, userId, now);
        return { _id: userId, verified: true as const };
      });
    },

    /** An admin raises one verified person's 30-day window; logged with the figure before and after. */
    async raiseWindow(admin: AuthUser, userId: string, limite: number) {
      const now = clock.now();
      return db.transaction(async (tx: Executor) => {
        const u = await findUser(tx, userId);
        if (!u) throw notFound("Usuario no encontrado");
        if (!u.verified) {
          throw conflict(
            "Esta persona aún no verificó su identidad: sin verificación sus créditos autodeclarados no se liberan",
          );
        }
        const before = releaseLimit(true, u.raised);
        await setWindow(tx, { userId, limite, adminId: admin.id, now });
        await logAdmin(tx, {
          adminId: admin.id,
          accion: "limite_ampliado",
          objetoTipo: "usuario",
          objetoId: userId,
          detalle: `Cambió su ventana de ${RELEASE_WINDOW_DAYS} días de ${fmt(before)} a ${fmt(limite)} créditos`,
        });
        return { _id: userId, limiteVentana: limite };
      });
    },

    /** The fan-in signals on the desk, with the young accounts that sent the credits. */
    async signals(): Promise<AdminSignal[]> {
      const flags = await listOpenFlags(db, 100);
      const out: AdminSignal[] = [];
      for (const f of flags) {
        const senders = await fanInSenders(db, f.user_id, f.created_at);
        out.push({
          _id: f.id,
          motivo: "abanico",
          motivoTexto: `Recibió créditos de ${Math.max(senders.length, FAN_IN_SENDERS)} o más cuentas con menos de 30 días en ${FAN_IN_WINDOW_DAYS} días.`,
          persona: { _id: f.user_id, name: f.name, email: f.email, verified: f.verified },
          remitentes: senders.map((s) => ({
            _id: s.id,
            name: s.name,
            email: s.email,
            cuentaCreada: iso(s.created_at),
            creditos: Number(s.credits),
          })),
          createdAt: iso(f.created_at),
        });
      }
      return out;
    },

    /** An admin marks a signal as reviewed (once); logged. */
    async reviewSignal(admin: AuthUser, id: string) {
      const now = clock.now();
      return db.transaction(async (tx: Executor) => {
        const closed = await closeFlag(tx, { id, adminId: admin.id, now });
        if (!closed) {
          if (!(await flagExists(tx, id))) throw notFound("Señal no encontrada");
          throw conflict("Esta señal ya fue revisada");
        }
        await logAdmin(tx, {
          adminId: admin.id,
          accion: "senal_revisada",
          objetoTipo: "usuario",
          objetoId: closed.user_id,
          detalle: "Revisó la señal de créditos recibidos de varias cuentas nuevas",
        });
        return { _id: id, status: "revisada" as const };
      });
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
