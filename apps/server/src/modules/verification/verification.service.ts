import {
  type AdminIdentity,
  CONSENTIMIENTO_BIOMETRICO_VERSION,
  IDENTITY_MSG,
  type IdentityImage,
  type IdentityStatus,
  type IdentitySubmit,
  MSG,
  TIPO_DOCUMENTO_LABELS,
} from "@valoriza/domain";
import type { Executor, Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { recordAdminAction } from "../admin/index.ts";
import { checkImagePixels, decodeImage, loadSharp, MAX_IMAGE_PIXELS } from "../assets/index.ts";
import { enqueueMail, publicUrl } from "../mail/index.ts";
import { notify } from "../notifications/index.ts";
import { findUserById } from "../users/index.ts";
import {
  type DeskRow,
  decidePending,
  deleteAllOfUser,
  deleteRejectedOfUser,
  documentHeldByOther,
  findForDesk,
  findImage,
  findSubmission,
  type IdentityRow,
  insertSubmission,
  latestOfUser,
  listForDesk,
  markUserVerified,
} from "./verification.repository.ts";

/** Stored images: WebP, 2000 px on the longest side (a document must stay legible), no metadata (EXIF/GPS). */
const STORED_SIDE = 2000;
const STORED_MIME = "image/webp";

/** The database refused a second active submission (of the person, or of the document number). */
function uniqueViolation(e: unknown): string | null {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    const pg = cur as { code?: string; constraint?: string; constraint_name?: string };
    if (pg.code === "23505") return pg.constraint ?? pg.constraint_name ?? "";
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

/** decodeImage/checkImagePixels speak of 'La imagen 1': here it is the document's photo or the selfie. */
function renamed<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message.replace(/^La imagen \d+/, what), e.details);
    throw e;
  }
}

/** Validates an uploaded image as asset photos are, and re-encodes it: only pixels we produced are stored. */
async function reencode(dataUrl: string, what: string): Promise<Buffer> {
  const img = renamed(what, () => decodeImage(dataUrl, 0));
  try {
    await checkImagePixels([img]);
  } catch (e) {
    if (e instanceof AppError) throw new AppError(e.code, e.message.replace(/^La imagen \d+/, what), e.details);
    throw e;
  }
  const sharp = await loadSharp();
  try {
    return await sharp(img.bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: STORED_SIDE, height: STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest(`${what} está dañada o no es del tipo que indica`);
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const imageUrl = (id: string, kind: IdentityImage) => `/api/admin/verificaciones/${id}/imagenes/${kind}`;

function toDesk(r: DeskRow): AdminIdentity {
  return {
    _id: r.v.id,
    estado: r.v.estado,
    tipoDocumento: r.v.tipoDocumento,
    numeroDocumento: r.v.numeroDocumento,
    motivo: r.v.motivo,
    usuario: {
      _id: r.user.id,
      name: r.user.name,
      apellido: r.user.apellido,
      email: r.user.email,
      createdAt: r.user.createdAt.toISOString(),
    },
    enviadaEn: r.v.createdAt.toISOString(),
    decididaEn: iso(r.v.decididaEn),
    decididaPor: r.decider?.id ? { _id: r.decider.id, name: r.decider.name } : null,
    imagenes: { documento: imageUrl(r.v.id, "documento"), selfie: imageUrl(r.v.id, "selfie") },
  };
}

const statusOf = (row: IdentityRow | undefined, verified: boolean): IdentityStatus => {
  // An admin may verify someone they know (POST /admin/usuarios/{id}/verificar): that person is verified too.
  if (verified) return { estado: "aprobada", motivo: null, enviadaEn: iso(row?.createdAt ?? null) };
  if (!row) return { estado: "ninguna", motivo: null, enviadaEn: null };
  return {
    estado: row.estado,
    motivo: row.estado === "rechazada" ? row.motivo : null,
    enviadaEn: row.createdAt.toISOString(),
  };
};

/**
 * Identity verification (issue 17 item 1, ADR 021): a person with a verified email sends a photo of
 * their document and a selfie; an admin approves (the profile's `verified`) or rejects with a reason.
 * Each decision is one conditional UPDATE with its admin-log row, notification and mail, in ONE
 * transaction.
 */
export function createVerificationService({ db, clock, config }: AppDeps) {
  const link = () => `${publicUrl(config)}/verificacion`;

  async function liveUser(userId: string) {
    const u = await findUserById(db, userId);
    if (!u || u.deletedAt) throw unauthorized(MSG.sessionExpired);
    return u;
  }

  /** Refusals that need no image work: email not verified, already verified, pending, document taken. */
  async function refusal(exec: Executor, userId: string, numero: string): Promise<void> {
    const u = await findUserById(exec, userId);
    if (!u || u.deletedAt) throw unauthorized(MSG.sessionExpired);
    if (!u.emailVerifiedAt) throw conflict(IDENTITY_MSG.emailNoVerificado);
    if (u.verified) throw conflict(IDENTITY_MSG.yaAprobada);
    const latest = await latestOfUser(exec, userId);
    if (latest?.estado === "pendiente") throw conflict(IDENTITY_MSG.pendiente);
    if (latest?.estado === "aprobada") throw conflict(IDENTITY_MSG.yaAprobada);
    if (await documentHeldByOther(exec, numero, userId)) throw conflict(IDENTITY_MSG.documentoEnUso);
  }

  async function decided(tx: Tx, id: string): Promise<AdminIdentity> {
    const row = await findForDesk(tx, id);
    if (!row) throw notFound(IDENTITY_MSG.noEncontrada);
    return toDesk(row);
  }

  /** The submission is pending no longer: 404 if it does not exist, else 409 (another admin decided it). */
  async function notPending(tx: Tx, id: string): Promise<never> {
    if (!(await findSubmission(tx, id))) throw notFound(IDENTITY_MSG.noEncontrada);
    throw conflict(IDENTITY_MSG.yaDecidida);
  }

  const must = (u: AuthUser) => {
    if (!u.isAdmin) throw forbidden();
  };

  return {
    /** GET /verificacion/identidad */
    async status(me: AuthUser): Promise<IdentityStatus> {
      const u = await liveUser(me.id);
      return statusOf(await latestOfUser(db, me.id), u.verified);
    },

    /** POST /verificacion/identidad */
    async submit(me: AuthUser, input: IdentitySubmit): Promise<IdentityStatus> {
      await refusal(db, me.id, input.numeroDocumento);
      const documento = await reencode(input.fotoDocumento, IDENTITY_MSG.fotoDocumento);
      const selfie = await reencode(input.selfie, IDENTITY_MSG.selfie);
      try {
        const row = await db.transaction(async (tx) => {
          await refusal(tx, me.id, input.numeroDocumento);
          await deleteRejectedOfUser(tx, me.id);
          return insertSubmission(
            tx,
            {
              id: uuidv7(clock.now().getTime()),
              userId: me.id,
              tipoDocumento: input.tipoDocumento,
              numeroDocumento: input.numeroDocumento,
              estado: "pendiente",
              consentimientoVersion: CONSENTIMIENTO_BIOMETRICO_VERSION,
              createdAt: clock.now(),
            },
            [
              { kind: "documento", mime: STORED_MIME, bytes: documento },
              { kind: "selfie", mime: STORED_MIME, bytes: selfie },
            ],
          );
        });
        return statusOf(row, false);
      } catch (e) {
        // Two submissions raced past the checks: the partial unique indexes keep one.
        const constraint = uniqueViolation(e);
        if (constraint === null) throw e;
        if (constraint.includes("documento")) throw conflict(IDENTITY_MSG.documentoEnUso);
        throw conflict(IDENTITY_MSG.pendiente);
      }
    },

    /** GET /admin/verificaciones */
    async list(admin: AuthUser, f: { estado?: "pendiente" | "aprobada" | "rechazada" | undefined; limit: number }) {
      must(admin);
      const r = await listForDesk(db, f);
      return { data: r.rows.map(toDesk), counts: r.counts };
    },

    /** GET /admin/verificaciones/{id}/imagenes/{imagen} */
    async image(admin: AuthUser, id: string, kind: IdentityImage) {
      must(admin);
      const img = await findImage(db, id, kind);
      if (!img) throw notFound(IDENTITY_MSG.noEncontrada);
      return img;
    },

    /** POST /admin/verificaciones/{id}/aprobar */
    async approve(admin: AuthUser, id: string): Promise<AdminIdentity> {
      must(admin);
      return db.transaction(async (tx) => {
        const row = await decidePending(tx, id, {
          estado: "aprobada",
          motivo: null,
          adminId: admin.id,
          at: clock.now(),
        });
        if (!row) return notPending(tx, id);
        await markUserVerified(tx, row.userId);
        const person = await findUserById(tx, row.userId);
        await recordAdminAction(tx, {
          adminId: admin.id,
          accion: "identidad_aprobada",
          objetoTipo: "usuario",
          objetoId: row.userId,
          detalle: `Identidad aprobada (${TIPO_DOCUMENTO_LABELS[row.tipoDocumento]}): la cuenta quedó verificada`,
          createdAt: clock.now(),
        });
        await notify(tx, {
          userId: row.userId,
          tipo: "identidad_aprobada",
          titulo: IDENTITY_MSG.notifAprobadaTitulo,
          descripcion: IDENTITY_MSG.notifAprobadaTexto,
        });
        if (person) {
          await enqueueMail(tx, clock, {
            userId: row.userId,
            to: person.email,
            template: "identidad_aprobada",
            data: { name: person.name, link: link() },
          });
        }
        return decided(tx, id);
      });
    },

    /** POST /admin/verificaciones/{id}/rechazar */
    async reject(admin: AuthUser, id: string, motivo: string): Promise<AdminIdentity> {
      must(admin);
      return db.transaction(async (tx) => {
        const row = await decidePending(tx, id, { estado: "rechazada", motivo, adminId: admin.id, at: clock.now() });
        if (!row) return notPending(tx, id);
        const person = await findUserById(tx, row.userId);
        await recordAdminAction(tx, {
          adminId: admin.id,
          accion: "identidad_rechazada",
          objetoTipo: "usuario",
          objetoId: row.userId,
          detalle: `Identidad rechazada (${TIPO_DOCUMENTO_LABELS[row.tipoDocumento]}): ${motivo}`,
          createdAt: clock.now(),
        });
        await notify(tx, {
          userId: row.userId,
          tipo: "identidad_rechazada",
          titulo: IDENTITY_MSG.notifRechazadaTitulo,
          descripcion: IDENTITY_MSG.notifRechazadaTexto(motivo),
        });
        if (person) {
          await enqueueMail(tx, clock, {
            userId: row.userId,
            to: person.email,
            template: "identidad_rechazada",
            data: { name: person.name, motivo, link: link() },
          });
        }
        return decided(tx, id);
      });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

/** The account's deletion (profile area), inside its transaction: every submission and image of the person. */
export const deleteIdentityOf = (tx: Tx, userId: string): Promise<number> => deleteAllOfUser(tx, userId);
