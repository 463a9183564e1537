/**
 * One process against two (issue 21 item 2): `npm run start:cluster` with CLUSTER_WORKERS=1 and
 * CLUSTER_WORKERS=2 on PostgreSQL, each on a fresh database, taking turns (BENCH_ROUNDS, default 2),
 * under the credit-moving call `POST /api/dinero/registrar` (BENCH_CLIENTS connections, BENCH_SECONDS
 * each, one signed-in person per call as in bench:transfers; each process with the app's own
 * DB_POOL_SIZE, as deployed). Prints calls/s, p50/p99 and the ratio
 * of two processes to one; the ledger invariants are checked after every run.
 *
 *   npm run bench:cluster
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkInvariants } from "../apps/server/src/modules/ledger/index.ts";
import {
  benchDatabase,
  CLIENTS,
  freePort,
  here,
  JWT_SECRET,
  load,
  machineLoad,
  SECONDS,
  seedUsersWithTokens,
} from "./lib.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const root = path.resolve(here, "..");
const BODY = JSON.stringify({ monto: 1000, tipo: "otro", descripcion: "Carga de benchmark" });

async function ready(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`start:cluster exited ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("start:cluster not ready in 60 s");
}

async function run(workers: number) {
  // A fresh migrated database (the cluster's primary then finds no migration to apply).
  const { database, url = "", close } = await benchDatabase("postgres", 2);
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/cluster.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      CLUSTER_WORKERS: String(workers),
      PORT: String(port),
      JWT_SECRET,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await ready(base, child);
    const people = await seedUsersWithTokens(database, Number(process.env.BENCH_PEOPLE ?? 4000));
    // 10 registrations per person per 24 h: each connection uses one person for 10 calls, then the next;
    // the warm-up uses other people than the measured run.
    const opts = {
      url: `${base}/api/dinero/registrar`,
      method: "POST",
      body: BODY,
      perToken: 10,
      connections: CLIENTS,
    };
    await load({ ...opts, tokens: people.slice(0, 800), seconds: 2 });
    const r = await load({ ...opts, tokens: people.slice(800), seconds: SECONDS });
    const inv = await checkInvariants(database.db);
    if (inv.problems.length) throw new Error(`ledger invariants broken after the run: ${inv.problems.join("; ")}`);
    return r;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await close();
  }
}

const rows: { workers: number; rps: number; p50: number; p99: number; non2xx: number }[] = [];
console.log(`load before: ${machineLoad()}`);
for (let i = 0; i < ROUNDS; i++) {
  for (const workers of [1, 2]) {
    const r = await run(workers);
    rows.push({ workers, rps: r.perSec, p50: r.p50, p99: r.p99, non2xx: r.non2xx });
    console.log(
      `round ${i + 1}, ${workers} process(es): ${Math.round(r.perSec)} calls/s, p50 ${r.p50} / p99 ${r.p99} ms`,
    );
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const of = (w: number) => rows.filter((r) => r.workers === w);
const one = median(of(1).map((r) => r.rps));
const two = median(of(2).map((r) => r.rps));
console.log(`\nload after: ${machineLoad()}\n`);
console.log("| processes | calls/s (median) | p50 / p99 ms (median) | non-2xx | vs one process |");
console.log("|---|---|---|---|---|");
for (const w of [1, 2]) {
  const rs = of(w);
  const rps = median(rs.map((r) => r.rps));
  console.log(
    `| ${w} | ${Math.round(rps)} | ${median(rs.map((r) => r.p50))} / ${median(rs.map((r) => r.p99))} | ${rs.reduce((s, r) => s + r.non2xx, 0)} | ${(rps / one).toFixed(2)}x |`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(path.join(here, "results", "cluster.json"), JSON.stringify({ rows, one, two }, null, 2));
