// Multi-hop chains (session 12): a team its own Agent Spec document calls a ManagerWorkers, whose
// links were edited on the way (in mas, a worker made to delegate too), can only be written back as a
// Swarm; that was done with no word, though a Swarm's agents hand the conversation to each other
// where a manager called workers and answered. Now a warning says so.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, convertMany, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

const errors = (r: ConvertResult) => JSON.stringify(r.diagnostics.filter((d) => d.severity === "error"));
const input = readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8");

/** The team → a mas app, its workflow edited by `edit`, → Agent Spec. */
function trip(edit: (manifest: string) => string): { team: JsonObject; r: ConvertResult } {
  const app = convert(input, "mas", { file: "team.yaml" });
  expect(app.ok, errors(app)).toBe(true);
  const files = app.outputs.map((o) => ({ file: o.name, text: (o.document as JsonObject)["kind"] === "MAS" ? edit(o.text) : o.text }));
  const r = convertMany(files, "agentspec", { bundle: true });
  expect(r.ok, errors(r)).toBe(true);
  return { team: r.outputs[0]!.document as JsonObject, r };
}

const typeChange = (r: ConvertResult) => r.diagnostics.filter((d) => d.code === "transformed-value" && d.message.includes("a ManagerWorkers in the document it came from"));

describe("a ManagerWorkers whose links were edited into no manager's", () => {
  it("is written as a Swarm, with a warning", () => {
    const { team, r } = trip((m) => m.replace("      - id: flights\n      - id: hotels", "      - id: flights\n        delegates_to:\n          - hotels\n      - id: hotels"));
    expect(team["component_type"]).toBe("Swarm");
    const found = typeChange(r);
    expect(found).toHaveLength(1);
    expect(found[0]!.severity).toBe("warning");
    expect(found[0]!.message).toContain("is written as a Swarm");
  });

  it("untouched, it stays a ManagerWorkers, and nothing is said", () => {
    const { team, r } = trip((m) => m);
    expect(team["component_type"]).toBe("ManagerWorkers");
    expect(typeChange(r)).toEqual([]);
  });
});
