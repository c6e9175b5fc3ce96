// A list item removed, or one inserted before others, in the target (session 12). The stash names a
// tool or model row by its index in the IR it was written from; once the user removed the first tool,
// the second one was read at index 0 and the stash's entries for index 0 (the removed tool's ref) were
// judged against it: the kept tool came back without its own ref, and the warnings said the kept
// tool was edited and the other removed. The hub now finds each stashed item again by its identity
// (ITEM_IDENTITY, src/ir/stash-guard.ts) wherever it moved (src/ir/stash-items.ts): a removed item is
// one warning at the removed item, every other item keeps its stashed values, a new item is the user's.
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";

// The shape of a mas library sample (qa-agent): two tools by manifest reference, a provider-qualified model.
const QA = `apiVersion: mas/v1
kind: Agent
metadata:
  name: qa-agent
spec:
  context:
    role: Answer questions clearly and concisely.
  models:
  - model: azure/gpt-4o-mini
    temperature: 0.7
  tools:
  - ref: samples:tools/web-search.tool.yaml
  - ref: samples:tools/calc.tool.yaml
  description: Answer general knowledge questions.
`;

// An Agent Spec agent with two server tools (the shape of the corpus's howto_agents).
const HOWTO = JSON.stringify({
  component_type: "Agent",
  id: "agent-1",
  name: "helpful-agent",
  system_prompt: "You are a helpful writing assistant.",
  llm_config: { component_type: "VllmConfig", id: "llm-1", name: "vllm", model_id: "llama-4-maverick", url: "http://vllm.local/llama" },
  tools: [
    { component_type: "ServerTool", id: "tool-syn", name: "get_synonyms", description: "Given a word, return the list of synonyms", inputs: [{ title: "word", type: "string" }], outputs: [{ title: "synonyms", type: "array", items: { title: "word", type: "string" } }] },
    { component_type: "ServerTool", id: "tool-fmt", name: "pretty_formatting", description: "Given a paragraph, format it", inputs: [{ title: "paragraph", type: "string" }], outputs: [{ title: "formatted_paragraph", type: "string" }] },
  ],
  agentspec_version: "25.4.1",
});

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");
const obj = (v: JsonValue | undefined): JsonObject => v as JsonObject;
const masTools = (r: ConvertResult): JsonValue => obj(r.outputs[0]!.document["spec"])["tools"] as JsonValue;

function editJson(text: string, edit: (doc: JsonObject) => void): string {
  const doc = JSON.parse(text) as JsonObject;
  edit(doc);
  return JSON.stringify(doc, null, 2) + "\n";
}

/** A mas file's `spec.tools` replaced by `tools` (YAML flow items, one per line). */
function editMasTools(text: string, tools: string[]): string {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^ {2}tools:/.test(l));
  let end = start + 1;
  while (end < lines.length && /^ {4}- /.test(lines[end] as string)) end++;
  expect(start, text).toBeGreaterThan(0);
  return [...lines.slice(0, start + 1), ...tools.map((t) => `    - ${t}`), ...lines.slice(end)].join("\n");
}

describe("mas → AgentMug, a tool removed or inserted → mas", () => {
  const there = convert(QA, "agentmug", { file: "qa-agent.yaml" });
  const out = there.outputs[0]!;
  const bp = (d: JsonObject) => obj(d["blueprint"]);

  it("the first tool removed: the other keeps its ref; one warning, at the removed tool, worded as a removal", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(bp(out.document)["tools"]).toEqual(["web-search", "calc"]);
    const back = convert(editJson(out.text, (d) => (bp(d)["tools"] = ["calc"])), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(masTools(back)).toEqual([{ ref: "samples:tools/calc.tool.yaml" }]);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/blueprint/tools/0");
    expect(warnings[0]!.message).toMatch(/^blueprint\.tools\[0\] was removed from what agentport wrote: the removal wins, and it costs these values x-agentport kept, which are not restored: mas spec\.tools\[0\]\.kind, mas spec\.tools\[0\]\.ref$/);
    // The model row, untouched, keeps its provider and temperature.
    expect(obj(back.outputs[0]!.document["spec"])["models"]).toEqual([{ model: "azure/gpt-4o-mini", temperature: 0.7 }]);
  });

  it("the two tools swapped: both keep their refs, in the new order, and nothing is stale", () => {
    const back = convert(editJson(out.text, (d) => (bp(d)["tools"] = ["calc", "web-search"])), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(masTools(back)).toEqual([{ ref: "samples:tools/calc.tool.yaml" }, { ref: "samples:tools/web-search.tool.yaml" }]);
    expect(stale(back), listing(back)).toEqual([]);
  });

  it("a new tool inserted first: it is the user's (a bare name), the others keep their refs", () => {
    const back = convert(editJson(out.text, (d) => (bp(d)["tools"] = ["clock", "web-search", "calc"])), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(masTools(back)).toEqual(["clock", { ref: "samples:tools/web-search.tool.yaml" }, { ref: "samples:tools/calc.tool.yaml" }]);
    expect(stale(back), listing(back)).toEqual([]);
  });

  it("the second tool removed (positions unchanged for the first): as before, one removal warning at it", () => {
    const back = convert(editJson(out.text, (d) => (bp(d)["tools"] = ["web-search"])), "mas", { file: out.name });
    expect(masTools(back)).toEqual([{ ref: "samples:tools/web-search.tool.yaml" }]);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.message).toMatch(/^blueprint\.tools\[1\] was removed .*: mas spec\.tools\[1\]\.kind, mas spec\.tools\[1\]\.ref$/);
  });
});

describe("Agent Spec → mas, a tool removed or inserted → Agent Spec", () => {
  const there = convert(HOWTO, "mas", { file: "howto.json" });
  const out = there.outputs[0]!;
  const tools = (r: ConvertResult) => r.outputs[0]!.document["tools"] as JsonObject[];

  it("the first tool removed: the kept one keeps its description, id, inputs and outputs; one removal warning", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(editMasTools(out.text, ["pretty_formatting"]), "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(tools(back)).toEqual([JSON.parse(HOWTO).tools[1]]);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/spec/tools/0");
    expect(warnings[0]!.message).toMatch(/^spec\.tools\[0\] was removed from what agentport wrote: the removal wins/);
    expect(warnings[0]!.message).toContain("tools[0].description");
    expect(warnings[0]!.message).not.toContain("tools[1]");
    // Written home at another index than it was read from, its kept members are held there: not stashed again.
    expect(back.diagnostics.filter((d) => d.code === "stashed-value").map((d) => d.message), listing(back)).toEqual([]);
  });

  it("a new tool inserted first: the others keep their components", () => {
    const back = convert(editMasTools(out.text, ["clock", "get_synonyms", "pretty_formatting"]), "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const [added, ...kept] = tools(back);
    expect(added).toMatchObject({ component_type: "ServerTool", name: "clock" });
    expect(kept).toEqual(JSON.parse(HOWTO).tools);
    expect(stale(back), listing(back)).toEqual([]);
    expect(back.diagnostics.filter((d) => d.code === "stashed-value").map((d) => d.message), listing(back)).toEqual([]);
  });
});
