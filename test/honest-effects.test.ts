// Session 9's honesty findings (fresh9): a change the model sees, may call or is limited by is a
// warning, never a note, wherever the raiser or the place it points at would have said "note".
// Each test failed before its fix.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type Diagnostic } from "../src/index.js";
import { cli } from "./helpers/cli.js";

const read = (p: string): string => readFileSync(p, "utf8");
const codes = (ds: readonly Diagnostic[], code: string): Diagnostic[] => ds.filter((d) => d.code === code);

describe("a default the target assumes in place of the runtime's is a behaviour change (finding 1)", () => {
  it("pyagentspec's default_generation_parameters: null does not make the difference a metadata note", () => {
    const text = read("test/fixtures/agentspec/howto_agents.json");
    for (const to of ["mas", "caplo"]) {
      const r = convert(text, to, { file: "howto_agents.json" });
      // The sampling settings (the call limits Agent Spec cannot state are test/defaults-host.test.ts's).
      const differs = codes(r.diagnostics, "default-differs").filter((d) => /default_generation_parameters/.test(d.message));
      // temperature and max_tokens: the runtime's default becomes mas's 0.7 / 2000, Caplo's 0.4 / 1024.
      expect(differs.map((d) => d.message.match(/parameters\.(\w+)/)?.[1]).sort(), to).toEqual(["max_tokens", "temperature"]);
      for (const d of differs) {
        expect(d.source?.pointer, to).toBe("/llm_config/default_generation_parameters");
        expect([d.severity, d.effect], `${to}: ${d.message}`).toEqual(["warning", "behaviour"]);
      }
      // The null itself is no setting: its loss stays a note beside the warning.
      const others = r.diagnostics.filter((d) => d.code !== "default-differs" && d.source?.pointer === "/llm_config/default_generation_parameters");
      expect(others.map((d) => d.severity).filter((s) => s !== "info"), to).toEqual([]);
    }
  });

  it("says the same as the Swarm whose model settings are a shared component", () => {
    const swarm = convert(read("test/fixtures/agentspec/howto_swarm.yaml"), "mas", { file: "howto_swarm.yaml" });
    const agent = convert(read("test/fixtures/agentspec/howto_agents.json"), "mas", { file: "howto_agents.json" });
    const shape = (r: { diagnostics: readonly Diagnostic[] }) => [...new Set(codes(r.diagnostics, "default-differs").map((d) => `${d.severity} ${d.effect}`))];
    expect(shape(agent)).toEqual(shape(swarm));
  });
});

describe("a call limit of an agent graph is not the same limit per mas agent (finding 2)", () => {
  const bundle = read("examples/support-bundle.caplo.json");
  const limitLines = (ds: readonly Diagnostic[]) => ds.filter((d) => /policy\.(maxModelCalls|maxReads)/.test(d.message)).map((d) => `${d.severity} ${d.code} ${d.source?.pointer}`);

  it("Caplo counts the whole graph's calls per turn; a mas budget counts one agent's per run: a warning in a bundle with links", () => {
    const r = convert(bundle, "mas", { file: "support-bundle.caplo.json" });
    expect(limitLines(r.diagnostics).sort()).toEqual([
      // front-desk's 12 and tech's 16 as written; billing's and the others' unset limits, Caplo's 16 and 8.
      "warning default-differs /agents/0/policy",
      "warning default-differs /agents/1/policy",
      "warning default-differs /agents/1/policy",
      "warning default-differs /agents/2/policy",
      "warning transformed-value /agents/0/policy/maxModelCalls",
      "warning transformed-value /agents/2/policy/maxReads",
    ]);
    // A written default no longer claims the agent keeps its behaviour.
    for (const d of codes(r.diagnostics, "default-differs").filter((d) => /policy\./.test(d.message))) {
      expect(d.message).not.toMatch(/keeps its behaviour/);
      expect(d.message).toMatch(/per run of this agent/);
    }
  });

  it("a lone agent, whose graph is itself, keeps its limit: a note", () => {
    const lone = JSON.parse(read("golden/caplo-minimal/input.caplo.json")) as Record<string, unknown>;
    const r = convert(JSON.stringify({ ...lone, policy: { maxModelCalls: 5 } }), "mas", { file: "lone.caplo.json" });
    expect(limitLines(r.diagnostics).sort()).toEqual(["info default-differs /policy", "info transformed-value /policy/maxModelCalls"]);
  });
});

describe("an input that takes a file, written as a string, is another contract (finding 11)", () => {
  // The invoice chaser takes a company_name string and an invoice_workbook file; `type` retypes the first.
  const agentmug = (type?: string) => {
    const agent = JSON.parse(read("test/fixtures/agentmug/invoice-chaser.agent")) as { parameters: Record<string, unknown>[] };
    if (type !== undefined) agent.parameters = [{ ...agent.parameters[0], type }];
    return JSON.stringify(agent);
  };
  const retyped = (type?: string) => convert(agentmug(type), "agentspec", { file: "a.agent" }).diagnostics.filter((d) => /is written as the JSON-schema type/.test(d.message));

  it("a file input becomes a text input: a warning", () => {
    const [d, ...rest] = retyped();
    expect(rest).toEqual([]);
    expect([d?.severity, d?.effect]).toEqual(["warning", "behaviour"]);
    expect(d?.message).toMatch(/not a file/);
  });

  it("a form type JSON schema states (an email, a url, a long text) stays a note", () => {
    for (const type of ["email", "url", "text"]) for (const d of retyped(type)) expect([type, d.severity], d.message).toEqual([type, "info"]);
    expect(retyped("email")).toHaveLength(1);
  });
});

describe("a skill whose trigger is not written is always in the prompt (finding 10)", () => {
  const chaser = read("test/fixtures/agentmug/invoice-chaser.agent");
  const skillLines = (text: string) => convert(text, "caplo", { file: "a.agent" }).diagnostics.filter((d) => d.code === "transformed-value" && d.source?.pointer === "/blueprint/skills/0");

  it("AgentMug → Caplo: the recipe without 'when' is a warning, worded by what Caplo does", () => {
    const [d, ...rest] = skillLines(chaser);
    expect(rest).toEqual([]);
    expect([d?.severity, d?.effect]).toEqual(["warning", "behaviour"]);
    expect(d?.message).toMatch(/trigger .* is not written/);
    expect(d?.message).not.toMatch(/mas runtime/);
  });

  it("a mas skill's SKILL.md, written whole, is what its runtime adds every time: a note", async () => {
    const r = await cli(["convert", "golden/mas-app-skills/input.yaml", "--to", "caplo", "--json"]);
    const body = JSON.parse(r.stdout) as { diagnostics: Diagnostic[] };
    const skills = body.diagnostics.filter((d) => d.code === "transformed-value" && /is appended to instructions as "\[skill:/.test(d.message));
    expect(skills.length).toBeGreaterThan(0);
    for (const d of skills) expect(d.severity, d.message).toBe("info");
  });
});

describe("a greeting the source never said is a change users meet first (finding 13)", () => {
  const mas = ["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: helper", "spec:", "  description: Answers questions.", "  context:", "    role: Be brief.", ""].join("\n");

  it("mas → Caplo: the documented template, filled in, is a warning at the agent naming /greeting", () => {
    const r = convert(mas, "caplo", { file: "helper.yaml" });
    const d = r.diagnostics.find((x) => x.code === "defaulted-required" && x.target?.pointer === "/greeting");
    expect([d?.severity, d?.effect], d?.message).toEqual(["warning", "behaviour"]);
    expect(d?.source?.pointer).toBe("");
    expect(JSON.parse(r.outputs[0]!.text).greeting).toBe("Hello! How can I help you today?");
  });

  it("a greeting the source has is carried, and nothing is said", () => {
    const r = convert(read("golden/caplo-minimal/input.caplo.json"), "caplo", { file: "a.caplo.json" });
    expect(r.diagnostics.filter((x) => x.target?.pointer === "/greeting")).toEqual([]);
  });
});
