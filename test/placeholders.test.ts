// A prompt's parameter placeholders, spelled as the source's adapter declares (IrAgent.placeholders),
// reach a target without parameters verbatim: unfilled-placeholder says so for every spelling, not
// only {{params.x}} (fresh9 finding 12: an Open Agent Spec agent's {{user_name}}, filled from its
// inputs, came into mas and Caplo with only "inputs has no counterpart").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";

// The Open Agent Spec how-to agent (test/fixtures/agentspec/SOURCES.md): system_prompt names {{user_name}}, an input.
const HOWTO = readFileSync("test/fixtures/agentspec/howto_agents.json", "utf8");
const unfilled = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === "unfilled-placeholder");

describe("placeholders as the source spells them", () => {
  for (const to of ["mas", "caplo"]) {
    it(`an Agent Spec {{input}} into ${to}, which has no parameters, is a warning at system_prompt`, () => {
      const r = convert(HOWTO, to, { file: "howto_agents.json" });
      expect(r.ok).toBe(true);
      const ds = unfilled(r.diagnostics);
      expect(ds).toHaveLength(1);
      expect(ds[0]).toMatchObject({ severity: "warning", effect: "behaviour", source: { pointer: "/system_prompt" } });
      expect(ds[0]!.message).toContain("the placeholder {{user_name}}");
    });
  }

  it("into a format with parameters it is respelled, not reported", () => {
    for (const to of ["agentmug", "agentspec"]) expect(unfilled(convert(HOWTO, to, { file: "howto_agents.json" }).diagnostics), to).toEqual([]);
  });

  it("braces that name no input are no placeholder", () => {
    const doc = JSON.parse(HOWTO) as Record<string, unknown>;
    doc["system_prompt"] = String(doc["system_prompt"]).replace("{{user_name}}", "{{nobody}}");
    const r = convert(JSON.stringify(doc, null, 2), "mas", { file: "howto_agents.json" });
    expect(unfilled(r.diagnostics)).toEqual([]);
  });

  it("each placeholder once, in the order the prompt names them", () => {
    const doc = JSON.parse(HOWTO) as Record<string, unknown>;
    const inputs = doc["inputs"] as Record<string, unknown>[];
    doc["inputs"] = [...inputs, { ...inputs[0], title: "topic" }];
    doc["system_prompt"] = "Write about {{topic}} for {{user_name}}; {{topic}} again.";
    const r = convert(JSON.stringify(doc, null, 2), "caplo", { file: "howto_agents.json" });
    expect(unfilled(r.diagnostics).map((d) => /placeholder (\S+),/.exec(d.message)?.[1])).toEqual(["{{topic}}", "{{user_name}}"]);
  });
});
