// A mas create_subagent/spawn_subagent tool whose templates became local links under --bundle
// (src/adapters/mas/templates.ts) keeps what it was on each link (IrLink.spawn): the targets
// report it (Caplo: lost, the child called instead of spawned; Agent Spec: stashed), and the way
// back into mas writes the tool again, where it was, unless the user's edits say otherwise
// (src/adapters/mas/emit-spawn.ts, docs/adapters/mas.md "Sub-agent templates").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convertMany, type ConvertInput, type ConvertResult } from "../src/index.js";
import { adapterFor } from "../src/adapters/registry.js";
import { emitWith } from "../src/ir/emit-phases.js";
import { parseWith } from "../src/ir/parse-phases.js";
import { parseText } from "../src/text/parse.js";
import type { IrDocument, IrLink } from "../src/ir/model.js";
import type { JsonObject } from "../src/ir/json.js";

const DIR = "golden/mas-spawn-bundle/inputs";
const inputs: ConvertInput[] = ["coordinator.yaml", "fixer.yaml", "reviewer.yaml"].map((f) => ({ file: f, text: readFileSync(`${DIR}/${f}`, "utf8") }));
const list = (r: ConvertResult) => JSON.stringify(r.diagnostics.filter((d) => d.severity === "error"));
const byName = (r: ConvertResult) => new Map(r.outputs.map((o) => [o.name, o]));
const toolsOf = (r: ConvertResult, name: string) => ((byName(r).get(name)?.document["spec"] as JsonObject | undefined)?.["tools"]);

/** mas → Agent Spec (--bundle), the team document edited by `edit`, → mas. */
function throughAgentspec(edit: (team: JsonObject) => void = () => undefined): { forward: ConvertResult; back: ConvertResult } {
  const forward = convertMany(inputs, "agentspec", { bundle: true });
  expect(forward.ok, list(forward)).toBe(true);
  const team = JSON.parse(forward.outputs[0]!.text) as JsonObject;
  edit(team);
  const back = convertMany([{ file: forward.outputs[0]!.name, text: JSON.stringify(team, null, 2) }], "mas", { bundle: true });
  expect(back.ok, list(back)).toBe(true);
  return { forward, back };
}

describe("sub-agent templates made links carry what the tool was", () => {
  const same = convertMany(inputs, "mas", { bundle: true });

  it("mas → Agent Spec → mas writes every file as mas → mas does, byte for byte, with no kind: MAS manifest", () => {
    const { back } = throughAgentspec();
    expect(back.outputs.map((o) => o.name).sort()).toEqual(same.outputs.map((o) => o.name).sort());
    for (const o of same.outputs) expect(byName(back).get(o.name)?.text, o.name).toBe(o.text);
    // The tool is where it was, with its templates' ids, refs and descriptions, max_spawns and max_depth.
    expect(toolsOf(back, "coordinator.yaml")).toEqual(((parseText(inputs[0]!.text!).data as JsonObject)["spec"] as JsonObject)["tools"]);
    expect(back.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("mas → AgentMug → mas (no links are made: AgentMug has no bundles) gives the same files back", () => {
    const forward = convertMany(inputs, "agentmug", { bundle: true });
    expect(forward.ok, list(forward)).toBe(true);
    const back = convertMany(forward.outputs.map((o) => ({ file: o.name, text: o.text })), "mas", { bundle: true });
    for (const o of same.outputs) expect(byName(back).get(o.name)?.text, o.name).toBe(o.text);
  });

  it("into Agent Spec: each link's mark is stashed, a behaviour warning per link naming the tool and its settings", () => {
    const { forward } = throughAgentspec();
    const marks = forward.diagnostics.filter((d) => d.code === "stashed-value" && d.stashed === "dropped-link" && /one-shot copy/.test(d.message));
    expect(marks.map((d) => [d.source?.file, d.source?.pointer, d.severity, d.effect])).toEqual([
      ["coordinator.yaml", "/spec/tools/1", "warning", "behaviour"],
      ["coordinator.yaml", "/spec/tools/1", "warning", "behaviour"],
      ["fixer.yaml", "/spec/tools/0", "warning", "behaviour"],
    ]);
    expect(marks[0]!.message).toMatch(/create_subagent tool.*params\.max_spawns.*max_spawns no longer limits/);
    // max_spawns is stashed with the mark, no longer dropped.
    expect(forward.diagnostics.filter((d) => d.code === "dropped-field")).toEqual([]);
  });

  it("into Caplo (no slot): each mark is a dropped-link warning saying the child is called, not spawned", () => {
    const r = convertMany(inputs, "caplo", { bundle: true });
    expect(r.ok, list(r)).toBe(true);
    const lost = r.diagnostics.filter((d) => d.code === "dropped-link" && /one-shot copy/.test(d.message));
    expect(lost.map((d) => [d.source?.file, d.target?.pointer, d.severity, d.effect])).toEqual([
      ["coordinator.yaml", "/agents/0/subAgents/0", "warning", "behaviour"],
      ["coordinator.yaml", "/agents/0/subAgents/1", "warning", "behaviour"],
      ["fixer.yaml", "/agents/1/subAgents/0", "warning", "behaviour"],
    ]);
    expect(lost[1]!.message).toContain("the parent calls the same fixer every time, not a fresh copy, and max_spawns no longer limits the calls");
  });
});

describe("a tool's place, its entry members and a second tool's max_depth come back", () => {
  // The tool first (the other tool after it), with enabled and params in another order; a second sub-agent tool whose max_depth stays its own.
  const coordinator = inputs[0]!.text!.replace(/  tools:\n[\s\S]*?(?=  budget:)/, [
    "  tools:",
    "    - kind: system",
    "      name: spawn_subagent",
    "      enabled: true",
    "      params:",
    "        max_spawns: 3",
    "        templates:",
    "          - id: reviewer",
    "            ref: ./reviewer.yaml",
    "            x-note: kept",
    "        max_depth: 1",
    "    - search_tickets",
    "    - kind: system",
    "      name: create_subagent",
    "      params:",
    "        templates:",
    "          - ref: ./fixer.yaml",
    "            description: Fix one problem.",
    "        max_depth: 4",
    "",
  ].join("\n"));
  const variant = [{ file: "coordinator.yaml", text: coordinator }, ...inputs.slice(1)];

  it("mas → Agent Spec → mas gives the same tools back (data; params written templates first)", () => {
    const forward = convertMany(variant, "agentspec", { bundle: true });
    expect(forward.ok, list(forward)).toBe(true);
    expect(forward.diagnostics.filter((d) => d.code === "dropped-field")).toEqual([]);
    const back = convertMany(forward.outputs.map((o) => ({ file: o.name, text: o.text })), "mas", { bundle: true });
    expect(back.ok, list(back)).toBe(true);
    expect(back.outputs.some((o) => o.document["kind"] === "MAS")).toBe(false);
    expect(toolsOf(back, "coordinator.yaml")).toEqual(((parseText(coordinator).data as JsonObject)["spec"] as JsonObject)["tools"]);
  });
});

describe("an edit in the middle format wins over the marks", () => {
  const ref = (id: string) => ({ $component_ref: id });

  it("a sub-agent added in Agent Spec is a delegation of a MAS workflow; the marked links stay templates", () => {
    const { back } = throughAgentspec((team) => (team["relationships"] as unknown[]).push([ref("reviewer"), ref("fixer")]));
    const system = back.outputs.find((o) => o.document["kind"] === "MAS");
    expect(system?.text).toContain("      - id: reviewer\n        delegates_to:\n          - fixer\n");
    expect(system?.text).not.toMatch(/id: coordinator\n\s+delegates_to/);
    expect(JSON.stringify(toolsOf(back, "coordinator.yaml"))).toContain('"name":"create_subagent"');
    expect(JSON.stringify(toolsOf(back, "fixer.yaml"))).toContain('"name":"spawn_subagent"');
    expect(back.diagnostics.filter((d) => d.code === "stash-stale")).toEqual([]);
  });

  const without = (from: string, to: string) => (team: JsonObject) => {
    const rels = team["relationships"] as JsonObject[][];
    team["relationships"] = rels.filter((r) => !(r[0]?.["$component_ref"] === from && r[1]?.["$component_ref"] === to));
  };

  it("a sub-agent removed in Agent Spec is gone; every other link keeps its mark, whatever its index (the guard keys on the link's place, not its index)", () => {
    // coordinator → fixer is the first relationship: every later one moves up an index.
    const { forward, back } = throughAgentspec(without("coordinator", "fixer"));
    expect(((JSON.parse(forward.outputs[0]!.text) as JsonObject)["relationships"] as JsonObject[][])[0]!.map((c) => c["$component_ref"])).toEqual(["coordinator", "fixer"]);
    const coordinator = JSON.stringify(toolsOf(back, "coordinator.yaml"));
    expect(coordinator).not.toContain("fixer");
    // coordinator → reviewer, untouched, is still the create_subagent template, with the tool's settings.
    expect(byName(back).get("coordinator.yaml")?.text).toContain("    - kind: system\n      name: create_subagent\n      params:\n        templates:\n          - id: reviewer\n            ref: ./reviewer.yaml\n            description: Review one proposed change and list its risks.\n        max_spawns: 6\n        max_depth: 2\n");
    // fixer → reviewer, untouched, is still fixer's spawn_subagent tool, as the source had it.
    const fixerTools = ((parseText(inputs[1]!.text!).data as JsonObject)["spec"] as JsonObject)["tools"];
    expect(toolsOf(back, "fixer.yaml")).toEqual(fixerTools);
    expect(byName(back).get("fixer.yaml")?.text).not.toContain("tools: []");
    expect(back.outputs.some((o) => o.document["kind"] === "MAS")).toBe(false);
    // Only the removed link's entries are not restored, reported where it was.
    const stale = back.diagnostics.filter((d) => d.code === "stash-stale");
    // One removal, one warning (session 12: the link's guards were reported once each, here and at /relationships/0/1).
    expect(stale.map((d) => d.source?.pointer)).toEqual(["/relationships/0"]);
    // Named at its place in the mas file it came from: the spawn tool's template entry (before: the IR's subAgents[1].local, .spawn).
    expect(stale.map((d) => d.message)).toEqual([expect.stringMatching(/: mas spec\.tools\[1\]\.params\.templates\[1\]$/)]);
    expect(back.diagnostics.filter((d) => d.severity === "warning" && d.code !== "stash-stale")).toEqual([]);
  });

  it("a removed middle or last relationship costs only its own link's mark", () => {
    const middle = throughAgentspec(without("coordinator", "reviewer")).back;
    expect(JSON.stringify(toolsOf(middle, "coordinator.yaml"))).not.toContain("reviewer");
    expect(JSON.stringify(toolsOf(middle, "coordinator.yaml"))).toContain('"templates":[{"id":"fixer","ref":"./fixer.yaml"}]');
    expect(toolsOf(middle, "fixer.yaml")).toEqual(((parseText(inputs[1]!.text!).data as JsonObject)["spec"] as JsonObject)["tools"]);
    const last = throughAgentspec(without("fixer", "reviewer")).back;
    expect(JSON.stringify(toolsOf(last, "fixer.yaml"))).not.toContain("spawn_subagent");
    expect(toolsOf(last, "coordinator.yaml")).toEqual(((parseText(inputs[0]!.text!).data as JsonObject)["spec"] as JsonObject)["tools"]);
  });

  /** The IR the Agent Spec output reads back as (stash applied), for edits a format cannot show (useWhen). */
  function readBack(): IrDocument {
    const forward = convertMany(inputs, "agentspec", { bundle: true });
    const parsed = parseWith(adapterFor("agentspec")!, forward.outputs[0]!.document, { file: forward.outputs[0]!.name });
    return parsed.doc!;
  }
  const emitMas = (doc: IrDocument) => emitWith(adapterFor("mas")!, doc, { bundle: true });

  it("an edited useWhen is the template's description; a removed one leaves the template without one", () => {
    const doc = readBack();
    const coordinator = doc.agents.find((a) => a.key === "coordinator")!;
    const links = coordinator.subAgents as IrLink[];
    links[0]!.useWhen = "Review one change, edited.";
    links[1]!.useWhen = "Fix one problem.";
    const fixer = doc.agents.find((a) => a.key === "fixer")!;
    delete (fixer.subAgents as IrLink[])[0]!.useWhen;
    const out = emitMas(doc);
    const text = (n: string) => out.outputs.find((o) => o.name === n)!.text;
    expect(text("coordinator.yaml")).toContain("          - id: reviewer\n            ref: ./reviewer.yaml\n            description: Review one change, edited.\n          - id: fixer\n            ref: ./fixer.yaml\n            description: Fix one problem.\n        max_spawns: 6\n        max_depth: 2\n");
    expect(text("fixer.yaml")).toContain("          - id: reviewer\n            ref: ./reviewer.yaml\n  budget:");
    expect(out.outputs.some((o) => o.document["kind"] === "MAS")).toBe(false);
  });

  it("a link retargeted to an agent not in the document is not written as a template (and is reported lost)", () => {
    const doc = readBack();
    const coordinator = doc.agents.find((a) => a.key === "coordinator")!;
    (coordinator.subAgents as IrLink[])[1]!.local = "nobody";
    const out = emitMas(doc);
    const text = out.outputs.find((o) => o.name === "coordinator.yaml")!.text;
    expect(text).toContain("- id: reviewer\n            ref: ./reviewer.yaml");
    expect(text).not.toContain("ref: ./fixer.yaml");
    expect(out.diagnostics.filter((d) => d.code === "dropped-link").map((d) => [d.severity, /→ nobody/.test(d.message)])).toEqual([["warning", true]]);
  });

  it("a template that named the child by another path names the file this conversion writes, reported", () => {
    const doc = readBack();
    const fixer = doc.agents.find((a) => a.key === "fixer")!;
    const link = (fixer.subAgents as IrLink[])[0]!;
    link.spawn = { ...link.spawn!, template: { ...link.spawn!.template, ref: "../agents/reviewer.yaml" } };
    const out = emitMas(doc);
    expect(out.outputs.find((o) => o.name === "fixer.yaml")!.text).toContain("ref: ./reviewer.yaml");
    expect(out.diagnostics.some((d) => d.code === "transformed-value" && /"\.\.\/agents\/reviewer\.yaml" is written as "\.\/reviewer\.yaml"/.test(d.message))).toBe(true);
  });
});
