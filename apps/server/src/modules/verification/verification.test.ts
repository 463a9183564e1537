/**
 * Identity verification (issue 17 item 1, ADR 021): a person with a verified email sends a document
 * and a selfie; only admins see them; two admins deciding at once have one effect; the person is told
 * in the app and by mail (a real SMTP server on loopback); the documents go with the account.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import {
  adminIdentityDecisionResponseSchema,
  adminIdentityListResponseSchema,
  IDENTITY_MSG,
  identityStatusResponseSchema,
  identitySubmittedResponseSchema,
} from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { createMailWorker, type MailWorker } from "../mail/index.ts";
import { startTestSmtp, type TestSmtp } from "../mail/smtp.testkit.ts";

const DATA_DIR = `/tmp/valoriza-identity-test-${process.pid}`;
const RESTRICTED = "Acceso restringido: Esta función está temporalmente disponible solo para administradores.";

let t: TestContext;
let smtp: TestSmtp;
let worker: MailWorker;
let admin: TestUser;
let admin2: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const config = {
    smtpUrl: smtp.url,
    publicUrl: "https://valoriza.example",
    mailFrom: "Valoriza <hola@valoriza.test>",
    adminEmails: ["admin@valoriza.test", "admin2@valoriza.test"],
    dataDir: DATA_DIR,
  };
  t = await createTestApp(config);
  worker = createMailWorker({ db: t.database.db, clock: t.clock, config: { jwtSecret: "x", ...config } });
  admin = await signUp(t.app, { email: "admin@valoriza.test", name: "Ana" });
  admin2 = await signUp(t.app, { email: "admin2@valoriza.test", name: "Beto" });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

type Auth = { authorization: string } | undefined;
const req = (method: "GET" | "POST" | "DELETE", url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth ?? {}, ...(payload ? { payload } : {}) });

function expectContract(schema: z.ZodType, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = schema.safeParse(res.json());
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(res.json());
  return json(res);
}

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A real photo as a data URL (a JPEG with EXIF, so we can see the server strips it). */
async function photo(color: string, width = 900, height = 600): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .withMetadata({ exif: { IFD0: { Artist: "Persona de prueba", Copyright: "GPS 4.6,-74.1" } } })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString("base64")}`;
}

let seq = 0;
/** A person whose email is verified (the mailed link's effect; the link itself is tested in users). */
async function person(name = "Laura", emailVerified = true): Promise<TestUser> {
  const u = await signUp(t.app, { name, email: `persona.${Date.now()}.${seq++}@valoriza.test` });
  if (emailVerified) await rows(sql`update users set email_verified_at = now() where id = ${u.id}`);
  return u;
}

let docSeq = 1_000_000;
const nextDoc = () => String(docSeq++ * 7);

async function submit(u: TestUser, over: Record<string, unknown> = {}) {
  return req("POST", "/api/verificacion/identidad", u.auth, {
    tipoDocumento: "CC",
    numeroDocumento: nextDoc(),
    fotoDocumento: await photo("#2255aa"),
    selfie: await photo("#cc8844", 600, 800),
    ...over,
  });
}

const status = async (u: TestUser) =>
  expectContract(identityStatusResponseSchema, await req("GET", "/api/verificacion/identidad", u.auth)).data;
const desk = async (who: TestUser = admin) =>
  expectContract(adminIdentityListResponseSchema, await req("GET", "/api/admin/verificaciones", who.auth));
const deskItemOf = async (u: TestUser) => {
  const items = (await desk()).data.filter((d: { usuario: { _id: string } }) => d.usuario._id === u.id);
  return items;
};
const approve = (id: string, who: TestUser = admin) => req("POST", `/api/admin/verificaciones/${id}/aprobar`, who.auth);
const reject = (id: string, motivo: unknown, who: TestUser = admin) =>
  req("POST", `/api/admin/verificaciones/${id}/rechazar`, who.auth, motivo === undefined ? {} : { motivo });

/** Sends the outbox and answers the identity mails to `to` (not the sign-up's email verification). */
async function mailsTo(to: string) {
  await worker.runOnce();
  return smtp.mails.filter((m) => m.to.includes(to) && m.text.includes("/verificacion"));
}

describe("submitting", () => {
  it("a person with a verified email sends a document and a selfie: 201, then 'pendiente'", async () => {
    const u = await person("Valeria");
    expect(await status(u)).toEqual({ estado: "ninguna", motivo: null, enviadaEn: null });
    const res = await submit(u, { tipoDocumento: "CC", numeroDocumento: " 1.020.304.050 " });
    const body = expectContract(identitySubmittedResponseSchema, res, 201);
    expect(body.message).toBe(IDENTITY_MSG.enviada);
    expect(body.data).toMatchObject({ estado: "pendiente", motivo: null });
    expect(await status(u)).toMatchObject({ estado: "pendiente", motivo: null });

    // On the desk, with the number as stored (no dots or spaces) and the two admin-only image links.
    const [item] = await deskItemOf(u);
    expect(item).toMatchObject({
      estado: "pendiente",
      tipoDocumento: "CC",
      numeroDocumento: "1020304050",
      motivo: null,
      usuario: { _id: u.id, name: "Valeria", email: u.email },
      decididaEn: null,
      decididaPor: null,
      imagenes: {
        documento: `/api/admin/verificaciones/${item._id}/imagenes/documento`,
        selfie: `/api/admin/verificaciones/${item._id}/imagenes/selfie`,
      },
    });

    // The admin gets each image, re-encoded as WebP, without the EXIF the phone wrote.
    for (const [kind, w, h] of [
      ["documento", 900, 600],
      ["selfie", 600, 800],
    ] as const) {
      const img = await req("GET", item.imagenes[kind], admin.auth);
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/webp");
      expect(img.headers["cache-control"]).toBe("private, no-store");
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: w, height: h });
      expect(meta.exif).toBeUndefined();
    }
    // Nothing was written to the public uploads folder.
    const uploads = path.join(DATA_DIR, "uploads");
    const files = existsSync(uploads) ? readdirSync(uploads, { recursive: true }) : [];
    expect(files).toEqual([]);
  });

  it("requires a verified email first (409 with a clear message); nothing is stored", async () => {
    const u = await person("Sin correo", false);
    const res = await submit(u);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(IDENTITY_MSG.emailNoVerificado);
    expect(await status(u)).toEqual({ estado: "ninguna", motivo: null, enviadaEn: null });
    expect(await deskItemOf(u)).toEqual([]);
  });

  it("a pending person cannot send twice; an approved one cannot send again", async () => {
    const u = await person();
    expect((await submit(u)).statusCode).toBe(201);
    const again = await submit(u);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(IDENTITY_MSG.pendiente);
    const [item] = await deskItemOf(u);
    expect((await approve(item._id)).statusCode).toBe(200);
    const after = await submit(u);
    expect(after.statusCode).toBe(409);
    expect(json(after).message).toBe(IDENTITY_MSG.yaAprobada);
    expect(await deskItemOf(u)).toHaveLength(1);
  });

  it("one account per document number: another account gets 409, however the number is written", async () => {
    const a = await person("Primera");
    const b = await person("Segunda");
    expect((await submit(a, { numeroDocumento: "52.123.456" })).statusCode).toBe(201);
    const dup = await submit(b, { numeroDocumento: "52 123 456" });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe(IDENTITY_MSG.documentoEnUso);
    // Another type with the same number is the same number.
    expect((await submit(b, { tipoDocumento: "PA", numeroDocumento: "52123456" })).statusCode).toBe(409);
    expect(await deskItemOf(b)).toEqual([]);

    // Also once approved; a rejected submission frees the number (it may not have been theirs).
    const [item] = await deskItemOf(a);
    expect((await reject(item._id, "La foto no corresponde al documento")).statusCode).toBe(200);
    expect((await submit(b, { numeroDocumento: "52123456" })).statusCode).toBe(201);
    const back = await submit(a, { numeroDocumento: "52123456" });
    expect(back.statusCode).toBe(409);
    expect(json(back).message).toBe(IDENTITY_MSG.documentoEnUso);
  });

  it("two submissions of the same number at once: one 201, one 409", async () => {
    const a = await person();
    const b = await person();
    const numero = nextDoc();
    const [ra, rb] = await Promise.all([
      submit(a, { numeroDocumento: numero }),
      submit(b, { numeroDocumento: numero }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    const n = await rows<{ n: number }>(
      sql`select count(*)::int as n from identity_verifications where numero_documento = ${numero}`,
    );
    expect(n[0]?.n).toBe(1);
  });

  it("refuses bad input with Spanish messages (400)", async () => {
    const u = await person();
    const cases: [Record<string, unknown>, string][] = [
      [{ tipoDocumento: "TI" }, IDENTITY_MSG.tipoRequerido],
      [{ numeroDocumento: "12AB34" }, IDENTITY_MSG.numeroCC],
      [{ numeroDocumento: "" }, IDENTITY_MSG.numeroRequerido],
      [{ tipoDocumento: "PA", numeroDocumento: "A#1" }, IDENTITY_MSG.numeroOtro],
      [{ fotoDocumento: "" }, IDENTITY_MSG.fotoDocumentoRequerida],
      [{ selfie: "https://example.com/yo.jpg" }, IDENTITY_MSG.imagenInvalida(IDENTITY_MSG.selfie)],
      [
        { fotoDocumento: `data:image/png;base64,${Buffer.from("no soy una imagen").toString("base64")}` },
        "La foto del documento está dañada o no es del tipo que indica",
      ],
      [{ selfie: "data:application/pdf;base64,JVBERi0=" }, IDENTITY_MSG.imagenInvalida(IDENTITY_MSG.selfie)],
    ];
    for (const [over, message] of cases) {
      const res = await submit(u, over);
      expect(res.statusCode, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(json(res).message).toContain(message);
    }
    expect(await status(u)).toMatchObject({ estado: "ninguna" });
  });
});

describe("privacy: the documents are never public", () => {
  it("no public or personal answer carries them; only an admin gets the images", async () => {
    const u = await person("Privada");
    const other = await person("Otra");
    const numero = "79876543";
    const docUrl = await photo("#123456");
    expect((await submit(u, { numeroDocumento: numero, fotoDocumento: docUrl })).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    const base64Start = docUrl.slice(30, 90);

    const answers = [
      await req("GET", "/api/profile", u.auth),
      await req("GET", "/api/profile/exportar", u.auth),
      await req("GET", "/api/assets", undefined),
      await req("GET", `/api/assets/user/${u.id}`, undefined),
      await req("GET", `/api/assets/user/${u.id}`, other.auth),
      await req("GET", `/api/reputation/${u.id}`, undefined),
      await req("GET", `/api/users/email/${encodeURIComponent(u.email)}`, other.auth),
      await req("GET", "/api/notificaciones/usuario", u.auth),
      await req("GET", "/api/verificacion/identidad", u.auth),
      await req("GET", "/api/economia/estado", undefined),
    ];
    for (const a of answers) {
      expect(a.statusCode, a.body.slice(0, 200)).toBeLessThan(500);
      expect(a.body).not.toContain(numero);
      expect(a.body).not.toContain(base64Start);
      expect(a.body).not.toContain(item._id);
      expect(a.body).not.toContain("imagenes/documento");
    }

    // The image URLs: 401 without a session, 403 for the owner and anybody else, 200 for an admin.
    for (const kind of ["documento", "selfie"] as const) {
      const url = item.imagenes[kind];
      expect((await req("GET", url, undefined)).statusCode).toBe(401);
      for (const who of [u, other]) {
        const r = await req("GET", url, who.auth);
        expect(r.statusCode).toBe(403);
        expect(json(r).message).toBe(RESTRICTED);
      }
      expect((await req("GET", url, admin.auth)).statusCode).toBe(200);
      expect((await req("GET", url, admin2.auth)).statusCode).toBe(200);
    }
    // Under no public static route either.
    for (const url of [`/uploads/identidad/${item._id}/documento.webp`, `/uploads/${item._id}`]) {
      expect((await req("GET", url, undefined)).statusCode).toBe(404);
    }
  });

  it("every admin call answers 403 to a member and 401 to a visitor, with no change", async () => {
    const u = await person();
    expect((await submit(u)).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    const calls: ["GET" | "POST", string, object?][] = [
      ["GET", "/api/admin/verificaciones"],
      ["POST", `/api/admin/verificaciones/${item._id}/aprobar`],
      ["POST", `/api/admin/verificaciones/${item._id}/rechazar`, { motivo: "No se lee el número" }],
    ];
    for (const [method, url, body] of calls) {
      const r = await req(method, url, u.auth, body);
      expect(r.statusCode, url).toBe(403);
      expect(json(r).message).toBe(RESTRICTED);
      expect((await req(method, url, undefined, body)).statusCode).toBe(401);
    }
    expect(await status(u)).toMatchObject({ estado: "pendiente" });
    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(false);
  });
});

describe("the admin's decision", () => {
  it("approval sets the profile's verified, is logged, notified in the app and mailed", async () => {
    const u = await person("Camila");
    expect((await submit(u)).statusCode).toBe(201);
    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(false);
    const [item] = await deskItemOf(u);
    const body = expectContract(adminIdentityDecisionResponseSchema, await approve(item._id));
    expect(body.message).toBe(IDENTITY_MSG.aprobadaAdmin);
    expect(body.data).toMatchObject({ estado: "aprobada", decididaPor: { _id: admin.id, name: "Ana" }, motivo: null });
    expect(body.data.decididaEn).toBeTruthy();

    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(true);
    expect(await status(u)).toMatchObject({ estado: "aprobada", motivo: null });

    const log = json(await req("GET", "/api/admin/registro?accion=identidad_aprobada&limit=200", admin.auth));
    const entries = log.data.filter((e: { objetoId: string }) => e.objetoId === u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ admin: { _id: admin.id }, objetoTipo: "usuario" });
    expect(entries[0].detalle).toContain("Cédula de ciudadanía");

    const notes = json(await req("GET", "/api/notificaciones/usuario", u.auth)).data;
    expect(notes).toContainEqual(
      expect.objectContaining({
        titulo: IDENTITY_MSG.notifAprobadaTitulo,
        descripcion: IDENTITY_MSG.notifAprobadaTexto,
        enlace: "/verificacion",
      }),
    );

    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toContain("verificada");
    expect(mail?.text).toContain("Tu identidad fue verificada");
    expect(mail?.text).toContain("https://valoriza.example/verificacion");
  });

  it("two admins approving at once: exactly one effect (the other gets 409), one log entry, one notice", async () => {
    const u = await person();
    expect((await submit(u)).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    const [a, b] = await Promise.all([approve(item._id, admin), approve(item._id, admin2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(json(loser).message).toBe(IDENTITY_MSG.yaDecidida);

    const log = await rows<{ n: number }>(
      sql`select count(*)::int as n from admin_actions where objeto_id = ${u.id} and accion like 'identidad_%'`,
    );
    expect(log[0]?.n).toBe(1);
    const notes = json(await req("GET", "/api/notificaciones/usuario", u.auth)).data.filter(
      (n: { enlace: string | null }) => n.enlace === "/verificacion",
    );
    expect(notes).toHaveLength(1);
    const mails = await rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where user_id = ${u.id} and template like 'identidad_%'`,
    );
    expect(mails[0]?.n).toBe(1);

    // An approval racing a rejection: one wins as well.
    const v = await person();
    expect((await submit(v)).statusCode).toBe(201);
    const [other] = await deskItemOf(v);
    const [x, y] = await Promise.all([approve(other._id, admin), reject(other._id, "Selfie borrosa", admin2)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const decided = (await deskItemOf(v))[0];
    expect(json(await req("GET", "/api/profile", v.auth)).data.verified).toBe(decided.estado === "aprobada");
  });

  it("reject needs a motivo; the person sees it, may send again, and the old images are gone", async () => {
    const u = await person("Daniel");
    expect((await submit(u)).statusCode).toBe(201);
    const [first] = await deskItemOf(u);
    for (const motivo of [undefined, "", "  "]) {
      const r = await reject(first._id, motivo);
      expect(r.statusCode).toBe(400);
      expect(json(r).message).toBe(IDENTITY_MSG.motivoRequerido);
    }
    const motivo = "La foto del documento está borrosa: no se lee el número";
    const body = expectContract(adminIdentityDecisionResponseSchema, await reject(first._id, motivo));
    expect(body.data).toMatchObject({ estado: "rechazada", motivo, decididaPor: { _id: admin.id } });
    expect((await approve(first._id)).statusCode).toBe(409);
    expect(await status(u)).toMatchObject({ estado: "rechazada", motivo });
    expect(json(await req("GET", "/api/profile", u.auth)).data.verified).toBe(false);

    const notes = json(await req("GET", "/api/notificaciones/usuario", u.auth)).data;
    expect(notes).toContainEqual(
      expect.objectContaining({
        titulo: IDENTITY_MSG.notifRechazadaTitulo,
        descripcion: IDENTITY_MSG.notifRechazadaTexto(motivo),
        enlace: "/verificacion",
      }),
    );
    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toBe("No pudimos verificar tu identidad en Valoriza");
    expect(mail?.text).toContain(motivo);

    const log = json(await req("GET", "/api/admin/registro?accion=identidad_rechazada&limit=200", admin.auth));
    expect(log.data.filter((e: { objetoId: string }) => e.objetoId === u.id)).toHaveLength(1);

    // Sends again: pending, and the rejected submission's images are deleted (retention, ADR 021).
    expect((await submit(u)).statusCode).toBe(201);
    expect(await status(u)).toMatchObject({ estado: "pendiente", motivo: null });
    const items = await deskItemOf(u);
    expect(items).toHaveLength(1);
    expect(items[0]._id).not.toBe(first._id);
    expect((await req("GET", first.imagenes.documento, admin.auth)).statusCode).toBe(404);
    expect((await approve(items[0]._id)).statusCode).toBe(200);
    expect(await status(u)).toMatchObject({ estado: "aprobada" });
  });

  it("the desk lists pending first (oldest first), then decided ones, with counts", async () => {
    const list = await desk();
    const estados = list.data.map((d: { estado: string }) => d.estado);
    const firstDecided = estados.findIndex((e: string) => e !== "pendiente");
    expect(estados.slice(firstDecided).includes("pendiente")).toBe(false);
    const pending = list.data.filter((d: { estado: string }) => d.estado === "pendiente");
    const dates = pending.map((d: { enviadaEn: string }) => d.enviadaEn);
    expect(dates).toEqual([...dates].sort());
    expect(list.counts.pendiente).toBe(pending.length);
    expect(list.counts.aprobada).toBeGreaterThan(0);
    expect(list.counts.rechazada).toBeGreaterThanOrEqual(0);
    const onlyPending = await req("GET", "/api/admin/verificaciones?estado=pendiente", admin.auth);
    expect(json(onlyPending).data.every((d: { estado: string }) => d.estado === "pendiente")).toBe(true);
  });

  it("unknown or malformed ids: 404 and 400", async () => {
    const unknown = "0190a0a0-0000-7000-8000-000000000000";
    expect((await approve(unknown)).statusCode).toBe(404);
    expect((await reject(unknown, "Motivo suficiente")).statusCode).toBe(404);
    expect((await req("GET", `/api/admin/verificaciones/${unknown}/imagenes/selfie`, admin.auth)).statusCode).toBe(404);
    const bad = await approve("no-es-un-id");
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(IDENTITY_MSG.idInvalido);
    const badKind = await req("GET", `/api/admin/verificaciones/${unknown}/imagenes/pasaporte`, admin.auth);
    expect(badKind.statusCode).toBe(400);
  });
});

describe("account deletion", () => {
  it("deleting the account deletes the submission and both images", async () => {
    const u = await person("Borrar");
    const numero = nextDoc();
    expect((await submit(u, { numeroDocumento: numero })).statusCode).toBe(201);
    const [item] = await deskItemOf(u);
    expect((await approve(item._id)).statusCode).toBe(200);

    const del = await req("DELETE", "/api/profile", u.auth, { password: u.password });
    expect(del.statusCode, del.body).toBe(200);

    const left = await rows<{ n: number }>(
      sql`select (select count(*)::int from identity_verifications where user_id = ${u.id})
        + (select count(*)::int from identity_images where verification_id = ${item._id}) as n`,
    );
    expect(left[0]?.n).toBe(0);
    expect(await deskItemOf(u)).toEqual([]);
    expect((await req("GET", item.imagenes.documento, admin.auth)).statusCode).toBe(404);
    // The number is free again (the person may open a new account and verify it).
    const again = await person("Nueva cuenta");
    expect((await submit(again, { numeroDocumento: numero })).statusCode).toBe(201);
    // The log keeps that a decision happened (append-only), without the document number.
    const log = await rows<{ detalle: string }>(sql`select detalle from admin_actions where objeto_id = ${u.id}`);
    expect(log).toHaveLength(1);
    expect(log[0]?.detalle).not.toContain(numero);
  });
});
