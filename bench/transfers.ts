/**
 * Credit transfers per second: through the HTTP API against a raw SQL
 * transfer loop, on the same database in the same run, on PGlite and (when
 * one answers) PostgreSQL.
 *
 *   npm run bench                      # both databases
 *   BENCH_SECONDS=10 BENCH_CLIENTS=32 npm run bench
 *
 * - raw SQL: a sequential loop calling the ledger's stored transfer function
 *   (`ledger_transfer`, one round trip) on the driver itself, emision -> a
 *   user's disponible account.
 * - HTTP: BENCH_CLIENTS concurrent clients (a worker thread, so the load
 *   generator does not share the server's event loop), each signed in as its
 *   own user, calling the credit-issuing call POST /api/dinero/registrar
 *   (1.000 COP -> 1 credit): auth, validation, idempotency key, asset row,
 *   ledger hold + transfer, movement, transaction and notification in one
 *   database transaction.
 * Prints a Markdown table and writes bench/results/transfers.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://root@127.0.0.1:5432/test";

interface Result {
  database: string;
  rawPerSec: number;
  rawP99Ms: number;
  httpPerSec: number;
  httpP50Ms: number;
  httpP99Ms: number;
  httpErrors: number;
  ratio: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function run(kind: "pglite" | "postgres"): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vz-bench-"));
  let database: Database;
  let dropPg: (() => Promise<void>) | undefined;
  if (kind === "pglite") {
    database = await openDatabase({ dataDir });
  } else {
    const name = `vz_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    database = await openDatabase({ url: u.toString(), poolSize: CLIENTS });
    dropPg = async () => {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
  }
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    config: { jwtSecret: "bench-secret-bench-secret-bench-secret-0123", adminEmails: [], dataDir },
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;

  // Users, signed up through the API.
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const r = await fetch(`${base}/api/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: `Bench ${i}`,
        apellido: "Carga",
        email: `bench${i}@valoriza.test`,
        password: "bench123",
      }),
    });
    const body = (await r.json()) as { data: { token: string; _id: string } };
    tokens.push(body.data.token);
    ids.push(body.data._id);
  }

  // Raw SQL loop.
  const [em] = (await database.rawQuery("select id from accounts where user_id is null and kind = 'emision'")) as {
    id: number;
  }[];
  const [disp] = (await database.rawQuery("select id from accounts where user_id = $1 and kind = 'disponible'", [
    ids[0],
  ])) as {
    id: number;
  }[];
  const rawLat: number[] = [];
  const rawEnd = performance.now() + SECONDS * 1000;
  let raw = 0;
  const rawStart = performance.now();
  while (performance.now() < rawEnd) {
    const t0 = performance.now();
    await database.rawQuery(
      "select * from ledger_transfer($1::bigint, $2::bigint, $3::bigint, $4::text, null, null, null, null, '')",
      [em?.id, disp?.id, 1, "emision_activo"],
    );
    rawLat.push(performance.now() - t0);
    raw++;
  }
  const rawSecs = (performance.now() - rawStart) / 1000;

  // HTTP load from a worker thread.
  const worker = new Worker(path.join(here, "http-load-worker.mjs"), {
    workerData: { base, tokens, seconds: SECONDS },
  });
  const load = await new Promise<{ count: number; errors: number; latencies: number[]; seconds: number }>(
    (resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    },
  );
  await worker.terminate();

  // Sanity: the ledger still balances.
  const [sum] = (await database.rawQuery("select coalesce(sum(balance),0)::bigint as s from accounts")) as {
    s: number | string;
  }[];
  if (Number(sum?.s) !== 0) throw new Error(`ledger does not balance after the run: ${sum?.s}`);

  await app.close();
  await database.close();
  await dropPg?.();
  rmSync(dataDir, { recursive: true, force: true });

  rawLat.sort((a, b) => a - b);
  const lat = load.latencies.sort((a, b) => a - b);
  const rawPerSec = raw / rawSecs;
  const httpPerSec = load.count / load.seconds;
  return {
    database: kind === "pglite" ? "PGlite" : "PostgreSQL",
    rawPerSec: Math.round(rawPerSec),
    rawP99Ms: +pct(rawLat, 99).toFixed(2),
    httpPerSec: Math.round(httpPerSec),
    httpP50Ms: +pct(lat, 50).toFixed(1),
    httpP99Ms: +pct(lat, 99).toFixed(1),
    httpErrors: load.errors,
    ratio: +(httpPerSec / rawPerSec).toFixed(2),
  };
}

const results: Result[] = [await run("pglite")];
if (await pgReachable()) results.push(await run("postgres"));
else console.log(`PostgreSQL at ${PG_URL} does not answer: skipped`);

console.log(`\n${CLIENTS} concurrent HTTP clients, ${SECONDS} s per phase\n`);
console.log(
  "| database | raw SQL transfers/s (p99 ms) | HTTP credit calls/s | HTTP p50 / p99 ms | errors | HTTP / raw |",
);
console.log("|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.rawPerSec} (${r.rawP99Ms}) | ${r.httpPerSec} | ${r.httpP50Ms} / ${r.httpP99Ms} | ${r.httpErrors} | ${r.ratio}x |`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(
  path.join(here, "results", "transfers.json"),
  `${JSON.stringify({ date: new Date().toISOString(), clients: CLIENTS, seconds: SECONDS, results }, null, 2)}\n`,
);
process.exit(0);
