import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A vitest sequencer that starts the files whose path matches `pattern` before the others (each
 * group in vitest's own order). Without a cache of earlier durations, as on CI's fresh clone, vitest
 * orders files by size, which can start the longest ones last: the run then waits for them alone.
 * Used by the server suite (property tests) and the browser tests (accessibility sweeps).
 */
export function filesFirst(pattern: RegExp): typeof BaseSequencer {
  return class extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (f: TestSpecification) => (pattern.test(f.moduleId) ? 0 : 1);
      return [...sorted].sort((a, b) => rank(a) - rank(b));
    }
  };
}
