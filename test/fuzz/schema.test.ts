// CI-sized schema-driven round-trip fuzz: FUZZ_RUNS schema-valid documents (default
// 200) per direction, all nine source → target pairs. The long run:
// `npm run fuzz -- --runs 10000` (docs/fuzzing.md). FUZZ_STASH=1 adds the stash
// round-trip identity check (scope item 2d) once the x-agentport stash has landed.
import { describe, expect, it } from "vitest";
import { FORMATS } from "./schema-properties.js";
import { rejectedFraction, runDirection, saveSchemaFailure, summaryLine } from "./schema-runner.js";

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 200);
const SEED = Number(process.env["FUZZ_SEED"] ?? 1);
const STASH = process.env["FUZZ_STASH"] === "1";
/** Above this share of schema-rejected documents the generator needs fixing, not the adapters. */
const MAX_REJECTED = 0.1;

describe("schema-driven round-trip fuzz", () => {
  for (const format of FORMATS) {
    for (const target of FORMATS) {
      it(`${format} → ${target}: ${RUNS} schema-valid documents keep every property`, () => {
        const stats = runDirection(format, target, RUNS, SEED, { stash: STASH });
        const saved = stats.distinct.flatMap((d) => (d.shrunk ? [saveSchemaFailure(process.cwd(), d.shrunk)] : []));
        console.log(summaryLine(stats));
        for (const d of stats.distinct) console.log(`  ${d.count}× ${d.signature}${d.shrunk ? "" : " (not shrunk)"}`);
        expect(stats.runs).toBe(RUNS);
        expect(rejectedFraction(stats), "the generator makes too many schema-invalid documents").toBeLessThanOrEqual(MAX_REJECTED);
        expect(
          stats.distinct.map((d) => `${d.count}× ${d.signature}`),
          `shrunk counterexamples saved: ${saved.join(", ") || "none"}\n${stats.distinct.map((d) => d.shrunk?.message ?? "").join("\n\n")}`,
        ).toEqual([]);
      }, 600_000);
    }
  }
});
