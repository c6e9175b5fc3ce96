// The agent that takes the user's request (IrDocument.entry): a mas workflow's entry and an Agent
// Spec team's first agent are one value. A mas app whose entry is not its first agent kept it only
// in the stash on the way to Agent Spec, whose Swarm began with the first agent instead; and a
// first_agent the user edited in Agent Spec came back to mas as the old entry, with no word.
import { describe, expect, it } from "vitest";
import { convert, convertMany } from "../src/index.js";
import type { ConvertResult } from "../src/convert.js";
import type { JsonObject } from "../src/ir/json.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import { hop } from "./helpers/chains.js";
import { get } from "../src/ir/pointer.js";

const readFile = memoryReadFile(new Map(["concierge", "planner", "booker"].map((n) => [`${n}.yaml`, masAgent(n)])));

// The concierge delegates to both, the planner to the booker; the workflow enters where `entry` says.
const app = (entry: string) => masManifest([{ id: "concierge", ref: "concierge.yaml", delegates: ["planner", "booker"] }, { id: "planner", ref: "planner.yaml", delegates: ["booker"] }, { id: "booker", ref: "booker.yaml" }], { entry });

const team = (r: ConvertResult) => r.outputs[0]!.document as JsonObject;
const workflowOf = (r: ConvertResult) => ((r.outputs.find((o) => (o.document as JsonObject)["kind"] === "MAS")!.document as JsonObject)["spec"] as JsonObject)["workflow"] as JsonObject;
// The kept entry, read back: where the Agent Spec file holds it, in an agent's stash (session 16: a pointer names a place of its file).
const atKeptEntry = (p: string | undefined) => p === "/spec/workflow/entry" || (p?.endsWith("/metadata/x-agentport/document/mas/~1spec~1workflow~1entry") ?? false);
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
    expect(untouched.diagnostics.filter((d) => atKeptEntry(d.source?.pointer))).toEqual([]);
    // The concierge is the workflow's root, so the entry was derived and nothing of it is kept: the edit is all there is.
    const edited = back(r, (d) => (d["first_agent"] = { $component_ref: "booker" }));
    expect(edited.ok).toBe(true);
    expect(workflowOf(edited)["entry"]).toBe("booker");
    // An entry the stash keeps (the planner, no root) gives way to the edit, and says so.
    const kept = convert(app("planner"), "agentspec", { file: "mas.yaml", readFile });
    const moved = back(kept, (d) => (d["first_agent"] = { $component_ref: "booker" }));
    expect(workflowOf(moved)["entry"]).toBe("booker");
    const said = moved.diagnostics.filter((d) => d.code === "transformed-value" && atKeptEntry(d.source?.pointer));
    expect(said).toHaveLength(1);
    // It points at the kept value, in the file read.
    expect(get(team(kept), said[0]!.source!.pointer)).toBe("planner");
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

  it("a first_agent edited in Agent Spec reaches the mas entry through AgentMug files, which name no entry", () => {
    // AgentMug writes one file per agent: the entry rides in that agent's stash (`entry`), and the
    // --bundle of the files has it as its entry again, over any mas entry the stash kept from the first hop.
    const throughMug = (r: ConvertResult, first?: string) => {
      const d = structuredClone(team(r));
      if (first !== undefined) d["first_agent"] = { $component_ref: first };
      const mug = hop([{ file: "team.json", text: JSON.stringify(d, null, 2) }], "agentmug");
      expect(mug).toHaveLength(3);
      const flagged = mug.filter((m) => ((JSON.parse(m.text as string) as JsonObject)["x-agentport"] as JsonObject)["entry"] === true);
      expect(flagged).toHaveLength(1);
      return { flagged: flagged[0]!.file, home: convertManyMas(mug) };
    };
    const said = (home: ConvertResult) => home.diagnostics.filter((x) => x.code === "transformed-value" && x.message.startsWith("spec.workflow.entry"));
    // The concierge is the root: nothing of the entry is kept, the edit is all there is.
    const derived = throughMug(convert(app("concierge"), "agentspec", { file: "mas.yaml", readFile }), "planner");
    expect(derived.flagged).toBe("planner.agent.json");
    expect(workflowOf(derived.home)["entry"]).toBe("planner");
    // The planner is no root: the stash keeps the app's entry, and the edit wins over it, said in a note.
    const kept = convert(app("planner"), "agentspec", { file: "mas.yaml", readFile });
    const edited = throughMug(kept, "booker");
    expect(edited.flagged).toBe("booker.agent.json");
    expect(workflowOf(edited.home)["entry"]).toBe("booker");
    expect(said(edited.home)).toHaveLength(1);
    expect(said(edited.home)[0]!.message).toContain(`spec.workflow.entry "planner" is written as "booker"`);
    // Untouched, the way through AgentMug gives the app's own entry back, with no word about it.
    const plain = throughMug(kept);
    expect(workflowOf(plain.home)["entry"]).toBe("planner");
    expect(said(plain.home)).toEqual([]);
  });
});

function convertManyMas(inputs: { file?: string; text?: string }[]): ConvertResult {
  const r = convertMany(inputs, "mas", { bundle: true });
  expect(r.ok).toBe(true);
  return r;
}
