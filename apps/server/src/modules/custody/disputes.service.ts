import {
  type AdminDispute,
  CUSTODY_PROCESS,
  type Custody,
  DISPUTE_MAX_IMAGE_BYTES,
  DISPUTE_MSG,
  type DisputeMotivo,
  type PaymentMode,
  type ResolveDisputeInput,
} from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { recordAdminAction } from "../admin/index.ts";
import { checkImagePixels, decodeImage, loadSharp, MAX_IMAGE_PIXELS } from "../assets/index.ts";
import { conversationAbout } from "../chat/index.ts";
import type { DealsEngine } from "../deals/index.ts";
import { findCustody } from "./custody.repository.ts";
import type { ResolveDisputeStep } from "./disputes.process.ts";
import { type DeskDisputeRow, findDispute, findDisputeImage, listDisputesForDesk } from "./disputes.repository.ts";

/** Stored evidence: WebP, 1600 px on the longest side, no metadata (EXIF/GPS). */
const STORED_SIDE = 1600;

/**
 * Validates the evidence photos as asset photos are (type, bytes, pixels; modules/assets) with the
 * dispute's own size cap, and re-encodes them: only pixels we produced are stored. Runs before the
 * transaction (sharp is slow).
 */
export async function prepareEvidence(dataUrls: string[]): Promise<{ mime: string; bytes: Buffer }[]> {
  if (dataUrls.length === 0) return [];
  const decoded = dataUrls.map((u, i) => {
    const img = decodeImage(u, i);
    if (img.bytes.length > DISPUTE_MAX_IMAGE_BYTES) throw badRequest(`La foto ${i + 1}: ${DISPUTE_MSG.imagenGrande}`);
    return img;
  });
  await checkImagePixels(decoded);
  const sharp = await loadSharp();
  return Promise.all(
    decoded.map(async (img, i) => {
      try {
        const bytes = await sharp(img.bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width: STORED_SIDE, height: STORED_SIDE, fit: "inside", withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        return { mime: "image/webp", bytes };
      } catch {
        throw badRequest(`La imagen ${i + 1} está dañada o no es del tipo que indica`);
      }
    }),
  );
}

export const disputeImageUrl = (id: string, n: number) => `/api/admin/disputas/${id}/imagenes/${n}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function toDesk(exec: Executor, r: DeskDisputeRow): Promise<AdminDispute> {
  const chat = await conversationAbout(exec, r.c.assetId, r.c.oferenteId, r.c.receptorId);
  return {
    _id: r.d.id,
    estado: r.d.estado,
    motivo: r.d.motivo as DisputeMotivo,
    descripcion: r.d.descripcion,
    abiertaPor: { _id: r.d.abiertaPor, name: r.openerName, rol: r.d.rol },
    abiertaEn: r.d.createdAt.toISOString(),
    imagenes: Array.from({ length: r.images }, (_, i) => disputeImageUrl(r.d.id, i + 1)),
    custodia: {
      _id: r.c.id,
      estado: r.state as Custody["estado"],
      tipoTransaccion: r.c.tipoTransaccion as Custody["tipoTransaccion"],
      modoPago: (r.c.modoPago as PaymentMode | null) ?? null,
      pagoCreditos: r.c.pagoCreditos,
      creditosActivo: r.c.creditosActivo,
      montoCOP: r.c.montoCOP,
      fechaIngreso: r.c.fechaIngreso.toISOString(),
      activo: { _id: r.c.assetId, title: r.assetTitle },
    },
    oferente: { _id: r.oferente.id, name: r.oferente.name, email: r.oferente.email },
    receptor: { _id: r.receptor.id, name: r.receptor.name, email: r.receptor.email },
    chat: chat.map((m) => ({ de: m.senderId, texto: m.texto, fecha: m.createdAt.toISOString() })),
    resultado: r.d.resultado,
    nota: r.d.nota,
    resueltaEn: iso(r.d.resueltaEn),
    resueltaPor: r.d.resueltaPor ? { _id: r.d.resueltaPor, name: r.resolverName ?? "" } : null,
  };
}

/**
 * The admin's dispute desk (issue 19 part 2): the open disputes with the custody, both parties, the
 * evidence and their chat about the asset; the resolution, exactly once: the engine applies
 * `reembolsar` or `liberar` under the asset's and the deal's locks, and the log row is written in the
 * same transaction only when the transition was applied.
 */
export function createDisputesService({ db, clock }: AppDeps, engine: DealsEngine) {
  const plain = plainUnitOfWork(db);
  const must = (u: AuthUser) => {
    if (!u.isAdmin) throw forbidden();
  };

  async function one(exec: Executor, id: string): Promise<AdminDispute> {
    const [r] = await listDisputesForDesk(exec, { id });
    if (!r) throw notFound(DISPUTE_MSG.noEncontrada);
    return toDesk(exec, r);
  }

  return {
    async list(admin: AuthUser, f: { estado: "abierta" | "resuelta" }): Promise<AdminDispute[]> {
      must(admin);
      const rows = await listDisputesForDesk(db, f);
      return Promise.all(rows.map((r) => toDesk(db, r)));
    },

    async image(admin: AuthUser, id: string, n: number) {
      must(admin);
      const img = await findDisputeImage(db, id, n);
      if (!img) throw notFound(DISPUTE_MSG.imagenNoEncontrada);
      return img;
    },

    async resolve(
      admin: AuthUser,
      id: string,
      input: ResolveDisputeInput,
      uow: UnitOfWork<AdminDispute> = plain,
    ): Promise<AdminDispute> {
      must(admin);
      const d = await findDispute(db, id);
      if (!d) throw notFound(DISPUTE_MSG.noEncontrada);
      const c = await findCustody(db, d.custodiaId);
      if (c && (c.oferenteId === admin.id || c.receptorId === admin.id)) throw forbidden(DISPUTE_MSG.propia);
      return uow(async (tx) => {
        const step: ResolveDisputeStep = { nota: input.nota };
        let applied: boolean;
        try {
          const out = await engine.apply(tx, {
            dealId: d.custodiaId,
            transition: input.resultado,
            actor: { user: admin },
            input: step,
            process: CUSTODY_PROCESS.name,
            messages: { notFound: DISPUTE_MSG.noEncontrada },
          });
          applied = out.applied;
        } catch (e) {
          // Another admin resolved it first (the other way): the deal left en_disputa.
          if (e instanceof AppError && e.code === "CONFLICT") throw conflict(DISPUTE_MSG.yaResuelta);
          throw e;
        }
        // The same resolution already taken (by another admin): nothing done, nothing logged.
        if (!applied) throw conflict(DISPUTE_MSG.yaResuelta);
        const view = await one(tx, id);
        await recordAdminAction(tx, {
          adminId: admin.id,
          accion: "disputa_resuelta",
          objetoTipo: "disputa",
          objetoId: id,
          detalle: `${input.resultado === "reembolsar" ? "Reembolso a quien recibe" : "Pago liberado a quien entrega"}: "${view.custodia.activo.title}" (${view.oferente.name} → ${view.receptor.name}). Nota: ${input.nota}`,
          createdAt: clock.now(),
        });
        return view;
      });
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
