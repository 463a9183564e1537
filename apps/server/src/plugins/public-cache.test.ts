import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { Database } from "../db/client.ts";
import { ManualClock } from "../lib/clock.ts";
import { freshDatabase, json, signUp } from "../test/harness.ts";

let db: { database: Database; drop(): Promise<void> };
let app: FastifyInstance;

beforeAll(async () => {
  db = await freshDatabase();
  app = await buildApp({
    db: db.database.db,
    clock: new ManualClock(new Date()),
    publicCacheMs: 60_000, // long: only a write may refresh it during the test
    config: {
      jwtSecret: "test-secret-test-secret-test-secret-0123456789",
      adminEmails: [],
      dataDir: `/tmp/valoriza-test-${process.pid}-public-cache`,
      webDist: undefined,
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const feed = (headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: "/api/assets?limit=7", headers });

describe("public shared reads (ADR 012)", () => {
  it("answer an ETag, and 304 with no body when the client already has it", async () => {
    for (const url of ["/api/economia/estado", "/api/economia/reporte", "/api/assets?limit=7"]) {
      const first = await app.inject({ method: "GET", url });
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^".+"$/);
      const again = await app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe("");
      const other = await app.inject({ method: "GET", url, headers: { "if-none-match": '"otra"' } });
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).toBe(first.body);
    }
  });

  it("the feed is served from memory; a write through this process refreshes it at once", async () => {
    const u = await signUp(app);
    const reg = await app.inject({
      method: "POST",
      url: "/api/dinero/registrar",
      headers: u.auth,
      payload: { monto: 50_000, tipo: "donacion", descripcion: "Aporte" },
    });
    expect(reg.statusCode).toBe(201);
    const before = json(await feed());
    expect(before.data).toHaveLength(1);
    const title = before.data[0].title as string;

    // Changed behind the server's back (as another process would): this process keeps its copy.
    await db.database.db.execute(sql`update assets set title = 'Cambiado por otro proceso'`);
    expect(json(await feed()).data[0].title).toBe(title);
    // A query string is its own entry: read fresh.
    expect(json(await app.inject({ method: "GET", url: "/api/assets?limit=8" })).data[0].title).toBe(
      "Cambiado por otro proceso",
    );

    // A successful write here forgets every cached read.
    const reg2 = await app.inject({
      method: "POST",
      url: "/api/dinero/registrar",
      headers: u.auth,
      payload: { monto: 20_000, tipo: "donacion", descripcion: "Otro aporte" },
    });
    expect(reg2.statusCode).toBe(201);
    const after = json(await feed());
    expect(after.data).toHaveLength(2);
    expect(after.data.map((a: { title: string }) => a.title)).toContain("Cambiado por otro proceso");
  });

  it("a signed-in feed is the viewer's own (blocks, issue 19 part 4): never served from nor kept in memory", async () => {
    const [ana, beto] = [await signUp(app), await signUp(app)];
    const reg = await app.inject({
      method: "POST",
      url: "/api/dinero/registrar",
      headers: beto.auth,
      payload: { monto: 30_000, tipo: "donacion", descripcion: "Aporte de Beto" },
    });
    expect(reg.statusCode).toBe(201);
    const owners = async (headers: Record<string, string> = {}) =>
      (json(await feed(headers)).data as { userId: { _id: string } }[]).map((a) => a.userId._id);
    expect(await owners(ana.auth)).toContain(beto.id);
    const signedIn = await feed(ana.auth);
    expect(signedIn.headers.etag).toMatch(/^".+"$/);
    // Ana blocks Beto behind this process's back (as another process would): her feed changes at once,
    // the anonymous one keeps its copy until a write or the time-to-live.
    const anonymous = await owners();
    await db.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${ana.id}::uuid, ${beto.id}::uuid)`,
    );
    expect(await owners(ana.auth)).not.toContain(beto.id);
    expect(await owners()).toEqual(anonymous);
  });

  it("never caches an invalid query's error", async () => {
    const bad = await app.inject({ method: "GET", url: "/api/assets?limit=abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    expect((await app.inject({ method: "GET", url: "/api/assets?limit=abc" })).statusCode).toBe(400);
  });
});
