import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { json, signUp } from "../../test/harness.ts";
import { findAuthUser } from "../users/index.ts";
import { base, createAsset, openStream, streamFor, t, testConfig, useEventsApp } from "./events.setup.testkit.ts";
import { EventHub, EventTickets, eventsRoutes, publishEvent } from "./index.ts";

useEventsApp();

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
