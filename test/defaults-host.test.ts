// Settings the source cannot state at all (AgentMug has no temperature and no call limits: its host
// decides; Open Agent Spec's runtime decides call limits) while the target fixes a default of its
// own: the converted agent runs with the target's value, which nothing says the host shares. The
// defaults check says so (default-differs, a warning, the hint naming the target's field); nothing is
// written, since the host's value is not known (docs/adapters/agentmug.md, Defaults).
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";

const AGENTMUG = JSON.stringify({
  $schema: "https://agentmug.com/schemas/agent.v1.json",
  id: "standup-notes",
  name: "Standup Notes",
  description: "Turns a standup update into three bullet points.",
  version: "0.3.0",
  exportedAt: "2026-02-14T09:30:00Z",
  blueprint: { primaryModel: "gpt-4.1-mini", systemPrompt: "Write three bullets.", tools: [] },
  inputs: { accepts: ["text"] },
});

const AGENTSPEC = JSON.stringify({
  component_type: "Agent",
  id: "notes",
  name: "notes",
  system_prompt: "Write three bullets.",
  llm_config: { component_type: "OpenAiConfig", name: "gpt-4.1", model_id: "gpt-4.1", default_generation_parameters: { temperature: 0.3, max_tokens: 900 } },
  agentspec_version: "26.2.0",
});

const differs = (ds: readonly Diagnostic[]) => ds.filter((d) => d.code === "default-differs");
const about = (ds: readonly Diagnostic[], field: string) => differs(ds).filter((d) => d.message.includes(` for ${field}`));

describe("a setting the source cannot state, which the target fixes", () => {
  it("AgentMug into Caplo: the temperature and both call limits are Caplo's, a warning each with a hint; none is written", () => {
    const r = convert(AGENTMUG, "caplo", { file: "notes.agent.json" });
    expect(r.ok).toBe(true);
    for (const [field, value, setting] of [["model.temperature", "0.4", "temperature"], ["policy.maxModelCalls", "16", "call limits"], ["policy.maxReads", "8", "tool-call limits"]] as const) {
      const ds = about(r.diagnostics, field);
      expect(ds.map((d) => [d.severity, d.effect]), field).toEqual([["warning", "behaviour"]]);
      expect(ds[0]!.message).toBe(`AgentMug v1 has no ${setting}: the host decides, while Caplo v2 assumes ${value} for ${field}`);
      expect(ds[0]!.hint).toBe(`set ${field} in the output to the value the host uses, to keep the agent's behaviour`);
      expect(ds[0]!.source).toMatchObject({ file: "notes.agent.json", pointer: "/blueprint" });
      expect(ds[0]!.target).toMatchObject({ format: "caplo", file: "standup-notes.caplo.json" });
    }
    // The host's values are not known: nothing is invented for them.
    const out = JSON.parse(r.outputs[0]!.text) as { model: Record<string, unknown>; policy?: unknown };
    expect(out.model["temperature"]).toBeUndefined();
    expect(out.policy).toBeUndefined();
  });

  it("AgentMug into mas: the temperature is mas's 0.7 (a warning); mas's 'no limit' takes nothing from the agent", () => {
    const r = convert(AGENTMUG, "mas", { file: "notes.agent.json" });
    expect(r.ok).toBe(true);
    const ds = about(r.diagnostics, "spec.models[].temperature");
    expect(ds.map((d) => [d.severity, d.message])).toEqual([["warning", "AgentMug v1 has no temperature: the host decides, while mas/v1 assumes 0.7 for spec.models[].temperature"]]);
    expect(differs(r.diagnostics).filter((d) => /budget/.test(d.message))).toEqual([]);
    expect(r.outputs[0]!.text).not.toMatch(/temperature|budget/);
  });

  it("AgentMug into Open Agent Spec: the runtime decides there too, so nothing is known to differ", () => {
    const r = convert(AGENTMUG, "agentspec", { file: "notes.agent.json" });
    expect(r.ok).toBe(true);
    expect(differs(r.diagnostics).filter((d) => /temperature|limits/.test(d.message))).toEqual([]);
  });

  it("Open Agent Spec into Caplo: its runtime's call limits become Caplo's 16 model calls and 8 reads per turn", () => {
    const r = convert(AGENTSPEC, "caplo", { file: "notes.agentspec.json" });
    expect(r.ok).toBe(true);
    expect(about(r.diagnostics, "policy.maxModelCalls").map((d) => [d.severity, d.message, d.source?.pointer])).toEqual([
      ["warning", "Open Agent Spec has no call limits: the runtime decides, while Caplo v2 assumes 16 for policy.maxModelCalls", ""],
    ]);
    expect(about(r.diagnostics, "policy.maxReads").map((d) => d.hint)).toEqual(["set policy.maxReads in the output to the value the runtime uses, to keep the agent's behaviour"]);
    // The temperature and answer cap are stated: nothing about them.
    expect(about(r.diagnostics, "model.temperature")).toEqual([]);
    expect(about(r.diagnostics, "model.responseLimit")).toEqual([]);
  });

  it("a setting the agent carries after all (a Caplo temperature that rode AgentMug's stash) is not reported", () => {
    const caplo = JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "Notes", instructions: "Write three bullets.", greeting: "Hi", model: { provider: "OpenAI", name: "gpt-4.1", temperature: 0.2 } });
    const viaMug = convert(caplo, "agentmug", { file: "notes.caplo.json" });
    const r = convert(viaMug.outputs[0]!.text, "mas", { file: "notes.agent.json" });
    expect(r.ok).toBe(true);
    expect(r.outputs[0]!.text).toContain("temperature: 0.2");
    expect(differs(r.diagnostics).filter((d) => /has no temperature/.test(d.message))).toEqual([]);
  });
});
