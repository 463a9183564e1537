import { defineConfig } from "vitest/config";
import { filesFirst } from "../../scripts/vitest-first.ts";

// TEST_TIMEOUT_SCALE multiplies every time-out for slower or busier machines (e.g. 3).
const scale = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // The migrated template every file starts from, made once per run (ADR 019).
    globalSetup: ["src/test/global-setup.ts"],
    testTimeout: 30_000 * scale,
    hookTimeout: 60_000 * scale,
    pool: "forks",
    // On PGlite the database runs inside each worker: two workers fill two cores. On PostgreSQL its
    // backends do part of the work in their own processes, and two workers left a fifth of two cores
    // idle (137 s against 117 s with three, 2-core machine).
    maxWorkers: process.env.TEST_DATABASE_URL ? 3 : 2,
    // Each worker keeps its modules from one file to the next (issue 21): importing the server
    // (~300 modules) cost 1.8 s per file, 168 s of a 413 s run. Every file still builds its own app
    // on its own database; module-level state that must start afresh is reset per file (per-file.ts).
    isolate: false,
    setupFiles: ["src/test/per-file.ts"],
    // The property tests first (the ledger's runs 400 random sequences, a minute on PGlite): in size
    // order a fresh clone started it late, and it ran alone for the last 35 s of a 241 s run.
    sequence: { sequencer: filesFirst(/\.property\.test\.ts$/) },
  },
});
