/**
 * What one server test file pays for its database (issue 21, ADR 019), in one run, taking turns
 * (BENCH_STARTS rounds, default 3; medians):
 * - PGlite: initdb + every migration (before) vs loading the migrated template's dump (now);
 * - PostgreSQL (when BENCH_PG_URL answers): CREATE DATABASE + every migration (before) vs
 *   CREATE DATABASE … TEMPLATE (now).
 *
 *   npx tsx bench/test-db.ts
 */
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import {
  cloneFromPgTemplate,
  ensurePgliteTemplate,
  ensurePgTemplate,
  readPgliteTemplate,
} from "../apps/server/src/db/template.ts";
import { machineLoad, PG_URL, pgReachable } from "./lib.ts";

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const load0 = machineLoad();
const rows: { name: string; ms: number }[] = [];
const time = async (name: string, f: () => Promise<void>) => {
  const t0 = performance.now();
  await f();
  rows.push({ name, ms: performance.now() - t0 });
};
const admin = async (sql: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

const file = await ensurePgliteTemplate();
const withPg = await pgReachable();
const tmpl = withPg ? await ensurePgTemplate(PG_URL) : "";
let n = 0;
for (let i = 0; i < STARTS; i++) {
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  await time("PGlite: initdb + migrations (before)", async () => {
    db = await openDatabase({});
    await db.migrate();
    await db.rawQuery("select 1");
  });
  await db?.close();
  await time("PGlite: load the migrated template (now)", async () => {
    db = await openDatabase({ template: readPgliteTemplate(file) });
    await db.rawQuery("select count(*) from users");
  });
  await db?.close();
  if (!withPg) continue;
  const a = `vz_bench_tdb_${process.pid}_${n++}`;
  await time("PostgreSQL: CREATE DATABASE + migrations (before)", async () => {
    await admin(`CREATE DATABASE "${a}"`);
    const u = new URL(PG_URL);
    u.pathname = `/${a}`;
    db = await openDatabase({ url: u.toString(), poolSize: 2 });
    await db.migrate();
  });
  await db?.close();
  await admin(`DROP DATABASE "${a}" WITH (FORCE)`);
  const b = `vz_bench_tdb_${process.pid}_${n++}`;
  await time("PostgreSQL: CREATE DATABASE … TEMPLATE (now)", async () => {
    db = await openDatabase({ url: await cloneFromPgTemplate(PG_URL, tmpl, b), poolSize: 2 });
    await db.rawQuery("select count(*) from users");
  });
  await db?.close();
  await admin(`DROP DATABASE "${b}" WITH (FORCE)`);
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
console.log(`\n${STARTS} rounds, load average before: ${load0}, after: ${machineLoad()}\n`);
console.log("| database of one test file | median ms | all runs ms |");
console.log("|---|---|---|");
for (const name of [...new Set(rows.map((r) => r.name))]) {
  const mine = rows.filter((r) => r.name === name).map((r) => r.ms);
  console.log(`| ${name} | ${Math.round(median(mine))} | ${mine.map(Math.round).join(", ")} |`);
}
process.exit(0);
