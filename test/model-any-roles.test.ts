// A mas agent whose main model row is `model: any` (it pins nothing: the agent inherits its app's
// model) and whose other rows have other roles (summarizer): none of those is the agent's model.
// Caplo and AgentMug wrote the first of them as the agent's one model and called its role implied
// (trial9's leftover); now they write what they write for an agent that names no model, and say
// the other rows are dropped (docs/decisions.md, model rows; MAPPING §2.1).
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";

const agent = (rows: string[]) => ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: digest", "spec:", "  description: Summarises long threads.",
  "  context:", "    role: You summarise threads.", "  models:", ...rows, ""].join("\n");
const ANY_AND_SUMMARIZER = agent(["    - id: main", "      model: any", "    - id: summarizer", "      model: gpt-4o-mini"]);
const ANY_ONLY = agent(["    - id: main", "      model: any"]);

const at = (ds: readonly Diagnostic[], pointer: string) => ds.filter((d) => d.source?.pointer === pointer);
const doc = (text: string) => JSON.parse(text) as { model?: Record<string, unknown>; blueprint?: Record<string, unknown> };

describe("a mas main row of model: any beside rows of other roles", () => {
  it("Caplo: the placeholder model, as with model: any alone; the summarizer row is dropped, no role is 'implied'", () => {
    const r = convert(ANY_AND_SUMMARIZER, "caplo", { file: "digest.yaml" });
    const alone = convert(ANY_ONLY, "caplo", { file: "digest.yaml" });
    expect(r.ok).toBe(true);
    const model = doc(r.outputs[0]!.text).model!;
    expect(model["name"]).toBe(doc(alone.outputs[0]!.text).model!["name"]);
    expect(model["name"]).not.toBe("gpt-4o-mini");
    expect(r.diagnostics.filter((d) => /implied|becomes Caplo's one model/.test(d.message))).toEqual([]);
    expect(at(r.diagnostics, "/spec/models/1").map((d) => [d.code, d.severity])).toEqual([["dropped-field", "warning"]]);
    expect(at(r.diagnostics, "/spec/models/1")[0]!.message).toContain('"summarizer"');
    const placeholder = r.diagnostics.filter((d) => d.code === "defaulted-placeholder" && d.target?.pointer === "/model");
    expect(placeholder.map((d) => d.message)).toEqual([expect.stringContaining("no main model")]);
    // What the hub says is written explicitly is in the model written.
    for (const d of r.diagnostics.filter((x) => x.code === "default-differs" && /written explicitly/.test(x.message))) {
      const member = /model\.(temperature|responseLimit)/.exec(d.message)?.[1];
      expect(member, d.message).toBeDefined();
      expect(model[member!], d.message).toBeDefined();
    }
  });

  it("AgentMug: the placeholder primaryModel and host_choice, as with model: any alone; the summarizer row is kept aside, and comes back", () => {
    const r = convert(ANY_AND_SUMMARIZER, "agentmug", { file: "digest.yaml" });
    const alone = convert(ANY_ONLY, "agentmug", { file: "digest.yaml" });
    expect(r.ok).toBe(true);
    const bp = doc(r.outputs[0]!.text).blueprint!;
    expect(bp["primaryModel"]).toBe(doc(alone.outputs[0]!.text).blueprint!["primaryModel"]);
    expect(bp["modelPolicy"]).toEqual({ mode: "host_choice" });
    expect(r.diagnostics.filter((d) => /becomes blueprint\.primaryModel|role "summarizer" is dropped/.test(d.message))).toEqual([]);
    const row = at(r.diagnostics, "/spec/models/1");
    expect(row.map((d) => d.severity)).toEqual(["warning"]);
    expect(row[0]!.message).toContain('model role "summarizer"');
    expect(r.diagnostics.filter((d) => d.code === "defaulted-placeholder").map((d) => d.message)).toEqual([expect.stringContaining("no main model")]);
    // The answer cap the hub says is written explicitly is written.
    const cap = r.diagnostics.filter((d) => d.code === "default-differs" && /blueprint\.maxTokens/.test(d.message));
    expect(cap.length).toBe(1);
    expect(bp["maxTokens"]).toBe(2000);
    const back = convert(r.outputs[0]!.text, "mas", { file: "digest.agent.json" }).outputs[0]!.text;
    expect(back).toContain("    - id: main\n      model: any\n    - id: summarizer\n      model: gpt-4o-mini\n");
  });

  it("a main row after a row of another role is still the agent's model (not the first row)", () => {
    const text = agent(["    - id: summarizer", "      model: gpt-4o-mini", "    - model: openai/gpt-4.1"]);
    expect(doc(convert(text, "caplo", { file: "digest.yaml" }).outputs[0]!.text).model!["name"]).toBe("gpt-4.1");
    expect(doc(convert(text, "agentmug", { file: "digest.yaml" }).outputs[0]!.text).blueprint!["primaryModel"]).toBe("gpt-4.1");
  });
});
