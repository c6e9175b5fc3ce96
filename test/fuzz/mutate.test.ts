// CI-sized mutation fuzz (FUZZ_RUNS, default 3,000: the suite stays near 5 minutes). The long run:
// `npm run fuzz:mutate -- --runs 100000` (docs/security.md).
import { describe, expect, it } from "vitest";
import { fuzz, saveFailure } from "./mutate.js";

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 3000);
const SEED = Number(process.env["FUZZ_SEED"] ?? 1);

describe("mutation fuzz", () => {
  it(`${RUNS} mutated golden/corpus inputs: every one converts or is refused with a located error`, async () => {
    const stats = await fuzz(process.cwd(), RUNS, SEED);
    const saved = stats.failures.slice(0, 20).map((f) => saveFailure(process.cwd(), f));
    console.log(`mutation fuzz: runs ${stats.runs}, converted ${stats.converted}, refused ${stats.refused}, failures ${stats.failures.length}, slowest ${stats.slowestMs.toFixed(1)} ms`);
    expect(stats.failures.map((f) => `${f.source} → ${f.target} [${f.mutations.join(", ")}] seed ${f.seed}: ${f.reason}`), `saved: ${saved.join(", ")}`).toEqual([]);
    expect(stats.runs).toBe(RUNS);
  }, 600_000);
});
