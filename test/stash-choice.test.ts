// Values written as one choice (src/ir/stash-choice.ts): AgentMug's placeholder primaryModel, the
// maxTokens planned for it and modelPolicy host_choice stand for a model the source names none of
// (a mas `model: any` main row, an Open Agent Spec llm_config the IR cannot hold). An edit of any
// of them stops every stash entry that choice stood for, reported; every other entry is applied.
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { readWritten } from "../src/ir/stash-guard.js";
import { convertOptions, loadCase } from "./helpers/cases.js";

const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");
const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
// The entries end the message, after its last colon (an edit "contradict it: …", a removal "not restored: …").
const named = (d: Diagnostic | undefined) => (d === undefined ? [] : d.message.slice(d.message.lastIndexOf(": ") + 2).split(", "));

function edited(text: string, edit: (blueprint: JsonObject) => void): string {
  const doc = JSON.parse(text) as JsonObject;
  edit(doc["blueprint"] as JsonObject);
  return JSON.stringify(doc, null, 2) + "\n";
}

const agent = (rows: string[]) => ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: digest", "spec:", "  description: Summarises long threads.",
  "  context:", "    role: You summarise threads.", "  models:", ...rows, ""].join("\n");
const ANY_AND_SUMMARIZER = agent(["    - id: main", "      model: any", "    - id: summarizer", "      model: gpt-4o-mini"]);
const ANY_ONLY = agent(["    - id: main", "      model: any"]);
const spec = (r: ConvertResult) => r.outputs[0]!.document["spec"] as JsonObject;

describe("mas model: any main row beside a summarizer → AgentMug (placeholder, host_choice) → edited → mas", () => {
  const there = convert(ANY_AND_SUMMARIZER, "agentmug", { file: "digest.yaml" });
  const out = there.outputs[0]!;
  const bp = out.document["blueprint"] as JsonObject;

  it("the placeholder, its cap and host_choice are written, and their stash guards name each other", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect([bp["primaryModel"], bp["maxTokens"], bp["modelPolicy"]]).toEqual(["claude-sonnet-4-6", 2000, { mode: "host_choice" }]);
    const written = readWritten((out.document["x-agentport"] as JsonObject)["written"])!;
    // The summarizer row (IR models[0]) is guarded at primaryModel, the model: any row (kept whole) by the choice too.
    expect(Object.keys(written["/models/0/id"]!.choice ?? {})).toEqual(["/blueprint/maxTokens", "/blueprint/modelPolicy"]);
    expect(Object.keys(written["/extensions/mas/~1spec~1models~10"]!.choice ?? {})).toEqual(["/blueprint/maxTokens", "/blueprint/modelPolicy"]);
    // The prompt is not part of the choice.
    expect(written["/instructions/chunks/0"]!.choice).toBeUndefined();
  });

  it("unedited, both rows come back as they were, with no warning", () => {
    const back = convert(out.text, "mas", { file: out.name });
    expect(stale(back)).toEqual([]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "any" }, { id: "summarizer", model: "gpt-4o-mini" }]);
  });

  it("modelPolicy removed: the placeholder is the model (with its cap), the rows it stood for are not restored over it, and one warning says so", () => {
    const back = convert(edited(out.text, (b) => delete b["modelPolicy"]), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(spec(back)["models"]).toEqual([{ model: "claude-sonnet-4-6", max_tokens: 2000 }]);
    const warnings = stale(back);
    expect(warnings.map((d) => d.source?.pointer)).toEqual(["/blueprint/modelPolicy"]);
    // Named at their places in the mas file: the summarizer row (the IR's models[0], once named so) is spec.models[1] there.
    expect(named(warnings[0]).sort()).toEqual(["mas spec.models[0]", "mas spec.models[1].id", "mas spec.models[1].max_tokens", "mas spec.models[1].model"]);
    // Entries unrelated to the choice are applied: the prompt comes back as its part, the description
    // as the routing description, and the tools list AgentMug requires is removed again.
    expect(spec(back)["context"]).toEqual({ role: "You summarise threads." });
    expect(spec(back)["description"]).toBe("Summarises long threads.");
    expect(spec(back)).not.toHaveProperty("tools");
  });

  it("primaryModel edited: the edited model, host_choice kept aside for AgentMug, the rows not restored, named at primaryModel", () => {
    const back = convert(edited(out.text, (b) => (b["primaryModel"] = "gpt-4.1")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect((spec(back)["models"] as JsonObject[]).map((m) => m["model"])).toEqual(["gpt-4.1"]);
    const warnings = stale(back);
    expect(warnings.map((d) => d.source?.pointer)).toEqual(["/blueprint/primaryModel"]);
    expect(named(warnings[0])).toContain("mas spec.models[0]");
    expect(named(warnings[0])).toContain("agentmug blueprint.modelPolicy");
  });

  it("maxTokens edited: the edit is the model row's cap, and the choice's entries are named at maxTokens", () => {
    const back = convert(edited(out.text, (b) => (b["maxTokens"] = 4000)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect((spec(back)["models"] as JsonObject[]).map((m) => m["max_tokens"])).toEqual([4000]);
    const warnings = stale(back);
    expect(warnings.map((d) => d.source?.pointer)).toEqual(["/blueprint/maxTokens"]);
    expect(named(warnings[0])).toContain("mas spec.models[0]");
  });

  it("an edit outside the choice (the prompt) leaves the model entries applied", () => {
    const back = convert(edited(out.text, (b) => (b["systemPrompt"] = "Summarise in three bullets.")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "any" }, { id: "summarizer", model: "gpt-4o-mini" }]);
    expect(stale(back).map((d) => d.source?.pointer)).toEqual(["/blueprint/systemPrompt"]);
  });
});

describe("mas model: any alone → AgentMug → modelPolicy removed → mas", () => {
  it("the placeholder is the model: the model: any row kept whole is not restored over it (before, mas got model: any back)", () => {
    const out = convert(ANY_ONLY, "agentmug", { file: "digest.yaml" }).outputs[0]!;
    const back = convert(edited(out.text, (b) => delete b["modelPolicy"]), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(spec(back)["models"]).toEqual([{ model: "claude-sonnet-4-6" }]);
    // The IR's having no model (once named `models`) has no place in the mas file: named where the choice was written.
    expect(named(stale(back)[0]).sort()).toEqual(["blueprint.modelPolicy", "mas spec.models[0]"]);
  });
});

describe("Open Agent Spec llm_config the IR cannot hold (an unresolved reference) → AgentMug → modelPolicy removed → Agent Spec", () => {
  const c = loadCase("agentspec-disaggregated");
  const out = convert(c.text, "agentmug", convertOptions(c)).outputs[0]!;

  it("unedited, the reference comes back", () => {
    const back = convert(out.text, "agentspec", { file: out.name });
    expect(stale(back)).toEqual([]);
    expect(back.outputs[0]!.document["llm_config"]).toEqual({ $component_ref: "llm_config" });
  });

  it("removed, the placeholder is the llm_config, and the kept reference is named as not restored", () => {
    const back = convert(edited(out.text, (b) => delete b["modelPolicy"]), "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect((back.outputs[0]!.document["llm_config"] as JsonObject)["model_id"]).toBe("claude-sonnet-4-6");
    expect(named(stale(back)[0])).toContain("agentspec llm_config");
  });
});

describe("the choice in the stash's guards", () => {
  it("a guard's choice must map places to digests, else the stash is not one this version reads", () => {
    expect(readWritten({ "/models": { at: "/blueprint/primaryModel", digest: "00", choice: { "/blueprint/modelPolicy": "01" } } })?.["/models"]?.choice).toEqual({ "/blueprint/modelPolicy": "01" });
    expect(readWritten({ "/models": { at: "/blueprint/primaryModel", digest: "00", choice: ["/blueprint/modelPolicy"] } })).toBeUndefined();
    expect(readWritten({ "/models": { at: "/blueprint/primaryModel", digest: "00", choice: { "/blueprint/modelPolicy": 1 } } })).toBeUndefined();
  });
});
