/**
 * Cold start and memory of one server process: TypeScript through tsx (the old
 * `npm start`) against the built plain-JavaScript bundle (apps/server/dist/server.mjs,
 * `npm run build:server`). Each start: a fresh PGlite data dir (migrations
 * included, the same for both), time until GET /api/health answers, then the
 * process's resident memory after 50 requests. BENCH_STARTS (default 3) each.
 *
 *   npm run build:server && npm run bench:startup
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { here, machineLoad } from "./lib.ts";

const serverDir = path.resolve(here, "../apps/server");
const bundle = path.join(serverDir, "dist/server.mjs");
if (!existsSync(bundle)) {
  console.error("Build the server first: npm run build:server");
  process.exit(1);
}
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const variants = [
  { name: "tsx src/server.ts", args: ["--import", "tsx", "src/server.ts"] },
  { name: "node dist/server.mjs", args: ["dist/server.mjs"] },
];

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};

async function once(args: string[], port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vz-start-"));
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 120_000) throw new Error("did not start");
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
    }
    const startMs = performance.now() - t0;
    for (let i = 0; i < 50; i++) await (await fetch(`http://127.0.0.1:${port}/api/economia/estado`)).arrayBuffer();
    return { startMs, rssMb: rssMb(child.pid as number) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load0 = machineLoad();
const rows: { name: string; startMs: number; rssMb: number }[] = [];
let port = 42_000 + (process.pid % 10_000);
for (let i = 0; i < STARTS; i++) {
  for (const v of variants) rows.push({ name: v.name, ...(await once(v.args, port++)) });
}
console.log(`\n${STARTS} cold starts each (PGlite, fresh data dir), load average before: ${load0}\n`);
console.log("| start | median start ms | median RSS MB |");
console.log("|---|---|---|");
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
for (const v of variants) {
  const mine = rows.filter((r) => r.name === v.name);
  console.log(
    `| ${v.name} | ${Math.round(median(mine.map((r) => r.startMs)))} | ${median(mine.map((r) => r.rssMb))} |`,
  );
}
mkdirSync(path.join(here, "results"), { recursive: true });
writeFileSync(
  path.join(here, "results", "startup.json"),
  `${JSON.stringify({ date: new Date().toISOString(), load: load0, rows }, null, 2)}\n`,
);
process.exit(0);
