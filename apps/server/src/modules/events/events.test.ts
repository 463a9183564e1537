import { describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { json, signUp } from "../../test/harness.ts";
import { transfer } from "../ledger/index.ts";
import { createAsset, streamFor, t, testConfig, ticketFor, useEventsApp, wait } from "./events.setup.testkit.ts";
import { MAX_STREAMS_PER_USER, publishEvent } from "./index.ts";

useEventsApp();

describe("stream authentication", () => {
  it("needs a ticket from a signed-in POST; forged, expired or session tokens do not open it", async () => {
    const u = await signUp(t.app);
    expect((await t.app.inject({ method: "POST", url: "/api/eventos/ticket" })).statusCode).toBe(401);

    const none = await t.app.inject({ method: "GET", url: "/api/eventos" });
    expect(none.statusCode).toBe(400);
    const forged = await t.app.inject({ method: "GET", url: "/api/eventos?ticket=abc.def.ghi" });
    expect(forged.statusCode).toBe(401);
    expect(json(forged).message).toBe("El ticket de eventos no es válido o expiró");
    // A session token is not a ticket, and a ticket is not a session token.
    const session = await t.app.inject({ method: "GET", url: `/api/eventos?ticket=${u.token}` });
    expect(session.statusCode).toBe(401);
    const ticket = await ticketFor(t.app, u);
    const asBearer = await t.app.inject({
      method: "GET",
      url: "/api/profile",
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(asBearer.statusCode).toBe(401);

    t.clock.advance(61_000);
    try {
      const expired = await t.app.inject({ method: "GET", url: `/api/eventos?ticket=${ticket}` });
      expect(expired.statusCode).toBe(401);
    } finally {
      t.clock.advance(-61_000);
    }
  });
});

describe("events after commit", () => {
  it("a chat message reaches both participants' streams, not a third user's", async () => {
    const owner = await signUp(t.app, { name: "Olga" });
    const buyer = await signUp(t.app, { name: "Bruno" });
    const other = await signUp(t.app, { name: "Otro" });
    const activoId = await createAsset(t.app, owner);
    const [so, sb, sx] = await Promise.all([streamFor(owner), streamFor(buyer), streamFor(other)]);
    try {
      const chat = json(
        await t.app.inject({
          method: "POST",
          url: "/api/chat/iniciar",
          headers: buyer.auth,
          payload: { activoId, receptorId: owner.id },
        }),
      ).data;
      so.events.length = 0;
      const sent = await t.app.inject({
        method: "POST",
        url: "/api/chat/enviar",
        headers: buyer.auth,
        payload: { chatId: chat._id, texto: "¿Lo tienes todavía?" },
      });
      expect(sent.statusCode).toBe(200);
      await so.waitFor((e) => e.tipo === "chat" && e.chatId === chat._id);
      await sb.waitFor((e) => e.tipo === "chat" && e.chatId === chat._id);
      await wait(200);
      expect(sx.events.filter((e) => e.tipo !== "sincronizar")).toEqual([]);
      // Hints only: no message text travels on the stream.
      expect(JSON.stringify(so.events)).not.toContain("todavía");
    } finally {
      for (const s of [so, sb, sx]) s.close();
    }
  });

  it("a notification and a balance change (ledger transfer trigger) reach the user's stream", async () => {
    const u = await signUp(t.app);
    const s = await streamFor(u);
    try {
      await createAsset(t.app, u); // issues and blocks credits, and notifies
      await s.waitFor((e) => e.tipo === "notificacion");
      await s.waitFor((e) => e.tipo === "saldo");
    } finally {
      s.close();
    }
  });

  it("a transfer between two users tells both of them their balance moved, and nobody else", async () => {
    const [a, b, c] = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    await t.database.db.transaction((tx) =>
      transfer(tx, {
        from: { system: "emision" },
        to: { userId: a.id, kind: "disponible" },
        amount: 50,
        kind: "correccion",
      }),
    );
    const [sa, sb, sc] = await Promise.all([streamFor(a), streamFor(b), streamFor(c)]);
    try {
      await t.database.db.transaction((tx) =>
        transfer(tx, {
          from: { userId: a.id, kind: "disponible" },
          to: { userId: b.id, kind: "disponible" },
          amount: 20,
          kind: "alquiler",
        }),
      );
      await sa.waitFor((e) => e.tipo === "saldo");
      await sb.waitFor((e) => e.tipo === "saldo");
      await wait(200);
      expect(sc.events.filter((e) => e.tipo !== "sincronizar")).toEqual([]);
    } finally {
      for (const s of [sa, sb, sc]) s.close();
    }
  });

  it("an event published in a rolled-back transaction is never delivered", async () => {
    const u = await signUp(t.app);
    const s = await streamFor(u);
    try {
      await t.database.db
        .transaction(async (tx) => {
          await publishEvent(tx, [u.id], { tipo: "chat", chatId: "rolled-back" });
          throw new Error("rollback");
        })
        .catch(() => {});
      await publishEvent(t.database.db, [u.id], { tipo: "chat", chatId: "committed" });
      await s.waitFor((e) => e.tipo === "chat" && e.chatId === "committed");
      expect(s.events.some((e) => e.tipo === "chat" && e.chatId === "rolled-back")).toBe(false);
    } finally {
      s.close();
    }
  });
});

describe("stream lifecycle", () => {
  it(`closed streams are released: at most ${MAX_STREAMS_PER_USER} at once, and closing frees the slots`, async () => {
    const u = await signUp(t.app);
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => streamFor(u)));
    const extra = await t.app.inject({ method: "GET", url: `/api/eventos?ticket=${await ticketFor(t.app, u)}` });
    expect(extra.statusCode).toBe(429);
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));
    await wait(300);
    const again = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => streamFor(u)));
    for (const s of again) s.close();
  });

  it("closing the app ends open streams instead of hanging", async () => {
    const other = await buildApp({ db: t.database.db, clock: t.clock, config: testConfig() });
    const at = await other.listen({ port: 0, host: "127.0.0.1" });
    const u = await signUp(other);
    const s = await streamFor(u, other, at);
    const started = Date.now();
    await other.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
