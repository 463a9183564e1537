import { afterAll, beforeAll, expect } from "vitest";
import type { AppConfig } from "../../lib/deps.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit } from "../custody/custody.testkit.ts";
import { createMailWorker, type MailWorker } from "../mail/index.ts";
import { linkIn, type ReceivedMail, startTestSmtp, type TestSmtp } from "../mail/smtp.testkit.ts";
import { notify } from "../notifications/index.ts";
import { createPushWorker, type PushWorker } from "./index.ts";
import { startTestPushService, type TestPushService } from "./push.testkit.ts";

export const PUBLIC = "https://valoriza.example";
export const SECRET = "push-test-secret-push-test-secret-0123456789";

export let t: TestContext;
export let smtp: TestSmtp;
export let pushes: TestPushService;
export let config: AppConfig;
export let mail: MailWorker;
export let worker: PushWorker;
export const k = kit(() => t);

/** Starts the file's SMTP server, push service, app and workers before its tests; stops them after. */
export function usePushApp(): void {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    pushes = await startTestPushService();
    config = {
      jwtSecret: SECRET,
      adminEmails: [],
      dataDir: `/tmp/valoriza-push-test-${process.pid}-${Date.now()}`,
      smtpUrl: smtp.url,
      publicUrl: PUBLIC,
      mailFrom: "Valoriza <hola@valoriza.test>",
      pushAllowInsecureEndpoints: true,
    };
    t = await createTestApp(config);
    mail = createMailWorker({ db: t.database.db, clock: t.clock, config });
    worker = createPushWorker({ db: t.database.db, clock: t.clock, config }, { firstBackoffMs: 1000 });
  });
  afterAll(async () => {
    await worker.stop();
    await mail.stop();
    await t.close();
    await smtp.close();
    await pushes.close();
  });
}

export const req = (method: "GET" | "POST" | "PUT" | "DELETE", u: TestUser | null, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: u?.auth ?? {},
  });

/** A person whose address is verified the way people do it: the link of the mail they got. */
export async function verifiedPerson(name: string): Promise<TestUser> {
  const u = await signUp(t.app, { name });
  await mail.runOnce();
  const m = [...smtp.mails].reverse().find((x) => x.to.includes(u.email) && x.text.includes("/verificar-email?token="));
  if (!m) throw new Error(`no verification mail for ${u.email}`);
  const res = await req("POST", null, "/api/users/verificar-email", { token: linkIn(m, "/verificar-email").token });
  expect(res.statusCode).toBe(200);
  return u;
}

export async function subscribe(u: TestUser) {
  const s = pushes.subscription();
  const res = await req("POST", u, "/api/push/suscripciones", s);
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

export const setPrefs = async (u: TestUser, correo: "inmediato" | "diario" | "nunca", push: boolean) => {
  const res = await req("PUT", u, "/api/profile/notificaciones", { correo, push });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

export const pushesTo = (endpoint: string) => pushes.received.filter((p) => p.endpoint === endpoint);
export const payloadsTo = (endpoint: string) =>
  pushesTo(endpoint)
    .filter((p) => p.status === 201)
    .map((p) => JSON.parse(p.payload) as { title: string; body: string; url: string; tag: string });
export const mailsTo = (u: TestUser, skipVerification = true): ReceivedMail[] =>
  smtp.mails.filter((m) => m.to.includes(u.email) && !(skipVerification && m.text.includes("/verificar-email?")));

/** Both workers once, in order: what was delivered is pushed and mailed. */
export async function deliver() {
  const pass = await worker.runOnce();
  await mail.runOnce();
  return pass;
}

export const tell = (u: TestUser, titulo: string, extra: Partial<Parameters<typeof notify>[1]> = {}) =>
  notify(t.database.db, {
    userId: u.id,
    tipo: "prestamo_solicitado",
    titulo,
    descripcion: `${titulo}: descripción`,
    relacionadoTipo: "transaccion",
    relacionadoId: crypto.randomUUID(),
    ...extra,
  });
