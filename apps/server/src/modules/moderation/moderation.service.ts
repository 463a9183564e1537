import {
  type AdminReport,
  type CreateReportInput,
  DEAL_IN_PROGRESS_LABELS,
  type HiddenAsset,
  MODERATION_MSG,
  type OpenDeal,
  type Report,
  type ReportTarget,
  type SuspendedUser,
} from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { recordAdminAction } from "../admin/index.ts";
import { findAssetsBrief, listHiddenAssets, setAssetHidden } from "../assets/index.ts";
import { findMessagesBrief } from "../chat/index.ts";
import { listDealsOfUser } from "../deals/index.ts";
import { findUsersBrief, listSuspendedUsers, reactivateUser, suspendUser } from "../users/index.ts";
import {
  closeReport,
  countOpenByTarget,
  insertReportIfAbsent,
  listOpenReports,
  lockReport,
  type ReportRow,
} from "./moderation.repository.ts";

const fullName = (u: { name: string; apellido: string }) => `${u.name} ${u.apellido}`.trim();

function toReport(r: ReportRow): Report {
  return {
    _id: r.id,
    tipo: r.tipo as Report["tipo"],
    objetivoId: r.objetivoId,
    motivo: r.motivo as Report["motivo"],
    descripcion: r.descripcion,
    estado: r.estado as Report["estado"],
    createdAt: r.createdAt.toISOString(),
  };
}

/** A person's deals still running, as the desk lists them. */
async function openDealsOf(exec: Executor, userId: string): Promise<OpenDeal[]> {
  const deals = await listDealsOfUser(exec, userId, { openOnly: true, limit: 100 });
  const assetIds = [...new Set(deals.map((d) => d.assetId).filter((id): id is string => id !== null))];
  const titles = new Map((await findAssetsBrief(exec, assetIds)).map((a) => [a.id, a.title]));
  return deals.map((d) => ({
    _id: d.id,
    proceso: d.process,
    procesoLabel: DEAL_IN_PROGRESS_LABELS[d.process] ?? d.process,
    estado: d.state,
    activoId: d.assetId,
    activoTitulo: d.assetId ? (titles.get(d.assetId) ?? null) : null,
    createdAt: d.createdAt.toISOString(),
  }));
}

/**
 * Reports and moderation (issue 19 part 3). Anyone signed in reports a person, a listing or a chat
 * message of theirs; admins list the open reports with their targets, hide or show a listing,
 * suspend or reactivate an account and close reports. Every decision goes to the admin's log.
 */
export function createModerationService(deps: AppDeps) {
  const { db, clock, tokens } = deps;

  async function lockedLog(tx: Executor, admin: AuthUser, accion: string, tipo: string, id: string, detalle: string) {
    await recordAdminAction(tx, {
      adminId: admin.id,
      accion,
      objetoTipo: tipo,
      objetoId: id,
      detalle,
      createdAt: clock.now(),
    });
  }

  return {
    /** POST /api/reportes: 404 unknown target, 400 one's own, 403 a message of a chat one is not in, 409 repeat. */
    async report(user: AuthUser, input: CreateReportInput): Promise<Report> {
      const { tipo, objetivoId } = input;
      if (tipo === "usuario") {
        const [u] = await findUsersBrief(db, [objetivoId]);
        if (!u) throw notFound(MODERATION_MSG.userNotFound);
        if (u.id === user.id) throw badRequest(MODERATION_MSG.selfUser);
      } else if (tipo === "activo") {
        const [a] = await findAssetsBrief(db, [objetivoId]);
        if (!a) throw notFound(MODERATION_MSG.assetNotFound);
        if (a.ownerId === user.id) throw badRequest(MODERATION_MSG.ownAsset);
      } else {
        const [m] = await findMessagesBrief(db, [Number(objetivoId)]);
        // Someone outside the conversation learns nothing about it: the same 404 as an unknown id.
        if (!m || (m.userA !== user.id && m.userB !== user.id)) throw notFound(MODERATION_MSG.messageNotFound);
        if (m.senderId === user.id) throw badRequest(MODERATION_MSG.ownMessage);
      }
      const row = await insertReportIfAbsent(db, {
        id: uuidv7(clock.now().getTime()),
        reporterId: user.id,
        tipo,
        objetivoId,
        motivo: input.motivo,
        descripcion: input.descripcion,
        createdAt: clock.now(),
      });
      if (!row) throw conflict(MODERATION_MSG.alreadyReported);
      return toReport(row);
    },

    /** GET /api/admin/reportes: the open reports, oldest first, each with its target and the target's count. */
    async listReports(q: { limit: number; offset: number }): Promise<{ data: AdminReport[]; total: number }> {
      const { rows, total } = await listOpenReports(db, q.limit, q.offset);
      const of = (tipo: string) => rows.filter((r) => r.r.tipo === tipo).map((r) => r.r.objetivoId);
      const messages = await findMessagesBrief(db, of("mensaje").map(Number));
      const assetIds = [...of("activo"), ...messages.map((m) => m.assetId)];
      const assets = await findAssetsBrief(db, [...new Set(assetIds)]);
      const personIds = [...of("usuario"), ...assets.map((a) => a.ownerId), ...messages.map((m) => m.senderId)];
      const people = new Map((await findUsersBrief(db, [...new Set(personIds)])).map((u) => [u.id, u]));
      const assetById = new Map(assets.map((a) => [a.id, a]));
      const messageById = new Map(messages.map((m) => [String(m.id), m]));
      const counts = await countOpenByTarget(
        db,
        rows.map((r) => r.r),
      );
      const person = (id: string | undefined) => {
        const p = id ? people.get(id) : undefined;
        return p ? { _id: p.id, name: fullName(p), suspendido: p.suspended } : null;
      };
      const target = (r: ReportRow): ReportTarget => {
        if (r.tipo === "activo") {
          const a = assetById.get(r.objetivoId);
          return {
            existe: !!a,
            titulo: a?.title ?? "",
            activoId: a?.id ?? null,
            oculto: !!a?.hidden,
            persona: person(a?.ownerId),
          };
        }
        if (r.tipo === "mensaje") {
          const m = messageById.get(r.objetivoId);
          const a = m ? assetById.get(m.assetId) : undefined;
          return {
            existe: !!m,
            titulo: m?.texto ?? "",
            activoId: m?.assetId ?? null,
            oculto: !!a?.hidden,
            persona: person(m?.senderId),
          };
        }
        const p = person(r.objetivoId);
        return { existe: !!p, titulo: p?.name ?? "", activoId: null, oculto: false, persona: p };
      };
      return {
        data: rows.map(({ r, reporterName, reporterApellido }) => ({
          ...toReport(r),
          reportante: { _id: r.reporterId, name: fullName({ name: reporterName, apellido: reporterApellido }) },
          objetivo: target(r),
          reportesDelObjetivo: counts.get(`${r.tipo}:${r.objetivoId}`) ?? 1,
        })),
        total,
      };
    },

    /** GET /api/admin/moderacion: hidden listings and suspended accounts (with their open deals). */
    async overview(): Promise<{ activosOcultos: HiddenAsset[]; usuariosSuspendidos: SuspendedUser[] }> {
      const [hidden, suspended] = await Promise.all([listHiddenAssets(db), listSuspendedUsers(db)]);
      return {
        activosOcultos: hidden.map((a) => ({
          _id: a.id,
          title: a.title,
          owner: { _id: a.ownerId, name: fullName({ name: a.ownerName, apellido: a.ownerApellido }) },
          motivo: a.hiddenReason ?? "",
          desde: (a.hiddenAt ?? clock.now()).toISOString(),
        })),
        usuariosSuspendidos: await Promise.all(
          suspended.map(async (u) => ({
            _id: u.id,
            name: fullName(u),
            email: u.email,
            motivo: u.suspensionReason ?? "",
            desde: (u.suspendedAt ?? clock.now()).toISOString(),
            operacionesAbiertas: await openDealsOf(db, u.id),
          })),
        ),
      };
    },

    async hideAsset(admin: AuthUser, id: string, motivo: string) {
      return db.transaction(async (tx) => {
        const [a] = await findAssetsBrief(tx, [id]);
        if (!a) throw notFound(MODERATION_MSG.assetNotFound);
        if (!(await setAssetHidden(tx, id, { at: clock.now(), reason: motivo })))
          throw conflict(MODERATION_MSG.alreadyHidden);
        await lockedLog(tx, admin, "activo_ocultado", "activo", id, `${a.title}: ${motivo}`);
        return { activoId: id, oculto: true, motivo };
      });
    },

    async showAsset(admin: AuthUser, id: string, motivo: string) {
      return db.transaction(async (tx) => {
        const [a] = await findAssetsBrief(tx, [id]);
        if (!a) throw notFound(MODERATION_MSG.assetNotFound);
        if (!(await setAssetHidden(tx, id, null))) throw conflict(MODERATION_MSG.notHidden);
        await lockedLog(tx, admin, "activo_mostrado", "activo", id, `${a.title}: ${motivo}`);
        return { activoId: id, oculto: false, motivo: null };
      });
    },

    /** Suspends: sign-in refused, every session ended (token version + 1), listings hidden while it lasts. */
    async suspend(admin: AuthUser, id: string, motivo: string) {
      if (id === admin.id) throw badRequest(MODERATION_MSG.suspendSelf);
      const result = await db.transaction(async (tx) => {
        const [u] = await findUsersBrief(tx, [id]);
        if (!u) throw notFound(MODERATION_MSG.userNotFound);
        if (!(await suspendUser(tx, id, clock.now(), motivo))) throw conflict(MODERATION_MSG.alreadySuspended);
        await lockedLog(tx, admin, "usuario_suspendido", "usuario", id, `${fullName(u)}: ${motivo}`);
        return { usuarioId: id, suspendido: true, motivo, operacionesAbiertas: await openDealsOf(tx, id) };
      });
      // This process forgets the session at once; the others hear the database's notification.
      tokens.onRevoke?.(id);
      return result;
    },

    async reactivate(admin: AuthUser, id: string, motivo: string) {
      return db.transaction(async (tx) => {
        const [u] = await findUsersBrief(tx, [id]);
        if (!u) throw notFound(MODERATION_MSG.userNotFound);
        if (!(await reactivateUser(tx, id))) throw conflict(MODERATION_MSG.notSuspended);
        await lockedLog(tx, admin, "usuario_reactivado", "usuario", id, `${fullName(u)}: ${motivo}`);
        return { usuarioId: id, suspendido: false, motivo: null, operacionesAbiertas: await openDealsOf(tx, id) };
      });
    },

    async closeReport(admin: AuthUser, id: string, motivo: string) {
      return db.transaction(async (tx) => {
        const r = await lockReport(tx, id);
        if (!r) throw notFound(MODERATION_MSG.reportNotFound);
        if (!(await closeReport(tx, id, { by: admin.id, at: clock.now(), resolucion: motivo })))
          throw conflict(MODERATION_MSG.reportAlreadyClosed);
        await lockedLog(tx, admin, "reporte_cerrado", "reporte", id, `${r.tipo} ${r.objetivoId}: ${motivo}`);
        return { _id: id, estado: "cerrado" as const };
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
