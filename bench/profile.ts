/**
 * Where a request's time goes (issue 7: "profile with --cpu-prof"): the built
 * production server (apps/server/dist/server.mjs, the bundle server.cjs) runs under `node --cpu-prof`
 * while autocannon (bench/load.mjs, its own process) calls one route; then the
 * V8 profile is summed by self time, grouped by npm package (or node internals,
 * or the app's own bundled code), with the heaviest functions.
 *
 *   npm run build:server && npm run bench:profile
 *   BENCH_PROFILE_PATH=/api/assets?limit=7 npm run bench:profile
 *   BENCH_PROFILE_HELLO=1 npm run bench:profile      (the reference: Fastify hello world)
 *
 * Prints a Markdown summary and writes bench/results/profile-<route>.json.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CpuProfile, printSummary, summarize } from "./cpu-profile.ts";
import { CLIENTS, here, load, machineLoad, SECONDS } from "./lib.ts";

const route = process.env.BENCH_PROFILE_PATH ?? "/api/economia/estado";
const serverBundle = path.join(here, "..", "apps", "server", "dist", "server.mjs");
if (process.env.BENCH_PROFILE_HELLO !== "1" && !existsSync(serverBundle)) {
  throw new Error("Falta apps/server/dist/server.mjs: ejecuta `npm run build:server`.");
}

const hello = process.env.BENCH_PROFILE_HELLO === "1";
const port = await new Promise<number>((resolve) => {
  const s = createServer();
  s.listen(0, "127.0.0.1", () => {
    const a = s.address();
    s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
  });
});
const profDir = mkdtempSync(path.join(tmpdir(), "vz-prof-"));
const dataDir = mkdtempSync(path.join(tmpdir(), "vz-prof-data-"));
const child = spawn(
  process.execPath,
  ["--cpu-prof", `--cpu-prof-dir=${profDir}`, hello ? path.join(here, "hello.mjs") : serverBundle],
  {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL")),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      JWT_SECRET: "bench-profile-secret-bench-profile-secret",
    },
    stdio: ["ignore", "pipe", "inherit"],
  },
);
let base = `http://127.0.0.1:${port}`;
let target = route;
if (hello) {
  // The reference: Fastify's hello world (bench/hello.mjs) prints the port it chose.
  const helloPort = await new Promise<number>((resolve) =>
    child.stdout.once("data", (d) => resolve(Number(String(d).trim()))),
  );
  base = `http://127.0.0.1:${helloPort}`;
  target = "/";
} else {
  child.stdout.pipe(process.stdout);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error("el servidor no arrancó");
    await new Promise((r) => setTimeout(r, 100));
  }
}
const loadBefore = machineLoad();
// Warm-up (JIT, caches), then the measured window. V8 stamps samples with the same monotonic clock
// as process.hrtime on Linux, so only the samples taken during the measured load are counted.
await load({ url: `${base}${target}`, connections: CLIENTS, seconds: 2 });
const windowStart = Number(process.hrtime.bigint() / 1000n);
const r = await load({ url: `${base}${target}`, connections: CLIENTS, seconds: SECONDS });
const windowEnd = Number(process.hrtime.bigint() / 1000n);
child.kill("SIGTERM");
await new Promise((res) => child.once("exit", res));

const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("no se escribió el perfil");
const profile = JSON.parse(readFileSync(path.join(profDir, file), "utf8")) as CpuProfile;
const summary = summarize(profile, { start: windowStart, end: windowEnd });

console.log(
  `\n## CPU profile of ${hello ? "Fastify hello world" : route} (${new Date().toISOString()}, load ${loadBefore})`,
);
console.log(`${r.perSec} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${CLIENTS} connections, ${SECONDS} s`);
printSummary(summary);

mkdirSync(path.join(here, "results"), { recursive: true });
const slug = (hello ? "hello" : route).replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
writeFileSync(
  path.join(here, "results", `profile-${slug}.json`),
  JSON.stringify({ route, at: new Date().toISOString(), load: loadBefore, result: r, ...summary }, null, 2),
);
