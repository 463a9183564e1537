/** Shared pieces of the benchmark scripts (bench/*.ts). Not a test. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { DEFAULT_DB_POOL_SIZE } from "../apps/server/src/config.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { TokenService } from "../apps/server/src/lib/auth.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";

export const here = path.dirname(fileURLToPath(import.meta.url));
export const PG_URL = process.env.BENCH_PG_URL ?? "postgres://root@127.0.0.1:5432/test";
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
export type Kind = "pglite" | "postgres";
export const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123";

/** `n` users inserted directly (no password hashing) with a signed token each: load from many people. */
export async function seedUsersWithTokens(database: Database, n: number) {
  const rows = (await database.rawQuery(
    `insert into users (id, email, password_hash, name)
     select gen_random_uuid(), 'carga' || g || '.' || $1::text || '@valoriza.test', 'x', 'Carga ' || g
     from generate_series(1, $2::int) g returning id`,
    [String(Date.now()), n],
  )) as { id: string }[];
  const tokens = new TokenService(JWT_SECRET, systemClock, 3600);
  return Promise.all(rows.map((r) => tokens.sign(r.id, 0)));
}
export const label = (k: Kind) => (k === "pglite" ? "PGlite" : "PostgreSQL");

export async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** The app's pool on PostgreSQL in the benches: DB_POOL_SIZE's default unless BENCH_POOL says otherwise. */
export const POOL = Number(process.env.BENCH_POOL ?? DEFAULT_DB_POOL_SIZE);

/**
 * A fresh migrated database (PGlite in a temp dir, or a new PostgreSQL database); on PostgreSQL with
 * the app's own pool size (DB_POOL_SIZE's default) unless BENCH_POOL says otherwise.
 */
export async function benchDatabase(
  kind: Kind,
  poolSize = POOL,
): Promise<{ database: Database; url?: string; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vz-bench-"));
  if (kind === "pglite") {
    const database = await openDatabase({ dataDir });
    await database.migrate();
    return {
      database,
      async close() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `vz_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString(), poolSize });
  await database.migrate();
  // An experiment on the bench's own database only, e.g. an index dropped (docs/benchmarks.md says which).
  if (process.env.BENCH_EXPERIMENT_SQL) await database.rawQuery(process.env.BENCH_EXPERIMENT_SQL);
  return {
    database,
    url: u.toString(),
    async close() {
      await database.close();
      // BENCH_KEEP_DB=1: the database stays, to be looked at afterwards (EXPLAIN, sizes).
      if (process.env.BENCH_KEEP_DB === "1") {
        console.log(`kept the bench database ${name}`);
        return;
      }
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The whole app (as server.ts builds it) listening on a free port of this process. */
export async function startApp(database: Database, opts: { publicCacheMs?: number } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vz-bench-app-"));
  const app = await buildApp({
    db: database.db,
    clock: systemClock,
    publicCacheMs: opts.publicCacheMs ?? 0,
    config: { jwtSecret: JWT_SECRET, adminEmails: [], dataDir },
  });
  // BENCH_SERVER_TIMES=1: each answer's time inside the server (Fastify's elapsedTime, from the
  // request's arrival to its answer) and the event loop's delay, to tell where a call's time goes.
  const serverTimes: number[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  if (process.env.BENCH_SERVER_TIMES === "1") {
    app.addHook("onResponse", async (_req, reply) => {
      serverTimes.push(reply.elapsedTime);
    });
    loopDelay.enable();
  }
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    /** BENCH_SERVER_TIMES=1: the answers since the last call (count, p50 and p99 ms inside the server) and the event loop's delay (p99, max ms). */
    serverTimes() {
      const t = serverTimes.splice(0).sort((a, b) => a - b);
      const out = {
        calls: t.length,
        p50: +pct(t, 50).toFixed(1),
        p99: +pct(t, 99).toFixed(1),
        loopDelayP99: +(loopDelay.percentile(99) / 1e6).toFixed(1),
        loopDelayMax: +(loopDelay.max / 1e6).toFixed(1),
      };
      loopDelay.reset();
      return out;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up `n` users through the API; returns their tokens and ids. */
export async function signUpUsers(base: string, n: number, prefix = "bench") {
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${base}/api/users/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: `Bench ${i}`,
        apellido: "Carga",
        email: `${prefix}${i}.${Date.now()}@valoriza.test`,
        password: "bench123",
      }),
    });
    if (r.status !== 201) throw new Error(`sign-up ${r.status}: ${await r.text()}`);
    const body = (await r.json()) as { data: { token: string; _id: string } };
    tokens.push(body.data.token);
    ids.push(body.data._id);
  }
  return { tokens, ids };
}

/** Fastify's hello world in a child process. */
export async function startHello(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [path.join(here, "hello.mjs")], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
    child.once("exit", (c) => reject(new Error(`hello world exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill("SIGTERM") };
}

export interface LoadResult {
  perSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** The load generator's own CPU over its run (user + system, ms). */
  cpuMs: number;
}

/** autocannon in a separate process (bench/load.mjs). */
export async function load(opts: {
  url: string;
  perToken?: number;
  method?: string;
  body?: string;
  tokens?: string[];
  connections?: number;
  seconds?: number;
}): Promise<LoadResult> {
  // Options through a file: thousands of tokens do not fit in argv.
  const optsFile = path.join(mkdtempSync(path.join(tmpdir(), "vz-load-")), "options.json");
  writeFileSync(optsFile, JSON.stringify(opts));
  const child = spawn(process.execPath, [path.join(here, "load.mjs"), optsFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += String(d);
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`load generator exited ${code}`);
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as LoadResult;
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** "load 1.23 / 1.10 / 0.98 on 2 cores", for the results. */
export function machineLoad(): string {
  const [a, b, c] = loadavg();
  return `${a?.toFixed(2)} / ${b?.toFixed(2)} / ${c?.toFixed(2)}`;
}

/** A port nobody listens on right now (other people's servers share this machine). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const p = (srv.address() as { port: number }).port;
      srv.close(() => resolve(p));
    });
  });
