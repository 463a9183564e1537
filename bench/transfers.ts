/**
 * Credit-moving calls per second through HTTP against the raw stored transfer
 * loop, on the same database in the same run; PGlite and (when it answers)
 * PostgreSQL. Rows 1-2 of issue 7's table.
 *
 *   npm run bench:transfers        (BENCH_SECONDS=8 BENCH_CLIENTS=32 by default;
 *                                   BENCH_DATABASES=postgres runs one of the two;
 *                                   BENCH_POOL sets the app's pool (default: DB_POOL_SIZE's);
 *                                   BENCH_WARM_SECONDS the steady state's registrations (default 3);
 *                                   BENCH_EXPERIMENT_SQL runs SQL on the PostgreSQL bench
 *                                   database after its migrations, e.g. to drop an index;
 *                                   BENCH_STATEMENTS=1 prints each phase's statements per call
 *                                   from pg_stat_statements, when the server preloads it, and
 *                                   the HTTP phase's wall-clock window, to cut a profile to it)
 *
 * - first, the database in its steady state (BENCH_WARM_SECONDS, default 3; 0 skips it): that long
 *   of registrations by people of their own, then ANALYZE, as autovacuum does on a running database
 *   (a new database's statistics describe empty tables; see the comment at the step).
 * - raw SQL: a sequential loop calling the ledger's stored function
 *   `ledger_transfer` (one round trip each) on the driver itself, in this process.
 * - HTTP: autocannon in a separate process (bench/load.mjs), BENCH_CLIENTS
 *   connections, each signed in as its own user, calling POST /api/dinero/registrar
 *   (1.000 COP -> 1 credit): session check, validation, asset row, movement,
 *   transaction, notification, ledger hold in one database transaction.
 * - Round trips of one registration, counted on the PostgreSQL driver.
 * - SQL alone (PostgreSQL): that registration's messages, captured on the driver, replayed by
 *   BENCH_CLIENTS callers sharing as many connections as the app's pool (POOL), with fresh ids and
 *   no app: the ceiling of the HTTP call here.
 * - CPU per HTTP call (issue 21): the app's process (process.cpuUsage) and, on PostgreSQL, the
 *   backends of the bench's database (utime + stime from /proc, when the server is on this
 *   machine), over the HTTP phase divided by the calls answered. Unlike calls/s these hardly
 *   move when other work shares the cores.
 * - After each run the ledger invariants are checked (sum 0, no negative, balances
 *   match transfers, bloqueado matches open holds).
 * Prints a Markdown table and writes bench/results/transfers.json.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Database } from "../apps/server/src/db/client.ts";
import { checkInvariants } from "../apps/server/src/modules/ledger/index.ts";
import { countRoundTrips, type SentQuery as Sent } from "../apps/server/src/test/round-trips.ts";
import { printSummary, profileWhile } from "./cpu-profile.ts";
import {
  benchDatabase,
  CLIENTS,
  here,
  type Kind,
  label,
  load,
  machineLoad,
  POOL,
  pct,
  pgReachable,
  SECONDS,
  seedUsersWithTokens,
  signUpUsers,
  startApp,
} from "./lib.ts";

const BODY = JSON.stringify({ monto: 1000, tipo: "otro", descripcion: "Carga de benchmark" });

/** One registration through HTTP: its round trips, counted on the PostgreSQL driver (its messages kept in `sent`). */
async function roundTripsOfOneRegistration(base: string, token: string, sent: Sent[] = []): Promise<number> {
  const counted = await countRoundTrips(async () => {
    const r = await fetch(`${base}/api/dinero/registrar`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: BODY,
    });
    if (r.status !== 201) throw new Error(`registrar ${r.status}`);
  });
  // Each message with the round trip it went in (sent behind an unanswered one: the same trip).
  sent.push(
    ...counted.sent.map((m, i) =>
      Object.assign(typeof m === "string" ? { text: m, simple: true } : m, { trip: counted.trip[i] }),
    ),
  );
  return counted.trips;
}

/** CPU seconds (user + system) used so far by each of these processes (those this machine can read). */
function cpuOf(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, (Number(f[11]) + Number(f[12])) / 100); // utime, stime in clock ticks (USER_HZ 100)
    } catch {
      // not on this machine, or gone
    }
  }
  return out;
}

type Statement = { id: string; calls: number; exec: number; plan: number; query: string };

/** pg_stat_statements' rows of the bench's database (BENCH_STATEMENTS=1; empty otherwise). */
async function statements(database: Database): Promise<Map<string, Statement>> {
  if (process.env.BENCH_STATEMENTS !== "1") return new Map();
  await database.rawQuery("create extension if not exists pg_stat_statements");
  const rows = (await database.rawQuery(
    `select queryid::text as id, calls::float8 as calls, total_exec_time as exec, total_plan_time as plan, query
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
  )) as Statement[];
  return new Map(rows.map((r) => [r.id, r]));
}

/** What each statement cost per call between two snapshots: times called, execution and planning ms. */
function printStatements(title: string, before: Map<string, Statement>, after: Map<string, Statement>, calls: number) {
  if (process.env.BENCH_STATEMENTS !== "1" || calls <= 0) return;
  const rows = [...after.values()]
    .map((r) => {
      const o = before.get(r.id);
      return { ...r, calls: r.calls - (o?.calls ?? 0), exec: r.exec - (o?.exec ?? 0), plan: r.plan - (o?.plan ?? 0) };
    })
    .filter((r) => r.calls >= calls / 100)
    .sort((x, y) => y.exec + y.plan - x.exec - x.plan);
  const total = rows.reduce((t, r) => t + r.exec + r.plan, 0);
  console.log(`\n## Statements per call: ${title} (${calls} calls, ${(total / calls).toFixed(3)} ms in statements)\n`);
  console.log("| times | execution ms | planning ms | statement |\n|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${(r.calls / calls).toFixed(2)} | ${(r.exec / calls).toFixed(3)} | ${(r.plan / calls).toFixed(3)} | \`${r.query.replace(/\s+/g, " ").slice(0, 120)}\` |`,
    );
}

const wallClock = () => ((performance.timeOrigin + performance.now()) / 1000).toFixed(1);

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The registration's SQL alone: the messages one registration sent (captured above), replayed by
 * CLIENTS callers sharing POOL connections of their own (as the app's pool) for SECONDS, each time
 * for the next of `users` and with fresh ids for the rows it inserts: no HTTP, no app, no query building. What PostgreSQL and the driver
 * can do with this work on this machine: the ceiling the HTTP call can approach, never pass.
 */
async function sqlAlone(url: string, sent: Sent[], users: string[]) {
  // The batch: the message with the most values (the opening's statements carry one or a few).
  const named = sent
    .filter((m): m is Exclude<Sent, string> => typeof m !== "string" && Boolean(m.values))
    .sort((a, b) => (b.values?.length ?? 0) - (a.values?.length ?? 0))[0];
  const owner = named?.values?.[1];
  if (!named || typeof owner !== "string") throw new Error("the captured registration has no batch statement");
  let next = 0;
  const trips: Sent[][] = [];
  for (const m of sent) {
    const t = (m as { trip?: number }).trip ?? trips.length + 1;
    if (!trips[t - 1]) trips[t - 1] = [];
    (trips[t - 1] as Sent[]).push((m as { simple?: boolean }).simple ? (m as { text: string }).text : m);
  }
  const replay = (m: Sent, user: string, fresh: Map<string, string>): Sent => {
    const swap = (v: unknown): unknown => {
      if (typeof v !== "string") return v;
      if (v === owner) return user;
      if (UUID_V7.test(v) && !v.includes("-0000-")) {
        if (!fresh.has(v)) fresh.set(v, randomUUID());
        return fresh.get(v);
      }
      return v.replaceAll(owner, user);
    };
    return typeof m === "string" ? m.replaceAll(owner, user) : { ...m, values: m.values?.map(swap) };
  };
  const clients = await Promise.all(
    Array.from({ length: POOL }, async () => {
      // Pipelined as the app's pool is (db/client.ts): a round trip's messages go out together.
      const c = new pg.Client({ connectionString: url, pipeline: true } as pg.ClientConfig);
      await c.connect();
      return c;
    }),
  );
  const pids = (await Promise.all(clients.map((c) => c.query("select pg_backend_pid() as p")))).map(
    (r) => r.rows[0].p as number,
  );
  const cpu0 = cpuOf(pids);
  // CLIENTS callers share the POOL connections, as the HTTP clients share the app's pool: a caller
  // waits for a free connection, and its latency counts the wait.
  const free = [...clients];
  const waiting: ((c: pg.Client) => void)[] = [];
  const acquire = () => {
    const c = free.pop();
    return c ? Promise.resolve(c) : new Promise<pg.Client>((resolve) => waiting.push(resolve));
  };
  const release = (c: pg.Client) => {
    const w = waiting.shift();
    if (w) w(c);
    else free.push(c);
  };
  const lat: number[] = [];
  const start = performance.now();
  const end = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const user = users[next++ % users.length] as string;
        const fresh = new Map<string, string>();
        const t0 = performance.now();
        const c = await acquire();
        try {
          for (const trip of trips) await Promise.all(trip.map((m) => c.query(replay(m, user, fresh) as string)));
        } finally {
          release(c);
        }
        lat.push(performance.now() - t0);
      }
    }),
  );
  const secs = (performance.now() - start) / 1000;
  const cpu1 = cpuOf(pids);
  const pgCpuS = [...cpu1].reduce((a, [pid, s]) => a + s - (cpu0.get(pid) ?? 0), 0);
  await Promise.all(clients.map((c) => c.end()));
  lat.sort((a, b) => a - b);
  return {
    calls: lat.length,
    perSec: Math.round(lat.length / secs),
    p99Ms: +pct(lat, 99).toFixed(1),
    pgCpuMsPerCall: cpu1.size ? +((pgCpuS * 1000) / lat.length).toFixed(2) : null,
  };
}

async function run(kind: Kind) {
  const { database, url, close } = await benchDatabase(kind);
  const app = await startApp(database);
  const { tokens, ids } = await signUpUsers(app.base, CLIENTS);

  // Warm-up (and, on PostgreSQL, the round-trip count of one call after it).
  for (const t of tokens.slice(0, 4)) await roundTripsOfOneRegistration(app.base, t);
  // Two calls back to back: the second, with the session entry fresh in the cache, is the steady state.
  let roundTrips: number | null = null;
  const sent: Sent[] = [];
  if (kind === "postgres") {
    await roundTripsOfOneRegistration(app.base, tokens[0] as string);
    roundTrips = await roundTripsOfOneRegistration(app.base, tokens[0] as string, sent);
    // BENCH_SENT_FILE: one registration's messages as sent (text and values), to EXPLAIN them.
    if (process.env.BENCH_SENT_FILE) writeFileSync(process.env.BENCH_SENT_FILE, JSON.stringify(sent, null, 2));
  }

  // The database in its steady state (BENCH_WARM_SECONDS, default 3; 0 = a new database, as before
  // 2026-11-30 22:13): registrations of people of their own for that long, then ANALYZE, as autovacuum
  // does on a running database. On a new database the statistics describe near-empty tables, and
  // the plans each connection caches from them (the ledger's functions) scan whole tables while
  // they grow: on PostgreSQL 2.4 sequential scans of `accounts` per call, 800 rows read.
  const warmSeconds = Number(process.env.BENCH_WARM_SECONDS ?? 3);
  if (warmSeconds > 0) {
    await load({
      url: `${app.base}/api/dinero/registrar`,
      method: "POST",
      body: BODY,
      tokens: await seedUsersWithTokens(database, 2000),
      perToken: 10,
      connections: CLIENTS,
      seconds: warmSeconds,
    });
    await database.rawQuery("analyze");
  }

  // Raw SQL loop.
  const [em] = (await database.rawQuery("select id from accounts where user_id is null and kind = 'emision'")) as {
    id: number;
  }[];
  const [disp] = (await database.rawQuery("select id from accounts where user_id = $1 and kind = 'disponible'", [
    ids[0],
  ])) as { id: number }[];
  const rawLat: number[] = [];
  const rawStart = performance.now();
  const rawEnd = rawStart + SECONDS * 1000;
  while (performance.now() < rawEnd) {
    const t0 = performance.now();
    await database.rawQuery(
      "select * from ledger_transfer($1::bigint, $2::bigint, $3::bigint, $4::text, null, null, null, null, '')",
      [em?.id, disp?.id, 1, "correccion"],
    );
    rawLat.push(performance.now() - t0);
  }
  const rawPerSec = rawLat.length / ((performance.now() - rawStart) / 1000);

  // While the HTTP load runs (PostgreSQL): how many backends wait on a row lock, sampled every 50 ms.
  const lockSamples: number[] = [];
  const sampler =
    kind === "postgres"
      ? setInterval(() => {
          database
            .rawQuery(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
            .then((r) => lockSamples.push((r[0] as { n: number }).n))
            .catch(() => {});
        }, 50)
      : undefined;
  // The domain allows 10 registrations per person per 24 h: the load comes from many people, each
  // connection using one person for 10 calls (the session cache sees a person 10 times), then the next.
  const people = await seedUsersWithTokens(database, Number(process.env.BENCH_PEOPLE ?? 4000));
  const runLoad = () =>
    load({
      url: `${app.base}/api/dinero/registrar`,
      method: "POST",
      body: BODY,
      tokens: people,
      perToken: 10,
      connections: CLIENTS,
      seconds: SECONDS,
    });
  const backends = async () =>
    kind === "postgres"
      ? (
          (await database.rawQuery(
            "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
          )) as { pid: number }[]
        ).map((r) => r.pid)
      : [];
  const statements0 = await statements(database);
  app.serverTimes();
  const httpFrom = wallClock();
  const pgCpu0 = cpuOf(await backends());
  const nodeCpu0 = process.cpuUsage();
  // BENCH_PROFILE=1: where this process (the app) spends its CPU during the HTTP phase.
  let http: Awaited<ReturnType<typeof load>>;
  if (process.env.BENCH_PROFILE === "1") {
    const { result, summary } = await profileWhile(runLoad);
    http = result;
    console.log(`\n## CPU profile of the app during POST /api/dinero/registrar (${label(kind)})`);
    printSummary(summary);
  } else {
    http = await runLoad();
  }

  const nodeCpu = process.cpuUsage(nodeCpu0);
  if (process.env.BENCH_SERVER_TIMES === "1")
    console.log(`\nInside the server during the HTTP phase (${label(kind)}): ${JSON.stringify(app.serverTimes())}`);
  const pgCpu1 = cpuOf(await backends());
  const pgCpuS = pgCpu1.size ? [...pgCpu1].reduce((a, [pid, s]) => a + s - (pgCpu0.get(pid) ?? 0), 0) : null;
  const calls = Math.max(1, http.total);
  if (sampler) clearInterval(sampler);
  const httpUntil = wallClock();
  const statements1 = await statements(database);
  const lockWaitAvg = lockSamples.length ? lockSamples.reduce((a, b) => a + b, 0) / lockSamples.length : null;
  // PostgreSQL: the same registrations' SQL with no app, for people of their own (4000 more, seeded
  // now: the batch checks the day's bounds, and the load's people used theirs).
  if (kind === "postgres") await seedUsersWithTokens(database, 4000);
  const alone =
    kind === "postgres" && url
      ? await sqlAlone(
          url,
          sent,
          (
            (await database.rawQuery(
              "select id from users where email like 'carga%' order by created_at desc limit 4000",
            )) as { id: string }[]
          ).map((r) => r.id),
        )
      : null;
  console.log(`\nThe HTTP phase (${label(kind)}) ran from ${httpFrom} to ${httpUntil} (seconds since the epoch).`);
  if (process.env.BENCH_STATEMENTS === "1" && kind === "postgres") {
    printStatements("HTTP", statements0, statements1, calls);
    if (alone) printStatements("the SQL alone", statements1, await statements(database), alone.calls);
  }
  const inv = await checkInvariants(database.db);
  if (inv.problems.length) throw new Error(`ledger invariants broken after the run: ${inv.problems.join("; ")}`);

  await app.close();
  await close();
  rawLat.sort((a, b) => a - b);
  return {
    database: label(kind),
    rawPerSec: Math.round(rawPerSec),
    rawP99Ms: +pct(rawLat, 99).toFixed(2),
    httpPerSec: Math.round(http.perSec),
    httpP50Ms: http.p50,
    httpP99Ms: http.p99,
    httpNon2xx: http.non2xx + http.errors,
    ratio: +(http.perSec / rawPerSec).toFixed(2),
    /** CPU ms per HTTP call: the app's process, and PostgreSQL's backends of this database. */
    nodeCpuMsPerCall: +((nodeCpu.user + nodeCpu.system) / 1000 / calls).toFixed(2),
    /** The load generator's (autocannon's) own CPU ms per call: it shares the two cores. */
    loadCpuMsPerCall: +(http.cpuMs / calls).toFixed(2),
    pgCpuMsPerCall: pgCpuS === null ? null : +((pgCpuS * 1000) / calls).toFixed(2),
    roundTrips,
    /** The registration's SQL alone, replayed without the app (PostgreSQL): calls/s, p99, PostgreSQL CPU per call. */
    sqlAlonePerSec: alone?.perSec ?? null,
    sqlAloneP99Ms: alone?.p99Ms ?? null,
    sqlAlonePgCpuMsPerCall: alone?.pgCpuMsPerCall ?? null,
    sqlAloneRatio: alone ? +(alone.perSec / rawPerSec).toFixed(2) : null,
    /** Average number of backends waiting on a lock during the HTTP phase (PostgreSQL). */
    lockWaitAvg: lockWaitAvg === null ? null : +lockWaitAvg.toFixed(1),
  };
}

const load0 = machineLoad();
const results: Awaited<ReturnType<typeof run>>[] = [];
const only = process.env.BENCH_DATABASES;
if (!only || only === "pglite") results.push(await run("pglite"));
if (!only || only === "postgres") {
  if (await pgReachable()) results.push(await run("postgres"));
  else console.log("PostgreSQL does not answer: skipped");
}

console.log(
  `\n${CLIENTS} connections, the app's pool ${POOL}, ${SECONDS} s per phase, load average before: ${load0}, after: ${machineLoad()}\n`,
);
console.log(
  "| database | raw SQL transfers/s (p99 ms) | HTTP calls/s | HTTP p50 / p99 ms | non-2xx | HTTP / raw | round trips per call | backends waiting on a lock (avg) | CPU ms per call: app / PostgreSQL / load generator | SQL alone: calls/s (p99 ms), / raw, PostgreSQL CPU ms |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.rawPerSec} (${r.rawP99Ms}) | ${r.httpPerSec} | ${r.httpP50Ms} / ${r.httpP99Ms} | ${r.httpNon2xx} | ${r.ratio}x | ${r.roundTrips ?? "-"} | ${r.lockWaitAvg ?? "-"} | ${r.nodeCpuMsPerCall} / ${r.pgCpuMsPerCall ?? "-"} / ${r.loadCpuMsPerCall} | ${r.sqlAlonePerSec === null ? "-" : `${r.sqlAlonePerSec} (${r.sqlAloneP99Ms}), ${r.sqlAloneRatio}x, ${r.sqlAlonePgCpuMsPerCall ?? "-"}`} |`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(
  path.join(here, "results", "transfers.json"),
  `${JSON.stringify({ date: new Date().toISOString(), load: load0, clients: CLIENTS, pool: POOL, seconds: SECONDS, results }, null, 2)}\n`,
);
process.exit(0);
