import { adminIdentityListResponseSchema, identityStatusResponseSchema } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { createMailWorker, type MailWorker } from "../mail/index.ts";
import { startTestSmtp, type TestSmtp } from "../mail/smtp.testkit.ts";

export const DATA_DIR = `/tmp/valoriza-identity-test-${process.pid}`;
export const RESTRICTED = "Acceso restringido: Esta función está temporalmente disponible solo para administradores.";

export let t: TestContext;
export let smtp: TestSmtp;
export let worker: MailWorker;
export let admin: TestUser;
export let admin2: TestUser;

/** Starts the file's SMTP server, app (with two admins) and mail worker before its tests; stops them after. */
export function useVerificationApp(): void {
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
}

type Auth = { authorization: string } | undefined;
export const req = (method: "GET" | "POST" | "DELETE", url: string, auth: Auth, payload?: object) =>
  t.app.inject({ method, url, headers: auth ?? {}, ...(payload ? { payload } : {}) });

export function expectContract(schema: z.ZodType, res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = schema.safeParse(res.json());
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(res.json());
  return json(res);
}

export async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A real photo as a data URL (a JPEG with EXIF, so we can see the server strips it). */
export async function photo(color: string, width = 900, height = 600): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .withMetadata({ exif: { IFD0: { Artist: "Persona de prueba", Copyright: "GPS 4.6,-74.1" } } })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString("base64")}`;
}

let seq = 0;
/** A person whose email is verified (the mailed link's effect; the link itself is tested in users). */
export async function person(name = "Laura", emailVerified = true): Promise<TestUser> {
  const u = await signUp(t.app, { name, email: `persona.${Date.now()}.${seq++}@valoriza.test` });
  if (emailVerified) await rows(sql`update users set email_verified_at = now() where id = ${u.id}`);
  return u;
}

let docSeq = 1_000_000;
export const nextDoc = () => String(docSeq++ * 7);

export async function submit(u: TestUser, over: Record<string, unknown> = {}) {
  return req("POST", "/api/verificacion/identidad", u.auth, {
    tipoDocumento: "CC",
    numeroDocumento: nextDoc(),
    fotoDocumento: await photo("#2255aa"),
    selfie: await photo("#cc8844", 600, 800),
    ...over,
  });
}

export const status = async (u: TestUser) =>
  expectContract(identityStatusResponseSchema, await req("GET", "/api/verificacion/identidad", u.auth)).data;
export const desk = async (who: TestUser = admin) =>
  expectContract(adminIdentityListResponseSchema, await req("GET", "/api/admin/verificaciones", who.auth));
export const deskItemOf = async (u: TestUser) => {
  const items = (await desk()).data.filter((d: { usuario: { _id: string } }) => d.usuario._id === u.id);
  return items;
};
export const approve = (id: string, who: TestUser = admin) =>
  req("POST", `/api/admin/verificaciones/${id}/aprobar`, who.auth);
export const reject = (id: string, motivo: unknown, who: TestUser = admin) =>
  req("POST", `/api/admin/verificaciones/${id}/rechazar`, who.auth, motivo === undefined ? {} : { motivo });

/** Sends the outbox and answers the identity mails to `to` (not the sign-up's email verification). */
export async function mailsTo(to: string) {
  await worker.runOnce();
  return smtp.mails.filter((m) => m.to.includes(to) && m.text.includes("/verificacion"));
}
