import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, openDatabase } from "./client.ts";
import { copyPgliteTemplateDir, ensurePgliteTemplateDir, pgliteTemplateDir } from "./template.ts";

/**
 * A first `npm start` copies the build's migrated data folder instead of running initdb and every
 * migration (issue 21): the copy opens as a complete, migrated database, and an existing folder is
 * never overwritten.
 */
describe("the PGlite template folder of a new DATA_DIR", () => {
  const work = mkdtempSync(path.join(tmpdir(), "vz-template-dir-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("a new data folder starts migrated; an existing one is left alone", { timeout: 120_000 }, async () => {
    const template = await ensurePgliteTemplateDir(pgliteTemplateDir(path.join(work, "dist")));
    const dataDir = path.join(work, "data");
    expect(copyPgliteTemplateDir(template, dataDir)).toBe(true);
    // No half-copied folder is left behind under a temporary name.
    expect(readdirSync(dataDir)).toEqual(["pgdata"]);
    // The WAL segment keeps its size but not its zero tail (a hole): a third of the copy saved.
    const segment = readdirSync(path.join(dataDir, "pgdata", "pg_wal")).find((f) => /^[0-9A-F]{24}$/.test(f)) ?? "";
    const copied = statSync(path.join(dataDir, "pgdata", "pg_wal", segment));
    expect(copied.size).toBe(statSync(path.join(template, "pgdata", "pg_wal", segment)).size);
    expect(copied.blocks * 512).toBeLessThan(copied.size / 4);

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const database = await openDatabase({ dataDir });
    try {
      const applied = await database.rawQuery("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect((applied[0] as { n?: number } | undefined)?.n).toBe(journal.entries.length);
      // Only the app's database: template0 and template1 are not copied into every new folder.
      expect(await database.rawQuery("select datname from pg_database order by datname")).toEqual([
        { datname: "postgres" },
      ]);
      await database.rawQuery(
        "insert into users (id, email, password_hash, name) values (gen_random_uuid(), 'a@b.co', 'x', 'A')",
      );
    } finally {
      await database.close();
    }

    // A second start finds its data: nothing is copied over it.
    expect(copyPgliteTemplateDir(template, dataDir)).toBe(false);
    const again = await openDatabase({ dataDir });
    try {
      expect(((await again.rawQuery("select count(*)::int as n from users"))[0] as { n?: number } | undefined)?.n).toBe(
        1,
      );
      // Migrations at start: nothing to apply when the newest applied one is the journal's newest ...
      const migrations = async () =>
        ((await again.rawQuery("select count(*)::int as n from drizzle.__drizzle_migrations"))[0] as { n: number }).n;
      await again.migrate();
      expect(await migrations()).toBe(journal.entries.length);
      // ... and drizzle's migrator runs when the database's newest is older (a new migration since):
      // here it re-applies the newest migration, which either adds its row or fails on its objects.
      await again.rawQuery(
        "update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
      );
      const ran = await again.migrate().then(
        async () => (await migrations()) > journal.entries.length,
        () => true,
      );
      expect(ran).toBe(true);
    } finally {
      await again.close();
    }
    // Without a template (a checkout never built), nothing is copied and PGlite runs initdb itself.
    expect(copyPgliteTemplateDir(path.join(work, "missing"), path.join(work, "other"))).toBe(false);
    expect(existsSync(path.join(work, "other", "pgdata"))).toBe(false);
  });
});
