// The defaults check judges the agent's main model row (mainModelIndex, src/ir/agent.ts), not the
// first row: a mas agent whose first row is of another role (summarizer), or whose main row is
// `model: any` (no IR row: the agent runs the model it inherits, with mas's sampling defaults).
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";

const agent = (rows: string[]) => ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: digest", "spec:", "  description: Summarises long threads.",
  "  context:", "    role: You summarise threads.", "  models:", ...rows, ""].join("\n");
const SUMMARIZER = ["    - id: summarizer", "      model: gpt-4o-mini", "      temperature: 0.2", "      max_tokens: 300"];
/** The main row second, its sampling unset: mas runs it at 0.7 and 2000 tokens. */
const MAIN_SECOND = agent([...SUMMARIZER, "    - model: openai/gpt-4.1"]);
/** The main row second, its sampling set; the first row's unset. */
const MAIN_SECOND_SET = agent(["    - id: summarizer", "      model: gpt-4o-mini", "    - model: openai/gpt-4.1", "      temperature: 0.3", "      max_tokens: 500"]);
/** The main row is model: any, beside a summarizer with its own sampling. */
const ANY_MAIN = agent(["    - id: main", "      model: any", ...SUMMARIZER]);
/** The model: any row states a temperature of its own (the IR keeps the row whole, unread); the summarizer states none. */
const ANY_MAIN_TEMPERATURE = agent(["    - id: main", "      model: any", "      temperature: 0.25", "    - id: summarizer", "      model: gpt-4o-mini"]);

const sampling = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === "default-differs" && /temperature|max_tokens/.test(d.message));
const caploModel = (text: string) => (JSON.parse(text) as { model: Record<string, unknown> }).model;
const llm = (text: string) => (JSON.parse(text) as { llm_config: Record<string, unknown> }).llm_config;

describe("the defaults check reads the main model row", () => {
  it("a main row after a summarizer: its unset sampling is mas's, written into Caplo and reported at that row", () => {
    const r = convert(MAIN_SECOND, "caplo", { file: "digest.yaml" });
    expect(r.ok).toBe(true);
    expect(caploModel(r.outputs[0]!.text)).toMatchObject({ name: "gpt-4.1", temperature: 0.7, responseLimit: 2000 });
    const ds = sampling(r.diagnostics);
    expect(ds.map((d) => [d.severity, d.source?.pointer])).toEqual([["info", "/spec/models/1"], ["info", "/spec/models/1"]]);
    expect(ds.map((d) => d.message)).toEqual([
      "spec.models[].temperature is not set: mas/v1 assumes 0.7, while Caplo v2 assumes 0.4 for model.temperature; 0.7 is written explicitly, so the agent keeps its behaviour",
      "spec.models[].max_tokens is not set: mas/v1 assumes 2000, while Caplo v2 assumes 1024 for model.responseLimit; 2000 is written explicitly, so the agent keeps its behaviour",
    ]);
  });

  it("the same into Open Agent Spec: its llm_config carries mas's sampling", () => {
    const r = convert(MAIN_SECOND, "agentspec", { file: "digest.yaml" });
    expect(r.ok).toBe(true);
    expect(llm(r.outputs[0]!.text)).toMatchObject({ model_id: "gpt-4.1", default_generation_parameters: { max_tokens: 2000, temperature: 0.7 } });
    expect(sampling(r.diagnostics).map((d) => d.source?.pointer)).toEqual(["/spec/models/1", "/spec/models/1"]);
    // Back into mas, the row is as it was: the written values are the source's defaults, not values it set.
    const back = convert(r.outputs[0]!.text, "mas", { file: "digest.agentspec.json" });
    expect(back.outputs[0]!.text).toBe(convert(MAIN_SECOND, "mas", { file: "digest.yaml" }).outputs[0]!.text);
  });

  it("a main row that sets its sampling, after a row that does not: nothing is said to be written", () => {
    for (const to of ["caplo", "agentspec"]) {
      const r = convert(MAIN_SECOND_SET, to, { file: "digest.yaml" });
      expect(r.ok).toBe(true);
      expect(sampling(r.diagnostics), to).toEqual([]);
    }
    expect(caploModel(convert(MAIN_SECOND_SET, "caplo", { file: "digest.yaml" }).outputs[0]!.text)).toMatchObject({ temperature: 0.3, responseLimit: 500 });
  });

  it("a main row of model: any: the placeholder model runs with mas's sampling, not the summarizer's", () => {
    const r = convert(ANY_MAIN, "caplo", { file: "digest.yaml" });
    expect(r.ok).toBe(true);
    const model = caploModel(r.outputs[0]!.text);
    expect(model).toMatchObject({ temperature: 0.7, responseLimit: 2000 });
    // Reported at the model: any row, the main one.
    expect(sampling(r.diagnostics).map((d) => [d.severity, d.source?.pointer])).toEqual([["info", "/spec/models/0"], ["info", "/spec/models/0"]]);
  });

  it("a model: any row's own temperature is stated, not unset: no default is written for it (the row's loss is reported)", () => {
    const r = convert(ANY_MAIN_TEMPERATURE, "caplo", { file: "digest.yaml" });
    expect(r.ok).toBe(true);
    const model = caploModel(r.outputs[0]!.text);
    expect(model["temperature"]).toBeUndefined();
    expect(model["responseLimit"]).toBe(2000);
    expect(sampling(r.diagnostics).map((d) => d.message)).toEqual([expect.stringMatching(/^spec\.models\[\]\.max_tokens is not set/)]);
    expect(r.diagnostics.filter((d) => d.source?.pointer === "/spec/models/0").map((d) => [d.code, d.severity])).toEqual([["dropped-field", "warning"], ["default-differs", "info"]]);
  });
});
