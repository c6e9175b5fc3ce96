// One fault in an Agent Spec component is one error: the schema makes each worker, tool and
// llm_config a union of every component type (and a reference), ajv reports every branch, and the
// component's own component_type says which branch it meant (src/adapters/agentspec/schema-errors.ts).
// fresh10 finding 10: a worker missing its system_prompt gave 26 errors, the one that mattered cut off.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { convert } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { GOLDEN_ROOT } from "./helpers/cases.js";

const team = (): JsonObject => parseYaml(readFileSync(join(GOLDEN_ROOT, "agentspec-manager-workers", "input.yaml"), "utf8")) as JsonObject;
const workers = (doc: JsonObject) => doc["workers"] as JsonObject[];

function errorsOf(doc: JsonObject) {
  const r = convert(JSON.stringify(doc, null, 2), "mas", { file: "team.json" });
  expect(r.ok).toBe(false);
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => ({ pointer: d.source?.pointer, message: d.message }));
}

describe("Agent Spec schema errors: the branch the component meant", () => {
  it("a worker missing its system_prompt is one error at the worker", () => {
    const doc = team();
    delete workers(doc)[0]!["system_prompt"];
    const errors = errorsOf(doc);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe("/workers/0");
    expect(errors[0]!.message).toContain('missing required property "system_prompt"');
  });

  it("a component_type no branch has is one error listing the types the place allows", () => {
    const doc = team();
    workers(doc)[0]!["component_type"] = "Agnet";
    const errors = errorsOf(doc);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe("/workers/0/component_type");
    expect(errors[0]!.message).toMatch(/must be one of \[.*"Agent".*"ManagerWorkers".*\]/);
  });

  it("a nested component (a worker's llm_config) is judged by its own component_type too", () => {
    const doc = team();
    (workers(doc)[0]!["llm_config"] as JsonObject)["component_type"] = "OpenAiConfgi";
    const errors = errorsOf(doc);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe("/workers/0/llm_config/component_type");
    expect(errors[0]!.message).toContain('"OpenAiConfig"');
  });

  it("a fault inside the branch meant is kept, and the other branches' are not", () => {
    const doc = team();
    const worker = workers(doc)[0]!;
    // An A2AAgent worker whose connection_config lacks the name and component_type its schema requires.
    workers(doc)[0] = { component_type: "A2AAgent", id: worker["id"] as string, name: "remote", agent_url: "http://localhost:8000", connection_config: { timeout: 30 } };
    const errors = errorsOf(doc);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe("/workers/0/connection_config");
    expect(errors[0]!.message).toContain('missing required property "name"');
  });

  it("a reference is still judged as a reference", () => {
    const doc = team();
    workers(doc)[0] = { $component_ref: 42 } as unknown as JsonObject;
    const errors = errorsOf(doc);
    // The reference's own fault (its id must be a string), not every component type's missing members.
    expect(errors).toHaveLength(1);
    expect(errors[0]!.pointer).toBe("/workers/0/$component_ref");
    expect(errors[0]!.message).toContain("must be string");
  });
});
