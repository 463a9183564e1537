/**
 * Live events leave a transaction after its COMMIT (migration 0029, ADR 012 "Live events after the
 * commit"): in a transaction opened by transactionWith on PostgreSQL an event is kept in
 * `live_pending` and notified after the COMMIT by the process's flusher (events.flush.ts), so the
 * transaction does not notify. What a listener relies on stays: an event is heard only once its
 * transaction committed, once however often it was published in it, and never for a rollback;
 * elsewhere it is notified as before. PGlite notifies inside the transaction (the same guarantees).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, lastStatement, type Tx, transactionWith } from "../../db/client.ts";
import { createTestApp, databaseUrl, type TestContext } from "../../test/harness.ts";
import { EVENTS_CHANNEL, LIVE_FLUSH_SQL, LiveEventsFlusher, publishEvent } from "./index.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestContext;
let db: Db;
const heard: string[] = [];
let stop: () => Promise<void> = async () => {};

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const url = databaseUrl(t.database);
  if (url) {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on("notification", (m) => {
      if (m.channel === EVENTS_CHANNEL && m.payload) heard.push(m.payload);
    });
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    stop = () => listener.end();
  } else {
    const pglite = t.database.pglite;
    if (!pglite) throw new Error("PGlite expected");
    stop = await pglite.listen(EVENTS_CHANNEL, (p) => heard.push(p));
  }
});
afterAll(async () => {
  await stop();
  await t?.close();
});
beforeEach(() => {
  heard.length = 0;
});

const USER = "0190a4b2-0000-7000-8000-000000000001";
const OTHER = "0190a4b2-0000-7000-8000-000000000002";
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The users of the events heard so far. */
const heardUsers = () => heard.map((p) => (JSON.parse(p) as { u: string[] }).u.join(","));
async function waitHeard(n: number) {
  for (let i = 0; i < 100 && heard.length < n; i++) await pause(20);
  // Anything more that would come (a duplicate) comes within this.
  await pause(150);
}
const pending = async (tx: Tx) =>
  Number(
    (
      (await tx.execute(sql`select count(*)::int as n from live_pending`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

describe("live events after the commit", () => {
  it("an event published twice in a transaction is heard once, and only after the COMMIT", async () => {
    await transactionWith(db, [], async (tx) => {
      await publishEvent(tx, [USER], { tipo: "saldo" });
      await publishEvent(tx, [USER], { tipo: "saldo" });
      if (onPostgres) expect(await pending(tx)).toBe(2); // kept by the transaction, not notified inside it
      await pause(150);
      expect(heard).toEqual([]);
    });
    await waitHeard(1);
    expect(heardUsers()).toEqual([USER]);
  });

  it("with the COMMIT carried by the step's last statement too", async () => {
    const one = await transactionWith(db, [], async (tx) => {
      await publishEvent(tx, [USER], { tipo: "notificacion" });
      return lastStatement(tx, async () => (await tx.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] });
    });
    expect(one.rows).toHaveLength(1);
    await waitHeard(1);
    expect(heard.map((p) => (JSON.parse(p) as { e: { tipo: string } }).e.tipo)).toEqual(["notificacion"]);
  });

  it("a rolled-back transaction's events are never heard, not even with the next transaction", async () => {
    await expect(
      transactionWith(db, [], async (tx) => {
        await publishEvent(tx, [USER], { tipo: "saldo" });
        throw new Error("falla a propósito");
      }),
    ).rejects.toThrow("falla a propósito");
    await pause(200);
    expect(heard).toEqual([]);
    // The next commits' flushes carry only their own events (identical ones of commits flushed
    // together are delivered once).
    for (let i = 0; i < 3; i++) {
      await transactionWith(db, [], async (tx) => publishEvent(tx, [OTHER], { tipo: "saldo" }));
    }
    await waitHeard(1);
    expect(heard.length).toBeGreaterThan(0);
    expect(new Set(heardUsers())).toEqual(new Set([OTHER]));
  });

  it.runIf(onPostgres)(
    "events kept by many commits, more than one flush takes, flushed by two processes at once: each heard once",
    async () => {
      const url = databaseUrl(t.database) as string;
      const n = 2_500; // more than a flush takes (2 000)
      await db.execute(
        sql`insert into live_pending (channel, payload)
            select ${EVENTS_CHANNEL}, json_build_object('u', json_build_array(${USER}::text), 'e', json_build_object('tipo', 'saldo', 'i', i))::text
              from generate_series(1, ${n}) i`,
      );
      const flushers = await Promise.all(
        [0, 1].map(async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          return c;
        }),
      );
      try {
        // Both flush until neither finds anything: rows one takes, the other skips.
        await Promise.all(
          flushers.map(async (c) => {
            while (((await c.query("select live_flush() as n")).rows[0] as { n: number }).n > 0) {}
          }),
        );
      } finally {
        await Promise.all(flushers.map((c) => c.end()));
      }
      expect(await pending(db as unknown as Tx)).toBe(0);
      for (let i = 0; i < 500 && heard.length < n; i++) await pause(20);
      await waitHeard(n);
      const seen = heard.map((p) => (JSON.parse(p) as { e: { i: number } }).e.i);
      expect(seen).toHaveLength(n);
      expect(new Set(seen).size).toBe(n);
    },
  );

  it.runIf(onPostgres)("the flushes' deleted rows are vacuumed: the table does not grow with the events", async () => {
    const pages = async () =>
      Number(
        (
          (await db.execute(sql`select pg_relation_size('live_pending') / 8192 as n`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n,
      );
    const flusher = new LiveEventsFlusher(db);
    // A round: 5 000 events kept and flushed (the pages they took, before the vacuum), then the vacuum.
    const round = async () => {
      await db.execute(
        sql`insert into live_pending (channel, payload)
            select 'vz_prueba_vacio', repeat('x', 200) || i from generate_series(1, 5000) i`,
      );
      while (
        Number(
          ((await db.execute(sql.raw(LIVE_FLUSH_SQL))) as unknown as { rows: { live_flush: number }[] }).rows[0]
            ?.live_flush,
        ) > 0
      ) {}
      const peak = await pages();
      // A vacuum is skipped while another holds the table (the app's own flusher vacuums every
      // second, autovacuum may come): the test's flusher tries again until the pages are given back,
      // for at most about 3 s.
      let after = peak;
      for (let i = 0; i < 30 && after >= peak; i++) {
        await flusher.vacuum();
        after = await pages();
        if (after >= peak) await pause(100);
      }
      return { peak, after };
    };
    const rounds = [await round(), await round(), await round()];
    const first = rounds[0]?.peak ?? 0;
    expect(first).toBeGreaterThan(10);
    for (const r of rounds) {
      // Each round's events take about the room of one round, not of every round so far.
      expect(r.peak).toBeLessThanOrEqual(Math.ceil(first * 1.2));
      expect(r.after).toBeLessThan(first);
    }
  });

  it("a statement on its own notifies at once, as pg_notify", async () => {
    await db.execute(
      sql`select live_publish(${EVENTS_CHANNEL}, ${JSON.stringify({ u: [USER], e: { tipo: "saldo" } })})`,
    );
    await waitHeard(1);
    expect(heardUsers()).toEqual([USER]);
  });
});
