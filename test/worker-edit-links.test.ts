// An edit of one worker of an Agent Spec ManagerWorkers costs the manager's link to it only what the
// edit contradicts (session 16, verification finding N1). The link's stashed values (Caplo useWhen,
// doNotUseWhen, mode, and with them the manager's routing) were guarded by the whole worker component:
// an edit of its prompt or temperature (nothing the link stands for) dropped them all. The link now
// depends on what says which worker it is and what the manager reads to pick it (its target and its
// routing text, the worker's description); a removal plus an edit of another worker matches the
// workers by identity, not by index.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.file ?? ""}${d.source?.pointer ?? ""}: ${d.message}`).join("\n");

describe("Caplo bundle → Agent Spec ManagerWorkers, one worker edited → Caplo (N1)", () => {
  const SOURCE = readFileSync("examples/support-bundle.caplo.json", "utf8");
  const original = JSON.parse(SOURCE) as { agents: JsonObject[] };
  const manager = original.agents[0] as JsonObject;
  const toAgentspec = (): JsonObject => {
    const r = convert(SOURCE, "agentspec", { file: "support-bundle.caplo.json" });
    expect(r.ok, listing(r)).toBe(true);
    return structuredClone(r.outputs[0]!.document) as JsonObject;
  };
  const back = (as: JsonObject): ConvertResult => convert(JSON.stringify(as, null, 2), "caplo", { file: "a1.json" });
  const front = (r: ConvertResult): JsonObject => ((r.outputs[0]!.document as JsonObject)["agents"] as JsonObject[])[0] as JsonObject;
  const worker = (as: JsonObject, id: string): JsonObject => (as["workers"] as JsonObject[]).find((w) => w["id"] === id) as JsonObject;
  const stale = (r: ConvertResult) => r.diagnostics.filter((d) => d.code === "stash-stale" || d.code === "dropped-field").map((d) => d.message);

  const edits: [string, (as: JsonObject) => void][] = [
    ["tech's system_prompt", (as) => { worker(as, "tech")["system_prompt"] += " Ask for the error code."; }],
    ["billing's system_prompt", (as) => { worker(as, "billing")["system_prompt"] += " Ask for the invoice number."; }],
    ["billing's temperature", (as) => { ((worker(as, "billing")["llm_config"] as JsonObject)["default_generation_parameters"] as JsonObject)["temperature"] = 0.9; }],
    ["tech's temperature", (as) => { ((worker(as, "tech")["llm_config"] as JsonObject)["default_generation_parameters"] as JsonObject)["temperature"] = 0.9; }],
  ];
  for (const [what, edit] of edits) {
    it(`an edit of ${what} keeps the links' useWhen, doNotUseWhen, mode and the manager's routing`, () => {
      const as = toAgentspec();
      edit(as);
      const r = back(as);
      expect(r.ok, listing(r)).toBe(true);
      const a = front(r);
      expect(a["subAgents"]).toEqual(manager["subAgents"]);
      expect(a["routing"]).toEqual(manager["routing"]);
      // Nothing said about the links: the edit contradicts none of their values.
      expect(stale(r).filter((m) => /subAgents|routing/.test(m)), listing(r)).toEqual([]);
    });
  }

  it("an edit of billing's description reaches its link's useWhen", () => {
    const as = toAgentspec();
    worker(as, "billing")["description"] = "Handles invoices, refunds and payment methods.";
    const r = back(as);
    expect(r.ok, listing(r)).toBe(true);
    const links = front(r)["subAgents"] as JsonObject[];
    const billing = links.find((l) => l["local"] === "billing") as JsonObject;
    expect(billing["useWhen"]).toBe("Handles invoices, refunds and payment methods.");
    // The other link is untouched.
    expect(links.find((l) => l["local"] === "tech")).toEqual((manager["subAgents"] as JsonObject[])[1]);
  });

  it("billing removed and tech's prompt edited: tech's link keeps its values, and the report names billing as removed", () => {
    const as = toAgentspec();
    as["workers"] = (as["workers"] as JsonObject[]).filter((w) => w["id"] !== "billing");
    worker(as, "tech")["system_prompt"] += " Always ask for the error code.";
    const r = back(as);
    expect(r.ok, listing(r)).toBe(true);
    const a = front(r);
    expect(a["subAgents"]).toEqual([(manager["subAgents"] as JsonObject[])[1]]);
    const messages = stale(r).join("\n");
    expect(messages).not.toMatch(/differs/);
    expect(messages).not.toMatch(/subAgents\[1\]/);
  });
});
