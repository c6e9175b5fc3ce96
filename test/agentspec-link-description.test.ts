// A mas delegation's routing text is its worker's description (MAPPING.md §6): written as an Agent
// Spec team, the manager reads that same description, so "when to use it" is not lost and no warning
// may say it is (a fresh user's finding: two false warnings per delegation, mas → Agent Spec). A link
// whose own text differs from the worker's description (Caplo useWhen) still loses it, and says so.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const files = new Map([["agents/planner.yaml", masAgent("planner")], ["agents/booker.yaml", masAgent("booker")], ["agents/desk.yaml", masAgent("desk")]]);
const app = masManifest([{ id: "desk", ref: "agents/desk.yaml" }, { id: "planner", ref: "agents/planner.yaml" }, { id: "booker", ref: "agents/booker.yaml" }]);

describe("mas app → Agent Spec: a delegation's text is the worker's description", () => {
  const r = convert(app, "agentspec", { file: "mas.yaml", readFile: memoryReadFile(files) });
  const doc = r.outputs[0]!.document as JsonObject;

  it("writes each worker with the description the mas manager read", () => {
    expect(r.ok).toBe(true);
    expect(JSON.stringify(doc)).toContain('"description":"Answers questions about planner."');
    expect(JSON.stringify(doc)).toContain('"description":"Answers questions about booker."');
  });

  it("raises no warning that when to use a worker is lost", () => {
    const linkWarnings = r.diagnostics.filter((d) => d.severity === "warning" && /when to use it/.test(d.message));
    expect(linkWarnings).toEqual([]);
  });

  it("the golden mas-system app: no link warning for its three delegations", () => {
    const dir = "golden/mas-system";
    const g = convert(readFileSync(`${dir}/input.yaml`, "utf8"), "agentspec", { file: "input.yaml", readFile: (p) => ({ ok: true, text: readFileSync(`${dir}/${p.replace(/^\.\//, "")}`, "utf8") }) });
    expect(g.ok).toBe(true);
    expect(g.diagnostics.filter((d) => d.severity === "warning" && d.source?.pointer?.includes("delegates_to"))).toEqual([]);
  });
});

describe("Caplo bundle → Agent Spec: a link's own text the worker's description does not say", () => {
  const r = convert(readFileSync("examples/support-bundle.caplo.json", "utf8"), "agentspec", { file: "support-bundle.caplo.json" });

  it("still warns that when to use it (and when not) is lost where the worker has a description of its own", () => {
    expect(r.ok).toBe(true);
    const lost = r.diagnostics.filter((d) => d.severity === "warning" && /when to use it/.test(d.message));
    // billing describes itself otherwise; tech has no description, so the link's text is its description
    // (session 18, test/agentspec-worker-routing-text.test.ts) and only its "when not to use it" is lost.
    expect(lost.map((d) => d.source?.pointer)).toEqual(["/agents/0/subAgents/0"]);
  });
});
