// A setting the user deletes in a converted file runs there with that file's runtime default. Read
// back home through the stash, the hub must treat the file as it now is: the file format's default
// applies, and it is written explicitly with a default-differs note where the home's differs, as for
// the same file without a stash. Before, the agent followed its home's defaults for every unset
// setting, so Caplo → mas, `temperature: 0.3` deleted (mas runs it at 0.7), → Caplo gave no
// temperature (Caplo's 0.4) with no word. A setting the stash says the home left unset (the value
// agentport wrote for it, still in the file) keeps following the home's default, and so does one the
// home's default could not be written for (nothing in the file says the user removed anything).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { convert, convertMany, type ConvertResult } from "../src/index.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";
import type { JsonObject } from "../src/ir/json.js";

const differs = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "default-differs");
const about = (r: ConvertResult, name: string): Diagnostic[] => differs(r).filter((d) => d.message.startsWith(`${name} is not set`));
const errors = (r: ConvertResult) => JSON.stringify(r.diagnostics.filter((d) => d.severity === "error"));

/** The same file without its stash: what agentport says of a hand-written file. */
const unstashedYaml = (text: string) => text.replace(/^x-agentport:[\s\S]*$/m, "");
const unstashedJson = (text: string) => {
  const d = JSON.parse(text) as JsonObject;
  delete d["x-agentport"];
  return JSON.stringify(d, null, 2);
};

/** Deletes one line, which must be there. */
function without(text: string, line: RegExp): string {
  const out = text.replace(line, "");
  expect(out, `${String(line)} is in the file`).not.toBe(text);
  return out;
}

const caploAgent = (model: JsonObject, policy?: JsonObject) =>
  JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "Helper", greeting: "Hello.", instructions: "You help.", model: { provider: "OpenAI", name: "gpt-4.1", ...model }, ...(policy ? { policy } : {}) });

function toMas(caplo: string): string {
  const r = convert(caplo, "mas", { file: "helper.caplo.json" });
  expect(r.ok, errors(r)).toBe(true);
  return r.outputs[0]!.text;
}

function back(masText: string, to = "caplo"): { stashed: ConvertResult; plain: ConvertResult } {
  const stashed = convert(masText, to, { file: "helper.yaml" });
  const plain = convert(unstashedYaml(masText), to, { file: "helper.yaml" });
  expect(stashed.ok, errors(stashed)).toBe(true);
  expect(plain.ok, errors(plain)).toBe(true);
  return { stashed, plain };
}

const model = (r: ConvertResult, i = 0): JsonObject => {
  const doc = r.outputs[0]!.document;
  const agents = doc["agents"] as JsonObject[] | undefined;
  return ((agents ? agents[i] : doc) as JsonObject)["model"] as JsonObject;
};
const policy = (r: ConvertResult): JsonObject | undefined => r.outputs[0]!.document["policy"] as JsonObject | undefined;

describe("Caplo → mas, a setting deleted in mas → Caplo", () => {
  const stated = toMas(caploAgent({ temperature: 0.3, responseLimit: 2048 }, { maxModelCalls: 12 }));

  it("untouched, the Caplo values come back with no default-differs note", () => {
    const { stashed } = back(stated);
    expect(model(stashed)["temperature"]).toBe(0.3);
    expect(model(stashed)["responseLimit"]).toBe(2048);
    expect(policy(stashed)?.["maxModelCalls"]).toBe(12);
    expect(policy(stashed)?.["maxReads"]).toBeUndefined();
    expect(differs(stashed)).toEqual([]);
  });

  it("a stated temperature deleted: mas's 0.7 is written, with the note a file without a stash gets", () => {
    const { stashed, plain } = back(without(stated, /^ *temperature: 0\.3\n/m));
    expect(model(plain)["temperature"]).toBe(0.7);
    expect(model(stashed)["temperature"]).toBe(0.7);
    expect(about(stashed, "spec.models[].temperature").map((d) => d.message)).toEqual(about(plain, "spec.models[].temperature").map((d) => d.message));
    expect(about(stashed, "spec.models[].temperature")).toHaveLength(1);
    // Everything else still comes home.
    expect(model(stashed)["responseLimit"]).toBe(2048);
    expect(stashed.outputs[0]!.document["greeting"]).toBe("Hello.");
    expect(about(stashed, "spec.models[].max_tokens")).toEqual([]);
  });

  it("a stated max_tokens deleted: mas's 2000 is written as the response limit, with its note", () => {
    const { stashed, plain } = back(without(stated, /^ *max_tokens: 2048\n/m));
    expect(model(plain)["responseLimit"]).toBe(2000);
    expect(model(stashed)["responseLimit"]).toBe(2000);
    expect(about(stashed, "spec.models[].max_tokens")).toHaveLength(1);
    expect(model(stashed)["temperature"]).toBe(0.3);
    expect(about(stashed, "spec.models[].temperature")).toEqual([]);
  });

  it("the limit agentport wrote for Caplo's default (max_tool_calls: 8) deleted: mas's no limit, as without a stash", () => {
    const { stashed, plain } = back(without(stated, /^ *max_tool_calls: 8\n/m));
    expect(policy(plain)?.["maxReads"]).not.toBe(8);
    expect(policy(stashed)?.["maxReads"]).toBe(policy(plain)?.["maxReads"]);
    expect(policy(stashed)?.["maxModelCalls"]).toBe(12);
    const codes = (r: ConvertResult) => r.diagnostics.filter((d) => d.message.includes("max_tool_calls")).map((d) => d.code).sort();
    expect(codes(stashed)).toEqual(codes(plain));
    expect(codes(stashed).length).toBeGreaterThan(0);
  });

  it("a value with no default edited (the routing description, which mas requires) gives no default-differs note", () => {
    const { stashed } = back(stated.replace(/^( *description: )Helper\n/m, "$1Helps with anything.\n"));
    expect(model(stashed)["temperature"]).toBe(0.3);
    expect(differs(stashed)).toEqual([]);
  });
});

describe("Caplo without a temperature → mas (0.4 written) → Caplo", () => {
  const unset = toMas(caploAgent({ responseLimit: 2048 }));

  it("untouched, the temperature stays unset in Caplo, with no note", () => {
    expect(unset).toMatch(/temperature: 0\.4/);
    const { stashed } = back(unset);
    expect(model(stashed)["temperature"]).toBeUndefined();
    expect(differs(stashed)).toEqual([]);
  });

  it("the written 0.4 deleted: mas's 0.7 is written, with its note", () => {
    const { stashed, plain } = back(without(unset, /^ *temperature: 0\.4\n/m));
    expect(model(plain)["temperature"]).toBe(0.7);
    expect(model(stashed)["temperature"]).toBe(0.7);
    expect(about(stashed, "spec.models[].temperature")).toHaveLength(1);
  });

  it("the written 0.4 edited to 0.5 is the edit, with no note", () => {
    const { stashed } = back(unset.replace("temperature: 0.4", "temperature: 0.5"));
    expect(model(stashed)["temperature"]).toBe(0.5);
    expect(differs(stashed)).toEqual([]);
  });
});

describe("the example bundle → mas app files → Caplo (the user's report)", () => {
  const example = readFileSync(fileURLToPath(new URL("../examples/support-bundle.caplo.json", import.meta.url)), "utf8");
  const there = convert(example, "mas", { file: "support-bundle.caplo.json" });
  const files = () => there.outputs.map((o) => ({ file: `m/${o.name}`, text: o.text }));
  const front = (r: ConvertResult) => (r.outputs[0]!.document["agents"] as JsonObject[]).find((a) => a["key"] === "front-desk") as JsonObject;

  it("front-desk's temperature deleted in its mas file comes back as 0.7 with a note", () => {
    expect(there.ok, errors(there)).toBe(true);
    const edited = files().map((f) => (f.file === "m/front-desk.yaml" ? { ...f, text: without(f.text, /^ *temperature: 0\.3\n/m) } : f));
    const r = convertMany(edited, "caplo");
    expect(r.ok, errors(r)).toBe(true);
    expect((front(r)["model"] as JsonObject)["temperature"]).toBe(0.7);
    const notes = about(r, "spec.models[].temperature");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.source?.file).toBe("m/front-desk.yaml");
  });

  it("untouched, front-desk gets its 0.3 back and nothing is said about defaults", () => {
    const r = convertMany(files(), "caplo");
    expect(r.ok, errors(r)).toBe(true);
    expect((front(r)["model"] as JsonObject)["temperature"]).toBe(0.3);
    expect(differs(r)).toEqual([]);
  });
});

describe("mas → AgentMug, maxTokens deleted in AgentMug → mas", () => {
  const mas = `apiVersion: mas/v1
kind: Agent
metadata:
  name: helper
spec:
  description: Helps.
  context:
    role: You help.
  models:
    - model: openai/gpt-4.1
      temperature: 0.3
      max_tokens: 1000
`;
  const there = convert(mas, "agentmug", { file: "helper.yaml" });
  const text = there.outputs[0]!.text;

  it("untouched, max_tokens 1000 comes back with no note", () => {
    const r = convert(text, "mas", { file: "helper.agent.json" });
    expect(r.ok, errors(r)).toBe(true);
    expect(r.outputs[0]!.text).toMatch(/max_tokens: 1000/);
    expect(differs(r)).toEqual([]);
  });

  it("deleted: AgentMug's host default applies there, which mas cannot state: said, as without a stash", () => {
    const edited = without(text, /^ *"maxTokens": 1000,\n/m);
    const r = convert(edited, "mas", { file: "helper.agent.json" });
    const plain = convert(unstashedJson(edited), "mas", { file: "helper.agent.json" });
    expect(r.ok, errors(r)).toBe(true);
    expect(r.outputs[0]!.text).not.toMatch(/max_tokens/);
    expect(about(plain, "blueprint.maxTokens")).toHaveLength(1);
    expect(about(r, "blueprint.maxTokens").map((d) => [d.message, d.severity])).toEqual(about(plain, "blueprint.maxTokens").map((d) => [d.message, d.severity]));
    // The temperature AgentMug cannot hold still comes home from the stash.
    expect(r.outputs[0]!.text).toMatch(/temperature: 0\.3/);
  });
});

describe("a home default that could not be written stays the home's", () => {
  it("Agent Spec without a temperature → mas (nothing written) → Agent Spec: still none, no note", () => {
    const spec = JSON.stringify({
      component_type: "Agent", id: "helper", name: "helper", system_prompt: "You help.",
      llm_config: { component_type: "OpenAiConfig", id: "m", name: "gpt-4.1", model_id: "gpt-4.1" },
      agentspec_version: "25.4.1",
    });
    const there = convert(spec, "mas", { file: "helper.json" });
    expect(there.ok, errors(there)).toBe(true);
    expect(there.outputs[0]!.text).not.toMatch(/temperature/);
    const r = convert(there.outputs[0]!.text, "agentspec", { file: there.outputs[0]!.name });
    expect(r.ok, errors(r)).toBe(true);
    expect(r.outputs[0]!.text).not.toMatch(/temperature/);
    expect(about(r, "spec.models[].temperature")).toEqual([]);
  });
});
