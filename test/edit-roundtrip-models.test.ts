// A model row edited in the target, on its way back (session 12). Open Agent Spec writes a model row
// as one llm_config, and the stash guarded the row (and the model list) by that config as written:
// an edit of its temperature or max_tokens stopped every stash entry of the row (a mas model
// string's spelling, its role, top_p, a second model row, the legacy `llm:` layout), though the user
// changed only the sampling. A model row is its model (ITEM_IDENTITY in src/ir/stash-guard.ts: id,
// provider, whether the provider was stated, the spelling as read): those still as written, the
// row's entries come back and the edit is kept. An edit of the model itself still stops them.
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { convertOptions, loadCase } from "./helpers/cases.js";
import { listing, stale, edited } from "./helpers/edits.js";

const spec = (r: ConvertResult): JsonObject => r.outputs[0]!.document["spec"] as JsonObject;

const llm = (d: JsonObject) => d["llm_config"] as JsonObject;
const gen = (d: JsonObject) => llm(d)["default_generation_parameters"] as JsonObject;

// The case of an earlier session: a provider-prefixed model string, a role and a value Agent Spec has no place for.
const PREFIXED = `apiVersion: mas/v1
kind: Agent
metadata:
  name: helper
spec:
  context:
    role: Answer questions.
  description: Answers questions.
  models:
    - id: main
      model: anthropic/claude-sonnet-4-6
      temperature: 0.3
      max_tokens: 2000
      top_p: 0.9
`;

describe("mas (anthropic/claude-sonnet-4-6) → Agent Spec, the temperature edited → mas", () => {
  const there = convert(PREFIXED, "agentspec", { file: "helper.yaml" });
  const out = there.outputs[0]!;

  it("the row comes back as written (spelling, role, top_p) with the edited temperature, and no warning says stale", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(gen(out.document)).toEqual({ max_tokens: 2000, temperature: 0.3 });
    const back = convert(edited(out.text, (d) => (gen(d)["temperature"] = 0.7)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back), listing(back)).toEqual([]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "anthropic/claude-sonnet-4-6", temperature: 0.7, max_tokens: 2000, top_p: 0.9 }]);
  });

  it("the model edited (another model_id): the values of the old model are not restored, one warning at llm_config names them; the row keeps its name", () => {
    const back = convert(edited(out.text, (d) => (llm(d)["model_id"] = "claude-opus-4-1")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const models = spec(back)["models"] as JsonObject[];
    expect(models).toHaveLength(1);
    expect(models[0]!["model"]).toBe("anthropic/claude-opus-4-1");
    expect(models[0]!["top_p"]).toBeUndefined();
    // The row's id names the row (what a context manager or a summarizer points at), not its model (session 14).
    expect(models[0]!["id"]).toBe("main");
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/llm_config");
    for (const n of ["mas spec.models[0].model", "mas spec.models[0].top_p"]) expect(warnings[0]!.message).toContain(n);
    expect(warnings[0]!.message).not.toContain("spec.models[0].id");
  });
});

describe("mas, two model rows (golden mas-two-models) → Agent Spec, the primary's temperature edited → mas", () => {
  const c = loadCase("mas-two-models");
  const there = convert(c.text, "agentspec", convertOptions(c));
  const out = there.outputs[0]!;
  const original = spec(convert(c.text, "mas", convertOptions(c)));

  it("both rows come back (the second one Agent Spec has no place for, the first one's kind, top_p, reasoning), the temperature the edit's", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(edited(out.text, (d) => (gen(d)["temperature"] = 0.9)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back), listing(back)).toEqual([]);
    const models = structuredClone(original["models"]) as JsonObject[];
    models[0]!["temperature"] = 0.9;
    expect(spec(back)["models"]).toEqual(models);
    expect(spec(back)["context_manager"]).toEqual(original["context_manager"]);
  });

  it("the primary model edited: its row's values of the old model are not restored, the second row is (an edit of one row only), one warning", () => {
    const back = convert(edited(out.text, (d) => (llm(d)["model_id"] = "gpt-4.1")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const models = spec(back)["models"] as JsonObject[];
    // Agent Spec states the provider (OpenAiConfig); that the source left it to be inferred is the old model's spelling.
    expect(models.map((m) => m["model"])).toEqual(["openai/gpt-4.1", (original["models"] as JsonObject[])[1]!["model"]]);
    expect(models[1]).toEqual((original["models"] as JsonObject[])[1]);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.message).not.toContain("models[1]");
  });
});

describe("mas, the legacy llm: block (golden mas-llm-legacy) → Agent Spec, max_tokens edited → mas", () => {
  const c = loadCase("mas-llm-legacy");
  const there = convert(c.text, "agentspec", convertOptions(c));
  const out = there.outputs[0]!;

  it("the llm: block comes back as written (its provider member), max_tokens the edit's", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(edited(out.text, (d) => (gen(d)["max_tokens"] = 900)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back), listing(back)).toEqual([]);
    expect(spec(back)["models"]).toBeUndefined();
    expect(spec(back)["llm"]).toEqual({ model: "gpt-4o-mini", provider: "openai", reasoning_effort: "low", temperature: 0.5, max_tokens: 900 });
  });
});

describe("mas → AgentMug, maxTokens edited → mas", () => {
  const there = convert(PREFIXED, "agentmug", { file: "helper.yaml" });
  const out = there.outputs[0]!;

  it("the row comes back with the edited cap (AgentMug guards the model by primaryModel alone)", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(edited(out.text, (d) => ((d["blueprint"] as JsonObject)["maxTokens"] = 999)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(stale(back), listing(back)).toEqual([]);
    expect(spec(back)["models"]).toEqual([{ id: "main", model: "anthropic/claude-sonnet-4-6", temperature: 0.3, max_tokens: 999, top_p: 0.9 }]);
  });
});

describe("a mas app whose planner and booker share one model (golden mas-system) → Agent Spec, the shared llm_config's temperature edited once → mas", () => {
  const c = loadCase("mas-system");
  const there = convert(c.text, "agentspec", convertOptions(c));
  const out = there.outputs[0]!;
  const agentSpecs = (r: ConvertResult): Record<string, JsonObject> => {
    const by: Record<string, JsonObject> = {};
    for (const o of r.outputs) if (o.document["kind"] === "Agent") by[(o.document["metadata"] as JsonObject)["name"] as string] = o.document["spec"] as JsonObject;
    return by;
  };

  it("the config is written once and referenced by both", () => {
    expect(there.ok, listing(there)).toBe(true);
    const refs = out.document["$referenced_components"] as JsonObject;
    expect(((refs["planner"] as JsonObject)["llm_config"] as JsonObject)["$component_ref"]).toBe("gpt-4-1-mini");
    expect(((refs["booker"] as JsonObject)["llm_config"] as JsonObject)["$component_ref"]).toBe("gpt-4-1-mini");
  });

  it("the edit is placed on every agent that shares it, each row otherwise as written (its role), and one warning says the stash's default is not restored", () => {
    const back = convert(edited(out.text, (d) => (((d["$referenced_components"] as JsonObject)["gpt-4-1-mini"] as JsonObject)["default_generation_parameters"] as JsonObject)["temperature"] = 0.2), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    const agents = agentSpecs(back);
    for (const name of ["planner", "booker"]) expect(agents[name]!["models"], name).toEqual([{ id: "main", model: "openai/gpt-4.1-mini", temperature: 0.2 }]);
    expect(agents["concierge"]!["models"]).toEqual(agentSpecs(convert(c.text, "mas", convertOptions(c)))["concierge"]!["models"]);
    // The mas files named no temperature: the stash would take the one Agent Spec was given away again, and the edit wins over it.
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.message).toMatch(/: mas spec\.models\[0\]\.temperature$/);
  });
});
