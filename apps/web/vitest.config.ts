import { defineConfig } from "vitest/config";

/**
 * Unit tests for the web's own logic (formatting, lib helpers, reducers, hooks): `npm test -w @valoriza/web`.
 * happy-dom gives the hooks and the DOM helpers a window, a document and localStorage; the browser tests
 * (real Chromium against the real server) have their own config, vitest.e2e.config.ts.
 */
export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
    setupFiles: ["src/test-setup.ts"],
    restoreMocks: true,
    isolate: false,
    unstubGlobals: true,
    // Dates shown "as the user sees them" are checked in Colombia's time zone.
    env: { TZ: "America/Bogota" },
  },
});
