import { currentYearInColombia, type LiveEvent } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { transfer } from "../ledger/index.ts";
import { findAuthUser } from "../users/index.ts";
import { EventHub, EventTickets, eventsRoutes, MAX_STREAMS_PER_USER, publishEvent } from "./index.ts";

let t: TestContext;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

/** A minimal server-sent-events reader over fetch: collects `data:` events. */
interface Stream {
  status: number;
  events: LiveEvent[];
  /** Comment lines (heartbeats) received. */
  comments: string[];
  waitFor(pred: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  ended: Promise<void>;
  close(): void;
}

async function ticketFor(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/eventos/ticket", headers: u.auth });
  if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return json(res).ticket;
}

async function openStream(url: string): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(url, { signal: ac.signal, headers: { accept: "text/event-stream" } });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let resolveEnded!: () => void;
  const ended = new Promise<void>((r) => {
    resolveEnded = r;
  });
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += dec.decode(value, { stream: true });
          let i = buf.indexOf("\n\n");
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            for (const line of block.split("\n")) {
              if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)));
              else if (line.startsWith(":")) comments.push(line);
            }
            for (const w of [...waiters]) w();
            i = buf.indexOf("\n\n");
          }
        }
      } catch {
        // aborted
      }
      resolveEnded();
    })();
  } else {
    resolveEnded();
  }
  return {
    status: res.status,
    events,
    comments,
    ended,
    close: () => ac.abort(),
    waitFor(pred, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.find(pred);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}

async function streamFor(u: TestUser, app = t.app, at = base): Promise<Stream> {
  const s = await openStream(`${at}/api/eventos?ticket=${encodeURIComponent(await ticketFor(app, u))}`);
  expect(s.status).toBe(200);
  await s.waitFor((e) => e.tipo === "sincronizar");
  return s;
}

async function createAsset(app: FastifyInstance, u: TestUser): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: "/api/assets",
    headers: u.auth,
    payload: {
      title: "Taladro percutor",
      description: "Taladro con maletín",
      assetType: "bien",
      origin: "personal",
      category: "Herramientas",
      condition: "usado",
      physicalState: "bueno",
      yearOfPurchase: currentYearInColombia(new Date()) - 1,
      baseValueCOP: 400_000,
      mainPurpose: "vender",
      privacy: "publico",
      images: [],
    },
  });
  if (res.statusCode !== 201) throw new Error(`asset: ${res.statusCode} ${res.body}`);
  return json(res).data._id;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

function testConfig() {
  return {
    jwtSecret: "test-secret-test-secret-test-secret-0123456789",
    adminEmails: [],
    dataDir: `/tmp/valoriza-events-test-${process.pid}`,
    webDist: undefined,
  };
}

describe("several server processes on one database", () => {
  let second: FastifyInstance;
  let secondDb: Database | undefined;
  let secondBase: string;

  beforeAll(async () => {
    // On PostgreSQL the second app has its own pool and its own LISTEN connection, as a second process would.
    const url = (t.database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client.options
      ?.connectionString;
    if (t.database.kind === "postgres" && url) {
      secondDb = await openDatabase({ url, poolSize: 5 });
    }
    second = await buildApp({ db: secondDb?.db ?? t.database.db, clock: t.clock, config: testConfig() });
    secondBase = await second.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
  });

  it("a message sent through one instance reaches a stream open on the other", async () => {
    const owner = await signUp(t.app);
    const buyer = await signUp(t.app);
    const activoId = await createAsset(t.app, owner);
    const onSecond = await streamFor(owner, second, secondBase);
    const onFirst = await streamFor(buyer, t.app, base);
    try {
      const chat = json(
        await t.app.inject({
          method: "POST",
          url: "/api/chat/iniciar",
          headers: buyer.auth,
          payload: { activoId, receptorId: owner.id },
        }),
      ).data;
      await t.app.inject({
        method: "POST",
        url: "/api/chat/enviar",
        headers: buyer.auth,
        payload: { chatId: chat._id, texto: "desde la instancia 1" },
      });
      await onSecond.waitFor((e) => e.tipo === "chat" && e.chatId === chat._id);
      onFirst.events.length = 0;
      await second.inject({
        method: "POST",
        url: "/api/chat/enviar",
        headers: owner.auth,
        payload: { chatId: chat._id, texto: "desde la instancia 2" },
      });
      await onFirst.waitFor((e) => e.tipo === "chat" && e.chatId === chat._id);
    } finally {
      onSecond.close();
      onFirst.close();
    }
  });
});

describe("heartbeats, stream lifetime and lost listener connections", () => {
  it("sends heartbeat comments and closes a stream at its maximum lifetime", async () => {
    const hub = new EventHub(t.database.db);
    const tickets = new EventTickets("another-secret-another-secret-0123456789", new ManualClock());
    const mini = Fastify();
    mini.setValidatorCompiler(validatorCompiler);
    mini.setSerializerCompiler(serializerCompiler);
    await mini.register(
      eventsRoutes({
        hub,
        tickets,
        lookup: (id) => findAuthUser(t.database.db, id),
        authenticate: async () => {},
        heartbeatMs: 50,
        maxStreamMs: 600,
      }),
    );
    const at = await mini.listen({ port: 0, host: "127.0.0.1" });
    try {
      const u = await signUp(t.app);
      const s = await openStream(`${at}/eventos?ticket=${await tickets.issue(u.id, 0)}`);
      expect(s.status).toBe(200);
      const started = Date.now();
      await s.ended;
      expect(Date.now() - started).toBeLessThan(2000);
      expect(s.comments.length).toBeGreaterThanOrEqual(3);
      expect(s.events[0]).toEqual({ tipo: "sincronizar" });
      expect(hub.size).toBe(0);
    } finally {
      await mini.close();
      await hub.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "PostgreSQL: a dropped LISTEN connection is re-established, streams resync and keep receiving",
    async () => {
      const u = await signUp(t.app);
      const s = await streamFor(u);
      try {
        const killed = await t.database.db.execute(
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
              where datname = current_database() and query ilike 'LISTEN valoriza_eventos%'`,
        );
        expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
        await s.waitFor(
          (e) => e.tipo === "sincronizar" && s.events.filter((x) => x.tipo === "sincronizar").length >= 2,
          5000,
        );
        await publishEvent(t.database.db, [u.id], { tipo: "chat", chatId: "after-reconnect" });
        await s.waitFor((e) => e.tipo === "chat" && e.chatId === "after-reconnect");
      } finally {
        s.close();
      }
    },
  );
});
