// npm run fuzz:edits -- --edits N [--seed S] [--docs D]: the edit property
// (test/fuzz/edit-property.ts) at any size: N counted edits of files converted into
// AgentMug and mas from every golden case and D schema-fuzz documents per format
// (default 10; more for long runs). Prints the closing figures (docs/fuzzing.md).
import { spawnSync } from "node:child_process";
const args = process.argv.slice(2);
const val = (flag, dflt) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const env = {
  ...process.env,
  FUZZ_EDITS: val("--edits", "1000"),
  FUZZ_SEED: val("--seed", "1"),
  FUZZ_EDIT_DOCS: val("--docs", "10"),
};
const r = spawnSync("npx", ["vitest", "run", "test/fuzz/edit-property.test.ts"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
