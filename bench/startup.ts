/**
 * `npm start` to the first 200, against a bare baseline (issue 21, ADR 019). In one run, taking
 * turns (BENCH_STARTS rounds, default 3; medians):
 * - baseline: `node bench/baseline-start.mjs`, which opens PGlite on an existing data folder, runs
 *   one query and answers GET /api/health from Fastify;
 * - `npm start` on an existing data folder (demo data already there);
 * - `npm start` on a new data folder, demo data included (SEED_DEMO=1).
 * The time is from spawning the command to the first 200 of GET /api/health. The sources are
 * built first (once), so `npm start` finds nothing to rebuild, and the preparing starts run 3 s
 * after their first 200 (the launcher's code cache of a start is written a second after it has
 * started), as on any start after the first.
 * Also prints the server process's resident memory after 50 requests.
 *
 *   npm run bench:startup
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, here, machineLoad } from "./lib.ts";

const root = path.resolve(here, "..");
const STARTS = Number(process.env.BENCH_STARTS ?? 3);

const built = spawnSync(process.execPath, [path.join(root, "apps/server/scripts/ensure-built.mjs")], {
  cwd: root,
  stdio: "inherit",
});
if (built.status !== 0) process.exit(1);

const rssMb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
};
/** The node process listening (npm start runs sh → node): the newest descendant named node. */
const serverPid = (pid: number): number => {
  const out = spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .filter(Boolean);
  for (const c of out) {
    const deeper = serverPid(Number(c));
    if (deeper) return deeper;
  }
  return out.length ? Number(out[out.length - 1]) : 0;
};

async function once(
  cmd: string,
  args: string[],
  dataDir: string,
  _port: number,
  env: Record<string, string> = {},
  stayMs = 0,
) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    detached: true, // its own process group: npm's children stop with it
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      INIT_CWD: root,
      ...env,
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 180_000) throw new Error(`${cmd} ${args.join(" ")} did not start`);
      if (child.exitCode !== null) throw new Error(`${cmd} ${args.join(" ")} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 10));
    }
    const startMs = performance.now() - t0;
    for (let i = 0; i < 50; i++) await (await fetch(`http://127.0.0.1:${port}/api/health`)).arrayBuffer();
    // The preparing starts run on a while, as a first start does before the next (ADR 019: the
    // launcher keeps V8's code cache of a start a second after it has started).
    if (stayMs) await new Promise((r) => setTimeout(r, stayMs));
    return { startMs, rssMb: rssMb(serverPid(child.pid as number) || (child.pid as number)) };
  } finally {
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {}
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once("exit", r));
    await new Promise((r) => setTimeout(r, 300)); // the data folder's lock is released
  }
}

const load0 = machineLoad();
const work = mkdtempSync(path.join(tmpdir(), "vz-startup-"));
let port = 42_000 + (process.pid % 10_000);
const baseDir = path.join(work, "baseline");
const existingDir = path.join(work, "existing");
// Prepare: the baseline's folder (initdb once) and an existing app folder with demo data.
await once(process.execPath, [path.join(here, "baseline-start.mjs")], baseDir, port++, {}, 3000);
await once("npm", ["start"], existingDir, port++, { SEED_DEMO: "1" }, 3000);

type Row = { name: string; startMs: number; rssMb: number };
const rows: Row[] = [];
const variants = [
  {
    name: "baseline (PGlite open + 1 query + Fastify)",
    run: () => once(process.execPath, [path.join(here, "baseline-start.mjs")], baseDir, port++),
  },
  { name: "npm start, existing data folder", run: () => once("npm", ["start"], existingDir, port++) },
  {
    name: "npm start, new data folder with demo data",
    run: async () => {
      const dir = mkdtempSync(path.join(work, "new-"));
      try {
        return await once("npm", ["start"], dir, port++, { SEED_DEMO: "1" });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
for (let i = 0; i < STARTS; i++) for (const v of variants) rows.push({ name: v.name, ...(await v.run()) });
rmSync(work, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const med = (name: string) => median(rows.filter((r) => r.name === name).map((r) => r.startMs));
const base = med(variants[0]!.name);
const targets: Record<string, string> = { [variants[1]!.name]: "<= 2x", [variants[2]!.name]: "<= 3x" };
console.log(`\n${STARTS} starts each, taking turns; load average before: ${load0}, after: ${machineLoad()}\n`);
console.log("| start | median ms to first 200 | all runs ms | ratio to baseline | target | RSS MB |");
console.log("|---|---|---|---|---|---|");
for (const v of variants) {
  const mine = rows.filter((r) => r.name === v.name);
  const m = med(v.name);
  console.log(
    `| ${v.name} | ${Math.round(m)} | ${mine.map((r) => Math.round(r.startMs)).join(", ")} | ${(m / base).toFixed(2)}x | ${targets[v.name] ?? "-"} | ${median(mine.map((r) => r.rssMb))} |`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(
  path.join(here, "results", "startup.json"),
  `${JSON.stringify({ date: new Date().toISOString(), load: load0, rows }, null, 2)}\n`,
);
process.exit(0);
