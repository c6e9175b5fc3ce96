// A worker with no description of its own, called through a link with routing text (Caplo useWhen):
// written into an Agent Spec team, the text is the worker's description, which the manager reads to
// choose it, as the mas emitter makes it the child's spec.description (user trial 18: the support
// bundle's "tech" worker had no description at all, and a warning said when to use it was lost).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { isObject, type JsonObject, type JsonValue } from "../src/ir/json.js";

const BUNDLE = readFileSync("examples/support-bundle.caplo.json", "utf8");
const TECH_TEXT = "The customer reports an outage, an error message or a configuration problem.";

const workers = (doc: JsonObject): JsonObject[] => {
  const all = [...((doc["workers"] as JsonValue[] | undefined) ?? []), ...Object.values((doc["$referenced_components"] as JsonObject | undefined) ?? {})];
  return all.flatMap((w) => (isObject(w) && w["component_type"] === "Agent" ? [w] : []));
};

describe("Caplo bundle → Agent Spec: a worker without a description gets its caller's routing text", () => {
  const r = convert(BUNDLE, "agentspec", { file: "support-bundle.caplo.json" });
  const doc = r.outputs[0]!.document as JsonObject;

  it("tech's description is the text front-desk's link routes by", () => {
    expect(r.ok).toBe(true);
    const tech = workers(doc).find((w) => w["id"] === "tech");
    expect(tech?.["description"]).toBe(TECH_TEXT);
  });

  it("the tech link no longer says when to use it is lost (its other parts still are)", () => {
    const techLink = r.diagnostics.filter((d) => d.source?.pointer === "/agents/0/subAgents/1");
    const lost = techLink.filter((d) => d.severity === "warning").map((d) => d.message);
    expect(lost.some((m) => /when not to use it/.test(m))).toBe(true);
    expect(lost.some((m) => /when to use it,|when to use it cannot|: when to use it/.test(m))).toBe(false);
    // Said as a reshape at the link's text: where it now lives (info; the stash keeps the link as written).
    const at = r.diagnostics.filter((d) => d.source?.pointer === "/agents/0/subAgents/1/useWhen");
    expect(at.map((d) => [d.severity, /is the description written for "tech"/.test(d.message)])).toEqual([["info", true]]);
  });

  it("an agent's own description is never replaced (billing keeps its own)", () => {
    const billing = workers(doc).find((w) => w["id"] === "billing");
    expect(billing?.["description"]).toBe("Explains invoices and charges and files refund requests.");
  });

  it("the way back to Caplo gives tech no description it did not have", () => {
    const back = convert(r.outputs[0]!.text, "caplo", { file: r.outputs[0]!.name });
    expect(back.ok).toBe(true);
    const agents = (back.outputs[0]!.document as JsonObject)["agents"] as JsonObject[];
    const tech = agents.find((a) => a["key"] === "tech");
    expect(tech).toBeDefined();
    expect(tech!["description"]).toBeUndefined();
    const link = ((agents.find((a) => a["key"] === "front-desk")!["subAgents"] as JsonObject[]).find((l) => l["local"] === "tech"))!;
    expect(link["useWhen"]).toBe(TECH_TEXT);
  });
});
