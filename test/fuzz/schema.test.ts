// CI-sized schema-driven round-trip fuzz: FUZZ_RUNS schema-valid documents (default
// 100; 16 directions since Open Agent Spec, so the suite stays near 5 minutes) per direction, every source → target pair of the registered formats. The long run:
// `npm run fuzz -- --runs 10000` (docs/fuzzing.md). The stash round-trip identity
// check (property d) runs by default; FUZZ_STASH=0 (`--no-stash`) leaves it out.
import { describe, expect, it } from "vitest";
import { FORMATS, privateLeak } from "./schema-properties.js";
import { rejectedFraction, runDirection, saveSchemaFailure, summaryLine } from "./schema-runner.js";

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 100);
const SEED = Number(process.env["FUZZ_SEED"] ?? 1);
const STASH = process.env["FUZZ_STASH"] !== "0";
/** Above this share of schema-rejected documents the generator needs fixing, not the adapters. */
const MAX_REJECTED = 0.1;

describe("the private-data check of property d", () => {
  it("finds brain/memory as a member or as a stashed extension value, and nothing else", () => {
    expect(privateLeak({ brain: [] }, "agentmug")).toBe("/brain");
    expect(privateLeak({ "x-agentport": { extensions: { agentmug: { "/memory": {} } } } }, "agentmug")).toBe("/x-agentport/extensions/agentmug/~1memory");
    expect(privateLeak({ spec: { brain: "a mas member of that name" }, "x-agentport": { extensions: { agentmug: { "/emoji": "🧠" } } } }, "agentmug")).toBeUndefined();
  });
});

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
