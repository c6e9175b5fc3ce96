// An Agent Spec Swarm whose agents share one llm_config (one id), through mas, where one agent's
// temperature is edited, and back: the edited config and the others were written inline under the
// same id, unreported; a reader that keys components by id (pyagentspec) would keep one of them
// and lose the edit or the others (models helper's finding, session 12). The largest group keeps
// the id, shared again; each other content gets a new one, said in a note.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, validate } from "../src/index.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";

const SWARM = readFileSync("golden/agentspec-swarm/input.json", "utf8");

/** Every component id of the document, with the component_type, outside stashes and metadata. */
function ids(v: JsonValue, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => ids(x, out));
  else if (v !== null && typeof v === "object") {
    const o = v as JsonObject;
    if (typeof o["component_type"] === "string" && typeof o["id"] === "string") out.push(o["id"]);
    for (const k of Object.keys(o)) if (k !== "x-agentport" && k !== "metadata") ids(o[k] as JsonValue, out);
  }
  return out;
}

describe("a shared llm_config edited for one agent, back to Agent Spec", () => {
  const mas = convert(SWARM, "mas", { file: "input.json" });
  const files = new Map(mas.outputs.map((o) => [o.name, o.text]));
  const manifest = mas.outputs.find((o) => (o.document as JsonObject)["kind"] === "MAS")!;
  const readFile = memoryReadFile(files);
  const back = (edit?: (f: Map<string, string>) => void) => {
    if (edit) edit(files);
    return convert(files.get(manifest.name)!, "agentspec", { file: manifest.name, readFile });
  };

  it("unedited, the config is shared once, as in the source", () => {
    const r = back();
    expect(r.ok).toBe(true);
    const all = ids(r.outputs[0]!.document as JsonValue);
    expect(new Set(all).size).toBe(all.length);
    expect(r.diagnostics.filter((d) => d.message.includes("the component id"))).toEqual([]);
  });

  it("edited for one agent, every component id is unique, the edit is kept, and the renaming is said", () => {
    const r = back((f) => {
      const name = [...f.keys()].find((k) => k === "pharmacist.yaml")!;
      f.set(name, f.get(name)!.replace(/^( +)- model: (.*)$/m, "$1- model: $2\n$1  temperature: 0.3"));
    });
    expect(r.ok).toBe(true);
    expect(validate(r.outputs[0]!.text).ok).toBe(true);
    const all = ids(r.outputs[0]!.document as JsonValue);
    expect(new Set(all).size, all.join(", ")).toBe(all.length);
    expect(r.outputs[0]!.text).toContain('"temperature": 0.3');
    const said = r.diagnostics.filter((d) => d.code === "transformed-value" && d.message.includes("the component id"));
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toMatch(/is written as ".*-2" for one of the components that had it/);
  });
});
