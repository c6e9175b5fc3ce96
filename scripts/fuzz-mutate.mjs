// npm run fuzz:mutate -- --runs N [--seed S]: the mutation fuzz at any size.
import { spawnSync } from "node:child_process";
const args = process.argv.slice(2);
const val = (flag, dflt) => {
  const i = args.indexOf(flag);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const env = { ...process.env, FUZZ_RUNS: val("--runs", "5000"), FUZZ_SEED: val("--seed", "1") };
const r = spawnSync("npx", ["vitest", "run", "test/fuzz/mutate.test.ts"], { stdio: "inherit", env });
process.exit(r.status ?? 1);
