import { PUSH_MSG } from "@valoriza/domain";
import { describe, expect, it } from "vitest";
import { json, signUp } from "../../test/harness.ts";
import { PRICE } from "../custody/custody.testkit.ts";
import { createMailWorker } from "../mail/index.ts";
import { linkIn, type ReceivedMail } from "../mail/smtp.testkit.ts";
import { createPushWorker, nextDigestRun, unsubscribeToken } from "./index.ts";
import {
  config,
  deliver,
  k,
  mail,
  mailsTo,
  PUBLIC,
  payloadsTo,
  pushes,
  pushesTo,
  req,
  SECRET,
  setPrefs,
  subscribe,
  t,
  tell,
  usePushApp,
  verifiedPerson,
  worker,
} from "./push.setup.testkit.ts";

usePushApp();

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
