// Session 9's honesty findings (fresh9): a change the model sees, may call or is limited by is a
// warning, never a note, wherever the raiser or the place it points at would have said "note".
// Each test failed before its fix.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, type Diagnostic } from "../src/index.js";

const read = (p: string): string => readFileSync(p, "utf8");
const codes = (ds: readonly Diagnostic[], code: string): Diagnostic[] => ds.filter((d) => d.code === code);

describe("a default the target assumes in place of the runtime's is a behaviour change (finding 1)", () => {
  it("pyagentspec's default_generation_parameters: null does not make the difference a metadata note", () => {
    const text = read("test/fixtures/agentspec/howto_agents.json");
    for (const to of ["mas", "caplo"]) {
      const r = convert(text, to, { file: "howto_agents.json" });
      const differs = codes(r.diagnostics, "default-differs");
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
