// A tool the user inserts in the target (AgentMug) moves the mas tools after it: on the way home, the
// members only mas holds (a tool's priority and params, a system tool's enabled) follow their tool,
// not the index they were kept at (session 15, found by a user trial: the whole spec.tools went into
// x-agentport, the report saying nothing changed).
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { convertOptions, loadCase } from "./helpers/cases.js";
import { isObject, type JsonObject, type JsonValue } from "../src/ir/json.js";

const c = loadCase("mas-tool-forms");

function toAgentmug(): JsonObject {
  const r = convert(c.text, "agentmug", convertOptions(c));
  expect(r.ok).toBe(true);
  return structuredClone(r.outputs[0]!.document) as JsonObject;
}

function backToMas(am: JsonObject) {
  const r = convert(JSON.stringify(am, null, 2), "mas", { file: "cost-planner.agent.json", readFile: c.readFile });
  expect(r.ok).toBe(true);
  const spec = (r.outputs[0]!.document as JsonObject)["spec"] as JsonObject;
  return { spec, r };
}

const byRef = (tools: JsonValue[], ref: string) => tools.find((t) => isObject(t) && t["ref"] === ref) as JsonObject | undefined;
const byName = (tools: JsonValue[], name: string) => tools.find((t) => isObject(t) && t["name"] === name) as JsonObject | undefined;

describe("a tool inserted in AgentMug, back to mas", () => {
  for (const at of [0, 3]) {
    it(`inserted at ${at}: every mas tool keeps its own members, and the new tool is there`, () => {
      const am = toAgentmug();
      const tools = (am["blueprint"] as JsonObject)["tools"] as JsonValue[];
      tools.splice(at, 0, "translate");
      const { spec } = backToMas(am);
      const out = spec["tools"] as JsonValue[];
      expect(Array.isArray(out)).toBe(true);
      expect(out).toContain("translate");
      expect(out).toContain("web-search");
      const calc = byRef(out, "./tools/calc.tool.yaml");
      expect(calc).toEqual({ ref: "./tools/calc.tool.yaml", priority: 200, params: { precision: 2 } });
      const human = byName(out, "request_human_input");
      expect(human).toEqual({ kind: "system", name: "request_human_input", enabled: true, params: { timeout: 300 } });
      expect(out).toHaveLength(8);
    });
  }

  it("with no insert the file comes back as it was (the remap moves nothing)", () => {
    const { spec } = backToMas(toAgentmug());
    const want = (c.data as JsonObject)["spec"] as JsonObject;
    expect(spec["tools"]).toEqual(want["tools"]);
  });
});
