/**
 * Nearby search with 100k placed assets (BENCH_ASSETS), through the real HTTP
 * stack (app.inject: session, validation, the indexed bounding box + haversine
 * query, serialization). Issue 10: p95 under 30 ms.
 *
 *   npx tsx bench/nearby.ts            (BENCH_REPS=200; BENCH_PG=1 also runs PostgreSQL)
 *
 * Seed: one owner, 100k 'intercambiar' assets; 30 % within ~35 km of Bogotá
 * (a dense city: the worst case for the 30 km 'car' search), the rest spread
 * over Colombia's bounding box. Points are deterministic pseudo-random.
 * Reports p50/p95/p99 per mobility mode from Bogotá, and the result counts.
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
    `insert into users (id, email, password_hash, name) values ('01900000-0000-7000-8000-000000000001', 'owner@valoriza.test', 'x', 'Dueño')`,
  );
  await db.rawQuery(
    `insert into assets (id, user_id, title, description, asset_type, category, main_purpose, status, search_text, created_at)
     select (lpad(to_hex(g), 8, '0') || '-0000-7000-8000-000000000000')::uuid,
       '01900000-0000-7000-8000-000000000001', 'Activo ' || g, 'Para intercambiar', 'bien', 'Tecnología',
       'intercambiar', 'disponible', 'activo ' || g, now() - (g || ' seconds')::interval
     from generate_series(1, ${N}) g`,
  );
  // Deterministic pseudo-random fractions from the row number (no random() so runs compare).
  await db.rawQuery(
    `insert into asset_locations (asset_id, lat, lng, source)
     select (lpad(to_hex(g), 8, '0') || '-0000-7000-8000-000000000000')::uuid,
       case when g % 10 < 3 then 4.710989 + (((g::bigint * 7919) % 10007) / 10007.0 - 0.5) * 0.64
            else -4.2 + ((g::bigint * 104729) % 100003) / 100003.0 * 16.5 end,
       case when g % 10 < 3 then -74.07209 + (((g::bigint * 6151) % 10009) / 10009.0 - 0.5) * 0.64
            else -79.0 + ((g::bigint * 15485863) % 100019) / 100019.0 * 12.0 end,
       'usuario'
     from generate_series(1, ${N}) g`,
  );
  await db.rawQuery("analyze assets");
  await db.rawQuery("analyze asset_locations");
}

async function run(kind: "pglite" | "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vz-bench-nearby-"));
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  if (kind === "pglite") database = await openDatabase({ dataDir });
  else {
    const name = `vz_bench_nearby_${process.pid}`;
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
  await seed(database);
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config: { jwtSecret: "bench-secret-bench-secret-bench-secret-0123", adminEmails: [], dataDir },
  });
  await app.ready();
  const reg = await app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { name: "Busca", apellido: "Cerca", email: `seeker.${Date.now()}@valoriza.test`, password: "secreta123" },
  });
  const token = reg.json().data.token as string;
  const rows: string[] = [];
  for (const mobility of ["walk", "bike", "car"] as const) {
    const call = () =>
      app.inject({
        method: "POST",
        url: "/api/intercambios/buscar-cercanos",
        headers: { authorization: `Bearer ${token}` },
        payload: { userLocation: { lat: 4.710989, lng: -74.07209 }, mobility },
      });
    let count = 0;
    for (let i = 0; i < 10; i++) count = (await call()).json().count as number;
    const times: number[] = [];
    for (let i = 0; i < REPS; i++) {
      const t0 = performance.now();
      const r = await call();
      times.push(performance.now() - t0);
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${kind === "pglite" ? "PGlite" : "PostgreSQL"} | ${mobility} | ${count} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${pct(times, 99).toFixed(1)} |`,
    );
  }
  await app.close();
  await database.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const out = [
  "| database | mobility | results (max 100) | p50 ms | p95 ms | p99 ms |",
  "| --- | --- | ---: | ---: | ---: | ---: |",
];
out.push(...(await run("pglite")));
if (process.env.BENCH_PG === "1") out.push(...(await run("postgres")));
console.log(`${N} assets placed, ${REPS} searches per mode from Bogotá\n`);
console.log(out.join("\n"));
