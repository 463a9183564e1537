import { defineConfig } from "vitest/config";
import { filesFirst } from "../../scripts/vitest-first.ts";
import { TIMEOUT_SCALE } from "./e2e/timeout-scale.ts";

/**
 * End-to-end tests: the real server (apps/server) serving the built web app (apps/web/dist), driven
 * by the system Chromium through playwright-core. `npm run test:e2e` at the root builds first.
 */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    environment: "node",
    // A browser test on a busy 2-core machine can take twice its idle time; TEST_TIMEOUT_SCALE
    // (e.g. 3) multiplies these and the pages' own waits for slower machines.
    testTimeout: 60_000 * TIMEOUT_SCALE,
    hookTimeout: 90_000 * TIMEOUT_SCALE,
    // One Chromium per test file; a few files in parallel keep the suite well under two minutes.
    maxWorkers: 3,
    // A worker keeps the modules it loaded (playwright-core, axe-core's source, the helpers) from one
    // file to the next: 26 files imported them 26 times (about 60 s of the workers' time). Each file
    // still runs its own code, with its own browser (ADR 019).
    isolate: false,
    // The two accessibility files first: each is a few lines calling e2e/a11y.ts, so in size order (a
    // fresh clone has no cache of earlier durations) the two longest files started last.
    sequence: { sequencer: filesFirst(/\/a11y-[^/]*\.e2e\.test\.ts$/) },
  },
});
