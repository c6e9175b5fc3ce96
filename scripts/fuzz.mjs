// npm run fuzz -- --runs N [--seed S] [--no-stash]: the schema-driven round-trip fuzz
// (test/fuzz/schema.test.ts) at any size; N documents per direction. The stash identity
// check runs unless --no-stash (--stash, its old switch, is accepted and changes nothing).
import { spawnSync } from "node:child_process";
const args = process.argv.slice(2);
const val = (flag, dflt) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const env = {
  ...process.env,
  FUZZ_RUNS: val("--runs", "200"),
  FUZZ_SEED: val("--seed", "1"),
  FUZZ_STASH: args.includes("--no-stash") ? "0" : "1",
};
const r = spawnSync("npx", ["vitest", "run", "test/fuzz/schema.test.ts"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
