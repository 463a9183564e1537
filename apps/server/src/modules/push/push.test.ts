/**
 * Issue 20 items 2 and 3: every notification reaches the person by Web Push and by mail, as they
 * chose. Real components only: a push service on loopback that decrypts what it gets (RFC 8291)
 * and checks VAPID (RFC 8292), an SMTP server on loopback, and the workers of two "processes".
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PUSH_MSG } from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../../config.ts";
import type { AppConfig } from "../../lib/deps.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, PRICE } from "../custody/custody.testkit.ts";
import { createMailWorker, type MailWorker } from "../mail/index.ts";
import { linkIn, type ReceivedMail, startTestSmtp, type TestSmtp } from "../mail/smtp.testkit.ts";
import { notify } from "../notifications/index.ts";
import { createPushWorker, endpointAllowed, nextDigestRun, type PushWorker, unsubscribeToken } from "./index.ts";
import { startTestPushService, type TestPushService } from "./push.testkit.ts";

const PUBLIC = "https://valoriza.example";
const SECRET = "push-test-secret-push-test-secret-0123456789";

let t: TestContext;
let smtp: TestSmtp;
let pushes: TestPushService;
let config: AppConfig;
let mail: MailWorker;
let worker: PushWorker;
const k = kit(() => t);

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

const req = (method: "GET" | "POST" | "PUT" | "DELETE", u: TestUser | null, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: u?.auth ?? {},
  });

/** A person whose address is verified the way people do it: the link of the mail they got. */
async function verifiedPerson(name: string): Promise<TestUser> {
  const u = await signUp(t.app, { name });
  await mail.runOnce();
  const m = [...smtp.mails].reverse().find((x) => x.to.includes(u.email) && x.text.includes("/verificar-email?token="));
  if (!m) throw new Error(`no verification mail for ${u.email}`);
  const res = await req("POST", null, "/api/users/verificar-email", { token: linkIn(m, "/verificar-email").token });
  expect(res.statusCode).toBe(200);
  return u;
}

async function subscribe(u: TestUser) {
  const s = pushes.subscription();
  const res = await req("POST", u, "/api/push/suscripciones", s);
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

const setPrefs = async (u: TestUser, correo: "inmediato" | "diario" | "nunca", push: boolean) => {
  const res = await req("PUT", u, "/api/profile/notificaciones", { correo, push });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};

const pushesTo = (endpoint: string) => pushes.received.filter((p) => p.endpoint === endpoint);
const payloadsTo = (endpoint: string) =>
  pushesTo(endpoint)
    .filter((p) => p.status === 201)
    .map((p) => JSON.parse(p.payload) as { title: string; body: string; url: string; tag: string });
const mailsTo = (u: TestUser, skipVerification = true): ReceivedMail[] =>
  smtp.mails.filter((m) => m.to.includes(u.email) && !(skipVerification && m.text.includes("/verificar-email?")));

/** Both workers once, in order: what was delivered is pushed and mailed. */
async function deliver() {
  const pass = await worker.runOnce();
  await mail.runOnce();
  return pass;
}

const tell = (u: TestUser, titulo: string, extra: Partial<Parameters<typeof notify>[1]> = {}) =>
  notify(t.database.db, {
    userId: u.id,
    tipo: "prestamo_solicitado",
    titulo,
    descripcion: `${titulo}: descripción`,
    relacionadoTipo: "transaccion",
    relacionadoId: crypto.randomUUID(),
    ...extra,
  });

describe("VAPID key and subscriptions", () => {
  it("GET /api/push/clave-publica answers the P-256 public key, generated once and kept in DATA_DIR/vapid.json", async () => {
    const a = await req("GET", null, "/api/push/clave-publica");
    expect(a.statusCode).toBe(200);
    const key = json(a).clavePublica as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(key, "base64url")[0]).toBe(4);
    expect(json(await req("GET", null, "/api/push/clave-publica")).clavePublica).toBe(key);
    const file = path.join(config.dataDir, "vapid.json");
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, "utf8")).publicKey).toBe(key);
  });

  it("subscribing needs a session and valid keys (Spanish errors); it can be repeated; DELETE removes it", async () => {
    const u = await signUp(t.app, { name: "Sofía" });
    const s = pushes.subscription();
    expect((await req("POST", null, "/api/push/suscripciones", s)).statusCode).toBe(401);
    const badKey = await req("POST", u, "/api/push/suscripciones", { ...s, keys: { ...s.keys, p256dh: "abc" } });
    expect(badKey.statusCode).toBe(400);
    expect(json(badKey).message).toContain(PUSH_MSG.invalidP256dh);
    const badAuth = await req("POST", u, "/api/push/suscripciones", { ...s, keys: { ...s.keys, auth: "%%" } });
    expect(json(badAuth).message).toContain(PUSH_MSG.invalidAuth);
    const badUrl = await req("POST", u, "/api/push/suscripciones", { ...s, endpoint: "no es una url" });
    expect(json(badUrl).message).toContain(PUSH_MSG.invalidEndpoint);

    const first = await req("POST", u, "/api/push/suscripciones", s);
    expect(json(first).data).toEqual({ suscrito: true, cambio: true });
    expect(json(await req("POST", u, "/api/push/suscripciones", s)).data).toEqual({ suscrito: true, cambio: false });
    expect(json(await req("GET", u, "/api/profile/notificaciones")).data.dispositivosPush).toBe(1);

    // Somebody else cannot remove it; its owner can, once.
    const other = await signUp(t.app, { name: "Otro" });
    expect(json(await req("DELETE", other, "/api/push/suscripciones", { endpoint: s.endpoint })).data.cambio).toBe(
      false,
    );
    const del = await req("DELETE", u, "/api/push/suscripciones", { endpoint: s.endpoint });
    expect(json(del)).toMatchObject({ message: PUSH_MSG.unsubscribed, data: { suscrito: false, cambio: true } });
    expect(json(await req("DELETE", u, "/api/push/suscripciones", { endpoint: s.endpoint })).data.cambio).toBe(false);
    expect(json(await req("GET", u, "/api/profile/notificaciones")).data.dispositivosPush).toBe(0);
  });

  it("outside tests only https push services with a host name are accepted (no loopback, no IP literal)", () => {
    expect(endpointAllowed("https://fcm.googleapis.com/fcm/send/abc")).toBe(true);
    expect(endpointAllowed("https://updates.push.services.mozilla.com/wpush/v2/x")).toBe(true);
    expect(endpointAllowed("http://fcm.googleapis.com/fcm/send/abc")).toBe(false);
    expect(endpointAllowed("https://127.0.0.1:8443/push")).toBe(false);
    expect(endpointAllowed("https://[::1]/push")).toBe(false);
    expect(endpointAllowed("https://localhost/push")).toBe(false);
    expect(endpointAllowed("https://169.254.169.254/latest")).toBe(false);
  });

  it("preferences: defaults inmediato + push, PUT validates in Spanish and keeps them", async () => {
    const u = await signUp(t.app, { name: "Prefe" });
    const got = json(await req("GET", u, "/api/profile/notificaciones")).data;
    expect(got).toEqual({ correo: "inmediato", push: true, dispositivosPush: 0, correoVerificado: false });
    const bad = await req("PUT", u, "/api/profile/notificaciones", { correo: "semanal", push: true });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain(PUSH_MSG.invalidCorreo);
    expect((await req("PUT", u, "/api/profile/notificaciones", { correo: "diario" })).statusCode).toBe(400);
    expect(await setPrefs(u, "diario", false)).toMatchObject({ correo: "diario", push: false });
    expect(json(await req("GET", u, "/api/profile/notificaciones")).data).toMatchObject({
      correo: "diario",
      push: false,
    });
    expect((await req("GET", null, "/api/profile/notificaciones")).statusCode).toBe(401);
  });
});

describe("a step that needs the person reaches them by push and mail", () => {
  it("a purchase of the seller's asset: an encrypted push (aes128gcm, VAPID) that opens /custodia, and a mail with its unsubscribe link", async () => {
    const seller = await verifiedPerson("Vendedora");
    const buyer = await signUp(t.app, { name: "Comprador" });
    const s = await subscribe(seller);
    const asset = await k.listFor(seller);
    await k.fund(buyer, PRICE);
    const bought = await k.buy(buyer, asset._id, seller.id);
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    // The purchase answered before anything was sent: the push and the mail wait in outboxes.
    expect(pushesTo(s.endpoint)).toHaveLength(0);

    const bell = json(await req("GET", seller, "/api/notificaciones/usuario")).data as {
      titulo: string;
      descripcion: string;
    }[];
    const notice = bell[0];
    if (!notice) throw new Error("no notification for the seller");

    const pass = await deliver();
    expect(pass.push).toBe(1);
    const [got] = pushesTo(s.endpoint);
    if (!got) throw new Error("no push");
    expect(got.headers["content-encoding"]).toBe("aes128gcm");
    expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(got.vapid.k).toBe(json(await req("GET", null, "/api/push/clave-publica")).clavePublica);
    expect(got.vapid.aud).toBe(new URL(s.endpoint).origin);
    expect(got.vapid.sub).toBe("mailto:hola@valoriza.test");
    expect(got.vapid.exp * 1000).toBeGreaterThan(Date.now());
    const payload = JSON.parse(got.payload);
    expect(payload).toEqual({
      title: notice.titulo,
      body: notice.descripcion,
      url: "/custodia",
      tag: expect.any(String),
    });
    expect(pushes.errors).toEqual([]);

    const [m] = mailsTo(seller);
    if (!m) throw new Error("no mail to the seller");
    expect(m.subject).toContain(notice.titulo.slice(0, 20));
    expect(m.text).toContain(`${PUBLIC}/custodia`);
    const unsub = linkIn(m, "/api/profile/notificaciones/baja");
    const headers = (m.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(headers).toContain(`List-Unsubscribe: <${unsub.url}>`);
    expect(unsub.token).toBe(unsubscribeToken(SECRET, seller.id));

    // The buyer has no verified address and no subscription: nothing mailed or pushed to them.
    expect(mailsTo(buyer)).toHaveLength(0);
    // Delivered once: another pass sends nothing more.
    expect(await deliver()).toEqual({ entregas: 0, push: 0, resumenes: 0 });
    expect(pushesTo(s.endpoint)).toHaveLength(1);
  });

  it("a chat message is pushed while the person is not on the chat page, and not while they are", async () => {
    const owner = await signUp(t.app, { name: "Dueña" });
    const asker = await signUp(t.app, { name: "Pregunta" });
    const s = await subscribe(owner);
    const asset = await k.listFor(owner);
    const started = await req("POST", asker, "/api/chat/iniciar", { activoId: asset._id, receptorId: owner.id });
    expect(started.statusCode, started.body).toBe(201);
    const chatId = json(started).data._id as string;
    const send = (texto: string) => req("POST", asker, "/api/chat/enviar", { chatId, texto });
    expect((await send("¿Sigue disponible?")).statusCode).toBeLessThan(300);
    await deliver();
    const got = payloadsTo(s.endpoint);
    expect(got).toHaveLength(1);
    expect(got[0]?.url).toBe(`/mensajes?chat=${chatId}`);
    expect(got[0]?.tag).toBe(`chat:${chatId}`);

    // She reads it and keeps the chat open: the next messages are not pushed.
    await req("POST", owner, `/api/chat/${chatId}/leido`);
    expect((await req("POST", owner, `/api/chat/${chatId}/presente`)).statusCode).toBe(200);
    expect((await send("¿Cuándo lo puedo ver?")).statusCode).toBeLessThan(300);
    await deliver();
    expect(payloadsTo(s.endpoint)).toHaveLength(1);
  });
});

describe("favourites", () => {
  it("an asset kept as a favourite is withdrawn: the fan's browser hears it (the favourites' statement queues it too)", async () => {
    const owner = await signUp(t.app, { name: "Dueño" });
    const fan = await signUp(t.app, { name: "Fan" });
    const s = await subscribe(fan);
    const asset = await k.listFor(owner);
    expect((await req("POST", fan, `/api/favoritos/${asset._id}`)).statusCode).toBe(200);
    const off = await req("PUT", owner, `/api/activos/desactivar/${asset._id}`);
    expect(off.statusCode, off.body).toBe(200);
    await deliver();
    const [got] = payloadsTo(s.endpoint);
    expect(got?.title).toBe("Un favorito fue retirado");
    expect(got?.url).toBe("/favoritos");
    // The push's id is the bell's notification: one row each, nothing left to deliver.
    const bell = json(await req("GET", fan, "/api/notificaciones/usuario")).data as { titulo: string }[];
    expect(bell.map((n) => n.titulo)).toEqual(["Un favorito fue retirado"]);
  });
});

describe("expired subscriptions and retries", () => {
  it("410 from the push service removes the subscription; a 503 is retried with backoff", async () => {
    const u = await signUp(t.app, { name: "Retry" });
    const gone = await subscribe(u);
    const flaky = await subscribe(u);
    pushes.answer(gone.endpoint, 410);
    pushes.answer(flaky.endpoint, 503, 2);
    await tell(u, "Solicitud de préstamo");
    const first = await worker.runOnce();
    expect(first.push).toBe(0);
    expect(json(await req("GET", u, "/api/profile/notificaciones")).data.dispositivosPush).toBe(1);
    // Not due yet: nothing is tried.
    await worker.runOnce();
    expect(pushesTo(flaky.endpoint)).toHaveLength(1);
    t.clock.advance(1000);
    await worker.runOnce();
    expect(pushesTo(flaky.endpoint)).toHaveLength(2);
    t.clock.advance(1500);
    expect((await worker.runOnce()).push).toBe(0);
    t.clock.advance(600);
    expect((await worker.runOnce()).push).toBe(1);
    expect(payloadsTo(flaky.endpoint).map((p) => p.title)).toEqual(["Solicitud de préstamo"]);
    expect(pushesTo(gone.endpoint)).toHaveLength(1);
    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toMatch(/^valoriza_push_outbox_pending 0$/m);
    expect(metrics).toMatch(/^valoriza_notification_outbox_pending 0$/m);
  });
});

describe("preferences are respected", () => {
  it("push false: no push; nunca: no mail; an unverified address: no mail", async () => {
    const quiet = await verifiedPerson("Silencio");
    const s = await subscribe(quiet);
    await setPrefs(quiet, "nunca", false);
    const unverified = await signUp(t.app, { name: "SinVerificar" });
    await tell(quiet, "No me avises");
    await tell(unverified, "Tampoco por correo");
    await deliver();
    expect(pushesTo(s.endpoint)).toHaveLength(0);
    expect(mailsTo(quiet)).toHaveLength(0);
    expect(mailsTo(unverified)).toHaveLength(0);
    // Push back on, mail still off.
    await setPrefs(quiet, "nunca", true);
    await tell(quiet, "Ahora sí por push");
    await deliver();
    expect(payloadsTo(s.endpoint).map((p) => p.title)).toEqual(["Ahora sí por push"]);
    expect(mailsTo(quiet)).toHaveLength(0);
  });

  it("diario: no mail per event, one digest a day at 7:00 in Colombia, sent once by two workers racing", async () => {
    const u = await verifiedPerson("Diaria");
    await setPrefs(u, "diario", true);
    await tell(u, "Primer aviso del día");
    await tell(u, "Segundo aviso del día");
    await deliver();
    expect(mailsTo(u)).toHaveLength(0);

    const other = createPushWorker({ db: t.database.db, clock: t.clock, config });
    try {
      t.clock.set(new Date(nextDigestRun(t.clock.now()).getTime() + 60_000));
      const [a, b] = await Promise.all([worker.runOnce(), other.runOnce()]);
      expect(a.resumenes + b.resumenes).toBe(1);
      await mail.runOnce();
      const digests = mailsTo(u);
      expect(digests).toHaveLength(1);
      expect(digests[0]?.subject).toContain("resumen diario");
      expect(digests[0]?.text).toContain("Primer aviso del día");
      expect(digests[0]?.text).toContain("Segundo aviso del día");
      expect(linkIn(digests[0] as ReceivedMail, "/api/profile/notificaciones/baja").token).toBe(
        unsubscribeToken(SECRET, u.id),
      );
      // Same day: a new notice waits for tomorrow's digest.
      await tell(u, "Aviso de la tarde");
      t.clock.advance(3 * 3_600_000);
      await Promise.all([worker.runOnce(), other.runOnce()]);
      await mail.runOnce();
      expect(mailsTo(u)).toHaveLength(1);
      t.clock.set(new Date(nextDigestRun(t.clock.now()).getTime() + 1000));
      await Promise.all([worker.runOnce(), other.runOnce()]);
      await mail.runOnce();
      expect(mailsTo(u)).toHaveLength(2);
      expect(mailsTo(u)[1]?.text).toContain("Aviso de la tarde");
      expect(mailsTo(u)[1]?.text).not.toContain("Primer aviso del día");
    } finally {
      await other.stop();
    }
  });

  it("the unsubscribe link sets correo 'nunca' without a session and shows a confirmation page; one-click POST too", async () => {
    const u = await verifiedPerson("Baja");
    const token = unsubscribeToken(SECRET, u.id);
    const page = await t.app.inject({
      method: "GET",
      url: `/api/profile/notificaciones/baja?token=${token}`,
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Ya no recibirás correos de notificaciones");
    expect(json(await req("GET", u, "/api/profile/notificaciones")).data.correo).toBe("nunca");
    await tell(u, "Ya no por correo");
    await deliver();
    expect(mailsTo(u)).toHaveLength(0);

    const forged = await req("GET", null, `/api/profile/notificaciones/baja?token=${token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(400);
    expect(json(forged).message).toBe(PUSH_MSG.invalidUnsubscribeToken);

    await setPrefs(u, "inmediato", true);
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/profile/notificaciones/baja?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(json(await req("GET", u, "/api/profile/notificaciones")).data.correo).toBe("nunca");
  });
});

describe("sent once with several processes", () => {
  it("two workers racing deliver every notification's push and mail exactly once", async () => {
    const u = await verifiedPerson("Carrera");
    const s = await subscribe(u);
    const titles = Array.from({ length: 12 }, (_, i) => `Aviso ${i + 1}`);
    for (const title of titles) await tell(u, title);
    const a = createPushWorker({ db: t.database.db, clock: t.clock, config }, { batch: 3 });
    const b = createPushWorker({ db: t.database.db, clock: t.clock, config }, { batch: 3 });
    const mailB = createMailWorker({ db: t.database.db, clock: t.clock, config }, { batch: 2 });
    try {
      const [pa, pb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(pa.entregas + pb.entregas).toBe(12);
      expect(pa.push + pb.push).toBe(12);
      await Promise.all([mail.runOnce(), mailB.runOnce()]);
      expect(
        payloadsTo(s.endpoint)
          .map((p) => p.title)
          .sort(),
      ).toEqual([...titles].sort());
      expect(
        mailsTo(u)
          .map((m) => m.subject)
          .sort(),
      ).toEqual([...titles].sort());
      expect(await a.runOnce()).toEqual({ entregas: 0, push: 0, resumenes: 0 });
    } finally {
      await a.stop();
      await b.stop();
      await mailB.stop();
    }
  });
});

describe("configuration and account deletion", () => {
  it("VAPID keys from the environment are validated (both or neither, base64url P-256, mailto:/https: subject)", () => {
    const pub = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
    const priv = Buffer.alloc(32, 9).toString("base64url");
    const ok = parseEnv({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: "mailto:ops@valoriza.co" });
    expect(ok).toMatchObject({ vapidPublicKey: pub, vapidPrivateKey: priv, vapidSubject: "mailto:ops@valoriza.co" });
    expect(parseEnv({}).vapidPublicKey).toBeUndefined();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: "corta", VAPID_PRIVATE_KEY: priv })).toThrow(ConfigError);
    expect(() => parseEnv({ VAPID_SUBJECT: "http://valoriza.co" })).toThrow(/VAPID_SUBJECT: debe empezar por mailto:/);
  });

  it("the data export lists the preferences and browsers; deleting the account removes them and nothing reaches it after", async () => {
    const u = await verifiedPerson("Se va");
    const s = await subscribe(u);
    await setPrefs(u, "diario", true);
    // Before leaving, the data export shows the choice and the browser (its service, not its keys).
    const exported = JSON.parse((await req("GET", u, "/api/profile/exportar")).body);
    expect(exported.preferenciasDeNotificaciones).toEqual({ correo: "diario", push: true });
    expect(exported.dispositivosPush).toEqual([
      { servicio: new URL(s.endpoint).origin, desde: expect.any(String), ultimoEnvio: null },
    ]);
    expect(JSON.stringify(exported)).not.toContain(s.keys.auth);
    const res = await req("DELETE", u, "/api/profile", { password: u.password });
    expect(res.statusCode, res.body).toBe(200);
    const left = (await t.database.db.execute(
      `select (select count(*) from push_subscriptions where user_id = '${u.id}')::int as subs,
              (select count(*) from notification_preferences where user_id = '${u.id}')::int as prefs`,
    )) as unknown as { rows: { subs: number; prefs: number }[] };
    expect(left.rows[0]).toEqual({ subs: 0, prefs: 0 });
    await tell(u, "Después de irse");
    await deliver();
    expect(pushesTo(s.endpoint)).toHaveLength(0);
    expect(mailsTo(u)).toHaveLength(0);
  });
});
