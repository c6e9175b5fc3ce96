// A team's component_type edited in Agent Spec is the user's edit (review finding 7): a ManagerWorkers
// written from another format's bundle and turned into a Swarm there stays a Swarm on the next trip
// into Agent Spec; the component_type the emitter derives again is no value of the team's own.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertMany, type ConvertInput, type ConvertResult } from "../src/index.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";

// The spawn bundle with fixer's spawn_subagent tool taken out: the coordinator's links are a star.
const DIR = "golden/mas-spawn-bundle/inputs";
const read = (f: string) => readFileSync(`${DIR}/${f}`, "utf8");
const fixer = read("fixer.yaml").replace(/  tools:\n(    .*\n)+/, "");
const inputs: ConvertInput[] = [{ file: "coordinator.yaml", text: read("coordinator.yaml") }, { file: "fixer.yaml", text: fixer }, { file: "reviewer.yaml", text: read("reviewer.yaml") }];
const errors = (r: ConvertResult) => JSON.stringify(r.diagnostics.filter((d) => d.severity === "error"));

/** mas bundle → Agent Spec, the team edited by `edit`, → mas → Agent Spec. */
function trip(edit: (team: JsonObject) => JsonObject): { team: JsonObject; again: JsonObject; back: ConvertResult } {
  const forward = convertMany(inputs, "agentspec", { bundle: true });
  expect(forward.ok, errors(forward)).toBe(true);
  const team = JSON.parse(forward.outputs[0]!.text) as JsonObject;
  const back = convertMany([{ file: forward.outputs[0]!.name, text: JSON.stringify(edit(structuredClone(team)), null, 2) }], "mas", { bundle: true });
  expect(back.ok, errors(back)).toBe(true);
  const again = convertMany(back.outputs.map((o) => ({ file: o.name, text: o.text })), "agentspec", { bundle: true });
  expect(again.ok, errors(again)).toBe(true);
  return { team, again: again.outputs[0]!.document, back };
}

/** The ManagerWorkers as a Swarm of the same links: the manager first, one relationship per worker. */
function asSwarm(team: JsonObject): JsonObject {
  const manager = team["group_manager"] as JsonObject;
  const workers = team["workers"] as JsonObject[];
  const ref = (c: JsonObject) => ({ $component_ref: c["id"] as string });
  const defs: Record<string, JsonValue> = {};
  for (const c of [manager, ...workers]) defs[c["id"] as string] = c;
  return { component_type: "Swarm", name: team["name"] as string, first_agent: ref(manager), relationships: workers.map((w) => [ref(manager), ref(w)]), agentspec_version: team["agentspec_version"] as string, $referenced_components: defs };
}

describe("a team's component_type edited in Agent Spec", () => {
  it("untouched, the emitter's ManagerWorkers for a star of links does not ride home", () => {
    const { team, again, back } = trip((t) => t);
    expect(team["component_type"]).toBe("ManagerWorkers");
    expect(again["component_type"]).toBe("ManagerWorkers");
    for (const o of back.outputs) expect(o.text).not.toContain("component_type");
  });

  it("ManagerWorkers turned into a Swarm comes back a Swarm", () => {
    const { team, again } = trip(asSwarm);
    expect(team["component_type"]).toBe("ManagerWorkers");
    expect(again["component_type"]).toBe("Swarm");
    const ids = (again["relationships"] as JsonObject[][]).map((r) => r.map((c) => c["$component_ref"]));
    expect(ids.map((r) => r[1]).sort()).toEqual(["fixer", "reviewer"]);
    expect(ids.every((r) => r[0] === "coordinator")).toBe(true);
  });
});
