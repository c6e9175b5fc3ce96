// A default-differs of an Agent Spec agent points where the setting would be written: its
// llm_config's default_generation_parameters (or the llm_config, when that key is absent), also when
// that llm_config is a component several agents share in $referenced_components (fresh9 finding 17:
// a Swarm's pointed at the document's start, 7:1 of howto_swarm.yaml). An agent's origin is the
// document root, and its llm_config sits elsewhere: the check looks for it where it is defined.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";

const SWARM = "golden/agentspec-swarm/input.json";
const TEAM = "golden/agentspec-manager-workers/input.yaml";
const SHARED = "/$referenced_components/5fd42c44-d0e7-484c-bf6b-1e9649d42576";

const allDiffers = (file: string, to: "caplo" | "mas"): Diagnostic[] =>
  convert(readFileSync(file, "utf8"), to, { file }).diagnostics.filter((d) => d.code === "default-differs");
/** The findings about the llm_config's settings (sampling): the call limits Agent Spec cannot state are the agent's own, below. */
const differs = (file: string, to: "caplo" | "mas"): Diagnostic[] => allDiffers(file, to).filter((d) => d.message.startsWith("llm_config."));

/** The 1-based line of the first line of `file` that includes `text` at or after line `from`. */
function lineOf(file: string, text: string, from = 1): number {
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.findIndex((l, i) => i + 1 >= from && l.includes(text)) + 1;
}

describe("default-differs of an Agent Spec agent points at its llm_config", () => {
  it("a Swarm's agents, sharing one llm_config: at its default_generation_parameters, for every agent and target", () => {
    const component = lineOf(SWARM, '"5fd42c44-d0e7-484c-bf6b-1e9649d42576": {');
    const line = lineOf(SWARM, '"default_generation_parameters"', component);
    for (const to of ["caplo", "mas"] as const) {
      const ds = differs(SWARM, to);
      // mas: each of the three agents' files; Caplo: one bundle, so one per setting.
      expect(ds, to).toHaveLength(to === "mas" ? 6 : 2);
      for (const d of ds) expect(d.source, to).toMatchObject({ file: SWARM, pointer: `${SHARED}/default_generation_parameters`, line });
    }
  });

  it("a ManagerWorkers' workers, each with its own llm_config: each at its own, so a bundle reports both", () => {
    for (const to of ["caplo", "mas"] as const) {
      const ds = differs(TEAM, to);
      const at = ds.map((d) => [d.source?.pointer, d.source?.line]);
      expect(at, to).toEqual([
        ["/workers/0/llm_config", lineOf(TEAM, "llm_config:", lineOf(TEAM, "name: Flight finder"))],
        ["/workers/0/llm_config", lineOf(TEAM, "llm_config:", lineOf(TEAM, "name: Flight finder"))],
        ["/workers/1/llm_config", lineOf(TEAM, "llm_config:", lineOf(TEAM, "name: Hotel finder"))],
        ["/workers/1/llm_config", lineOf(TEAM, "llm_config:", lineOf(TEAM, "name: Hotel finder"))],
      ]);
    }
  });

  it("the call limits Agent Spec cannot state (Caplo fixes them): at each agent's own component, not its llm_config", () => {
    const limits = allDiffers(TEAM, "caplo").filter((d) => !d.message.startsWith("llm_config."));
    expect(limits.map((d) => d.source?.pointer)).toEqual(["/group_manager", "/group_manager", "/workers/0", "/workers/0", "/workers/1", "/workers/1"]);
    for (const d of limits) expect(d.message).toMatch(/has no (tool-)?call limits: the runtime decides, while Caplo v2 assumes/);
  });

  it("a lone Agent's inline llm_config: unchanged, at its default_generation_parameters", () => {
    const file = "golden/agentspec-ollama-minimal/input.yaml";
    const ds = differs(file, "mas");
    expect(ds).toHaveLength(2);
    for (const d of ds) expect(d.source?.pointer).toBe("/llm_config/default_generation_parameters");
  });
});
