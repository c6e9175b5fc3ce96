// A list item the target could not hold at all is not shadowed by the items it did hold (session 14).
// A mas agent with two model rows, converted to a one-model target (AgentMug `primaryModel`, Open Agent
// Spec `llm_config`), its model edited there and converted back, lost its second row: the rows the
// target has no place for were guarded by the whole list, whose identity was every row's model, so an
// edit of row 0 stopped row 1 too, and the mas file came back with a context manager naming a row that
// was gone. Now an item beyond what the target kept is guarded by the number of items the target reads
// (an item added or removed still stops it), and an edit of the primary row is an edit of that row: its
// model-bound values (the old model's spelling, its context_window, its kind) give way, its name (the
// mas row `id`, which other settings name the row by) stays. See docs/decisions.md, "Rows a target
// could not hold (session 14)".
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { GuardBuilder, GuardCheck } from "../src/ir/stash-guard.js";
import { listing, stale, edited } from "./helpers/edits.js";

const spec = (r: ConvertResult): JsonObject => r.outputs[0]!.document["spec"] as JsonObject;


// corpus: mas library-standard/examples/context/summarizer-override/agent.yaml (the corpus's one two-row list).
const TWO_ROWS = `apiVersion: mas/v1
kind: Agent
metadata:
  name: qa-compact
spec:
  models:
    - id: main
      model: gpt-4o
      max_tokens: 2000
      context_window: 128000
    - id: summarizer
      model: gpt-4o-mini
      max_tokens: 2000
      context_window: 128000
  description: Feature example for summarizer params.model and params.instructions.
  context:
    role: |
      Answer questions clearly. Keep city names and dates accurate.
  context_manager:
    type: summarising
    params:
      keep_turns: 2
      summary_threshold: 80
      summarizer:
        type: llm
        params:
          model: summarizer
`;

const SUMMARIZER = { id: "summarizer", model: "gpt-4o-mini", max_tokens: 2000, context_window: 128000 };

/** The summarizer's model reference (spec.context_manager.params.summarizer.params.model). */
const summarizerRef = (s: JsonObject): unknown => (((((s["context_manager"] as JsonObject)["params"] as JsonObject)["summarizer"] as JsonObject)["params"] as JsonObject)["model"]);

describe("mas, two model rows → AgentMug, primaryModel edited → mas", () => {
  const there = convert(TWO_ROWS, "agentmug", { file: "agent.yaml" });
  const out = there.outputs[0]!;
  const primary = (d: JsonObject) => d["blueprint"] as JsonObject;

  it("unedited, both rows come back as written", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(out.text, "mas", { file: out.name });
    expect(stale(back), listing(back)).toEqual([]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "gpt-4o", max_tokens: 2000, context_window: 128000 }, SUMMARIZER]);
  });

  it("the edit wins for row 0, row 1 (which AgentMug cannot hold) comes back, and the context manager's reference names it", () => {
    const back = convert(edited(out.text, (d) => (primary(d)["primaryModel"] = "gpt-4.1")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const models = spec(back)["models"] as JsonObject[];
    // Row 0 keeps its name (`id: main`); the old model's context window gives way to the new model's default.
    expect(models).toEqual([{ id: "main", model: "gpt-4.1", max_tokens: 2000 }, SUMMARIZER]);
    expect(models.map((m) => m["id"])).toContain(summarizerRef(spec(back)));
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/blueprint/primaryModel");
    expect(warnings[0]!.message).toContain("mas spec.models[0].context_window");
    for (const n of ["models[1]", "spec.models[1]", "spec.models[0].id"]) expect(warnings[0]!.message).not.toContain(n);
  });

  it("an edit of the primary's maxTokens is no edit of its model: every kept value comes back", () => {
    const back = convert(edited(out.text, (d) => (primary(d)["maxTokens"] = 1000)), "mas", { file: out.name });
    expect(stale(back), listing(back)).toEqual([]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "gpt-4o", max_tokens: 1000, context_window: 128000 }, SUMMARIZER]);
  });

  it("a primary row named other than main keeps its name over a model edit (other settings name the row by it)", () => {
    const fast = TWO_ROWS.replace("- id: main", "- id: fast").replace("model: summarizer", "model: fast");
    const t = convert(fast, "agentmug", { file: "agent.yaml" }).outputs[0]!;
    const back = convert(edited(t.text, (d) => (primary(d)["primaryModel"] = "gpt-4.1")), "mas", { file: t.name });
    expect(back.ok, listing(back)).toBe(true);
    const models = spec(back)["models"] as JsonObject[];
    expect(models).toEqual([{ id: "fast", model: "gpt-4.1", max_tokens: 2000 }, SUMMARIZER]);
    expect(summarizerRef(spec(back))).toBe("fast");
  });
});

describe("mas, two model rows → Open Agent Spec, llm_config model_id edited → mas", () => {
  const there = convert(TWO_ROWS, "agentspec", { file: "agent.yaml" });
  const out = there.outputs[0]!;
  const llm = (d: JsonObject) => d["llm_config"] as JsonObject;

  it("unedited, both rows come back as written", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(out.text, "mas", { file: out.name });
    expect(stale(back), listing(back)).toEqual([]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "gpt-4o", max_tokens: 2000, context_window: 128000 }, SUMMARIZER]);
  });

  it("the edit wins for row 0, row 1 comes back, one warning at llm_config names only row 0's model-bound values", () => {
    const back = convert(edited(out.text, (d) => (llm(d)["model_id"] = "gpt-4.1")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const models = spec(back)["models"] as JsonObject[];
    // The edited config's model as Agent Spec reads it (an OpenAiConfig states its provider), as in session 12.
    expect(models[0]).toMatchObject({ id: "main", model: "openai/gpt-4.1", max_tokens: 2000 });
    expect(models[0]!["context_window"]).toBeUndefined();
    expect(models[1]).toEqual(SUMMARIZER);
    expect(models.map((m) => m["id"])).toContain(summarizerRef(spec(back)));
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/llm_config");
    expect(warnings[0]!.message).toContain("mas spec.models[0].context_window");
    for (const n of ["models[1]", "spec.models[1]", "spec.models[0].id"]) expect(warnings[0]!.message).not.toContain(n);
  });

  it("a temperature edit keeps every row as before (session 12), the temperature the edit's", () => {
    const back = convert(edited(out.text, (d) => ((llm(d)["default_generation_parameters"] as JsonObject)["temperature"] = 0.2)), "mas", { file: out.name });
    // Only the removal of the temperature Agent Spec added (mas's default) gives way to the edit.
    expect(stale(back).map((d) => d.message.replace(/.*: /, "")), listing(back)).toEqual(["mas spec.models[0].temperature"]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "gpt-4o", max_tokens: 2000, context_window: 128000, temperature: 0.2 }, SUMMARIZER]);
  });
});

describe("the guard of list items a target kept none of, for any list", () => {
  // An IR list of three knowledge items, a target that holds only the first at /sources/0 (the list at /sources).
  const reading = { knowledge: [{ title: "a" }] } as unknown as JsonObject;
  const sourceMap = { "/knowledge": "/sources", "/knowledge/0": "/sources/0" };
  const written = { sources: [{ title: "a" }] };
  const guards = new GuardBuilder(sourceMap, written, () => undefined, reading);
  guards.set("/knowledge/1", "/knowledge", undefined);
  guards.set("/knowledge/2", "/knowledge", undefined);
  const check = (doc: JsonObject, read: JsonObject) => new GuardCheck(guards.written, read, doc, sourceMap);

  it("an edit of the item the target kept does not stop the items it could not hold", () => {
    const c = check({ sources: [{ title: "b" }] }, { knowledge: [{ title: "b" }] } as unknown as JsonObject);
    expect(c.staleFor("/knowledge/1")).toBeUndefined();
    expect(c.staleFor("/knowledge/2")).toBeUndefined();
  });

  it("an item added or removed in the target stops them (the indexes no longer say which item is which)", () => {
    expect(check({ sources: [{ title: "a" }, { title: "c" }] }, { knowledge: [{ title: "a" }, { title: "c" }] } as unknown as JsonObject).staleFor("/knowledge/1")).toBe("/knowledge");
    expect(check({ sources: [] }, { knowledge: [] } as unknown as JsonObject).staleFor("/knowledge/1")).toBe("/knowledge");
  });
});
