/**
 * Issue 20 items 2 and 3: the VAPID key, subscriptions and preferences, expired subscriptions and
 * retries, the configuration and the account's deletion. Real components only: a push service on
 * loopback that decrypts what it gets (RFC 8291) and checks VAPID (RFC 8292), and an SMTP server on
 * loopback. Delivery of every notification by push and mail, as the person chose: push.delivery.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PUSH_MSG } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../../config.ts";
import { json, signUp } from "../../test/harness.ts";
import { endpointAllowed } from "./index.ts";
import {
  config,
  deliver,
  mailsTo,
  payloadsTo,
  pushes,
  pushesTo,
  req,
  setPrefs,
  subscribe,
  t,
  tell,
  usePushApp,
  verifiedPerson,
  worker,
} from "./push.setup.testkit.ts";

usePushApp();

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
