// The per-output line counts each finding once: a behaviour change a policy made an error is one
// finding, not an error and a behaviour change (user trial, session 16: "13 errors, 13 behaviour
// changes" for 13 findings).
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { applyPolicy } from "../src/policy.js";
import { countsPerOutput, outputLine } from "../src/cli/text-report.js";
import { readFileSync } from "node:fs";

const bundle = readFileSync("examples/support-bundle.caplo.json", "utf8");

describe("the per-output line", () => {
  it("names each behaviour change made an error once, as a behaviour change that is an error", () => {
    const r = convert(bundle, "agentmug", { file: "b.json" });
    const { diagnostics } = applyPolicy(r.diagnostics, { error: ["behaviour"] });
    const lines = countsPerOutput(diagnostics, r.outputs.map((o) => o.name)).map(outputLine);
    // tech: 4 behaviour changes (2 stashed values, 2 defaults lost), all made errors; 9 notes.
    expect(lines).toContain("tech.agent.json: 4 behaviour changes, each an error, 9 notes");
    expect(lines.join("\n")).not.toMatch(/\d+ errors, \d+ behaviour changes/);
  });

  it("some of them errors: says how many; an error that is no behaviour change is counted apart", () => {
    const r = convert(bundle, "agentmug", { file: "b.json" });
    const some = applyPolicy(r.diagnostics, { error: ["default-lost"] }).diagnostics;
    expect(countsPerOutput(some, ["tech.agent.json"]).map(outputLine)).toContain("tech.agent.json: 4 behaviour changes (2 of them errors), 9 notes");
    // A note made an error (transformed-value: representation here) is an error, and no behaviour change.
    const other = applyPolicy(r.diagnostics, { error: ["transformed-value"] }).diagnostics;
    expect(countsPerOutput(other, ["tech.agent.json"]).map(outputLine)).toContain("tech.agent.json: 1 error, 4 behaviour changes, 8 notes");
    // Both: the errors that are no behaviour change are the other ones (verify trial: "8 errors, 8 behaviour changes (7 of them errors)").
    const both = applyPolicy(r.diagnostics, { error: ["default-lost", "transformed-value"] }).diagnostics;
    expect(countsPerOutput(both, ["tech.agent.json"]).map(outputLine)).toContain("tech.agent.json: 4 behaviour changes (2 of them errors), 1 other error, 8 notes");
  });
});
