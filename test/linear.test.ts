// The indexes that keep conversion cost linear (docs/performance.md): the reporter's
// per-agent index of diagnostics, its positions for replace, and the sub-agent tool
// places worked out once per agent. Each must give what a full scan gives.
import { describe, expect, it } from "vitest";
import { stringify as yamlStringify } from "yaml";
import { convert } from "../src/index.js";
import { Reporter } from "../src/ir/reporter.js";
import { linkSettings } from "../src/ir/home.js";
import { newAgent } from "../src/ir/agent.js";
import { diagnostic } from "../src/ir/diagnostics.js";
import type { IrAgent } from "../src/ir/model.js";

describe("Reporter index", () => {
  it("lists each agent's diagnostics in the order raised, and replace keeps the subject and the place", () => {
    const a = newAgent("caplo", "/agents/0");
    const b = newAgent("caplo", "/agents/1");
    const r = new Reporter("agentmug", "out.json");
    r.at(a, "dropped-field", "/greeting", { target: "AgentMug v1" });
    r.at(b, "dropped-field", "/greeting", { target: "AgentMug v1" });
    // A caller may push into the public array itself: replace still finds the place.
    r.diagnostics.unshift(diagnostic("defaulted-required", { field: "first", filled: "set" }));
    r.atExtension(a, "dropped-field", "caplo", "/x", { target: "AgentMug v1" });
    expect(r.aboutAgent(a).map((x) => x.s.ir ?? x.s.ext?.rel)).toEqual(["/greeting", "/x"]);
    expect(r.aboutAgent(b)).toHaveLength(1);
    const old = r.aboutAgent(a)[0]!.d;
    const next = diagnostic("stashed-value", { kept: { code: "dropped-field", payload: { value: "greeting", target: "AgentMug v1" } } });
    r.replace(old, next);
    expect(r.diagnostics.indexOf(next)).toBe(1);
    expect(r.diagnostics).not.toContain(old);
    expect(r.subjectOf(next)).toEqual({ agent: a, ir: "/greeting" });
    expect(r.subjectOf(old)).toBeUndefined();
    expect(r.aboutAgent(a)[0]!.d).toBe(next);
  });
});

describe("linkSettings", () => {
  function agentWith(places: Record<string, string>, subAgent: number[]): IrAgent {
    const a = newAgent("mas", "");
    const n = Object.keys(places).length;
    a.tools = Array.from({ length: n }, (_, i) => (subAgent.includes(i) ? { kind: "system", name: "spawn_subagent" } : { kind: "system", name: "request_human_input" })) as IrAgent["tools"];
    for (const [ir, src] of Object.entries(places)) a.sourceMap[ir] = src;
    return a;
  }

  it("is true exactly for values strictly inside a sub-agent tool's place", () => {
    const a = agentWith({ "/tools/0": "/spec/tools/0", "/tools/1": "/spec/tools/1", "/tools/2": "/spec/tools/12" }, [1, 2]);
    const is = linkSettings(a, "mas");
    expect(is("/spec/tools/1/params/templates")).toBe(true);
    expect(is("/spec/tools/12/params")).toBe(true);
    expect(is("/spec/tools/1")).toBe(false);
    expect(is("/spec/tools/0/params")).toBe(false);
    expect(is("/spec/tools/10/params")).toBe(false);
    expect(is("/spec/tools/123/params")).toBe(false);
    expect(linkSettings(a, "caplo")("/spec/tools/1/params")).toBe(false);
  });

  it("classifies every tool's settings in an agent with many tools (mas → Caplo)", () => {
    const tools = Array.from({ length: 60 }, (_, i) =>
      i % 20 === 7
        ? { kind: "system", name: "spawn_subagent", params: { templates: [{ id: `t${i}`, description: "Review." }], max_spawns: 2 } }
        : { kind: "system", name: "request_human_input", params: { timeout: 300 + i } },
    );
    const text = yamlStringify({ apiVersion: "mas/v1", kind: "Agent", metadata: { name: "many" }, spec: { description: "Many tools.", context: { role: "Work." }, models: [{ model: "openai/gpt-4.1" }], tools } });
    const r = convert(text, "caplo", { lenient: true });
    const links = r.diagnostics.filter((d) => d.code === "dropped-link").map((d) => d.source?.pointer);
    expect(links).toEqual([7, 27, 47].map((i) => `/spec/tools/${i}/params`));
  });
});
