// A finding about one agent of an Agent Spec team (a Swarm's or ManagerWorkers' agent) sits at that
// agent's definition, not at the document root every agent of the file shares; a finding about the
// LLM config several agents share sits once, at the config (user trial 16 F11, docs/decisions.md
// "Team agents' findings at their places (session 17)").
import { describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { relocation } from "../src/cli/relocation.js";
import { parseText } from "../src/text/parse.js";
import { convert, type Diagnostic } from "../src/index.js";
import { listing } from "./helpers/edits.js";
import { convertFiles } from "../src/node/index.js";
import { inputFigures } from "../src/cli/fidelity-summary.js";

const at = (d: Diagnostic) => `${d.source?.pointer}@${d.source?.line}:${d.source?.column}`;

describe("F11: a Swarm → Caplo", () => {
  const r = convert(readFileSync("golden/agentspec-swarm/input.json", "utf8"), "caplo", { file: "swarm.json" });

  it("points each agent's filled-in greeting at that agent's component", () => {
    expect(r.ok, listing(r)).toBe(true);
    const greetings = r.diagnostics.filter((d) => d.code === "defaulted-required" && d.message.startsWith("greeting"));
    expect(greetings, listing(r)).toHaveLength(3);
    for (const d of greetings) expect(d.source?.pointer, listing(r)).toMatch(/^\/\$referenced_components\/[^/]+$/);
    expect(new Set(greetings.map(at)).size, listing(r)).toBe(3);
    // Still judged by the target place it fills: a behaviour change.
    for (const d of greetings) expect(d.effect).toBe("behaviour");
  });

  it("gives the shared LLM config's unknown provider once, at the config", () => {
    const ps = r.diagnostics.filter((d) => d.code === "defaulted-placeholder");
    expect(ps.map(at), listing(r)).toEqual(["/$referenced_components/5fd42c44-d0e7-484c-bf6b-1e9649d42576@80:9"]);
    expect(ps[0]!.effect).toBe("behaviour");
  });

  it("leaves no warning at the document root", () => {
    expect(r.diagnostics.filter((d) => d.source?.pointer === "" && d.severity !== "info").map((d) => d.message), listing(r)).toEqual([]);
  });
});

describe("F11: a ManagerWorkers → Caplo", () => {
  const r = convert(readFileSync("golden/agentspec-manager-workers/input.yaml", "utf8"), "caplo", { file: "team.yaml" });

  it("points the manager's and each worker's filled-in greeting at that agent", () => {
    expect(r.ok, listing(r)).toBe(true);
    const greetings = r.diagnostics.filter((d) => d.code === "defaulted-required" && d.message.startsWith("greeting"));
    expect(greetings.map((d) => d.source?.pointer).sort(), listing(r)).toEqual(["/group_manager", "/workers/0", "/workers/1"]);
    expect(new Set(greetings.map(at)).size).toBe(3);
  });

  it("points a worker's unknown provider at its own llm_config", () => {
    const ps = r.diagnostics.filter((d) => d.code === "defaulted-placeholder");
    expect(ps.map((d) => d.source?.pointer), listing(r)).toEqual(["/workers/1/llm_config"]);
  });
});

describe("F10: the ledger of a MAS workflow's delegates_to", () => {
  const read = convertFiles(["golden/mas-system/input.yaml"], "agentspec", {});
  const input = read.read[0]!;
  const figures = inputFigures(input.data, read.diagnostics, input.file, input.agents, input.carried);

  it("are carried as links, not kept only in x-agentport", () => {
    expect(read.ok, listing(read)).toBe(true);
    const links = figures.rows.filter((r) => r.sourcePointer.includes("/delegates_to/"));
    expect(links.map((r) => r.sourcePointer)).toEqual(["/spec/workflow/nodes/0/delegates_to/0", "/spec/workflow/nodes/0/delegates_to/1", "/spec/workflow/nodes/1/delegates_to/0"]);
    for (const r of links) expect(r.status, JSON.stringify(r)).not.toBe("stashed");
    // The rest of each node (its id, its role) still rides only in the stash.
    expect(figures.rows.find((r) => r.sourcePointer === "/spec/workflow/nodes/0/role")).toMatchObject({ status: "stashed", targetPointer: "/x-agentport" });
  });

  it("are not counted as changed values", () => {
    const without = inputFigures(input.data, read.diagnostics, input.file, input.agents);
    expect(figures.behaviour.changed).toBe(without.behaviour.changed - 3);
  });
});

describe("F7: a mas prompt-file ref through Agent Spec written in another folder, and back beside the source", () => {
  it("keeps the ref as the source wrote it (prompts/role.md, not ./prompts/role.md)", () => {
    const d = mkdtempSync(join(tmpdir(), "s17-f7-"));
    try {
      cpSync("golden/mas-prompt-files", join(d, "app"), { recursive: true });
      mkdirSync(join(d, "out"));
      const there = convertFiles([join(d, "app/input.yaml")], "agentspec", relocation(join(d, "out/a.json")));
      expect(there.ok, listing(there)).toBe(true);
      writeFileSync(join(d, "out/a.json"), there.outputs[0]!.text);
      const back = convertFiles([join(d, "out/a.json")], "mas", relocation(join(d, "app/back.yaml")));
      expect(back.ok, listing(back)).toBe(true);
      const context = (parseText(back.outputs[0]!.text).data as { spec: { context: Record<string, unknown> } }).spec.context;
      expect(context["role"]).toBe("prompts/role.md");
      expect(context["intent"]).toEqual({ ref: "prompts/intent.md" });
      expect(context["rules"]).toBe("./prompts/rules.md");
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
