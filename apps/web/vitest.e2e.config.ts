import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { TIMEOUT_SCALE } from "./e2e/timeout-scale.ts";

/**
 * End-to-end tests: the real server (apps/server) serving the built web app (apps/web/dist), driven
 * by the system Chromium through playwright-core. `npm run test:e2e` at the root builds first.
 */
/**
 * The two accessibility files first: each is a few lines calling e2e/a11y.ts, so vitest's default
 * order (largest file first, without a cache of earlier durations, as on CI's fresh clone) started
 * the two longest files last, and the run waited for them alone at its end.
 */
class AccessibilityFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => (/\/a11y-[^/]*\.e2e\.test\.ts$/.test(f.moduleId) ? 0 : 1);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: AccessibilityFirst },
  },
});
