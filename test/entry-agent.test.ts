// The agent that takes the user's request (IrDocument.entry): a mas workflow's entry and an Agent
// Spec team's first agent are one value. A mas app whose entry is not its first agent kept it only
// in the stash on the way to Agent Spec, whose Swarm began with the first agent instead; and a
// first_agent the user edited in Agent Spec came back to mas as the old entry, with no word.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import type { ConvertResult } from "../src/convert.js";
import type { JsonObject } from "../src/ir/json.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const readFile = memoryReadFile(new Map(["concierge", "planner", "booker"].map((n) => [`${n}.yaml`, masAgent(n)])));

// The concierge delegates to both, the planner to the booker; the workflow enters where `entry` says.
const app = (entry: string) => masManifest([{ id: "concierge", ref: "concierge.yaml", delegates: ["planner", "booker"] }, { id: "planner", ref: "planner.yaml", delegates: ["booker"] }, { id: "booker", ref: "booker.yaml" }], { entry });

const team = (r: ConvertResult) => r.outputs[0]!.document as JsonObject;
const workflowOf = (r: ConvertResult) => ((r.outputs.find((o) => (o.document as JsonObject)["kind"] === "MAS")!.document as JsonObject)["spec"] as JsonObject)["workflow"] as JsonObject;
const back = (r: ConvertResult, edit: (d: JsonObject) => void = () => {}) => {
  const d = structuredClone(team(r));
  edit(d);
  return convert(JSON.stringify(d, null, 2), "mas", { file: r.outputs[0]!.name });
};

describe("the entry agent, between mas and Agent Spec", () => {
  it("a mas app entered at its second agent is a Swarm that begins with it, and comes back entered there", () => {
    const r = convert(app("planner"), "agentspec", { file: "mas.yaml", readFile });
    expect(r.ok).toBe(true);
    expect(team(r)["component_type"]).toBe("Swarm");
    expect(team(r)["first_agent"]).toEqual({ $component_ref: "planner" });
    // Said as carried (a note), not as a value Agent Spec has no place for.
    const entry = r.diagnostics.find((d) => d.source?.pointer === "/spec/workflow/entry");
    expect(entry).toMatchObject({ severity: "info", effect: "representation" });
    const home = back(r);
    expect(home.ok).toBe(true);
    expect(workflowOf(home)["entry"]).toBe("planner");
  });

  it("a first_agent edited in Agent Spec is the mas entry on the way back, and the kept one is said not restored", () => {
    const r = convert(app("concierge"), "agentspec", { file: "mas.yaml", readFile });
    expect(team(r)["first_agent"]).toEqual({ $component_ref: "concierge" });
    const untouched = back(r);
    expect(workflowOf(untouched)["entry"]).toBe("concierge");
    expect(untouched.diagnostics.filter((d) => d.source?.pointer === "/spec/workflow/entry")).toEqual([]);
    // The concierge is the workflow's root, so the entry was derived and nothing of it is kept: the edit is all there is.
    const edited = back(r, (d) => (d["first_agent"] = { $component_ref: "booker" }));
    expect(edited.ok).toBe(true);
    expect(workflowOf(edited)["entry"]).toBe("booker");
    // An entry the stash keeps (the planner, no root) gives way to the edit, and says so.
    const kept = convert(app("planner"), "agentspec", { file: "mas.yaml", readFile });
    const moved = back(kept, (d) => (d["first_agent"] = { $component_ref: "booker" }));
    expect(workflowOf(moved)["entry"]).toBe("booker");
    const said = moved.diagnostics.filter((d) => d.code === "transformed-value" && d.source?.pointer === "/spec/workflow/entry");
    expect(said).toHaveLength(1);
    expect(said[0]!.message).toContain(`spec.workflow.entry "planner" is written as "booker"`);
  });

  it("an Agent Spec Swarm's first agent is the mas entry, though several agents are called by none", () => {
    const swarm = {
      component_type: "Swarm",
      name: "desk",
      agentspec_version: "26.2.0",
      first_agent: { $component_ref: "b" },
      relationships: [[{ $component_ref: "a" }, { $component_ref: "c" }], [{ $component_ref: "b" }, { $component_ref: "c" }]],
      $referenced_components: Object.fromEntries(["a", "b", "c"].map((id) => [id, { component_type: "Agent", id, name: id, system_prompt: `You are ${id}.`, llm_config: { component_type: "VllmConfig", name: "m", model_id: "m", url: "http://localhost:8000" } }])),
    };
    const r = convert(JSON.stringify(swarm), "mas");
    expect(r.ok).toBe(true);
    expect(workflowOf(r)["entry"]).toBe("b");
    expect(r.diagnostics.filter((d) => d.code === "defaulted-placeholder" && d.target?.pointer === "/spec/workflow/entry")).toEqual([]);
  });
});
