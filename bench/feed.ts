/**
 * Feed and search latency with 100k assets (BENCH_ASSETS), through the real
 * HTTP stack (app.inject: routing, validation, serialization, database).
 *
 *   npm run bench:feed
 *
 * Reports p50/p99 for the home feed (6 newest), a selective search
 * ('camara', accent-insensitive) and a broad one ('tecnologia').
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";

const N = Number(process.env.BENCH_ASSETS ?? 100_000);
const REPS = Number(process.env.BENCH_REPS ?? 200);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://root@127.0.0.1:5432/test";

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;

async function seed(db: Database) {
  await db.rawQuery(
    `insert into users (id, email, password_hash, name) values ('01900000-0000-7000-8000-000000000001', 'bench@valoriza.test', 'x', 'Bench')`,
  );
  // Titles cycle through a few words; 1 in 1000 is a "Cámara".
  await db.rawQuery(
    `insert into assets (id, user_id, title, description, asset_type, category, search_text, created_at)
     select
       (lpad(to_hex(g), 8, '0') || '-0000-7000-8000-000000000000')::uuid,
       '01900000-0000-7000-8000-000000000001',
       case when g % 1000 = 0 then 'Cámara réflex ' || g else (array['Bicicleta','Silla','Taladro','Guitarra','Libro'])[1 + g % 5] || ' ' || g end,
       'Descripción del activo ' || g,
       'bien',
       (array['Tecnología','Muebles','Herramientas','Instrumentos Musicales','Libros y Educación'])[1 + g % 5],
       lower(case when g % 1000 = 0 then 'camara reflex ' || g else (array['bicicleta','silla','taladro','guitarra','libro'])[1 + g % 5] || ' ' || g end)
         || chr(10) || lower((array['tecnologia','muebles','herramientas','instrumentos musicales','libros y educacion'])[1 + g % 5])
         || chr(10) || chr(10) || 'descripcion del activo ' || g,
       now() - (g || ' seconds')::interval
     from generate_series(1, ${N}) g`,
  );
  await db.rawQuery("analyze assets");
}

async function run(kind: "pglite" | "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vz-bench-feed-"));
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (kind === "pglite") database = await openDatabase({ dataDir });
  else {
    const name = `vz_bench_feed_${process.pid}`;
    const a = new pg.Client({ connectionString: PG_URL });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}"`);
    await a.query(`CREATE DATABASE "${name}"`);
    await a.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    database = await openDatabase({ url: u.toString() });
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  await database.migrate();
  const t0 = performance.now();
  await seed(database);
  const seedMs = performance.now() - t0;
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config: { jwtSecret: "bench-secret-bench-secret-bench-secret-0123", adminEmails: [], dataDir },
  });
  await app.ready();
  const rows: string[] = [];
  for (const [label, url] of [
    ["feed (6 newest)", "/api/assets?limit=6"],
    ["search 'camara' (100 matches)", "/api/assets?q=camara&limit=200"],
    ["search 'CÁMARA 5000' (1 match)", `/api/assets?q=${encodeURIComponent("CÁMARA 5000")}&limit=200`],
    ["search 'tecnologia' (20k matches, first 200)", "/api/assets?q=tecnologia&limit=200"],
  ] as const) {
    for (let i = 0; i < 10; i++) await app.inject({ method: "GET", url }); // warm-up
    const lat: number[] = [];
    let n = 0;
    for (let i = 0; i < REPS; i++) {
      const s = performance.now();
      const r = await app.inject({ method: "GET", url });
      lat.push(performance.now() - s);
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
      n = (r.json() as { data: unknown[] }).data.length;
    }
    lat.sort((a, b) => a - b);
    rows.push(`| ${kind} | ${label} | ${n} | ${pct(lat, 50).toFixed(2)} | ${pct(lat, 99).toFixed(2)} |`);
  }
  await app.close();
  await database.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`${kind}: seeded ${N} assets in ${(seedMs / 1000).toFixed(1)} s`);
  return rows;
}

const all = [...(await run("pglite"))];
try {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await c.connect();
  await c.end();
  all.push(...(await run("postgres")));
} catch {
  console.log("PostgreSQL does not answer: skipped");
}
console.log(`\n${N} assets, ${REPS} requests each\n`);
console.log("| database | request | rows | p50 ms | p99 ms |\n|---|---|---|---|---|");
for (const r of all) console.log(r);
process.exit(0);
