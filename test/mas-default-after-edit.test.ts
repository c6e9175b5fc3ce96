// An Agent Spec agent with no generation parameters, converted into mas, runs there with mas's
// defaults (temperature 0.7, max_tokens 2000: the forward conversion says default-differs). Once
// the user edits the model of the mas row (another model), the stash's llm_config is stale and not
// restored: the row is the mas file's now, and it ran with mas's defaults. Before, the way back
// followed the Agent Spec home's "unset" for them: nothing written, no word, so the Agent Spec
// agent silently ran with its runtime's defaults instead. Now the edited row's unset settings
// follow the file's format (as home.removed does for a deleted setting), exactly as the same file
// without x-agentport converts: into Agent Spec and Caplo the values are written (info
// default-differs), into AgentMug max_tokens is written and the temperature is default-lost.
// An unedited round trip still gives the Agent Spec source back as it was.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

const SOURCE = fileURLToPath(new URL("./fixtures/agentspec/howto_agents.yaml", import.meta.url));
const errors = (r: ConvertResult) => JSON.stringify(r.diagnostics.filter((d) => d.severity === "error"));
const unstashed = (text: string) => text.replace(/^x-agentport:[\s\S]*$/m, "");

function toMas(): string {
  const r = convert(readFileSync(SOURCE, "utf8"), "mas", { file: "howto_agents.yaml" });
  expect(r.ok, errors(r)).toBe(true);
  expect(r.diagnostics.filter((d) => d.code === "default-differs")).toHaveLength(2);
  return r.outputs[0]!.text;
}

function edited(mas: string): string {
  const out = mas.replace(/^( *- model: )llama-4-maverick$/m, "$1gpt-4.1");
  expect(out, "the model row is in the mas file").not.toBe(mas);
  return out;
}

/** What each conversion says of the defaults: code, severity and message (the file name aside). */
const defaultNotes = (r: ConvertResult) =>
  r.diagnostics.filter((d) => d.code === "default-differs" || d.code === "default-lost").map((d) => `${d.code} ${d.severity} ${d.message}`).sort();

function back(mas: string, to: string): { stashed: ConvertResult; plain: ConvertResult } {
  const stashed = convert(mas, to, { file: "helpful.yaml" });
  const plain = convert(unstashed(mas), to, { file: "helpful.yaml" });
  expect(stashed.ok, errors(stashed)).toBe(true);
  expect(plain.ok, errors(plain)).toBe(true);
  return { stashed, plain };
}

const agentspecParams = (r: ConvertResult) => (r.outputs[0]!.document["llm_config"] as JsonObject)["default_generation_parameters"];
const caploModel = (r: ConvertResult) => r.outputs[0]!.document["model"] as JsonObject;
const mugMaxTokens = (r: ConvertResult) => (r.outputs[0]!.document["blueprint"] as JsonObject)["maxTokens"];

describe("Agent Spec → mas, the model edited in mas, → back", () => {
  const mas = toMas();

  it("unedited, Agent Spec comes back as it was: no generation parameters, no default note", () => {
    const r = convert(mas, "agentspec", { file: "helpful.yaml" });
    expect(r.ok, errors(r)).toBe(true);
    expect(agentspecParams(r)).toBeNull();
    expect(defaultNotes(r)).toEqual([]);
  });

  it("→ agentspec: the mas defaults the edited row ran with are written, as without a stash", () => {
    const { stashed, plain } = back(edited(mas), "agentspec");
    expect(stashed.diagnostics.some((d) => d.code === "stash-stale")).toBe(true);
    expect(agentspecParams(plain)).toEqual({ max_tokens: 2000, temperature: 0.7 });
    expect(agentspecParams(stashed)).toEqual(agentspecParams(plain));
    expect(defaultNotes(stashed)).toHaveLength(2);
    expect(defaultNotes(stashed)).toEqual(defaultNotes(plain));
    // What the edit did not touch still comes home (the tools' descriptions and ids).
    const tools = stashed.outputs[0]!.document["tools"] as JsonObject[];
    expect(tools[0]!["id"]).toBe("fc98ab56-0d30-4bdd-a84d-cab76d75e575");
  });

  it("→ caplo: mas's 0.7 and 2000, not Caplo's 0.4 and 1024, as without a stash", () => {
    const { stashed, plain } = back(edited(mas), "caplo");
    expect(caploModel(plain)["temperature"]).toBe(0.7);
    expect(caploModel(stashed)["temperature"]).toBe(0.7);
    expect(caploModel(stashed)["responseLimit"]).toBe(caploModel(plain)["responseLimit"]);
    const model = (n: string) => defaultNotes(stashed).filter((m) => m.includes(n));
    const plainModel = (n: string) => defaultNotes(plain).filter((m) => m.includes(n));
    for (const n of ["spec.models[].temperature", "spec.models[].max_tokens"]) {
      expect(model(n)).toHaveLength(1);
      expect(model(n)).toEqual(plainModel(n));
    }
    // The Agent Spec home's "unset" is not what the row follows now.
    expect(defaultNotes(stashed).filter((m) => m.includes("llm_config.default_generation_parameters"))).toEqual([]);
  });

  it("→ agentmug: max_tokens 2000 written, the temperature default-lost, as without a stash", () => {
    const { stashed, plain } = back(edited(mas), "agentmug");
    expect(mugMaxTokens(plain)).toBe(2000);
    expect(mugMaxTokens(stashed)).toBe(2000);
    expect(defaultNotes(stashed)).toHaveLength(2);
    expect(defaultNotes(stashed)).toEqual(defaultNotes(plain));
  });

  it("a row that states its own temperature after the edit keeps it; only max_tokens follows mas", () => {
    const text = edited(mas).replace(/^( *)- model: gpt-4\.1$/m, "$1- model: gpt-4.1\n$1  temperature: 0.2");
    const { stashed, plain } = back(text, "agentspec");
    expect(agentspecParams(stashed)).toEqual({ max_tokens: 2000, temperature: 0.2 });
    expect(agentspecParams(stashed)).toEqual(agentspecParams(plain));
    expect(defaultNotes(stashed)).toEqual(defaultNotes(plain));
  });
});
