// Trial finding T4, part 2 (session 18): Open Agent Spec's disaggregated pair named together in one
// run. The main file's $component_refs (its llm_config, its only tool) resolve in the other input's
// $referenced_components; the component-only file is not converted on its own, and not refused.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, convertMany, type ConvertResult } from "../src/index.js";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";

const DIR = "test/fixtures/agentspec";
const MAIN = "howto_disaggregated_main_config.json";
const COMPONENTS = "howto_disaggregated_component_config.json";
const text = (f: string): string => readFileSync(`${DIR}/${f}`, "utf8");
const pair = (order: "main-first" | "components-first") => {
  const both = [{ file: `${DIR}/${MAIN}`, text: text(MAIN) }, { file: `${DIR}/${COMPONENTS}`, text: text(COMPONENTS) }];
  return order === "main-first" ? both : [both[1]!, both[0]!];
};

/** Nothing in the result says a reference was left unresolved or the component file was refused. */
function nothingUnresolved(r: ConvertResult): void {
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(r.diagnostics.filter((d) => d.code === "unsupported-document")).toEqual([]);
  expect(r.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
  expect(r.diagnostics.filter((d) => /could not be resolved|no document read defines|placeholder OpenAI/.test(d.message))).toEqual([]);
}

describe("convertMany of the pair", () => {
  for (const order of ["main-first", "components-first"] as const) {
    it(`→ caplo (${order}): one agent with the model and the tool the component file defines`, () => {
      const r = convertMany(pair(order), "caplo");
      expect(r.ok).toBe(true);
      nothingUnresolved(r);
      expect(r.outputs.length).toBe(1);
      const doc = r.outputs[0]!.document as { model: { name: string }; tools: string[] };
      expect(doc.model.name).toBe("llm-model_1");
      expect(doc.tools).toEqual(["get_weather"]);
    });
  }

  it("→ mas: the model and the tool are written", () => {
    const r = convertMany(pair("main-first"), "mas");
    expect(r.ok).toBe(true);
    nothingUnresolved(r);
    expect(r.outputs.length).toBe(1);
    const doc = r.outputs[0]!.document as { spec: { models: { model: string }[]; tools: string[] } };
    expect(doc.spec.models[0]!.model).toBe("llm-model_1");
    expect(doc.spec.tools).toEqual(["get_weather"]);
  });

  it("a finding about a supplied component names the component file, at its line", () => {
    const r = convertMany(pair("main-first"), "caplo");
    const url = r.diagnostics.find((d) => d.message.startsWith("llm_config.url"));
    expect(url?.source?.file).toBe(`${DIR}/${COMPONENTS}`);
    expect(url?.source?.pointer).toBe("/$referenced_components/llm_config/url");
    expect(url?.source?.line).toBe(text(COMPONENTS).split("\n").findIndex((l) => l.includes('"url"')) + 1);
  });

  it("→ agentspec: one file, the components written into it (the pair is not split again)", () => {
    const r = convertMany(pair("main-first"), "agentspec");
    expect(r.ok).toBe(true);
    nothingUnresolved(r);
    expect(r.outputs.length).toBe(1);
    const out = JSON.stringify(r.outputs[0]!.document);
    expect(out).not.toContain("$component_ref\":\"llm_config");
    expect(out).toContain('"model_id":"llm-model_1"');
    expect(out).toContain('"name":"get_weather"');
  });
});

describe("each file alone", () => {
  it("the component file alone is refused, and its message says to name it together with the main file", () => {
    const r = convert(text(COMPONENTS), "caplo", { file: COMPONENTS });
    expect(r.ok).toBe(false);
    const refusal = r.diagnostics.find((d) => d.code === "unsupported-document");
    expect(refusal).toBeDefined();
    expect(refusal!.message).toMatch(/name it together with the main file/);
    expect(refusal!.message).not.toMatch(/does not yet resolve/);
  });

  it("the main file alone still says its model and tool references are unresolved", () => {
    const r = convert(text(MAIN), "caplo", { file: MAIN });
    expect(r.ok).toBe(true);
    expect(r.diagnostics.filter((d) => /no document read defines/.test(d.message)).map((d) => d.source?.pointer).sort()).toEqual(["/llm_config", "/tools"]);
    // Its hint now says how to resolve it: name the other file in the same run.
    const model = r.diagnostics.find((d) => d.source?.pointer === "/llm_config")!;
    expect(model.hint).toMatch(/in the same run/);
    expect(model.hint).not.toMatch(/does not yet read/);
  });
});

describe("CLI", () => {
  it("agentport convert main.json components.json --to caplo -o out/: one agent written, with its model and tool", async () => {
    const out = tempDir("agentport-pair-");
    const r = await cli(["convert", `${DIR}/${MAIN}`, `${DIR}/${COMPONENTS}`, "--to", "caplo", "-o", out + "/"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/unsupported-document|could not be resolved|no document read defines/);
    expect(readdirSync(out)).toEqual(["agent-id.caplo.json"]);
    const doc = JSON.parse(readFileSync(join(out, "agent-id.caplo.json"), "utf8")) as { model: { name: string }; tools: string[] };
    expect(doc.model.name).toBe("llm-model_1");
    expect(doc.tools).toEqual(["get_weather"]);
  });
});
