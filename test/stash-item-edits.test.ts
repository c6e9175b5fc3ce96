// Edits of one list item (a tool) in a file agentport wrote (trial finding fresh10 1). A mas tool
// that is a manifest reference becomes an Agent Spec ServerTool, and the stash keeps its kind and
// ref. Editing that tool (a rename, a description, inputs, a tool inserted before it) used to make
// the restore give up on the whole stash: the kind, guarded by the unchanged component_type, was
// restored without the ref, the IR refused the agent, and the stash became a foreign value.
// Now the edited item wins as a whole (one stash-stale warning names its entries) and the rest
// of the stash is restored; a stash that still cannot apply says so, as a warning.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";
import { listing, stale, edited } from "./helpers/edits.js";

// A real corpus app (test/fixtures/mas/apps/README.md: mas-lab, Apache-2.0).
const APP03 = "test/fixtures/mas/apps/03-experiments-and-analysis";
const AGENT = readFileSync(`${APP03}/agent.yaml`, "utf8");

const obj = (v: JsonValue | undefined): JsonObject => v as JsonObject;
const specOf = (r: ConvertResult, name: string): JsonObject => obj(r.outputs.find((o) => o.name === name)!.document["spec"]);

const toolsOf = (doc: JsonObject): JsonObject[] => doc["tools"] as JsonObject[];

/** What each edit shape does to the Agent Spec file, and the mas tools expected back (the edited tool as the edit has it). */
const EDITS: { name: string; edit: (doc: JsonObject) => void; tools: JsonValue[] }[] = [
  { name: "a rename", edit: (d) => (toolsOf(d)[0]!["name"] = "calculator"), tools: ["calculator"] },
];

describe("a mas agent's manifest-ref tool, edited in Agent Spec, → mas", () => {
  const there = convert(AGENT, "agentspec", { file: "agent.yaml" });
  const out = there.outputs[0]!;

  it("the tool is a ServerTool there, and the stash keeps its kind and ref", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(toolsOf(out.document)[0]).toEqual({ component_type: "ServerTool", name: "calc" });
    expect(out.text).toContain('"/tools/0/ref": "samples:tools/calc.tool.yaml"');
  });

  it("unedited, the reference comes back, with no warning", () => {
    const back = convert(out.text, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back)).toEqual([]);
    expect(obj(back.outputs[0]!.document["spec"])["tools"]).toEqual([{ ref: "samples:tools/calc.tool.yaml" }]);
  });

  for (const e of EDITS) {
    it(`${e.name}: the edited tool wins, one stash-stale warning names its entries, the rest is restored`, () => {
      const back = convert(edited(out.text, e.edit), "mas", { file: out.name });
      expect(back.ok, listing(back)).toBe(true);
      const spec = obj(back.outputs[0]!.document["spec"]);
      expect(spec["tools"]).toEqual(e.tools);
      const warnings = stale(back);
      expect(warnings.length, listing(back)).toBe(1);
      expect(warnings[0]!.severity).toBe("warning");
      expect(warnings[0]!.source?.pointer).toBe("/tools/0");
      expect(warnings[0]!.message).toContain("mas spec.tools[0].kind, mas spec.tools[0].ref");
      // The stash is applied, not filed away as a value of the file.
      expect(back.diagnostics.some((d) => d.source?.pointer === "/metadata/x-agentport")).toBe(false);
      // Everything else comes back: the model as written (no provider, no generation defaults), the prompt's named chunks.
      expect(spec["models"]).toEqual([{ model: "gpt-4o-mini" }]);
      expect(Object.keys(obj(spec["context"]))).toEqual(["intent", "role"]);
    });
  }

  // Session 12: items are found by their identity wherever they moved (src/ir/stash-items.ts): a tool
  // inserted before calc is the user's, and calc keeps its reference, with no stale warning.
  it("a tool inserted before it: the new tool is the user's, calc keeps its ref", () => {
    const back = convert(edited(out.text, (d) => toolsOf(d).unshift({ component_type: "ServerTool", name: "web_search" })), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(obj(back.outputs[0]!.document["spec"])["tools"]).toEqual(["web_search", { ref: "samples:tools/calc.tool.yaml" }]);
    expect(stale(back), listing(back)).toEqual([]);
  });

  // Session 12 (fresh-user finding 3): an edit of a member that does not say which tool it is leaves it
  // that tool (ITEM_IDENTITY, src/ir/stash-guard.ts): its reference comes back, and the edit rides in
  // the mas file's stash, reported, since a Form A entry is only the ref.
  const SAME_TOOL: { name: string; edit: (doc: JsonObject) => void; member: string; value: string }[] = [
    { name: "a description added", edit: (d) => (toolsOf(d)[0]!["description"] = "Adds numbers."), member: "description", value: "Adds numbers." },
    // Agent Spec's inputs of a ServerTool are its own value (an extension), kept as such.
    { name: "inputs added", edit: (d) => (toolsOf(d)[0]!["inputs"] = [{ title: "expression", type: "string" }]), member: "inputs", value: "expression" },
  ];
  for (const e of SAME_TOOL) {
    it(`${e.name}: still the same tool, its reference comes back and the edit is kept in the stash, reported`, () => {
      const back = convert(edited(out.text, e.edit), "mas", { file: out.name });
      expect(back.ok, listing(back)).toBe(true);
      const doc = back.outputs[0]!.document;
      expect(obj(doc["spec"])["tools"]).toEqual([{ ref: "samples:tools/calc.tool.yaml" }]);
      expect(stale(back), listing(back)).toEqual([]);
      expect(JSON.stringify(doc["x-agentport"])).toContain(e.value);
      expect(back.diagnostics.filter((d) => d.code === "stashed-value").map((d) => [d.severity, d.source?.pointer])).toEqual([["warning", `/tools/0/${e.member}`]]);
      // On to Agent Spec again, the edit is there as made.
      const again = convert(back.outputs[0]!.text, "agentspec", { file: "agent.yaml" });
      expect(JSON.stringify(toolsOf(again.outputs[0]!.document)[0])).toContain(e.value);
    });
  }

  it("a tool appended after it leaves the stash whole: the reference comes back beside the new tool", () => {
    const back = convert(edited(out.text, (d) => toolsOf(d).push({ component_type: "ServerTool", name: "web_search" })), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back)).toEqual([]);
    expect(obj(back.outputs[0]!.document["spec"])["tools"]).toEqual([{ ref: "samples:tools/calc.tool.yaml" }, "web_search"]);
  });
});

describe("the app's agent, its tool renamed in Agent Spec, → mas", () => {
  const there = convert(readFileSync(`${APP03}/mas.yaml`, "utf8"), "agentspec", { file: "mas.yaml", readFile: makeReadFile(APP03, { root: `${APP03}/..` }) });
  const out = there.outputs[0]!;

  it("comes back as the app, its MAS manifest too, with the rename and one warning", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(edited(out.text, (d) => (toolsOf(d)[0]!["name"] = "calculator")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(back.outputs.map((o) => o.name).sort()).toEqual(["agent.yaml", "qa-agent-t3-mas.yaml"]);
    expect(specOf(back, "agent.yaml")["tools"]).toEqual(["calculator"]);
    expect(specOf(back, "agent.yaml")["models"]).toEqual([{ model: "gpt-4o-mini" }]);
    expect(stale(back).map((d) => d.message)).toEqual([expect.stringContaining("mas spec.tools[0].kind, mas spec.tools[0].ref")]);
  });
});

describe("the same rename through AgentMug (the other slot, the same restore)", () => {
  it("the edited tool wins and the rest is restored", () => {
    const there = convert(AGENT, "agentmug", { file: "agent.yaml" });
    expect(there.ok, listing(there)).toBe(true);
    const out = there.outputs[0]!;
    const text = edited(out.text, (d) => {
      obj(d["blueprint"])["tools"] = ["calculator"];
    });
    const back = convert(text, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const spec = obj(back.outputs[0]!.document["spec"]);
    expect(spec["tools"]).toEqual(["calculator"]);
    expect(spec["models"]).toEqual([{ model: "gpt-4o-mini" }]);
    expect(stale(back).length, listing(back)).toBe(1);
    expect(stale(back)[0]!.message).toContain("mas spec.tools[0].kind, mas spec.tools[0].ref");
  });
});

describe("a stash that cannot apply", () => {
  const out = convert(AGENT, "agentspec", { file: "agent.yaml" }).outputs[0]!;
  const stashOf = (d: JsonObject): JsonObject => obj(obj(d["metadata"])["x-agentport"]);

  it("applied, it would give an agent the IR refuses: a warning at the stash says nothing of it is restored", () => {
    // A stash without its guards (an older agentport's), its ref entry lost: the kind alone makes a manifest-ref tool with no ref.
    const text = edited(out.text, (d) => {
      const s = stashOf(d);
      delete s["written"];
      delete obj(s["ir"])["/tools/0/ref"];
    });
    const back = convert(text, "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.severity).toBe("warning");
    expect(warnings[0]!.source?.pointer).toBe("/metadata/x-agentport");
    expect(warnings[0]!.message).toMatch(/^metadata\.x-agentport is not applied: applied to this file, it gives an agent agentport refuses/);
    // Read as it is: the model is Agent Spec's OpenAiConfig with its generation defaults, not the mas row it was written from.
    expect(obj(back.outputs[0]!.document["spec"])["models"]).toEqual([{ model: "openai/gpt-4o-mini", temperature: 0.7, max_tokens: 2000 }]);
  });

  it("of another version: the warning says it is not one this version reads", () => {
    const back = convert(edited(out.text, (d) => (stashOf(d)["version"] = 9)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back).map((d) => d.message)).toEqual([expect.stringMatching(/is not applied: it is not a stash this version of agentport can read/)]);
  });
});
