/**
 * `npm run typecheck`: `tsc --noEmit` on each TypeScript project, as many at once as this machine
 * has cores (tsc uses one), each project's output printed whole once it ends. Exits non-zero if any
 * project fails.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";

// Longest first.
const PROJECTS = ["apps/server", "apps/web", "packages/domain", "apps/web/e2e"];
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

function check(project) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [tsc, "-p", project, "--noEmit", "--pretty"], { stdio: "pipe" });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    child.on("close", (code) => {
      const s = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? "ok" : "FAILED"} (${s} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
async function worker() {
  for (let p = queue.shift(); p; p = queue.shift()) results.push(await check(p));
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
