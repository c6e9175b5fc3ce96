// A worker removed from a team keeps the other workers whole on the way back (session 16, user trial
// findings F5 and F8). Workers and external links are list items: the stash must find each by its
// identity (an agent's component place as written, a remote agent's URL), never by its index. Before:
// - Agent Spec ManagerWorkers → mas app, one local worker removed → Agent Spec: the A2A worker, now
//   workers[1], lost its name, description, connection_config name and timeout (kept at /workers/2),
//   and the report said "no behaviour change";
// - Caplo bundle → Agent Spec ManagerWorkers, the first worker deleted → Caplo: three false stash-stale
//   warnings (the unedited tech judged at workers[1]), tech gained temperature 0.4, and a false
//   dropped-field llm_config.component_type.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";
import type { ReadFile } from "../src/adapters/types.js";

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.file ?? ""}${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const warnings = (r: ConvertResult) => r.diagnostics.filter((d) => d.severity !== "info");

describe("Agent Spec ManagerWorkers → mas app, a local worker removed → Agent Spec (F5)", () => {
  const SOURCE = readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8");
  const MAS = "planner-mas.yaml";
  const app = (): Map<string, string> => {
    const r = convert(SOURCE, "mas", { file: "input.yaml" });
    expect(r.ok, listing(r)).toBe(true);
    return new Map(r.outputs.map((o) => [o.name, o.text]));
  };
  const back = (files: Map<string, string>): ConvertResult => {
    const readFile: ReadFile = (p) => {
      const text = files.get(p.replace(/^\.\//, ""));
      return text === undefined ? { ok: false, code: "ref-not-found", message: `${p} not found` } : { ok: true, text };
    };
    return convert(files.get(MAS) as string, "agentspec", { file: MAS, readFile });
  };
  const remote = (r: ConvertResult): JsonObject => {
    const w = ((r.outputs[0]!.document as JsonObject)["workers"] as JsonObject[]).at(-1) as JsonObject;
    const { metadata: _m, ...rest } = w;
    return rest;
  };
  const VISA = {
    component_type: "A2AAgent",
    name: "Visa checker",
    description: "Tells whether a traveller needs a visa.",
    agent_url: "https://visa.example.com/a2a",
    connection_config: { component_type: "A2AConnectionConfig", name: "visa connection", timeout: 30 },
  };

  it("unedited, the A2A worker comes back whole", () => {
    const r = back(app());
    expect(r.ok, listing(r)).toBe(true);
    expect(remote(r)).toEqual(VISA);
  });

  for (const [gone, left] of [["hotels", "flights"], ["flights", "hotels"]] as const) {
    it(`${gone} removed (file, agency entry, delegates_to): the A2A worker keeps its name, description and connection`, () => {
      const files = app();
      files.delete(`${gone}.yaml`);
      const text = files.get(MAS) as string;
      const edited = text.replace(`      - id: ${gone}\n        ref: ./${gone}.yaml\n`, "").replace(`          - ${gone}\n`, "").replace(`      - id: ${gone}\n`, "");
      expect(edited).not.toMatch(new RegExp(gone));
      files.set(MAS, edited);
      const r = back(files);
      expect(r.ok, listing(r)).toBe(true);
      const workers = (r.outputs[0]!.document as JsonObject)["workers"] as JsonObject[];
      expect(workers.map((w) => w["id"] ?? w["name"])).toEqual([left, "Visa checker"]);
      expect(remote(r)).toEqual(VISA);
      // Nothing derived for the remote worker: its name and connection are the source's.
      expect(r.diagnostics.filter((d) => d.code === "defaulted-required").map((d) => d.message)).toEqual([]);
    });
  }
});

describe("Caplo bundle → Agent Spec ManagerWorkers, a worker deleted → Caplo (F8)", () => {
  const SOURCE = readFileSync("examples/support-bundle.caplo.json", "utf8");
  const original = JSON.parse(SOURCE) as { agents: JsonObject[] };
  const toAgentspec = (): JsonObject => {
    const r = convert(SOURCE, "agentspec", { file: "support-bundle.caplo.json" });
    expect(r.ok, listing(r)).toBe(true);
    return structuredClone(r.outputs[0]!.document) as JsonObject;
  };
  const back = (as: JsonObject): ConvertResult => convert(JSON.stringify(as, null, 2), "caplo", { file: "a8.json" });
  const agents = (r: ConvertResult) => (r.outputs[0]!.document as JsonObject)["agents"] as JsonObject[];
  const byKey = (list: JsonObject[], key: string) => list.find((a) => a["key"] === key) as JsonObject;

  for (const [who, at] of [["Billing Specialist", 0], ["Technical Support", 1]] as const) {
    it(`${who} deleted: the others come back as they were, one warning names the removed worker`, () => {
      const as = toAgentspec();
      as["workers"] = (as["workers"] as JsonObject[]).filter((w) => w["name"] !== who);
      const r = back(as);
      expect(r.ok, listing(r)).toBe(true);
      const gone = (original.agents.find((a) => a["name"] === who) as JsonObject)["key"] as string;
      const kept = original.agents.filter((a) => a["key"] !== gone && a["key"] !== "front-desk");
      for (const a of kept) expect(byKey(agents(r), a["key"] as string)).toEqual(a);
      const front = byKey(agents(r), "front-desk");
      const links = (byKey(original.agents, "front-desk")["subAgents"] as JsonValue[]).filter((l) => (l as JsonObject)["local"] !== gone);
      expect(front["subAgents"]).toEqual(links);
      const w = warnings(r);
      expect(w.map((d) => d.code), listing(r)).toEqual(["stash-stale"]);
      // Named at the place the removed worker was written to, as a removal (not "differs … edited").
      // The values x-agentport kept for the link (tech's routing text is its worker's description since
      // session 18, carried there and removed with it: no stash value; its when-not-to-use and mode are).
      expect(w[0]!.message).toMatch(new RegExp(`^workers\\[${at}\\] was removed .*subAgents\\[${at}\\]\\.${at === 0 ? "useWhen" : "doNotUseWhen"}`));
      // No model setting the source never had (tech's temperature was Agent Spec's default, removed on the way home).
      expect(r.diagnostics.filter((d) => d.code === "dropped-field")).toEqual([]);
    });
  }

  it("the workers swapped: every agent comes back as it was, nothing is stale", () => {
    const as = toAgentspec();
    as["workers"] = [...(as["workers"] as JsonObject[])].reverse();
    const r = back(as);
    expect(r.ok, listing(r)).toBe(true);
    for (const a of original.agents.filter((x) => x["key"] !== "front-desk")) expect(byKey(agents(r), a["key"] as string)).toEqual(a);
    expect(r.diagnostics.filter((d) => d.code === "stash-stale").map((d) => d.message)).toEqual([]);
  });

  it("unedited, no warning", () => {
    const r = back(toAgentspec());
    expect(r.ok, listing(r)).toBe(true);
    expect(warnings(r).map((d) => d.message)).toEqual([]);
    expect(agents(r)).toEqual(original.agents);
  });
});
