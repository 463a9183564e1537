import { defineConfig } from "vitest/config";
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
  },
});
