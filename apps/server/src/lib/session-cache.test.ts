import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { findAuthUser } from "../modules/users/index.ts";
import { freshDatabase, signUp } from "../test/harness.ts";
import { ManualClock } from "./clock.ts";
import { SessionCache } from "./session-cache.ts";

/**
 * Token checks without a database read per request, still revocable in every
 * process (ADR 012): two app instances on the same database stand for two
 * server processes. On PostgreSQL (TEST_DATABASE_URL) the second instance has
 * its own pool, as a second process would.
 */
let first: { database: Database; drop(): Promise<void> };
let second: Database | undefined;
let appA: FastifyInstance;
let appB: FastifyInstance;

const config = (n: number) => ({
  jwtSecret: "test-secret-test-secret-test-secret-0123456789",
  adminEmails: [],
  dataDir: `/tmp/valoriza-test-${process.pid}-sessions-${n}`,
  webDist: undefined,
});

beforeAll(async () => {
  first = await freshDatabase();
  const pool = (first.database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
  const url = first.database.kind === "postgres" ? pool.options?.connectionString : undefined;
  if (url) second = await openDatabase({ url, poolSize: 5 });
  const clock = new ManualClock(new Date());
  appA = await buildApp({ db: first.database.db, clock, config: config(1) });
  appB = await buildApp({ db: (second ?? first.database).db, clock, config: config(2) });
  await appA.ready();
  await appB.ready();
});

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  await second?.close();
  await first?.drop();
});

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: "GET", url: "/api/profile", headers: { authorization: `Bearer ${token}` } });

async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (await check()) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`not within ${ms} ms`);
}

describe("session cache", () => {
  it("a password change in one process ends the old token in another within seconds; the new token works at once", async () => {
    const u = await signUp(appA);
    // B has checked (and cached) the old token.
    expect((await profile(appB, u.token)).statusCode).toBe(200);
    expect((await profile(appB, u.token)).statusCode).toBe(200);

    const changed = await appA.inject({
      method: "PUT",
      url: "/api/profile/password",
      headers: u.auth,
      payload: { currentPassword: u.password, newPassword: "nuevaClave9" },
    });
    expect(changed.statusCode).toBe(200);
    const newToken = changed.json().data.token as string;

    // The new token is accepted by B right away (newer than what B cached: re-read).
    expect((await profile(appB, newToken)).statusCode).toBe(200);
    // The old one ends in B (and A) well within the cache's 5 s safety TTL.
    await within(3000, async () => (await profile(appB, u.token)).statusCode === 401);
    expect((await profile(appA, u.token)).statusCode).toBe(401);
    expect((await profile(appB, u.token)).json().message).toBeTruthy();
  });

  it("verifies repeated tokens from memory and drops a user as soon as the database announces a change", async () => {
    const u = await signUp(appA);
    const db = (second ?? first.database).db;
    let reads = 0;
    const cache = new SessionCache(
      db,
      async (id, via) => {
        reads++;
        return findAuthUser(via, id);
      },
      { ttlMs: 10 * 60_000 }, // no expiry during the test: only the notification can drop it
    );
    await cache.start();
    try {
      expect(cache.isListening).toBe(true);
      for (let i = 0; i < 5; i++) expect((await cache.lookup(u.id, 0))?.tokenVersion).toBe(0);
      expect(reads).toBe(1);

      // Another process (the first database handle) revokes the user's tokens.
      await first.database.db.execute(sql`update users set token_version = token_version + 1 where id = ${u.id}`);
      await within(3000, async () => cache.size === 0);
      expect((await cache.lookup(u.id, 0))?.tokenVersion).toBe(1);
      expect(reads).toBe(2);

      // A change that does not concern sessions keeps the entry.
      await first.database.db.execute(sql`update users set updated_at = now() where id = ${u.id}`);
      await new Promise((r) => setTimeout(r, 200));
      expect(cache.size).toBe(1);
    } finally {
      await cache.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "on PostgreSQL a session check answers while every pooled connection is taken (it reads over its own)",
    async () => {
      const u = await signUp(appA);
      const url = (first.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
        .options.connectionString;
      const busy = await openDatabase({ url, poolSize: 2 });
      const pool = (busy.db as unknown as { $client: import("pg").Pool }).$client;
      const cache = new SessionCache(busy.db, (id, via) => findAuthUser(via, id));
      const held = [await pool.connect(), await pool.connect()];
      try {
        await cache.start();
        expect(cache.isListening).toBe(true);
        for (const c of held) await c.query("begin");
        // Every connection of the pool is in a transaction that does not end during the check.
        const answer = await Promise.race([
          cache.lookup(u.id, 0),
          new Promise<"waited">((r) => setTimeout(() => r("waited"), 3000)),
        ]);
        expect(answer).not.toBe("waited");
        expect(answer && typeof answer === "object" ? answer.id : undefined).toBe(u.id);
      } finally {
        for (const c of held) {
          await c.query("rollback").catch(() => {});
          c.release();
        }
        await cache.close();
        await busy.close();
      }
    },
  );
});
