// After an edit in the target, the per-output lines and the closing line must tell the same story
// (session 12, fresh-user finding 4). A stash-stale warning (x-agentport values not restored, since
// the edit wins) counted as a behaviour change on its output's line, and nowhere in the closing
// figures: "about no single output: 1 behaviour change" above "behaviour kept for 67 of 67
// behaviour-bearing values (0 changed)". It is counted apart (BehaviourFigures.stale) and said.
// Since session 18 the values the edit stopped, held in the input's stash, count as changed too (they
// are not carried), as the CLI reads the input (InputRead.stashes); the edit is still said apart.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert } from "../src/index.js";
import { convertManyRead } from "../src/convert.js";
import { stashesIn } from "../src/ir/ledger.js";
import type { JsonObject } from "../src/ir/json.js";
import { behaviourLine, inputFigures } from "../src/cli/fidelity-summary.js";
import { countsPerOutput } from "../src/cli/text-report.js";
import { effectOf } from "../src/policy.js";

// A real corpus app's agent (test/fixtures/mas/apps/README.md: mas-lab, Apache-2.0).
const AGENT = readFileSync("test/fixtures/mas/apps/03-experiments-and-analysis/agent.yaml", "utf8");

describe("mas → Agent Spec, the tool removed → mas: the closing figures count the stash-stale warning", () => {
  const out = convert(AGENT, "agentspec", { file: "agent.yaml" }).outputs[0]!;
  const doc = JSON.parse(out.text) as JsonObject;
  (doc["tools"] as unknown[]).splice(0, 1);
  const text = JSON.stringify(doc, null, 2) + "\n";
  const back = convertManyRead([{ text, file: out.name }], "mas");
  const input = back.read[0]!;
  const f = inputFigures(input.data, back.diagnostics, out.name, input.agents, input.carried, stashesIn(input.stashes, input.file));

  it("one behaviour warning on the per-output lines, one edit in the closing figures", () => {
    expect(back.ok).toBe(true);
    const stale = back.diagnostics.filter((d) => d.code === "stash-stale");
    expect(stale).toHaveLength(1);
    const perOutput = countsPerOutput(back.diagnostics, back.outputs.map((o) => o.name)).reduce((n, c) => n + c.behaviour, 0);
    const behaviourWarnings = back.diagnostics.filter((d) => d.severity !== "info" && effectOf(d) === "behaviour").length;
    expect(perOutput).toBe(behaviourWarnings);
    // Every behaviour warning is accounted for in the closing figures: here the one edit, and the two
    // values it costs (the removed tool's stashed kind and ref, which the warning names) as changed.
    expect(stale[0]!.message).toContain("mas spec.tools[0].kind, mas spec.tools[0].ref");
    expect(f.rows.filter((r) => r.code === "stash-stale").map((r) => r.sourcePointer)).toEqual(["/metadata/x-agentport/ir/~1tools~10~1kind", "/metadata/x-agentport/ir/~1tools~10~1ref"]);
    expect(f.behaviour).toMatchObject({ changed: 2, unset: 0, stale: 1 });
    expect(behaviourLine([f])).toBe(`behaviour kept for ${f.behaviour.values - 2} of ${f.behaviour.values} behaviour-bearing values (2 changed); 1 edit where x-agentport values are not restored`);
  });

  it("unedited, no edit is counted", () => {
    const plain = convert(out.text, "mas", { file: out.name });
    const g = inputFigures(JSON.parse(out.text), plain.diagnostics, out.name);
    expect(g.behaviour.stale).toBe(0);
    expect(behaviourLine([g])).not.toContain("edit");
  });
});
