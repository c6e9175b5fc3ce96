// Session 18's user trial, the wording findings: a value the source set aside on purpose (an Agent
// Spec generated id) or that holds nothing (a null description) is not said to have "no counterpart"
// in a target that has that field; the CLI speaks its flags and the library its options; a Markdown
// file named by hand is one located line, not the YAML parser's every complaint.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";

// The shape of the corpus's howto_agents.json (pyagentspec's output): a UUID id and a null description.
const UUID = "c0018da9-2d1d-4e5d-bfb5-63c3e6989d37";
const HOWTO = JSON.stringify({
  component_type: "Agent",
  id: UUID,
  name: "Helpful agent",
  description: null,
  metadata: {},
  inputs: [],
  outputs: [],
  llm_config: { component_type: "VllmConfig", id: "c0018da9-2d1d-4e5d-bfb5-63c3e6989d38", name: "m", description: null, metadata: {}, default_generation_parameters: null, url: "http://x", model_id: "m" },
  system_prompt: "Be helpful.",
  tools: [],
  agentspec_version: "26.2.0",
});

const at = (target: "agentmug" | "mas" | "caplo", pointer: string) => {
  const r = convert(HOWTO, target, { file: "howto.json" });
  expect(r.outputs.length).toBe(1);
  return r.diagnostics.filter((d) => d.source?.pointer === pointer).map((d) => d.message);
};

describe("a generated id and a null description are said as what they are (user trial 18)", () => {
  it("the generated id is not the agent's id in AgentMug, whose id is derived from the name; kept in the stash", () => {
    const said = at("agentmug", "/id");
    expect(said).toEqual([`id "${UUID}" (a generated id) is not the agent's id in AgentMug v1, which is derived from its name; kept in x-agentport for the way back`]);
  });

  it("the same words for mas and Caplo (no target claims to lack an id)", () => {
    expect(at("mas", "/id")).toEqual([`id "${UUID}" (a generated id) is not the agent's id in mas/v1, which is derived from its name; kept in x-agentport for the way back`]);
    expect(at("caplo", "/id")).toEqual([`id "${UUID}" (a generated id) is not the agent's id in Caplo v2, which is derived from its name; dropped`]);
  });

  it("a null description is null, holding nothing to write: not a field AgentMug lacks", () => {
    expect(at("agentmug", "/description")).toEqual(["description is null: it holds nothing for AgentMug v1 to write; kept in x-agentport for the way back"]);
    expect(at("caplo", "/description")).toEqual(["description is null: it holds nothing for Caplo v2 to write; dropped"]);
    // Any null value of the source: a member of a component too.
    expect(at("agentmug", "/llm_config/description")).toEqual(["llm_config.description is null: it holds nothing for AgentMug v1 to write; kept in x-agentport for the way back"]);
    const r = convert(HOWTO, "agentmug", { file: "howto.json" });
    for (const d of r.diagnostics) expect(d.message).not.toMatch(/^(id|description) .*has no counterpart/);
  });
});
