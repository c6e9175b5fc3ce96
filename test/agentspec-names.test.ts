// Diagnostics name a value of an Agent Spec agent as the agent reads it: a value of a component
// defined in $referenced_components (the Swarm's agents, a shared llm_config, a tool) is named at
// the place it stands for in the agent (`llm_config.url`, `tools[0].inputs`), not by the key path of
// its definition, which spells the component's generated id. The pointer (and so line:column)
// stays the definition's: only the message's words change. Where one output holds several agents and
// two of them have a value of one name at different places, the name says its agent.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { convert, type Diagnostic } from "../src/index.js";
import { newAgent } from "../src/ir/agent.js";
import { nameIn } from "../src/ir/reporter.js";
import { isAncestorOrSelf } from "../src/ir/pointer.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const FILE = "test/fixtures/agentspec/howto_swarm.json";
const TEXT = readFileSync(join(PROJECT_ROOT, FILE), "utf8");
const DEFS = "/$referenced_components";
const GP = `${DEFS}/55f143da-4dff-466e-bc5c-f8da5bf8c22a`;
const LLM = `${DEFS}/5fd42c44-d0e7-484c-bf6b-1e9649d42576`;
const AGENT_FILES = ["general-practitioner.yaml", "pharmacist.yaml", "dermatologist.yaml"];

const under = (ds: readonly Diagnostic[], pointer: string) => ds.filter((d) => d.source?.pointer !== undefined && isAncestorOrSelf(pointer, d.source.pointer));

describe("the name of a value an Agent Spec agent reads from a definition elsewhere", () => {
  it("is the agent's place of it: the deepest part at or above the value names it; the component itself keeps its key path", () => {
    const a = newAgent("agentspec", "");
    a.origin.places = { [GP]: "", [LLM]: "/llm_config", [`${DEFS}/tool`]: "/tools/1" };
    expect(nameIn(a, `${LLM}/url`)).toBe("llm_config.url");
    expect(nameIn(a, LLM)).toBe("llm_config");
    expect(nameIn(a, `${GP}/tools/0/inputs`)).toBe("tools[0].inputs");
    expect(nameIn(a, `${DEFS}/tool/outputs/0`)).toBe("tools[1].outputs[0]");
    // The agent's own component as a whole would be "(document)" in its own terms: another place.
    expect(nameIn(a, GP)).toBe("$referenced_components.55f143da-4dff-466e-bc5c-f8da5bf8c22a");
    // Outside every part of the agent (a document-level value): its key path, as before.
    expect(nameIn(a, "/handoff")).toBe("handoff");
    expect(nameIn(newAgent("caplo", "/agents/0"), "/policy/voiceStyle")).toBe("policy.voiceStyle");
  });

  for (const to of ["mas", "agentmug", "caplo"]) {
    it(`into ${to}: a Swarm's values are named as each agent reads them, at their definitions' pointers`, () => {
      const r = convert(TEXT, to, { file: FILE });
      expect(r.ok).toBe(true);
      const shared = under(r.diagnostics, LLM).filter((d) => d.source!.pointer !== LLM);
      expect(shared.length).toBeGreaterThan(0);
      // A setting the source leaves unset (default-differs) sits at the object it would go in, and names the setting in it.
      for (const d of shared) {
        const name = `llm_config.${d.source!.pointer.slice(LLM.length + 1).replace(/\//g, ".")}`;
        expect(d.message.startsWith(`${name} `) || (d.code === "default-differs" && d.message.startsWith(`${name}.`)), d.message).toBe(true);
      }
      const tool = under(r.diagnostics, `${GP}/tools/0`);
      expect(tool.length).toBeGreaterThan(0);
      // One Caplo bundle holds every agent, each with a tools[0]: there the name says its agent.
      const agent = to === "caplo" ? "GeneralPractitioner's " : "";
      for (const d of tool) expect(d.message.startsWith(`${agent}tools[0]${d.source!.pointer.slice(`${GP}/tools/0`.length).replace(/\//g, ".")} `), d.message).toBe(true);
      // No message about an agent's value spells a definition's id; the parse's notes about a definition itself do.
      const values = r.diagnostics.filter((d) => d.source?.pointer.startsWith(`${DEFS}/`) && d.code !== "transformed-value");
      expect(values.length).toBeGreaterThan(0);
      expect(values.filter((d) => d.message.includes("$referenced_components")).map((d) => d.message)).toEqual([]);
    });
  }

  it("a shared component is named once per agent that reads it, each in that agent's file", () => {
    const r = convert(TEXT, "mas", { file: FILE });
    const url = r.diagnostics.filter((d) => d.source?.pointer === `${LLM}/url`);
    expect(url.map((d) => [d.message.split(" ")[0], d.target?.file])).toEqual(AGENT_FILES.map((f) => ["llm_config.url", f]));
  });

  it("one output of several agents: a name two agents' different values share says the agent, a component they share is one value", () => {
    const r = convert(TEXT, "caplo", { file: FILE });
    // Each agent's generated id is set aside (session 18: not the agent's id, which is derived from its name).
    const ids = ["GeneralPractitioner", "Pharmacist", "Dermatologist"].map((n) => new RegExp(`^${n}'s id "[0-9a-f-]{36}" \\(a generated id\\) is not the agent's id in Caplo v2, which is derived from its name; dropped$`));
    const said = r.diagnostics.filter((d) => /'s id /.test(d.message)).map((d) => d.message);
    expect(said.length).toBe(3);
    said.forEach((m, i) => expect(m).toMatch(ids[i]!));
    // The Swarm's own id is the document's: its key path, as before.
    expect(r.diagnostics.find((d) => d.source?.pointer === "/id")?.message).toBe("id has no counterpart in Caplo v2; dropped");
    const url = r.diagnostics.filter((d) => d.source?.pointer === `${LLM}/url`);
    expect(url.map((d) => d.message)).toEqual(["llm_config.url has no counterpart in Caplo v2; dropped"]);
    // Each agent's file names its agent already: no agent in the name.
    expect(convert(TEXT, "mas", { file: FILE }).diagnostics.filter((d) => /^(GeneralPractitioner|Pharmacist|Dermatologist)'s /.test(d.message)).map((d) => d.message)).toEqual([]);
  });

  it("the same input gives the same names", () => {
    expect(convert(TEXT, "mas", { file: FILE }).diagnostics.map((d) => d.message)).toEqual(convert(TEXT, "mas", { file: FILE }).diagnostics.map((d) => d.message));
  });
});
