// A schema violation's message names the value it is about, by its field and its pointer: ajv's
// own text ("must be array") does not, and a line and column alone leave the reader to count
// (fresh9 finding 17: a lone AgentMug `parameters` value said only "must be array").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, validate, type Diagnostic } from "../src/index.js";

const MUG = JSON.parse(readFileSync("golden/agentmug-legacy-minimal/input.agent.json", "utf8")) as Record<string, unknown>;

function invalid(doc: Record<string, unknown>): Diagnostic[] {
  const r = convert(JSON.stringify(doc, null, 2), "caplo", { file: "a.agent.json" });
  expect(r.ok).toBe(false);
  return r.diagnostics.filter((d) => d.code === "invalid-input");
}

describe("schema messages name the field and its pointer", () => {
  it("a lone AgentMug parameters value that is no list", () => {
    const doc = { ...MUG, parameters: "team_name" };
    const [d, ...rest] = invalid(doc);
    expect(rest).toEqual([]);
    expect(d!.message).toBe("AgentMug v1: parameters (/parameters) must be array");
    // Located at the value, as before: the line of "parameters" in the file as written.
    const line = JSON.stringify(doc, null, 2).split("\n").findIndex((l) => l.includes('"parameters"')) + 1;
    expect(d!.source).toMatchObject({ file: "a.agent.json", pointer: "/parameters", line });
  });

  it("a parameter missing what its type needs names the parameter", () => {
    const ds = invalid({ ...MUG, parameters: [{ name: "tone", label: "Tone", type: "select", required: true }] });
    expect(ds.map((d) => d.message)).toEqual(['AgentMug v1: parameters[0] (/parameters/0) is missing required property "options"']);
    expect(ds[0]!.source?.pointer).toBe("/parameters/0");
  });

  it("a nested value of another format, and an enum", () => {
    const r = validate(JSON.stringify({ ...MUG, parameters: [{ name: "tone", label: "Tone", type: "dropdown", required: true }] }));
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'AgentMug v1: parameters[0].type (/parameters/0/type) must be one of ["string","text","number","boolean","email","url","select","file"]',
    ]);
  });

  it("the document's own faults stay named by the file, and an unknown property by its name", () => {
    const { id: _id, ...noId } = MUG;
    expect(invalid(noId).map((d) => d.message)).toEqual(['AgentMug v1: missing required property "id"']);
    const r = validate("apiVersion: mas/v1\nkind: Agent\nmetadata: { name: a }\nspec: { description: d, bogus: 1 }\n", { file: "a.yaml" });
    expect(r.diagnostics.map((d) => d.message)).toEqual(['mas/v1: unknown property "bogus"']);
  });
});
