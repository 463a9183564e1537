/**
 * Migrations at boot are safe with several replicas starting at once (issue 21, ADR 019): each
 * migrate() holds a PostgreSQL advisory lock, so on a fresh database one process applies every
 * migration and the others, once they get the lock, find nothing left to apply.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, MIGRATIONS_DIR, openDatabase } from "./client.ts";

const url = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe.runIf(url)("migrations on PostgreSQL", () => {
  const name = `vz_migrate_${process.pid}_${Date.now()}`;
  const replicas: Database[] = [];
  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`); // empty: not cloned from the template
  });
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.close().catch(() => {})));
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it("six processes migrating one fresh database at the same moment all start, and each migration runs once", async () => {
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    for (let i = 0; i < 6; i++) replicas.push(await openDatabase({ url: u.toString(), poolSize: 2 }));
    const results = await Promise.allSettled(replicas.map((r) => r.migrate()));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const applied = (await replicas[0]!.rawQuery("select hash from drizzle.__drizzle_migrations")) as unknown[];
    expect(applied).toHaveLength(journal.entries.length);
    // The schema is whole: a table of the last migrations answers.
    await expect(replicas[0]!.rawQuery("select count(*) from users")).resolves.toEqual([{ count: 0 }]);
    // A later start (an upgrade with nothing new) is a no-op.
    await replicas[1]!.migrate();
    expect(await replicas[0]!.rawQuery("select hash from drizzle.__drizzle_migrations")).toHaveLength(
      journal.entries.length,
    );
  });
});
