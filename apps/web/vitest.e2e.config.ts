import { defineConfig } from "vitest/config";

/**
 * End-to-end tests: the real server (apps/server) serving the built web app (apps/web/dist), driven
 * by the system Chromium through playwright-core. `npm run test:e2e` at the root builds first.
 */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One Chromium per test file; a few files in parallel keep the suite well under two minutes.
    maxWorkers: 3,
  },
});
