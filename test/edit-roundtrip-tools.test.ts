// A tool edited in the target, on its way back (session 12, fresh-user findings 3 and 5).
// 3: an edit of one member of a tool (its description) made the stash guard of the whole item
//    stale, so the tool's reference, kind, place and params were not restored, though the user
//    changed only that member. A tool is its name and kind (ITEM_IDENTITY, src/ir/stash-guard.ts):
//    those still as written, its stash values come back, and the edit is kept (a mas Form A entry
//    is only the ref: the edited description rides in the mas file's stash, reported).
// 5: removing a tool gave two stash-stale warnings (one per guard of it); it is one, saying what
//    the removal costs.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";
import { convertOptions, loadCase } from "./helpers/cases.js";
import { listing, stale, edited } from "./helpers/edits.js";

// A real corpus app's agent (test/fixtures/mas/apps/README.md: mas-lab, Apache-2.0): its one tool is a library reference.
const AGENT = readFileSync("test/fixtures/mas/apps/03-experiments-and-analysis/agent.yaml", "utf8");

const obj = (v: JsonValue | undefined): JsonObject => v as JsonObject;
const masSpec = (r: ConvertResult): JsonObject => obj(r.outputs.find((o) => o.document["kind"] === "Agent")!.document["spec"]);


describe("mas → Agent Spec, a tool's description edited → mas", () => {
  const there = convert(AGENT, "agentspec", { file: "agent.yaml" });
  const out = there.outputs[0]!;
  const tools = (d: JsonObject) => d["tools"] as JsonObject[];

  it("the tool's reference comes back; the description rides in the stash, one warning says so, none says stale", () => {
    expect(there.ok, listing(there)).toBe(true);
    const back = convert(edited(out.text, (d) => (tools(d)[0]!["description"] = "Evaluates arithmetic.")), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(masSpec(back)["tools"]).toEqual([{ ref: "samples:tools/calc.tool.yaml" }]);
    expect(stale(back), listing(back)).toEqual([]);
    const kept = back.diagnostics.filter((d) => d.code === "stashed-value");
    expect(kept.map((d) => [d.severity, d.source?.pointer])).toEqual([["warning", "/tools/0/description"]]);
    expect(kept[0]!.message).toContain("the runtime reads the description from the Tool manifest samples:tools/calc.tool.yaml");
    // And on to Agent Spec again, the edit is there.
    const again = convert(back.outputs[0]!.text, "agentspec", { file: "agent.yaml" });
    expect(tools(again.outputs[0]!.document)[0]).toMatchObject({ name: "calc", description: "Evaluates arithmetic." });
  });

  it("the tool removed: one warning, at the tool, saying it was removed and what that costs", () => {
    const back = convert(edited(out.text, (d) => tools(d).splice(0, 1)), "mas", { file: out.name });
    expect(back.ok, listing(back)).toBe(true);
    expect(masSpec(back)["tools"]).toEqual([]);
    const warnings = stale(back);
    expect(warnings.length, listing(back)).toBe(1);
    expect(warnings[0]!.source?.pointer).toBe("/tools/0");
    expect(warnings[0]!.message).toMatch(/^tools\[0\] was removed from what agentport wrote: the removal wins, and it costs these values x-agentport kept, which are not restored: mas spec\.tools\[0\]\.kind, mas spec\.tools\[0\]\.ref$/);
  });
});

describe("mas (a Tool manifest read: its description) → AgentMug, the description edited → mas", () => {
  const c = loadCase("mas-tool-forms");
  const there = convert(c.text, "agentmug", convertOptions(c));
  const out = there.outputs[0]!;
  const blueprintTools = (d: JsonObject) => obj(d["blueprint"])["tools"] as JsonValue[];
  const original = masSpec(convert(c.text, "mas", convertOptions(c)))["tools"] as JsonValue[];

  it("unedited: the tools come back as they were, the description the manifest's (no warning about it)", () => {
    expect(there.ok, listing(there)).toBe(true);
    expect(blueprintTools(out.document)[1]).toMatchObject({ kind: "builtin", name: "calc", description: "Evaluate a basic arithmetic expression and return the numeric result." });
    const back = convert(out.text, "mas", { file: out.name, readFile: c.readFile });
    expect(back.ok, listing(back)).toBe(true);
    expect(masSpec(back)["tools"]).toEqual(original);
    expect(stale(back)).toEqual([]);
    expect(back.diagnostics.filter((d) => d.source?.pointer?.startsWith("/blueprint/tools/1") === true && d.severity === "warning"), listing(back)).toEqual([]);
  });

  it("edited: the reference, its priority and params come back at their place, and the edited description is kept and reported", () => {
    const text = edited(out.text, (d) => (obj(blueprintTools(d)[1])["description"] = "Adds up fares. Use for every sum."));
    const back = convert(text, "mas", { file: out.name, readFile: c.readFile });
    expect(back.ok, listing(back)).toBe(true);
    expect(masSpec(back)["tools"]).toEqual(original);
    expect(stale(back), listing(back)).toEqual([]);
    const agentFile = back.outputs.find((o) => o.document["kind"] === "Agent")!;
    expect(agentFile.text).toContain("Adds up fares. Use for every sum.");
    expect(back.diagnostics.filter((d) => d.code === "stashed-value" && d.severity === "warning").map((d) => d.source?.pointer)).toEqual(["/blueprint/tools/1/description"]);
  });
});
