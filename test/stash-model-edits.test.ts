// A model edited in a file agentport wrote (trial finding fresh10 4). An Agent Spec VllmConfig
// through mas is the model string `llama-4-maverick`, and the stash keeps the config's own members
// (component_type, name, url…). Edited to `openai/gpt-4o` in mas, those members used to be
// restored over the edit: a VllmConfig with provider openai and the old server's url. They belong
// to the model that was edited: now they are not restored (one stash-stale warning names them),
// and the llm_config written is the one the edited model implies. A temperature edit keeps them.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

// An Agent Spec example (provenance and license: test/fixtures/agentspec/SOURCES.md).
const HOWTO = readFileSync("test/fixtures/agentspec/howto_agents.json", "utf8");

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");
const llmOf = (r: ConvertResult): JsonObject => r.outputs[0]!.document["llm_config"] as JsonObject;

describe("an Agent Spec VllmConfig through mas, its model edited", () => {
  const there = convert(HOWTO, "mas", { file: "howto_agents.json" });
  const out = there.outputs[0]!;
  const original = JSON.parse(HOWTO) as JsonObject;

  it("mas holds the bare model string; the stash keeps the config's own members", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(out.text).toContain("- model: llama-4-maverick\n");
    expect(out.text).toContain("/llm_config/url: http://url.to.my.vllm.server/llama4mav");
  });

  it("unedited, the VllmConfig comes back as it was", () => {
    const back = convert(out.text, "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back)).toEqual([]);
    expect(llmOf(back)).toEqual(original["llm_config"]);
  });

  it("edited to openai/gpt-4o: the config is the one that model implies, and one warning names what is not restored", () => {
    const edited = out.text.replace("- model: llama-4-maverick\n", "- model: openai/gpt-4o\n");
    expect(edited).not.toBe(out.text);
    const back = convert(edited, "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const llm = llmOf(back);
    expect(llm["component_type"]).toBe("OpenAiConfig");
    expect(llm["model_id"]).toBe("gpt-4o");
    // Nothing of the vLLM config is left to contradict the edit.
    expect(llm["url"]).toBeUndefined();
    expect(JSON.stringify(llm)).not.toContain("llama");
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/spec/models/0");
    for (const n of ["agentspec llm_config, ", "agentspec llm_config.component_type", "agentspec llm_config.name", "agentspec llm_config.url"]) expect(warnings[0]!.message).toContain(n);
    // The rest of the stash is restored: the tools' Agent Spec inputs, the agent's own id.
    const tools = back.outputs[0]!.document["tools"] as JsonObject[];
    expect(tools[0]!["inputs"]).toEqual([{ title: "word", type: "string" }]);
    expect(back.outputs[0]!.document["id"]).toBe(original["id"]);
  });

  it("a temperature added to the row is no model edit: the vLLM config comes back with it", () => {
    const edited = out.text.replace("- model: llama-4-maverick\n", "- model: llama-4-maverick\n      temperature: 0.2\n");
    expect(edited).not.toBe(out.text);
    const back = convert(edited, "agentspec", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const llm = llmOf(back);
    expect(llm["component_type"]).toBe("VllmConfig");
    expect(llm["url"]).toBe("http://url.to.my.vllm.server/llama4mav");
    expect(llm["default_generation_parameters"]).toEqual({ temperature: 0.2 });
    expect(stale(back)).toEqual([]);
  });
});
