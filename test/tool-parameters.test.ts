// A mas tool given by reference to a kind: Tool manifest: the manifest's spec.parameters are what
// the runtime shows the model as the tool's arguments. They are read into the IR tool's
// inputSchema, written where the target holds them (Open Agent Spec: the tool's inputs) and named
// where it does not (AgentMug, Caplo), and the way back into mas writes the reference, not them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";
import type { JsonObject } from "../src/ir/json.js";

const DIR = "golden/mas-tool-forms";
const text = readFileSync(`${DIR}/input.yaml`, "utf8");
const options = { file: "input.yaml", readFile: makeReadFile(DIR) };

describe("a Tool manifest's parameters", () => {
  it("become the Agent Spec tool's inputs", () => {
    const r = convert(text, "agentspec", options);
    expect(r.ok).toBe(true);
    const tools = (r.outputs[0]!.document["tools"] as JsonObject[]);
    const calc = tools.find((t) => t["name"] === "calc")!;
    expect(calc["inputs"]).toEqual([{ title: "expression", type: "string", description: "Arithmetic expression to evaluate (e.g. '28 + 22')." }]);
  });

  it("are named where the target has no place for them (AgentMug, Caplo)", () => {
    const mug = convert(text, "agentmug", options).diagnostics.map((d) => d.message);
    expect(mug.some((m) => /calc.*the parameters its manifest declares "expression" have no counterpart in AgentMug/.test(m))).toBe(true);
    const caplo = convert(text, "caplo", options).diagnostics.map((d) => d.message);
    expect(caplo.some((m) => /spec\.tools\[1\] is a reference to a Tool manifest: its ref, description, the parameters its manifest declares have no counterpart/.test(m))).toBe(true);
  });

  it("come back into mas as the reference alone (mas → Agent Spec → mas)", () => {
    const there = convert(text, "agentspec", options);
    const back = convert(there.outputs[0]!.text, "mas", { file: there.outputs[0]!.name });
    expect(back.ok).toBe(true);
    const tools = ((back.outputs[0]!.document["spec"] as JsonObject)["tools"] as JsonObject[]);
    expect(tools[1]).toEqual({ ref: "./tools/calc.tool.yaml", priority: 200, params: { precision: 2 } });
    expect(JSON.stringify(tools)).not.toContain("expression");
  });
});

describe("an optional parameter", () => {
  it("into Open Agent Spec, where an input without a default is required, is said so", () => {
    const app = "test/fixtures/mas/corpus/library-samples/apps/trip-planner";
    const file = `${app}/agents/concierge_agent.yaml`;
    const r = convert(readFileSync(file, "utf8"), "agentspec", { file, readFile: makeReadFile(`${app}/agents`, { root: app }) });
    expect(r.ok).toBe(true);
    const at = r.diagnostics.filter((d) => d.severity === "warning" && /query_graph_database/.test(d.message));
    expect(at.map((d) => d.message).join("\n")).toMatch(/that these parameters are optional "optimise_for, max_hops" \(an input without a default is required in Open Agent Spec\)/);
    // The required ones are not named.
    expect(at.map((d) => d.message).join("\n")).not.toMatch(/optional "[^"]*origin/);
  });
});
