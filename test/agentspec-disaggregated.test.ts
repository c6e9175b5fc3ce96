// Trial finding T4 (session 17): Open Agent Spec's disaggregated example pair
// (test/fixtures/agentspec/howto_disaggregated_main_config.json, whose llm_config and only tool are
// `$component_ref`s to howto_disaggregated_component_config.json, a file of $referenced_components only).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { convert, convertMany, validate } from "../src/index.js";

const DIR = "test/fixtures/agentspec";
const MAIN = "howto_disaggregated_main_config.json";
const COMPONENTS = "howto_disaggregated_component_config.json";
const text = (f: string): string => readFileSync(`${DIR}/${f}`, "utf8");

describe("the main file alone: its tool reference names a component of a file not read", () => {
  for (const to of ["caplo", "mas", "agentmug"]) {
    it(`→ ${to}: one behaviour warning at /tools naming the reference and that the agent loses its tools, not "kept as a reference"`, () => {
      const r = convert(text(MAIN), to, { file: MAIN });
      expect(r.ok).toBe(true);
      const atTools = r.diagnostics.filter((d) => d.source?.pointer === "/tools" || d.source?.pointer?.startsWith("/tools/"));
      expect(atTools.map((d) => d.severity)).toEqual(["warning"]);
      const d = atTools[0]!;
      expect(d.message).toContain('"client_weather_tool"');
      expect(d.message).toMatch(/no document read defines/);
      expect(d.message).toMatch(/written without its tools/);
      // Not "tools has no counterpart in <target>" as if the target had no tools.
      expect(d.message).not.toMatch(/^tools (is .* and )?has no counterpart/);
      // Nothing says a reference is kept: only Agent Spec keeps references.
      expect(r.diagnostics.filter((x) => x.code === "ref-kept")).toEqual([]);
    });
  }

  it("→ agentspec: the tool reference is written back, and said so at the reference (ref-kept)", () => {
    const r = convert(text(MAIN), "agentspec", { file: MAIN });
    expect(r.ok).toBe(true);
    const out = JSON.parse(r.outputs[0]!.text) as { tools: unknown[] };
    expect(out.tools).toEqual([{ $component_ref: "client_weather_tool" }]);
    expect(r.diagnostics.filter((d) => d.code === "ref-kept").map((d) => d.source?.pointer).sort()).toEqual(["/llm_config", "/tools/0"]);
  });

  it("validate warns that the agent's tools are unknown unless another file defines the reference", () => {
    const v = validate(text(MAIN), { file: MAIN });
    expect(v.ok).toBe(true);
    const tools = v.diagnostics.filter((d) => d.message.includes('"client_weather_tool"'));
    expect(tools.length).toBe(1);
    expect(tools[0]!.severity).toBe("warning");
  });
});

describe("the component file (a file of $referenced_components only)", () => {
  it("refused on its own, saying to name it together with its main file (session 18: then resolved)", () => {
    const r = convert(text(COMPONENTS), "caplo", { file: COMPONENTS });
    const refusal = r.diagnostics.find((d) => d.code === "unsupported-document" && d.source?.file === COMPONENTS);
    expect(refusal).toBeDefined();
    expect(refusal!.message).not.toMatch(/loaded beside its main component\)/);
    expect(refusal!.message).toMatch(/name it together with the main file/);
    // Named with the main file, it is read by it (test/agentspec-disaggregated-pair.test.ts).
    const both = convertMany([{ file: MAIN, text: text(MAIN) }, { file: COMPONENTS, text: text(COMPONENTS) }], "caplo");
    expect(both.diagnostics.filter((d) => d.code === "unsupported-document")).toEqual([]);
  });
});
