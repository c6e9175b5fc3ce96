// --bundle merges the inputs into one document; a diagnostic about a document-level value (a
// Swarm's name, a Caplo bundle's apiVersion spelling) still names the input it was read from,
// and is judged by that input's declarations, as it is without --bundle.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convertMany, formats, type Diagnostic } from "../src/index.js";

const inputs = [
  { file: "swarm.agentspec.json", text: readFileSync("golden/agentspec-swarm/input.json", "utf8") },
  { file: "support-bundle.caplo.json", text: readFileSync("examples/support-bundle.caplo.json", "utf8") },
];
const documentLevel = (ds: readonly Diagnostic[]) => ds.filter((d) => d.source !== undefined && !/^\/(agents|\$referenced_components)\//.test(d.source.pointer) && d.source.pointer !== "");
const about = (d: Diagnostic) => JSON.stringify([d.code, d.effect, d.severity, d.source, d.message]);

describe("--bundle: document-level values keep their file", () => {
  for (const to of formats().map((f) => f.id)) {
    for (const input of inputs) {
      it(`${input.file} → ${to}: the same report of its document-level values with --bundle as without`, () => {
        const alone = convertMany([input], to, {});
        const merged = convertMany([input], to, { bundle: true });
        expect(merged.ok).toBe(true);
        for (const d of merged.diagnostics) expect(d.source?.file, about(d)).toBe(input.file);
        expect(documentLevel(merged.diagnostics).map(about).sort()).toEqual(documentLevel(alone.diagnostics).map(about).sort());
      });
    }
  }

  it("two inputs merged: each document-level value names its own input, at its line", () => {
    const app = { file: "desk/mas.yaml", text: "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: desk\n  version: 1.0.0\nspec:\n  agency:\n    agents:\n      - kind: Agent\n        metadata: {name: greeter}\n        spec: {description: Greets guests., context: {role: Greet the guest.}, models: [{model: gpt-4o-mini}]}\n" };
    const merged = convertMany([inputs[0]!, app], "agentmug", { bundle: true });
    expect(merged.ok, JSON.stringify(merged.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
    const named = documentLevel(merged.diagnostics).map((d) => [d.source?.pointer, d.source?.file, d.source?.line]);
    expect(named).toContainEqual(["/name", "swarm.agentspec.json", 4]);
    expect(named).toContainEqual(["/metadata", "desk/mas.yaml", 3]);
    expect(merged.diagnostics.every((d) => d.source?.file !== undefined)).toBe(true);
  });
});
