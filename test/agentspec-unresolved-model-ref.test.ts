// Verification finding N8 (session 16): an Agent Spec agent whose llm_config is a $component_ref that
// names no component of the document, converted into a format that holds no references.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, validate } from "../src/index.js";

const system = (): string => {
  const r = convert(readFileSync("golden/mas-system/input.yaml", "utf8"), "agentspec", { file: "golden/mas-system/input.yaml", readFile: (p: string) => ({ ok: true as const, text: readFileSync(`golden/mas-system/${p}`, "utf8") }) });
  const out = r.outputs[0];
  if (out === undefined) throw new Error(JSON.stringify(r.diagnostics.filter((d) => d.severity === "error")));
  return out.text;
};
const withRef = (id: string): string => system().replaceAll('"$component_ref": "gpt-4-1-mini"', `"$component_ref": "${id}"`);
const AGENTS = ["/$referenced_components/planner/llm_config", "/$referenced_components/booker/llm_config"];

describe("an agent's llm_config $component_ref that names no component of the document", () => {
  for (const [id, near] of [["gpt-4-1-mni", true], ["totally-unknown", false]] as const) {
    it(`→ Caplo (no references): one warning per agent at its llm_config, saying the model reference is unresolved and what was written (${id})`, () => {
      const r = convert(withRef(id), "caplo", { file: "r.json" });
      expect(r.outputs.length).toBe(1);
      const warnings = r.diagnostics.filter((d) => d.severity === "warning");
      const atRefs = warnings.filter((d) => AGENTS.includes(d.source?.pointer ?? "") && d.code !== "stash-stale");
      // One per agent, at the reference, naming it and the placeholder written instead.
      expect(atRefs.map((d) => [d.code, d.source?.pointer])).toEqual(AGENTS.map((p) => ["defaulted-placeholder", p]));
      for (const d of atRefs) {
        expect(d.message).toContain(`"${id}"`);
        expect(d.message).toMatch(/could not be resolved/);
        expect(d.message).toMatch(/wrote the placeholder OpenAI gpt-4o/);
        if (near) expect(d.hint).toMatch(/did you mean "gpt-4-1-mini"\?/);
      }
      // Not "kept as a reference" (Caplo holds none), no model placeholder at the agent's root for them.
      expect(r.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
      expect(r.diagnostics.filter((d) => d.code === "defaulted-placeholder" && d.source?.pointer === "")).toEqual([]);
      // The shared config was not edited, only the references to it: what the stash no longer restores (the mas
      // model of the agent) is said at each edited reference, not at the config.
      const stale = r.diagnostics.filter((d) => d.code === "stash-stale");
      expect(stale.map((d) => d.source?.pointer)).toEqual(AGENTS);
      for (const d of stale) expect(d.message).not.toMatch(/gpt-4-1-mini/);
    });
  }

  it("→ AgentMug (a placeholder model): the same one warning per agent; → mas (no model written): the kept reference says it is unresolved", () => {
    const m = convert(withRef("gpt-4-1-mni"), "agentmug", { file: "r.json" });
    const placeholders = m.diagnostics.filter((d) => d.code === "defaulted-placeholder");
    expect(placeholders.map((d) => d.source?.pointer)).toEqual(AGENTS);
    for (const d of placeholders) expect(d.message).toMatch(/the model reference "gpt-4-1-mni" could not be resolved.*wrote blueprint\.primaryModel/);
    expect(m.diagnostics.filter((d) => d.code === "ref-kept" || (d.code === "stashed-value" && AGENTS.includes(d.source?.pointer ?? "")))).toEqual([]);
    // The reference rides in the stash for the way back.
    expect(m.outputs.map((o) => o.text).join("")).toContain('"$component_ref": "gpt-4-1-mni"');

    const s = convert(withRef("gpt-4-1-mni"), "mas", { file: "r.json" });
    const kept = s.diagnostics.filter((d) => d.code === "stashed-value" && AGENTS.includes(d.source?.pointer ?? ""));
    expect(kept.map((d) => [d.severity, d.source?.pointer])).toEqual(AGENTS.map((p) => ["warning", p]));
    for (const d of kept) expect(d.message).toMatch(/the model reference "gpt-4-1-mni" \(could not be resolved: did you mean "gpt-4-1-mini"\?; the agent is written without a model\)/);
    expect(s.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
  });

  it("→ Agent Spec (the reference is written back): ref-kept as before, no placeholder", () => {
    const r = convert(withRef("totally-unknown"), "agentspec", { file: "r.json" });
    expect(r.outputs.length).toBe(1);
    expect(r.diagnostics.filter((d) => d.code === "ref-kept").map((d) => d.source?.pointer)).toEqual(AGENTS);
    expect(r.diagnostics.filter((d) => d.code === "defaulted-placeholder")).toEqual([]);
    expect(r.outputs[0]!.text).toContain('"$component_ref": "totally-unknown"');
  });

  it("validate says the reference is unresolved (a warning; the document is valid: another file may define it)", () => {
    for (const id of ["gpt-4-1-mni", "totally-unknown"]) {
      const v = validate(withRef(id), { file: "r.json" });
      expect(v.ok).toBe(true);
      expect(v.diagnostics.filter((d) => d.code === "ref-kept" && d.severity === "warning").map((d) => d.source?.pointer)).toEqual(AGENTS);
    }
    expect(validate(system(), { file: "r.json" }).diagnostics).toEqual([]);
  });
});
