/**
 * Per-request overhead and the home feed, against Fastify's hello world on the
 * same machine in the same run. Rows 3-5 of issue 7's table.
 *
 *   npm run bench:http             (BENCH_SECONDS=8 BENCH_CLIENTS=32 by default)
 *
 * - hello: bench/hello.mjs (Fastify, one route) in its own process.
 * - estado: GET /api/economia/estado, a route that touches no database.
 * - feed: GET /api/assets?limit=7, exactly what the home page asks, over 500
 *   public assets; with the production setting (public reads kept 2 s per
 *   process, PUBLIC_CACHE_MS) and with that cache off (every request reads the
 *   database), on PGlite and PostgreSQL.
 * autocannon runs in a separate process (bench/load.mjs). The app runs in this
 * process, as one server process would.
 * Prints a Markdown table and writes bench/results/http.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  benchDatabase,
  CLIENTS,
  here,
  type Kind,
  type LoadResult,
  label,
  load,
  machineLoad,
  pgReachable,
  SECONDS,
  signUpUsers,
  startApp,
  startHello,
} from "./lib.ts";

const ASSETS = Number(process.env.BENCH_FEED_ASSETS ?? 500);
const rows: { name: string; database: string; r: LoadResult; ratio: number }[] = [];
const measure = (url: string) => load({ url, connections: CLIENTS, seconds: SECONDS });

const load0 = machineLoad();
const hello = await startHello();
const helloResult = await measure(hello.url);
hello.stop();
rows.push({ name: "Fastify hello world", database: "-", r: helloResult, ratio: 1 });
const vsHello = (r: LoadResult) => +(r.perSec / helloResult.perSec).toFixed(3);

async function seedFeed(base: string, database: Awaited<ReturnType<typeof benchDatabase>>["database"]) {
  const { ids } = await signUpUsers(base, 1, "feed");
  await database.rawQuery(
    `insert into assets (id, user_id, title, description, asset_type, category, search_text, created_at)
     select (lpad(to_hex(g), 8, '0') || '-0000-7000-8000-000000000000')::uuid, $1::uuid,
       'Bicicleta ' || g, 'Descripción del activo ' || g, 'bien', 'Deportes', 'bicicleta ' || g,
       now() - (g || ' seconds')::interval
     from generate_series(1, ${ASSETS}) g`,
    [ids[0]],
  );
  await database.rawQuery("analyze assets");
}

async function run(kind: Kind) {
  const { database, close } = await benchDatabase(kind);
  for (const cacheMs of [2000, 0]) {
    const app = await startApp(database, { publicCacheMs: cacheMs });
    if (cacheMs === 2000) {
      await seedFeed(app.base, database);
      if (kind === "pglite") {
        const r = await measure(`${app.base}/api/economia/estado`);
        rows.push({ name: "GET /api/economia/estado (no database)", database: "-", r, ratio: vsHello(r) });
      }
    }
    const r = await measure(`${app.base}/api/assets?limit=7`);
    rows.push({
      name: `GET /api/assets?limit=7 (home feed), ${cacheMs ? "public cache 2 s (production)" : "no cache"}`,
      database: label(kind),
      r,
      ratio: vsHello(r),
    });
    await app.close();
  }
  await close();
}

await run("pglite");
if (await pgReachable()) await run("postgres");
else console.log("PostgreSQL does not answer: skipped");

console.log(`\n${CLIENTS} connections, ${SECONDS} s each, load average before: ${load0}\n`);
console.log("| request | database | req/s | p50 / p99 ms | non-2xx | / hello world |");
console.log("|---|---|---|---|---|---|");
for (const { name, database, r, ratio } of rows) {
  console.log(
    `| ${name} | ${database} | ${Math.round(r.perSec)} | ${r.p50} / ${r.p99} | ${r.non2xx + r.errors} | ${ratio}x |`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(
  path.join(here, "results", "http.json"),
  `${JSON.stringify({ date: new Date().toISOString(), load: load0, clients: CLIENTS, seconds: SECONDS, rows }, null, 2)}\n`,
);
process.exit(0);
