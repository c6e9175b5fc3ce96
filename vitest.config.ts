import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores: on CI's two cores that is one worker,
    // and the suite ran one file at a time (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism()),
    // The core holds no global state, so the files of one worker share its module cache instead of
    // each importing the whole source tree again (about a tenth of the suite's CPU time).
    isolate: false,
  },
});
