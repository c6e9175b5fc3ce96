// A sub-agent tool with `enabled: false` spawns nothing in mas, so --bundle does not turn its
// templates into links (src/adapters/mas/templates.ts): as links they would let the parent call
// agents the source never let it reach. It stays the tool it is, reported where a target loses it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertMany, type ConvertInput } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

const DIR = "golden/mas-spawn-bundle/inputs";
const read = (f: string) => readFileSync(`${DIR}/${f}`, "utf8");
const disabled = read("fixer.yaml").replace("      name: spawn_subagent\n", "      name: spawn_subagent\n      enabled: false\n");
const inputs: ConvertInput[] = [
  { file: "coordinator.yaml", text: read("coordinator.yaml") },
  { file: "fixer.yaml", text: disabled },
  { file: "reviewer.yaml", text: read("reviewer.yaml") },
];

describe("a disabled spawn tool under --bundle", () => {
  it("is no sub-agent link in Caplo: fixer gains no callee, and the tool's loss is reported at the tool", () => {
    expect(disabled).toContain("enabled: false");
    const r = convertMany(inputs, "caplo", { bundle: true });
    expect(r.ok).toBe(true);
    const agents = (r.outputs[0]!.document["agents"] as JsonObject[]);
    const fixer = agents.find((a) => a["key"] === "fixer")!;
    expect(fixer["subAgents"]).toBeUndefined();
    const coordinator = agents.find((a) => a["key"] === "coordinator")!;
    expect((coordinator["subAgents"] as unknown[]).length).toBeGreaterThan(0);
    const atTool = r.diagnostics.filter((d) => d.source?.file === "fixer.yaml" && d.source.pointer.startsWith("/spec/tools/0"));
    expect(atTool.some((d) => d.severity === "warning")).toBe(true);
    expect(r.diagnostics.some((d) => /spawned per call/.test(d.message) && d.source?.file === "fixer.yaml")).toBe(false);
  });

  it("comes back from Agent Spec as the same disabled tool", () => {
    const there = convertMany(inputs, "agentspec", { bundle: true });
    expect(there.ok).toBe(true);
    const back = convertMany([{ file: there.outputs[0]!.name, text: there.outputs[0]!.text }], "mas", { bundle: true });
    expect(back.ok).toBe(true);
    const fixer = back.outputs.find((o) => o.name === "fixer.yaml")!;
    expect(((fixer.document["spec"] as JsonObject)["tools"] as JsonObject[])[0]).toMatchObject({ kind: "system", name: "spawn_subagent", enabled: false });
  });
});
