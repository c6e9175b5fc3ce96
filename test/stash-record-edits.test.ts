// One limit edited in mas, the limit mas cannot hold kept (trial finding fresh10 8). Caplo's
// `policy.maxDepth` has no place in mas: the stash keeps it, guarded by `spec.budget` as written.
// An edit of `max_llm_calls` used to stop it too (the budget was edited), so the Caplo output lost
// a limit the user never saw. The limits are independent settings: an edit of one is no edit of
// another, and only removing the whole budget still stops it.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import type { JsonObject } from "../src/ir/json.js";

const BUNDLE = readFileSync("examples/support-bundle.caplo.json", "utf8");

const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const stale = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.code === "stash-stale");

describe("the Caplo support bundle through mas, front-desk's budget edited", () => {
  const mas = convert(BUNDLE, "mas", { file: "support-bundle.caplo.json" });
  const desk = mas.outputs.find((o) => o.name === "front-desk.yaml")!;
  const manifest = mas.outputs.find((o) => o.name === "front-desk-mas.yaml")!;

  /** The bundle back in Caplo, front-desk.yaml replaced by `text`; front-desk's policy. */
  function back(text: string): { r: ConvertResult; policy: JsonObject } {
    const files = new Map(mas.outputs.filter((o) => o !== manifest).map((o) => [o.name, o === desk ? text : o.text] as const));
    const r = convert(manifest.text, "caplo", { file: manifest.name, readFile: memoryReadFile(files) });
    expect(r.ok, listing(r)).toBe(true);
    const agents = r.outputs[0]!.document["agents"] as JsonObject[];
    return { r, policy: agents.find((a) => a["key"] === "front-desk")!["policy"] as JsonObject };
  }

  it("mas holds max_llm_calls; the stash keeps maxDepth", () => {
    expect(mas.ok, listing(mas)).toBe(true);
    expect(desk.text).toContain("max_llm_calls: 12\n");
    expect(desk.text).toContain("/limits/maxDepth: 2");
  });

  it("unedited, both limits come back", () => {
    const { r, policy } = back(desk.text);
    expect(stale(r)).toEqual([]);
    expect(policy).toMatchObject({ maxModelCalls: 12, maxDepth: 2 });
  });

  it("max_llm_calls edited: the edit wins and maxDepth is still restored, with no warning", () => {
    const edited = desk.text.replace("max_llm_calls: 12\n", "max_llm_calls: 30\n");
    expect(edited).not.toBe(desk.text);
    const { r, policy } = back(edited);
    expect(policy).toMatchObject({ maxModelCalls: 30, maxDepth: 2 });
    expect(stale(r), listing(r)).toEqual([]);
  });

  it("the budget removed: maxDepth goes with it, and a warning says so", () => {
    const edited = desk.text.replace(/ {2}budget:\n {4}max_llm_calls: 12\n {4}max_tool_calls: 8\n/, "");
    expect(edited).not.toBe(desk.text);
    const { r, policy } = back(edited);
    expect(policy["maxDepth"]).toBeUndefined();
    // Without a budget mas sets no limit; Caplo always limits, at most 48, and says so (session 14: it
    // was left unset, Caplo's 16, with no word, as if the mas file still said what agentport wrote).
    expect(policy["maxModelCalls"]).toBe(48);
    expect(r.diagnostics.some((d) => d.code === "clamped-value" && d.severity === "warning" && d.message.includes("max_llm_calls"))).toBe(true);
    expect(stale(r).map((d) => d.message), listing(r)).toEqual([expect.stringMatching(/not restored: caplo policy\.maxDepth$/)]);
  });
});
