// CI-sized edit property (test/fuzz/edit-property.ts): FUZZ_EDITS counted edits
// (default 1,000) over every golden case and a sample of schema-fuzz documents, in
// AgentMug and mas files. The long run: `npm run fuzz:edits -- --edits 100000`
// (docs/fuzzing.md).
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { editSummary, runEdits } from "./edit-property.js";

const EDITS = Number(process.env["FUZZ_EDITS"] ?? 1000);
const SEED = Number(process.env["FUZZ_SEED"] ?? 1);
const DOCS = Number(process.env["FUZZ_EDIT_DOCS"] ?? 10);

describe("edits made in a converted file win over its stash", () => {
  it(`${EDITS} edits: each is present after the way back, and every stash entry not applied is reported`, () => {
    // FUZZ_PROGRESS=FILE: the figures so far, rewritten every 1,000 edits (a long run stopped early still leaves them).
    const progress = process.env["FUZZ_PROGRESS"];
    const stats = runEdits({ edits: EDITS, seed: SEED, fuzzPerFormat: DOCS, ...(progress ? { onProgress: (s) => writeFileSync(progress, editSummary(s) + "\n") } : {}) });
    if (progress) writeFileSync(progress, editSummary(stats) + "\n");
    console.log(editSummary(stats));
    const failures = stats.failures.map((f) => `${f.outcome}: ${f.where}\n  ${f.message.replace(/\n/g, "\n  ")}`).join("\n");
    expect(stats.edits).toBe(EDITS);
    // The property must meet the mechanism: some edits stop stash entries.
    expect(stats.withStale).toBeGreaterThan(0);
    expect({ overwritten: stats.overwritten, unreported: stats.unreported, falseReports: stats.falseReports, staleUnedited: stats.staleUnedited }, failures).toEqual({ overwritten: 0, unreported: 0, falseReports: 0, staleUnedited: 0 });
  }, Math.max(600_000, EDITS * 100));
});
