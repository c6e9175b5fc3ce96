// A diagnostic's effect must not depend on the route its value took (session 16): a value an
// x-agentport stash brought back is judged as the same value read in its home format, wherever
// the stash rides (a top-level member, an Agent Spec component's metadata), with the home format's
// inert values and document-level declarations. And a diagnostic's pointer names a place that
// exists in the file it names (a document-level value a stash brought back sits in the stash).
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertFiles } from "../src/node/files.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";
import { parseText } from "../src/text/parse.js";
import { get as getAt } from "../src/ir/pointer.js";

const tmp = mkdtempSync(join(tmpdir(), "agentport-effects-by-route-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Converts `paths` to `to`, writes the outputs into a fresh folder of tmp, and returns their paths and the diagnostics. */
function convertInto(paths: string[], to: string, dir: string, options: Parameters<typeof convertFiles>[2] = {}): { files: string[]; diagnostics: Diagnostic[] } {
  const r = convertFiles(paths, to, options);
  expect(r.ok, r.diagnostics.filter((d) => d.severity === "error").map((d) => d.message).join("\n")).toBe(true);
  const out = join(tmp, dir);
  mkdirSync(out, { recursive: true });
  const files = r.outputs.map((o) => {
    const p = join(out, o.name);
    writeFileSync(p, o.text);
    return p;
  });
  return { files, diagnostics: r.diagnostics };
}

/** The effect of the diagnostics whose message is about `name` (the dotted name that starts it), one per distinct effect. */
function effectsOf(ds: readonly Diagnostic[], name: string): string[] {
  const about = ds.filter((d) => d.message.startsWith(`${name} `) || d.message.startsWith(`${name}:`));
  return [...new Set(about.map((d) => `${d.severity}/${d.effect}`))].sort();
}

/** Diagnostics whose source pointer names no place of the file they name (read from disk). */
function missingPlaces(ds: readonly Diagnostic[], files: readonly string[]): string[] {
  const bad: string[] = [];
  for (const d of ds) {
    const s = d.source;
    if (s?.file === undefined || !files.includes(s.file) || s.pointer === "") continue;
    const data = parseText(readFileSync(s.file, "utf8"), s.file).data;
    if (data === undefined || getAt(data, s.pointer) === undefined) bad.push(`${s.file}#${s.pointer}: ${d.message}`);
  }
  return bad;
}

describe("a MAS app through AgentMug, then to Agent Spec, as directly", () => {
  const input = "golden/mas-system/input.yaml";
  const direct = convertInto([input], "agentspec", "sys-as").diagnostics;
  const am = convertInto([input], "agentmug", "sys-am");
  const via = convertInto(am.files, "agentspec", "sys-am-as", { bundle: true }).diagnostics;

  it("gives each stashed value the effect it has read in its home format", () => {
    for (const name of ["spec.models[0].id", "intent", "metadata", "spec.agency.agents", "spec.workflow.type", "spec.workflow.entry", "spec.telemetry"]) {
      expect(effectsOf(direct, name), name).not.toEqual([]);
      expect(effectsOf(via, name), name).toEqual(effectsOf(direct, name));
    }
    // An id (mas's default "main") and a document's intent change nothing the agents do.
    expect(effectsOf(via, "spec.models[0].id")).toEqual(["info/representation"]);
    expect(effectsOf(via, "intent")).toEqual(["info/metadata"]);
  });

  it("points every diagnostic about an AgentMug file at a place of that file", () => {
    expect(missingPlaces(via, am.files)).toEqual([]);
    const intent = via.find((d) => d.message.startsWith("intent "));
    expect(intent?.source?.pointer).toBe("/x-agentport/document/mas/~1intent");
  });
});

describe("a runtime setting the target has no place for, restored from either stash", () => {
  // A mas agent with runtime plugins (memory, session store): behaviour, and unknown to the schema (read leniently).
  const app = join(tmp, "plugins-app");
  mkdirSync(join(app, "agents"), { recursive: true });
  writeFileSync(join(app, "mas.yaml"), "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: plugins-app\nspec:\n  agency:\n    agents:\n      - id: qa-agent\n        ref: agents/qa.yaml\n  workflow:\n    entry: qa-agent\n    nodes:\n      - id: qa-agent\n");
  writeFileSync(join(app, "agents", "qa.yaml"), "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: qa-agent\nspec:\n  description: Answer questions.\n  models:\n    - model: gpt-4o\n  context:\n    role: Answer questions clearly.\n  plugins:\n    - module_path: mas.runtime.plugins.memory.letta_core_memory\n      class_name: LettaCoreMemory\n      config:\n        token_budget: 8000\n");
  const options = { lenient: true, root: app };

  it("is a behaviour change on the way out and on the way back, by either route", () => {
    const toAm = convertInto([join(app, "mas.yaml")], "agentmug", "plugins-am", options);
    const toAs = convertInto([join(app, "mas.yaml")], "agentspec", "plugins-as", options);
    expect(effectsOf(toAm.diagnostics, "spec.plugins")).toEqual(["warning/behaviour"]);
    expect(effectsOf(toAs.diagnostics, "spec.plugins")).toEqual(["warning/behaviour"]);
    const backAm = convertInto(toAm.files, "mas", "plugins-am-mas").diagnostics;
    const backAs = convertInto(toAs.files, "mas", "plugins-as-mas").diagnostics;
    expect(effectsOf(backAm, "spec.plugins")).toEqual(["warning/behaviour"]);
    expect(effectsOf(backAs, "spec.plugins")).toEqual(["warning/behaviour"]);
    expect(missingPlaces(backAm, toAm.files)).toEqual([]);
    expect(missingPlaces(backAs, toAs.files)).toEqual([]);
  });
});

describe("a diagnostic about a file written by agentport names a place of that file", () => {
  // Each case: a golden input, the format it is written in first, and the format that file is converted to.
  // A value its stash brought back is reported where the stash holds it: a document-level value of a MAS
  // app in an AgentMug file's stash, an Agent Spec team's values in a mas agent file's, a mas x- member
  // that a mas file keeps in its own stash, AgentMug's legacy $schema alias in another format's stash.
  const cases: [string, string, string][] = [
    ["golden/mas-system/input.yaml", "agentmug", "mas"],
    ["golden/mas-system/input.yaml", "agentspec", "caplo"],
    ["golden/agentspec-manager-workers/input.yaml", "mas", "agentmug"],
    ["golden/agentspec-swarm/input.json", "mas", "caplo"],
    ["golden/mas-app-skills/input.yaml", "mas", "agentspec"],
    ["golden/agentmug-legacy-minimal/input.agent.json", "agentspec", "agentmug"],
    ["golden/agentmug-legacy-minimal/input.agent.json", "mas", "agentmug"],
  ];
  it.each(cases)("%s → %s → %s", (input, mid, to) => {
    const dir = `places-${input.split("/")[1]}-${mid}-${to}`;
    const r = convertFiles([input], mid, { lenient: true });
    expect(r.ok).toBe(true);
    const out = join(tmp, dir);
    const files = r.outputs.map((o) => {
      const p = join(out, o.name);
      mkdirSync(join(p, ".."), { recursive: true });
      writeFileSync(p, o.text);
      for (const f of o.files ?? []) {
        const q = join(out, f.path);
        mkdirSync(join(q, ".."), { recursive: true });
        writeFileSync(q, f.text);
      }
      return p;
    });
    const next = convertFiles(files, to, { lenient: true, bundle: files.length > 1 });
    expect(next.diagnostics.filter((d) => d.source?.file !== undefined && files.includes(d.source.file)).length).toBeGreaterThan(0);
    expect(missingPlaces(next.diagnostics, files)).toEqual([]);
  });
});
