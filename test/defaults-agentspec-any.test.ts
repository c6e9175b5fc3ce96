// Open Agent Spec and a mas agent whose main model row is `model: any` beside rows of other roles:
// none of those is the agent's model. As Caplo and AgentMug do since session 9 (mainModelIndex), the
// Agent Spec emitter writes what it writes for an agent that names no model (the placeholder
// llm_config), says no main model was named, and reports the other rows; the placeholder carries the
// source's sampling defaults the hub plans for it (docs/decisions.md, model rows).
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";
import { PLACEHOLDER_MODEL } from "../src/adapters/agentspec/emit-agent.js";

const agent = (rows: string[]) => ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: digest", "spec:", "  description: Summarises long threads.",
  "  context:", "    role: You summarise threads.", "  models:", ...rows, ""].join("\n");
const ANY_AND_SUMMARIZER = agent(["    - id: main", "      model: any", "    - id: summarizer", "      model: gpt-4o-mini", "      temperature: 0.2", "      max_tokens: 300"]);

const llm = (text: string) => (JSON.parse(text) as { llm_config: Record<string, unknown> }).llm_config;
const placeholders = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === "defaulted-placeholder");

describe("Open Agent Spec: a mas main row of model: any beside rows of other roles", () => {
  for (const stash of [true, false]) {
    it(`the placeholder llm_config with mas's sampling, not the summarizer's model (stash ${String(stash)})`, () => {
      const r = convert(ANY_AND_SUMMARIZER, "agentspec", { file: "digest.yaml", stash });
      expect(r.ok).toBe(true);
      expect(llm(r.outputs[0]!.text)).toEqual({
        component_type: "LlmConfig", name: PLACEHOLDER_MODEL, model_id: PLACEHOLDER_MODEL, default_generation_parameters: { max_tokens: 2000, temperature: 0.7 },
      });
      // Worded as the other targets word it.
      const caplo = placeholders(convert(ANY_AND_SUMMARIZER, "caplo", { file: "digest.yaml" }).diagnostics)[0]!.message;
      const because = /^the source names no main model \([^)]*\)/.exec(caplo)?.[0];
      expect(because).toBeDefined();
      expect(placeholders(r.diagnostics).map((d) => [d.severity, d.message.includes(because!), d.target?.pointer])).toEqual([["warning", true, "/llm_config"]]);
      // The summarizer row is not the agent's model: a warning at it (kept in the stash when there is one).
      const row = r.diagnostics.filter((d) => d.source?.pointer === "/spec/models/1");
      expect(row.map((d) => [d.code, d.severity])).toEqual([[stash ? "stashed-value" : "dropped-field", "warning"]]);
      expect(row[0]!.message).toContain("role summarizer");
      // The sampling the hub says is written is in the placeholder.
      const written = r.diagnostics.filter((d) => d.code === "default-differs" && /written explicitly/.test(d.message));
      expect(written.map((d) => d.source?.pointer)).toEqual(["/spec/models/0", "/spec/models/0"]);
    });
  }

  it("comes back into mas as it was", () => {
    const r = convert(ANY_AND_SUMMARIZER, "agentspec", { file: "digest.yaml" });
    const back = convert(r.outputs[0]!.text, "mas", { file: "digest.agentspec.json" });
    expect(back.ok).toBe(true);
    expect(back.outputs[0]!.text).toBe(convert(ANY_AND_SUMMARIZER, "mas", { file: "digest.yaml" }).outputs[0]!.text);
  });
});
