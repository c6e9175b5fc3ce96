#!/usr/bin/env node
// The agentport executable: a thin shell over runCli. An interrupted run
// (Ctrl-C, SIGTERM) removes its own temp files before it exits, so it leaves
// neither partial outputs nor debris; finished files are complete (atomic rename).
import { processIO } from "./io.js";
import { runCli } from "./run.js";
import { removeOwnTempFiles } from "../node/write.js";
import { stopWorkers } from "./batch.js";

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  process.once(signal, () => {
    // Workers first: a worker still running could write a temp file after the sweep.
    void stopWorkers().finally(() => {
      removeOwnTempFiles();
      process.exit(code);
    });
  });
}
// No top-level await: the bundled CLI is CommonJS (it runs from V8's code cache, scripts/bundle.mjs).
// Whether stderr is a terminal is asked only by a folder run (its progress line): building
// process.stderr loads Node's stream modules, which a one-file run does not need.
const env = {
  get stderrIsTTY(): boolean {
    return process.stderr.isTTY === true;
  },
};
void runCli(process.argv.slice(2), processIO, env).then((code) => {
  process.exitCode = code;
  // Once the event loop is empty (every write done, every worker and handle closed: Node emits
  // beforeExit only then), exit at once: Node's own teardown of the environment and the heap
  // after it does nothing a finished run needs (~1.3 ms of a one-file run's wall time, a
  // bare `node -e 0` has less to free; docs/performance.md). "exit" listeners still run.
  process.once("beforeExit", () => process.exit());
});
