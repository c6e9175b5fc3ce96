// --bundle --to mas with MAS apps among the inputs (fresh10 finding 2): the app written is one
// agentport's own validate accepts (its workflow names agents of its agency), each app's manifest
// values that the merged bundle cannot keep are reported at their own file, and an output that
// breaks the format's rules beyond its schema is never written (Adapter.checkOutput).
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { convertMany, emit, parse, validate } from "../src/index.js";
import { masAdapter } from "../src/adapters/mas/index.js";
import type { ConvertInput, ConvertResult } from "../src/convert.js";
import type { ReadFile } from "../src/adapters/types.js";
import type { JsonObject } from "../src/ir/json.js";
import { masAgent } from "./helpers/mas-app.js";

// An app of one agent whose agency id ("qa") is not the agent's metadata.name, as app 03 of the mas corpus.
const app = (name: string, id: string, agent: string) => `apiVersion: mas/v1
kind: MAS
metadata:
  name: ${name}
spec:
  agency:
    agents:
      - id: ${id}
        ref: ${agent}.yaml
  workflow:
    entry: ${id}
    nodes:
      - id: ${id}
`;
const files: Record<string, string> = { "one/qa-agent.yaml": masAgent("qa-agent"), "two/letta.yaml": masAgent("letta") };
const reader = (dir: string): ReadFile => (path) => {
  const text = files[`${dir}/${path}`];
  return text === undefined ? { ok: false, code: "ref-not-found", message: `${path} not found` } : { ok: true, text };
};
const one: ConvertInput = { file: "one/mas.yaml", text: app("one-mas", "qa", "qa-agent"), readFile: reader("one") };
const two: ConvertInput = { file: "two/mas.yaml", text: app("two-mas", "mem", "letta"), readFile: reader("two") };
// An AgentMug example (test/fixtures/agentmug/SOURCES.md).
const hello: ConvertInput = { file: "hello.agent", text: readFileSync("test/fixtures/agentmug/hello.agent", "utf8") };

const manifestOf = (r: ConvertResult) => r.outputs.find((o) => (o.document as JsonObject)["kind"] === "MAS");
/** What agentport's validate says of the MAS manifest written, read with the agent files written beside it. */
function validated(r: ConvertResult) {
  const m = manifestOf(r)!;
  const byName = new Map(r.outputs.map((o) => [o.name, o.text]));
  return validate(m.text, { file: m.name, readFile: (p) => {
    const text = byName.get(p.replace(/^\.\//, ""));
    return text === undefined ? { ok: false, code: "ref-not-found", message: p } : { ok: true, text };
  } });
}

describe("--bundle --to mas with a MAS app among the inputs", () => {
  it("writes an app whose workflow follows the agents to their ids in the new agency list, and says so", () => {
    const r = convertMany([one, hello], "mas", { bundle: true });
    expect(r.ok).toBe(true);
    const spec = manifestOf(r)!.document["spec"] as JsonObject;
    const ids = ((spec["agency"] as JsonObject)["agents"] as JsonObject[]).map((e) => e["id"]);
    expect(ids).toEqual(["qa-agent", "hello-agent"]);
    const workflow = spec["workflow"] as JsonObject;
    expect(workflow["entry"]).toBe("qa-agent");
    // hello joined the app: a node of its workflow, which its entry does not reach; said so.
    expect(workflow["nodes"]).toEqual([{ id: "qa-agent" }, { id: "hello-agent" }]);
    expect(validated(r)).toMatchObject({ ok: true, diagnostics: [] });
    const apart = r.diagnostics.filter((d) => d.code === "defaulted-placeholder");
    expect(apart).toHaveLength(1);
    expect(apart[0]).toMatchObject({ severity: "warning", target: { format: "mas", pointer: "/spec/workflow/entry" } });
    expect(apart[0]!.message).toContain(`wrote spec.workflow.entry "qa-agent", the kept entry: "hello-agent" receives no request`);
    const moved = r.diagnostics.filter((d) => d.code === "transformed-value" && d.source?.file === "one/mas.yaml");
    expect(moved.map((d) => d.source?.pointer)).toEqual(["/spec/workflow/nodes/0/id", "/spec/workflow/entry"]);
    expect(moved[0]!.message).toContain(`spec.workflow.nodes[0].id "qa" is written as "qa-agent"`);
    // The replaced list is reported where it was read, with its count in words.
    const list = r.diagnostics.find((d) => d.code === "dropped-field" && d.source?.pointer === "/spec/agency/agents");
    expect(list?.source?.file).toBe("one/mas.yaml");
    expect(list?.message).toContain("lists 1 agent and the bundle now has 2");
  });

  it("with two apps, reports the second app's manifest values it cannot keep at that app's file", () => {
    const r = convertMany([one, two], "mas", { bundle: true });
    expect(r.ok).toBe(true);
    expect(validated(r).ok).toBe(true);
    const lost = r.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.file === "two/mas.yaml");
    expect(lost.map((d) => d.source?.pointer).sort()).toEqual(["/metadata", "/spec/agency/agents", "/spec/workflow/entry", "/spec/workflow/nodes"]);
    expect(lost.find((d) => d.source?.pointer === "/spec/workflow/entry")!.message).toContain(`spec.workflow.entry "mem" differs from the value of one/mas.yaml, which the merged bundle keeps`);
    // Values the inputs hold alike are one value: nothing to report (a split bundle's files).
    const same = convertMany([one, { ...one, file: "one/again.yaml" }], "caplo", { bundle: true, lenient: true });
    expect(same.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.file === "one/again.yaml")).toEqual([]);
  });

  it("keeps one app's workflow whole, whichever input order: every agent is a node, and the entry's reach is told", () => {
    // An app whose workflow agentport derives (entry and node are its agent's own name), given first.
    const derived: ConvertInput = { file: "two/mas.yaml", text: app("two-mas", "letta", "letta"), readFile: reader("two") };
    for (const inputs of [[derived, one], [one, derived]]) {
      const r = convertMany(inputs, "mas", { bundle: true });
      expect(r.ok).toBe(true);
      expect(validated(r)).toMatchObject({ ok: true, diagnostics: [] });
      const workflow = (manifestOf(r)!.document["spec"] as JsonObject)["workflow"] as JsonObject;
      expect((workflow["nodes"] as JsonObject[]).map((n) => n["id"]).sort()).toEqual(["letta", "qa-agent"]);
      // No node of one app is read against the other's agency list.
      expect(r.diagnostics.filter((d) => d.message.includes("which is no agent of the bundle written"))).toEqual([]);
      const told = r.diagnostics.filter((d) => d.code === "defaulted-placeholder" && d.severity === "warning");
      expect(told).toHaveLength(1);
    }
    // Given first, the derived app's values are kept: the other app's workflow is reported lost at its file, as a behaviour.
    const r = convertMany([derived, one], "mas", { bundle: true });
    const lost = r.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.file === "one/mas.yaml").map((d) => [d.source?.pointer, d.severity]);
    expect(lost).toEqual(expect.arrayContaining([["/spec/workflow/entry", "warning"], ["/spec/workflow/nodes", "warning"]]));
  });

  it("leaves out, and reports, a kept node and entry that name no agent of the bundle", () => {
    // A workflow kept in the document (as a stash brings it back, edited by hand) that names agents the bundle does not have.
    const read = parse(one.text!, { file: one.file!, readFile: one.readFile! });
    const doc = structuredClone(read.doc!);
    const kept = doc.extensions["mas"]!;
    kept["/spec/workflow/nodes"] = [{ id: "qa" }, { id: "ghost", agent: "nobody" }];
    kept["/spec/workflow/entry"] = "nowhere";
    const r = emit(doc, "mas");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const workflow = (manifestOf({ ok: true, ...r })!.document["spec"] as JsonObject)["workflow"] as JsonObject;
    expect(workflow).toEqual({ entry: "qa", nodes: [{ id: "qa" }] });
    const dropped = r.diagnostics.filter((d) => d.code === "dropped-field" && d.source?.file === "one/mas.yaml");
    expect(dropped.map((d) => d.source?.pointer)).toEqual(["/spec/workflow/nodes/1/agent", "/spec/workflow/entry"]);
    expect(dropped[0]!.message).toContain(`spec.workflow.nodes[1] "ghost" (bound to "nobody", which is no agent of the bundle written)`);
    expect(dropped[1]!.message).toContain(`spec.workflow.entry "nowhere" (it names no node or agent of the bundle written)`);
    expect(validated({ ok: true, ...r }).ok).toBe(true);
  });
});

describe("an output that breaks the format's rules beyond its schema", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the mas check finds a workflow node bound to no agent, and a delegation to nothing", () => {
    const written = (ref: string) => (ref === "./a.yaml" || ref === "a.yaml" ? { apiVersion: "mas/v1", kind: "Agent", metadata: { name: "a" } } : undefined);
    const doc = { apiVersion: "mas/v1", kind: "MAS", metadata: { name: "m" }, spec: { agency: { agents: [{ id: "x", ref: "./a.yaml" }, { id: "y", ref: "./gone.yaml" }] }, workflow: { entry: "x", nodes: [{ id: "x", delegates_to: ["z"] }, { id: "qa" }] } } };
    const issues = masAdapter.checkOutput!(doc, written);
    expect(issues.map((i) => i.pointer)).toEqual(["/spec/agency/agents/1/ref", "/spec/workflow/nodes/1/id", "/spec/workflow/nodes/0/delegates_to/0"]);
    expect(issues[1]!.message).toContain(`workflow node "qa" is bound to "qa", which is no agent of this MAS`);
    // What the parse accepts, the check accepts: an agent bound by its metadata.name or its agency id.
    expect(masAdapter.checkOutput!({ ...doc, spec: { agency: { agents: [{ id: "x", ref: "./a.yaml" }] }, workflow: { entry: "a", nodes: [{ id: "a", delegates_to: ["x"] }, { id: "n", agent: "x" }] } } }, written)).toEqual([]);
    expect(masAdapter.checkOutput!({ apiVersion: "mas/v1", kind: "Agent", metadata: { name: "a" }, spec: {} }, written)).toEqual([]);
  });

  it("is an output-invalid error: nothing is written", () => {
    vi.spyOn(masAdapter, "checkOutput").mockImplementation((d) => ((d as JsonObject)["kind"] === "MAS" ? [{ pointer: "/spec/workflow/entry", message: "a planted fault", keyword: "test" }] : []));
    const r = convertMany([one, hello], "mas", { bundle: true });
    expect(r.ok).toBe(false);
    expect(r.outputs).toEqual([]);
    const bad = r.diagnostics.filter((d) => d.code === "output-invalid");
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ severity: "error", target: { format: "mas", pointer: "/spec/workflow/entry" } });
    expect(bad[0]!.message).toContain("a planted fault");
  });
});
