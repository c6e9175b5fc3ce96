// A tool the user inserts in Agent Spec moves the tools after it: on the way home, each tool keeps
// what the stash holds for it (a mas tool's ref, module path, kind, priority, params), found by its
// identity, not by the index it was kept at, and nothing is reported stale for the tools not edited
// (session 16, the Agent Spec twin of test/mas-tool-insert-roundtrip.test.ts).
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { convertOptions, loadCase } from "./helpers/cases.js";
import { isObject, type JsonObject, type JsonValue } from "../src/ir/json.js";

const c = loadCase("mas-tool-forms");

function toAgentspec(): JsonObject {
  const r = convert(c.text, "agentspec", convertOptions(c));
  expect(r.ok).toBe(true);
  return structuredClone(r.outputs[0]!.document) as JsonObject;
}

function backToMas(as: JsonObject) {
  const r = convert(JSON.stringify(as, null, 2), "mas", { file: "cost-planner.agentspec.json", readFile: c.readFile });
  expect(r.ok).toBe(true);
  const spec = (r.outputs[0]!.document as JsonObject)["spec"] as JsonObject;
  return { spec, r };
}

const stale = (r: ReturnType<typeof convert>) => r.diagnostics.filter((d) => d.code === "stash-stale").map((d) => d.message);
const source = () => ((c.data as JsonObject)["spec"] as JsonObject)["tools"] as JsonValue[];

describe("a tool inserted in Agent Spec, back to mas", () => {
  for (const at of [0, 3, 7]) {
    it(`inserted at ${at}: every mas tool keeps what the stash held for it, the new tool is there, nothing is stale`, () => {
      const as = toAgentspec();
      (as["tools"] as JsonValue[]).splice(at, 0, { component_type: "ServerTool", name: "translate" });
      const { spec, r } = backToMas(as);
      const want = [...source()];
      want.splice(at, 0, "translate");
      expect(spec["tools"]).toEqual(want);
      expect(stale(r)).toEqual([]);
      expect(r.diagnostics.filter((d) => d.severity !== "info").map((d) => d.message)).toEqual([]);
      // Only the new tool's own value is news (a tool inserted first leaves which plain name was there unknown).
      const named = r.diagnostics.filter((d) => d.code === "stashed-value").map((d) => /^tools\[(\d+)\]/.exec(d.message)?.[1]);
      expect(named.every((i) => i === String(at) || (at === 0 && i === "1"))).toBe(true);
      expect(named).toContain(String(at));
      expect(spec["tools_ref"]).toBe("travel-tools");
    });
  }

  it("a tool removed: the others keep theirs, the removed one's entries are not put on another", () => {
    const as = toAgentspec();
    (as["tools"] as JsonValue[]).splice(1, 1);
    const { spec, r } = backToMas(as);
    const want = [...source()];
    want.splice(1, 1);
    expect(spec["tools"]).toEqual(want);
    expect(r.diagnostics.filter((d) => d.code === "stash-stale").map((d) => d.message)).toEqual([expect.stringMatching(/^tools\[1\]/)]);
  });

  it("with no insert the file comes back as it was", () => {
    const { spec, r } = backToMas(toAgentspec());
    expect(spec["tools"]).toEqual(source());
    expect(stale(r)).toEqual([]);
  });
});

describe("a tool inserted in Agent Spec, back to AgentMug", () => {
  const m = loadCase("agentmug-tool-kinds");
  const home = () => {
    const r = convert(m.text, "agentmug", convertOptions(m));
    return ((r.outputs[0]!.document as JsonObject)["blueprint"] as JsonObject)["tools"] as JsonValue[];
  };
  for (const at of [0, 3]) {
    it(`inserted at ${at}: every AgentMug tool keeps what the stash held for it, nothing is stale`, () => {
      const r1 = convert(m.text, "agentspec", convertOptions(m));
      expect(r1.ok).toBe(true);
      const as = structuredClone(r1.outputs[0]!.document) as JsonObject;
      (as["tools"] as JsonValue[]).splice(at, 0, { component_type: "ServerTool", name: "translate" });
      const r = convert(JSON.stringify(as, null, 2), "agentmug", { file: "ops-desk.agentspec.json", readFile: m.readFile });
      expect(r.ok).toBe(true);
      const tools = ((r.outputs[0]!.document as JsonObject)["blueprint"] as JsonObject)["tools"] as JsonValue[];
      const want = home();
      want.splice(at, 0, "translate");
      expect(tools).toEqual(want);
      expect(r.diagnostics.filter((d) => d.severity !== "info").map((d) => d.message)).toEqual([]);
      expect(tools[at]).toBe("translate");
    });
  }
});
