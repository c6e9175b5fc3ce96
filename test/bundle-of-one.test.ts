// A bundle of one agent is told from one agent only by the document's flag (IrDocument.bundle).
// Into a format that holds one agent a file, the stash keeps it: a Caplo AgentBundle of one
// through AgentMug, Open Agent Spec or mas comes back a bundle, and a kind: Agent stays one.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, convertMany } from "../src/index.js";
import { ADAPTERS } from "../src/adapters/registry.js";

const bundle = JSON.parse(readFileSync("examples/support-bundle.caplo.json", "utf8")) as { agents: Record<string, unknown>[] };
const first = { ...bundle.agents[0] };
delete first["subAgents"];
delete first["routing"];
const ofOne = JSON.stringify({ ...bundle, agents: [first] });
const alone = JSON.stringify({ apiVersion: (bundle as unknown as { apiVersion: string }).apiVersion, kind: "Agent", ...first });
const slotted = ADAPTERS.filter((a) => a.slot !== undefined).map((a) => a.id);

/** `text` → `to` → Caplo: the kind each way back writes (several outputs are read together, as one app). */
function back(text: string, to: string): string | undefined {
  const there = convert(text, to, { lenient: true });
  expect(there.ok, JSON.stringify(there.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
  const again = convertMany(there.outputs.map((o) => ({ text: o.text, file: o.name })), "caplo", { lenient: true });
  expect(again.ok).toBe(true);
  expect(again.outputs).toHaveLength(1);
  return (again.outputs[0]!.document as { kind?: string }).kind;
}

describe("a bundle of one agent through a format with a slot", () => {
  it("has formats to go through", () => expect(slotted.length).toBeGreaterThanOrEqual(3));
  for (const to of slotted) {
    it(`Caplo AgentBundle of one → ${to} → Caplo is a bundle again`, () => {
      expect(back(ofOne, to)).toBe("AgentBundle");
    });
    it(`Caplo kind: Agent → ${to} → Caplo stays one agent`, () => {
      expect(back(alone, to)).toBe("Agent");
    });
  }
  it("the stash says so only for a bundle of one, and only where it has to", () => {
    const stashOf = (text: string) => (convert(text, "agentmug", { lenient: true }).outputs[0]!.document as { "x-agentport"?: { bundle?: boolean } })["x-agentport"];
    expect(stashOf(ofOne)?.bundle).toBe(true);
    expect(stashOf(alone)?.bundle).toBeUndefined();
    expect(convert(readFileSync("examples/support-bundle.caplo.json", "utf8"), "agentmug").outputs.map((o) => (o.document as { "x-agentport"?: { bundle?: boolean } })["x-agentport"]?.bundle)).toEqual([undefined, undefined, undefined]);
  });
});
