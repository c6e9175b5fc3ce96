// Behaviour the target can hold, kept; behaviour it cannot, reported (issue "keep the behaviour
// where the target can hold it"): empty platform prompt parts, MAS workflows lost in a format
// without links, mas sub-agent templates that name agents of a bundle.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { convert, convertMany } from "../src/index.js";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { PROJECT_ROOT } from "./helpers/cases.js";
import type { Diagnostic } from "../src/index.js";
import type { ReadFile } from "../src/adapters/types.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import { masAgent, masManifest } from "./helpers/mas-app.js";

const at = (ds: readonly Diagnostic[], pointer: string) => ds.filter((d) => d.source?.pointer === pointer);

const MAS_EMPTY_GUIDANCE = `apiVersion: mas/v1
kind: Agent
metadata:
  name: helper
spec:
  description: Helps people.
  context:
    role: Be kind.
    guidance: ""
  models:
    - model: gpt-4o
`;

describe("an empty platform prompt part (Caplo's \"block off\")", () => {
  for (const stash of [true, false]) {
    it(`into Agent Spec is reported, not silently left out of system_prompt (stash ${stash ? "on" : "off"})`, () => {
      const r = convert(MAS_EMPTY_GUIDANCE, "agentspec", { file: "helper.yaml", stash });
      expect(r.ok).toBe(true);
      const d = at(r.diagnostics, "/spec/context/guidance");
      expect(d.map((x) => x.code)).toEqual([stash ? "stashed-value" : "dropped-field"]);
      expect(d[0]!.message).toMatch(/empty\b.*turns the platform's guidance off.*system_prompt/);
    });
  }

  it("comes back from Agent Spec as the empty text (the stash), so Caplo writes policy.guidance \"\"", () => {
    const there = convert(MAS_EMPTY_GUIDANCE, "agentspec", { file: "helper.yaml" });
    const back = convert(there.outputs[0]!.text, "caplo", { file: there.outputs[0]!.name });
    expect(back.ok).toBe(true);
    expect((back.outputs[0]!.document["policy"] as Record<string, unknown>)["guidance"]).toBe("");
  });
});

/** A MAS app in memory: a manifest and its agent files. */
function app(files: Record<string, string>): ReadFile {
  return memoryReadFile(new Map(Object.entries(files)));
}

// The app: a concierge delegating to a planner, each in its own agent file (test/helpers/mas-app.ts).
const DESK = masManifest([{ id: "concierge", ref: "agents/concierge.yaml" }, { id: "planner", ref: "agents/planner.yaml" }]);
/** Where DESK's one delegates_to entry ("planner") stands, 1-based. */
const DESK_LINK = ((lines) => {
  const line = lines.findIndex((l) => l.includes("delegates_to: [planner]"));
  return { line: line + 1, column: lines[line]!.indexOf("planner") + 1 };
})(DESK.split("\n"));
const DESK_FILES = { "agents/concierge.yaml": masAgent("concierge"), "agents/planner.yaml": masAgent("planner") };

describe("a MAS workflow converted to AgentMug (one file per agent, no links)", () => {
  for (const stash of [true, false]) {
    it(`reports each delegation as gone, in behaviour terms (stash ${stash ? "on" : "off"})`, () => {
      const r = convert(DESK, "agentmug", { file: "mas.yaml", readFile: app(DESK_FILES), stash });
      expect(r.ok).toBe(true);
      expect(r.outputs.map((o) => o.name).sort()).toEqual(["concierge.agent.json", "planner.agent.json"]);
      const links = r.diagnostics.filter((d) => /delegation to "planner"/.test(d.message));
      // Reported where the user wrote the link: the MAS file's delegates_to entry, not the agent file's root.
      expect(links.map((d) => [d.code, d.source?.file, d.source?.pointer, d.source?.line, d.source?.column])).toEqual([[stash ? "stashed-value" : "dropped-link", "mas.yaml", "/spec/workflow/nodes/0/delegates_to/0", DESK_LINK.line, DESK_LINK.column]]);
      expect(links[0]!.message).toMatch(/^the delegation to "planner" .*can no longer hand work to "planner"/);
      if (!stash) expect(links[0]!.severity).toBe("warning");
    });
  }
});

const LEAD = `apiVersion: mas/v1
kind: Agent
metadata:
  name: bounded-reviewer
spec:
  description: Coordinates a bounded review.
  context:
    role: Coordinate a bounded review; spawn a reviewer for each change.
  models:
    - model: gpt-4o
  tools:
    - calc
    - kind: system
      name: spawn_subagent
      params:
        templates:
          - id: reviewer
            ref: ./reviewer.yaml
            description: Review a proposed change.
        max_spawns: 8
        max_depth: 3
`;
const REVIEWER = masAgent("reviewer");

describe("a mas spawn_subagent tool whose templates name agents among the inputs (--bundle)", () => {
  const inputs = (reviewerAt = "app/reviewer.yaml") => [{ file: "app/lead.yaml", text: LEAD }, { file: reviewerAt, text: REVIEWER }];
  const caploAgents = (r: ReturnType<typeof convertMany>) => (r.outputs[0]!.document["agents"] as Record<string, unknown>[]);

  it("becomes a Caplo local sub-agent link (useWhen from the template), not a workspace tool id", () => {
    const r = convertMany(inputs(), "caplo", { bundle: true });
    expect(r.ok).toBe(true);
    const [lead, reviewer] = caploAgents(r);
    expect(lead!["tools"]).toEqual(["calc"]);
    expect(lead!["subAgents"]).toEqual([{ local: "reviewer", useWhen: "Review a proposed change." }]);
    expect((lead!["policy"] as Record<string, unknown>)["maxDepth"]).toBe(3);
    expect(reviewer!["key"]).toBe("reviewer");
    const made = r.diagnostics.filter((d) => d.source?.pointer === "/spec/tools/1/params/templates/0");
    expect(made.map((d) => [d.code, d.source?.file])).toEqual([["transformed-value", "app/lead.yaml"]]);
    expect(made[0]!.message).toMatch(/becomes a local sub-agent link to "reviewer"/);
    // That the child is now called, not spawned, and the tool's other settings lost, is said at the tool (its link's spawn mark).
    expect(r.diagnostics.filter((d) => d.source?.pointer === "/spec/tools/1" && d.severity === "warning").map((d) => [d.code, /one-shot copy.*params\.max_spawns/.test(d.message)])).toEqual([["dropped-link", true]]);
    expect(r.diagnostics.some((d) => d.code === "unresolved-link")).toBe(false);
  });

  it("links too when the tool has no max_depth (its params are then read as one object)", () => {
    const lead = LEAD.replace("        max_spawns: 8\n        max_depth: 3\n", "");
    expect(lead).not.toMatch(/max_depth/);
    const r = convertMany([{ file: "app/lead.yaml", text: lead }, { file: "app/reviewer.yaml", text: REVIEWER }], "caplo", { bundle: true });
    expect(r.ok).toBe(true);
    const [parent] = caploAgents(r);
    expect(parent!["tools"]).toEqual(["calc"]);
    expect(parent!["subAgents"]).toEqual([{ local: "reviewer", useWhen: "Review a proposed change." }]);
    // Nothing of the tool is left to report as dropped: its only setting was the templates.
    expect(r.diagnostics.filter((d) => d.source?.pointer?.startsWith("/spec/tools/1/params") && d.code !== "transformed-value")).toEqual([]);
  });

  it("becomes the manager's worker in Agent Spec", () => {
    const r = convertMany(inputs(), "agentspec", { bundle: true });
    expect(r.ok).toBe(true);
    const doc = r.outputs[0]!.document;
    expect(doc["component_type"]).toBe("ManagerWorkers");
    // A real link, not the placeholder manager a bundle without links gets.
    expect(r.diagnostics.filter((d) => d.code === "defaulted-placeholder" && /manager/.test(d.message))).toEqual([]);
  });

  it("stays a tool when the template names no input (or without --bundle)", () => {
    const elsewhere = convertMany(inputs("other/reviewer.yaml"), "caplo", { bundle: true });
    expect(elsewhere.ok).toBe(true);
    expect(caploAgents(elsewhere)[0]!["tools"]).toEqual(["calc", "spawn_subagent"]);
    expect(caploAgents(elsewhere)[0]!["subAgents"]).toBeUndefined();
    const single = convert(LEAD, "caplo", { file: "app/lead.yaml" });
    expect(single.outputs[0]!.document["tools"]).toEqual(["calc", "spawn_subagent"]);
  });

  it("mas → mas keeps the tool as it was", () => {
    const r = convertMany(inputs(), "mas", { bundle: true });
    expect(r.ok).toBe(true);
    const lead = r.outputs.find((o) => o.name === "bounded-reviewer.yaml");
    expect(lead?.text).toMatch(/spawn_subagent/);
  });
});

describe("-o outside the app: the CLI writes what the library writes, and the references hold there", () => {
  const CASE = join(PROJECT_ROOT, "golden/mas-app-skills");

  it("a MAS app converted to mas under -o DIR/ gives the golden files, with the app's tool manifest and skills copied where they are referred to", async () => {
    const out = tempDir();
    const r = await cli(["convert", join(CASE, "input.yaml"), "--to", "mas", "-o", out + "/", "--verbose"]);
    expect(r.code, r.stderr).toBe(0);
    for (const f of readdirSync(join(CASE, "expected/mas")).filter((x) => x !== "diagnostics.json")) {
      expect(readFileSync(join(out, f), "utf8"), f).toBe(readFileSync(join(CASE, "expected/mas", f), "utf8"));
    }
    // fares.yaml names tools/get_fares.tool.yaml: it is there, the same bytes as the app's.
    expect(readFileSync(join(out, "tools/get_fares.tool.yaml"), "utf8")).toBe(readFileSync(join(CASE, "tools/get_fares.tool.yaml"), "utf8"));
    for (const skill of ["trip-orchestration", "answer-formatting"]) {
      expect(readFileSync(join(out, "skills", skill, "SKILL.md"), "utf8")).toBe(readFileSync(join(CASE, "skills", skill, "SKILL.md"), "utf8"));
    }
    // The rewrite reads as the library reports it; the copy is a note of its own.
    expect(r.stderr).toMatch(/info ref-rewritten spec\.tools\[0\]\.ref \.\.\/tools\/get_fares\.tool\.yaml .*so it is tools\/get_fares\.tool\.yaml, the same tool manifest/);
    expect(r.stderr).toMatch(/info ref-rewritten spec\.tools\[0\]\.ref: the outputs go to another folder than the app's, so the tool manifest tools\/get_fares\.tool\.yaml is copied there/);
    expect(r.stderr).not.toMatch(/\.\.\/\.\.\//);
  });

  it("a reference outside the app is rewritten to name the same file from the output folder (ref-rewritten)", async () => {
    const root = tempDir();
    const write = (p: string, t: string) => {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), t);
    };
    write("shared/tools/calc.tool.yaml", readFileSync(join(CASE, "tools/get_fares.tool.yaml"), "utf8"));
    write("app/agent.yaml", masAgent("calc") + "  tools:\n    - ref: ../shared/tools/calc.tool.yaml\n");
    const r = await cli(["convert", join(root, "app/agent.yaml"), "--to", "mas", "-o", join(root, "out") + "/", "--root", root, "--verbose"]);
    expect(r.code, r.stderr).toBe(0);
    const written = readFileSync(join(root, "out/calc.yaml"), "utf8");
    const ref = /ref: (\S+)/.exec(written)?.[1];
    expect(ref).toBe("../shared/tools/calc.tool.yaml");
    expect(existsSync(join(root, "out", ref!))).toBe(true);
    expect(existsSync(join(root, "out/shared"))).toBe(false);
  });
});
