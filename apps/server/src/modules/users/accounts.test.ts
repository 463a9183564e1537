/**
 * Issue 16: email verification, password reset and sign-out, with a real SMTP server on loopback
 * receiving every mail and the tests following the mailed links.
 */
import { ACCOUNT_MSG, TERMINOS_VERSION } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestApp, json, signUp, type TestContext, uniqueEmail } from "../../test/harness.ts";
import { createMailWorker, type MailWorker } from "../mail/index.ts";
import { linkIn, startTestSmtp, type TestSmtp } from "../mail/smtp.testkit.ts";

let t: TestContext;
let smtp: TestSmtp;
let worker: MailWorker;
const PUBLIC = "https://valoriza.example";

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC, mailFrom: "Valoriza <hola@valoriza.test>" });
  worker = createMailWorker({
    db: t.database.db,
    clock: t.clock,
    config: {
      jwtSecret: "x",
      adminEmails: [],
      dataDir: "/tmp",
      smtpUrl: smtp.url,
      mailFrom: "Valoriza <hola@valoriza.test>",
    },
  });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

const post = (url: string, payload?: unknown, auth?: { authorization: string }) =>
  t.app.inject({
    method: "POST",
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: auth,
  });
const profile = (auth: { authorization: string }) =>
  t.app.inject({ method: "GET", url: "/api/profile", headers: auth });

/** Sends the outbox and answers the newest mail to `to` (with a link to `path`, if given). */
async function mailTo(to: string, path = "") {
  await worker.runOnce();
  const mail = [...smtp.mails].reverse().find((m) => m.to.includes(to) && m.text.includes(`${path}?token=`));
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

describe("email verification", () => {
  it("register answers emailVerificado false, records consent, and mails a link that verifies once", async () => {
    const email = uniqueEmail("verifica");
    const res = await post("/api/users/register", {
      name: "Valeria",
      apellido: "Gómez",
      email,
      password: "clave123",
      aceptaTerminos: true,
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).data.emailVerificado).toBe(false);
    const auth = { authorization: `Bearer ${json(res).data.token}` };
    expect(json(await profile(auth)).data.emailVerificado).toBe(false);
    const [row] = (
      (await t.database.db.execute(
        `select consent_version, consent_at from users where email = '${email}'`,
      )) as unknown as { rows: { consent_version: string; consent_at: unknown }[] }
    ).rows;
    expect(row?.consent_version).toBe(TERMINOS_VERSION);
    expect(row?.consent_at).toBeTruthy();

    const mail = await mailTo(email);
    expect(mail.from).toBe("hola@valoriza.test");
    expect(mail.text).toContain("Valoriza");
    expect(mail.text).toContain("Hola, Valeria:");
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    const link = linkIn(mail, "/verificar-email");
    expect(link.url.startsWith(`${PUBLIC}/verificar-email?token=`)).toBe(true);
    // Only its hash is stored.
    const stored = (await t.database.db.execute(`select token_hash from account_tokens`)) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(stored.rows.some((r) => r.token_hash === link.token)).toBe(false);

    const ok = await post("/api/users/verificar-email", { token: link.token });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({
      success: true,
      message: ACCOUNT_MSG.emailVerified,
      data: { emailVerificado: true },
    });
    expect(json(await profile(auth)).data.emailVerificado).toBe(true);
    const login = await post("/api/users/login", { email, password: "clave123" });
    expect(json(login).data.emailVerificado).toBe(true);

    const again = await post("/api/users/verificar-email", { token: link.token });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(ACCOUNT_MSG.linkUsed);
  });

  it("a sign-up without aceptaTerminos is allowed and records no consent", async () => {
    const user = await signUp(t.app);
    const r = (await t.database.db.execute(`select consent_version from users where id = '${user.id}'`)) as unknown as {
      rows: { consent_version: string | null }[];
    };
    expect(r.rows[0]?.consent_version).toBeNull();
  });

  it("a link older than 48 h is refused as expired; an unknown one as invalid", async () => {
    const user = await signUp(t.app);
    const link = linkIn(await mailTo(user.email, "/verificar-email"), "/verificar-email");
    t.clock.advance(48 * 60 * 60 * 1000 + 1000);
    const res = await post("/api/users/verificar-email", { token: link.token });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(ACCOUNT_MSG.linkExpired);
    const bad = await post("/api/users/verificar-email", { token: "no-existe" });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(ACCOUNT_MSG.linkInvalid);
  });

  it("reenviar (signed in) mails a new link, throttled, and needs a session", async () => {
    const user = await signUp(t.app);
    await mailTo(user.email);
    const before = smtp.mails.length;
    expect((await post("/api/users/verificacion/reenviar")).statusCode).toBe(401);
    const res = await post("/api/users/verificacion/reenviar", undefined, user.auth);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(ACCOUNT_MSG.verificationSent);
    const link = linkIn(await mailTo(user.email, "/verificar-email"), "/verificar-email");
    expect(smtp.mails.length).toBe(before + 1);
    const soon = await post("/api/users/verificacion/reenviar", undefined, user.auth);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post("/api/users/verificar-email", { token: link.token })).statusCode).toBe(200);
    t.clock.advance(61_000);
    const done = await post("/api/users/verificacion/reenviar", undefined, user.auth);
    expect(json(done)).toMatchObject({ message: ACCOUNT_MSG.alreadyVerified, data: { emailVerificado: true } });
  });
});

describe("password reset", () => {
  it("answers the same body in about the same time whether or not the account exists", async () => {
    const user = await signUp(t.app);
    await mailTo(user.email);
    const mailsBefore = smtp.mails.length;
    const t0 = performance.now();
    const known = await post("/api/users/olvide-contrasena", { email: user.email });
    const t1 = performance.now();
    const unknown = await post("/api/users/olvide-contrasena", { email: uniqueEmail("nadie") });
    const t2 = performance.now();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known).message).toBe(ACCOUNT_MSG.resetRequested);
    expect(Math.abs(t1 - t0 - (t2 - t1))).toBeLessThan(200);
    await worker.runOnce();
    expect(smtp.mails.length).toBe(mailsBefore + 1);
  });

  it("the mailed link sets the new password once, ends older sessions and signs the person in", async () => {
    const user = await signUp(t.app);
    const other = json(await post("/api/users/login", { email: user.email, password: user.password })).data.token;
    await post("/api/users/olvide-contrasena", { email: user.email });
    const mail = await mailTo(user.email, "/restablecer-contrasena");
    const link = linkIn(mail, "/restablecer-contrasena");
    expect(link.url.startsWith(`${PUBLIC}/restablecer-contrasena?token=`)).toBe(true);

    const short = await post("/api/users/restablecer-contrasena", { token: link.token, newPassword: "123" });
    expect(short.statusCode).toBe(400);

    const res = await post("/api/users/restablecer-contrasena", { token: link.token, newPassword: "nueva-clave-9" });
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({ _id: user.id, email: user.email, emailVerificado: true });
    // The answer's token is a session; every older one is over.
    expect((await profile({ authorization: `Bearer ${data.token}` })).statusCode).toBe(200);
    expect((await profile(user.auth)).statusCode).toBe(401);
    expect((await profile({ authorization: `Bearer ${other}` })).statusCode).toBe(401);

    expect((await post("/api/users/login", { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post("/api/users/login", { email: user.email, password: "nueva-clave-9" })).statusCode).toBe(200);

    const twice = await post("/api/users/restablecer-contrasena", { token: link.token, newPassword: "otra-clave-9" });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe(ACCOUNT_MSG.linkUsed);
    expect((await post("/api/users/login", { email: user.email, password: "otra-clave-9" })).statusCode).toBe(401);
  });

  it("a reset link expires after 1 hour", async () => {
    const user = await signUp(t.app);
    await post("/api/users/olvide-contrasena", { email: user.email });
    const link = linkIn(await mailTo(user.email, "/restablecer-contrasena"), "/restablecer-contrasena");
    t.clock.advance(60 * 60 * 1000 + 1000);
    const res = await post("/api/users/restablecer-contrasena", { token: link.token, newPassword: "nueva-clave-9" });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(ACCOUNT_MSG.linkExpired);
    expect((await post("/api/users/login", { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe("sign-out", () => {
  it("POST /users/logout ends that session: its token answers 401, in this and another app instance", async () => {
    const user = await signUp(t.app);
    const second = json(await post("/api/users/login", { email: user.email, password: user.password })).data.token;
    // Another server instance on the same database, with its own session cache (warmed up first).
    const other = await buildApp({
      db: t.database.db,
      clock: t.clock,
      config: {
        jwtSecret: "test-secret-test-secret-test-secret-0123456789",
        adminEmails: [],
        dataDir: "/tmp/vz-other",
      },
    });
    try {
      const otherProfile = (token: string) =>
        other.inject({ method: "GET", url: "/api/profile", headers: { authorization: `Bearer ${token}` } });
      expect((await otherProfile(user.token)).statusCode).toBe(200);
      expect((await profile(user.auth)).statusCode).toBe(200);

      const out = await post("/api/users/logout", undefined, user.auth);
      expect(out.statusCode).toBe(200);
      expect(json(out).message).toBe(ACCOUNT_MSG.loggedOut);
      expect((await profile(user.auth)).statusCode).toBe(401);
      let status = 0;
      for (let i = 0; i < 50 && status !== 401; i++) {
        status = (await otherProfile(user.token)).statusCode;
        if (status !== 401) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
      // The person's other session goes on.
      expect((await profile({ authorization: `Bearer ${second}` })).statusCode).toBe(200);
      expect((await otherProfile(second)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
