import { defineConfig } from "vitest/config";

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
    maxWorkers: 2,
    // Each worker keeps its modules from one file to the next (issue 21): importing the server
    // (~300 modules) cost 1.8 s per file, 168 s of a 413 s run. Every file still builds its own app
    // on its own database; module-level state that must start afresh is reset per file (per-file.ts).
    isolate: false,
    setupFiles: ["src/test/per-file.ts"],
  },
});
