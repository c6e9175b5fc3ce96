// Session 16's user trial: four messages that said the wrong thing or pointed at the wrong place
// (a mistyped format, a short unknown flag, an unclosed YAML quote, a dangling Agent Spec reference).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { parseText } from "../src/text/parse.js";
import { convert, validate } from "../src/index.js";

const ONE = "golden/caplo-yaml-research/input.caplo.yaml";
const HINT = "    hint: agentport --help\n";

interface Body { diagnostics: { severity: string; code: string; message: string; source?: { pointer: string; line?: number; column?: number } }[] }

describe("a mistyped format is one line in agentport's words", () => {
  it("names the value, the nearest format and the formats, exit 2, as the other usage errors", async () => {
    const r = await cli(["convert", ONE, "--to", "agentmg"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    // Was yargs' two lines: 'Invalid values:\n  Argument: to, Given: "agentmg", Choices: "caplo", …'.
    expect(r.stderr).toBe(`agentport: error usage-error --to is caplo, agentmug, mas or agentspec, not "agentmg" (did you mean --to agentmug?)\n${HINT}`);
    // The same shape as another usage error (one line and the hint; no usage text).
    const other = await cli(["convert", ONE, "--to", "mas", "--syntax", "yml"]);
    expect(other.stderr.split("\n").length).toBe(r.stderr.split("\n").length);
  });

  it("a format named by its label rather than its id is answered with the id (verify trial: --to open-agent-spec got no guess)", async () => {
    expect((await cli(["convert", ONE, "--to", "open-agent-spec"])).stderr).toBe(`agentport: error usage-error --to is caplo, agentmug, mas or agentspec, not "open-agent-spec" (did you mean --to agentspec?)\n${HINT}`);
    expect((await cli(["convert", ONE, "--to", "Caplo_v2"])).stderr).toMatch(/\(did you mean --to caplo\?\)/);
  });

  it("nothing near enough: no guess; --from and --format are said the same way; --json holds the one line", async () => {
    expect((await cli(["convert", ONE, "--to", "zzzzzz"])).stderr).toBe(`agentport: error usage-error --to is caplo, agentmug, mas or agentspec, not "zzzzzz"\n${HINT}`);
    const both = await cli(["convert", ONE, "--to", "agentmg", "--from", "cpalo"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(`agentport: error usage-error --to is caplo, agentmug, mas or agentspec, not "agentmg" (did you mean --to agentmug?); --from is caplo, agentmug, mas or agentspec, not "cpalo" (did you mean --from caplo?)\n${HINT}`);
    expect((await cli(["convert", ONE, "--to", "mas", "--format", "txt"])).stderr).toBe(`agentport: error usage-error --format is text, json or sarif, not "txt" (did you mean --format text?)\n${HINT}`);
    const json = await cli(["convert", ONE, "--to", "agentmg", "--json"]);
    expect(json.code).toBe(2);
    const body = JSON.parse(json.stdout) as Body;
    expect(body.diagnostics.map((d) => d.message)).toEqual(['--to is caplo, agentmug, mas or agentspec, not "agentmg" (did you mean --to agentmug?)']);
  });
});

describe("a short unknown flag is answered with a real option, or with none", () => {
  const said = async (args: string[]) => {
    const r = await cli(["convert", ONE, ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^agentport: error usage-error Unknown arguments?: /);
    // Never a made-up long option: `-t` is no `--t`.
    expect(r.stderr).not.toMatch(/--[a-zA-Z]\b(?!-)/);
    return r.stderr;
  };

  it("-t is --to (the one option it can abbreviate); -x, and -v (--verbose or --version), get no guess", async () => {
    expect(await said(["-t", "mas"])).toMatch(/^agentport: error usage-error Unknown argument: -t \(-t: did you mean --to\?\)\n/);
    expect(await said(["--to", "mas", "-x"])).toMatch(/^agentport: error usage-error Unknown argument: -x\n/);
    expect(await said(["--to", "mas", "-v"])).toMatch(/^agentport: error usage-error Unknown argument: -v\n/);
  });

  it("a long option typed with one dash is that option (-to → --to, -strict → --strict)", async () => {
    expect(await said(["-to", "mas"])).toMatch(/\(-to: did you mean --to\?\)\n/);
    expect(await said(["--to", "mas", "-strict"])).toMatch(/\(-strict: did you mean --strict\?\)\n/);
    // A long option typed with two dashes is still answered as before.
    expect((await cli(["convert", ONE, "--t", "mas"])).stderr).toMatch(/\(--t: did you mean --to\?\)/);
  });
});

describe("an unclosed quote is located where it opens", () => {
  const cases: [string, string, number, number][] = [
    // [what, text, line, column of the opening quote]
    ["double", 'name: x\ndescription: "abc\nmodel: gpt\ntools:\n  - a\n', 2, 14],
    ["single", "a: 'abc\nb: c\n", 1, 4],
    ["in a flow list", 'a: [1, "x\nb: 2\n', 1, 8],
    ["a list item", 'a:\n  - "x\n  - y\n', 2, 5],
  ];
  for (const [what, text, line, column] of cases) {
    it(`${what} quote: at its line and column, not at the end of the file`, () => {
      const d = parseText(text, "a.yaml").diagnostics;
      expect(d[0]).toMatchObject({ code: "invalid-syntax", source: { line, column } });
      expect(d[0]!.message).toMatch(/Missing closing ["']quote/);
    });
  }

  it("in every format's input, on the command line too", async () => {
    const dir = tempDir("agentport-quote-");
    const inputs: Record<string, string> = {
      "agent.caplo.yaml": 'schema: caplo/v2\nkey: a\ndescription: "abc\nprompt: hi\n',
      "agent.yaml": 'apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\n  description: "abc\nspec: {}\n',
      "spec.yaml": 'component_type: Agent\nid: a\nname: "abc\nsystem_prompt: hi\n',
    };
    const at: Record<string, string> = { "agent.caplo.yaml": ":3:14 ", "agent.yaml": ":5:16 ", "spec.yaml": ":3:7 " };
    for (const [name, text] of Object.entries(inputs)) {
      const path = join(dir, name);
      (await import("node:fs")).writeFileSync(path, text);
      const r = await cli(["convert", path, "--to", "agentmug"]);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toContain(`${path}${at[name]}error invalid-syntax YAML syntax: Missing closing "quote`);
    }
  });
});

describe("an Agent Spec $component_ref that names no component of the document", () => {
  const team = () => JSON.parse(readFileSync("golden/agentspec-nested-refs/input.json", "utf8")) as { workers: Record<string, unknown>[] };
  const typo = () => {
    const doc = team();
    doc.workers[0]!["llm_config"] = { $component_ref: "shared_llmm" };
    return JSON.stringify(doc, null, 2);
  };
  const outOfSight = () => {
    const doc = team();
    doc.workers[0]!["tools"] = [{ $component_ref: "archive-search" }];
    return JSON.stringify(doc, null, 2);
  };

  it("an id near one the document defines is a warning at the reference, naming the id and the nearest (another file may define it: converted, kept as a reference)", async () => {
    const r = convert(typo(), "caplo", { file: "team.json" });
    expect(r.outputs.length).toBe(1);
    // Was: a dropped-field warning "llm_config has no counterpart in Caplo v2; dropped" and an info ref-kept.
    // At the llm_config the reference fills (what the agent may run without), not at the id (metadata). Caplo
    // holds no reference: the model placeholder written instead says it (session 17, N8).
    const warned = r.diagnostics.filter((d) => d.source?.pointer === "/workers/0/llm_config" && d.severity === "warning");
    expect(warned).toEqual([expect.objectContaining({ code: "defaulted-placeholder", effect: "behaviour", source: expect.objectContaining({ pointer: "/workers/0/llm_config", line: 41, column: 7 }) })]);
    expect(warned[0]!.message).toMatch(/the model reference "shared_llmm" could not be resolved: no document read defines it \(one defines "shared-llm"\)/);
    expect(warned[0]!.hint).toMatch(/did you mean "shared-llm"\?/);
    // Into Agent Spec the reference is kept: ref-kept, as before.
    const back = convert(typo(), "agentspec", { file: "team.json" }).diagnostics.filter((d) => d.code === "ref-kept" && d.severity === "warning");
    expect(back.map((d) => [d.source?.pointer, d.hint])).toEqual([["/workers/0/llm_config", expect.stringMatching(/did you mean "shared-llm"\?/)]]);
    expect(validate(typo(), { file: "team.json" }).ok).toBe(true);

    const dir = tempDir("agentport-dangling-");
    const path = join(dir, "team.json");
    (await import("node:fs")).writeFileSync(path, typo());
    const run = await cli(["convert", path, "--to", "mas", "-o", `${dir}/out/`]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:41:7 warning stashed-value llm_config is the model reference "shared_llmm" `));
  });

  it("a component defined where the reference cannot see it is an input error at the reference, named with the place it is defined; exit 2, nothing written; validate agrees", async () => {
    const r = convert(outOfSight(), "caplo", { file: "team.json" });
    expect(r.outputs).toEqual([]);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.source?.pointer, d.message])).toEqual([
      ["invalid-input", "/workers/0/tools/0/$component_ref", 'Open Agent Spec: $component_ref "archive-search" names no component it can see: "archive-search" is defined at /group_manager/$referenced_components/archive-search, which only /group_manager and what it holds can refer to'],
    ]);
    expect(validate(outOfSight(), { file: "team.json" }).ok).toBe(false);
    const dir = tempDir("agentport-dangling-");
    const path = join(dir, "team.json");
    (await import("node:fs")).writeFileSync(path, outOfSight());
    const run = await cli(["convert", path, "--to", "mas", "-o", `${dir}/out/`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/ error invalid-input /);
    expect((await import("node:fs")).existsSync(join(dir, "out"))).toBe(false);
  });

  it("--lenient converts anyway, with a warning at the reference (kept as a reference, as before)", () => {
    const r = convert(outOfSight(), "caplo", { file: "team.json", lenient: true });
    expect(r.outputs.length).toBe(1);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: "lenient-input", severity: "warning", source: expect.objectContaining({ pointer: "/workers/0/tools/0/$component_ref" }) }));
  });

  it("an id near none the document defines may be another file's: kept as a reference, also in agentport's own output", () => {
    // Both agents hold the same model, which the Agent Spec output shares in $referenced_components, beside
    // the tool reference the input left to another file: reading that output back must not refuse it.
    const llm = { component_type: "OpenAiCompatibleConfig", id: "m", name: "m", model_id: "mistral-large", url: "https://llm.example.com/v1" };
    const agent = (id: string) => ({ component_type: "Agent", id, name: id, llm_config: { ...llm }, system_prompt: "hi", tools: [{ $component_ref: "ext-tool" }] });
    const team = { component_type: "ManagerWorkers", id: "t", name: "t", group_manager: agent("boss"), workers: [agent("w")], agentspec_version: "26.2.0" };
    const out = convert(JSON.stringify(team), "agentspec", { file: "t.json" });
    expect(out.outputs.length).toBe(1);
    expect(out.outputs[0]!.text).toContain("$referenced_components");
    const back = convert(out.outputs[0]!.text, "caplo", { file: "t.agentspec.json" });
    expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // Into Caplo (no references) each agent's tool reference is said as the tools it loses (T4, session 17), not as kept.
    expect(back.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
    expect(back.diagnostics.filter((d) => d.code === "dropped-field" && d.severity === "warning" && d.message.includes('$component_ref "ext-tool"')).length).toBe(2);
  });

  it("a document with no $referenced_components at all is a disaggregated configuration: its references stay references", () => {
    const text = readFileSync("golden/agentspec-disaggregated/input.yaml", "utf8");
    const r = convert(text, "caplo", { file: "input.yaml" });
    expect(r.outputs.length).toBe(1);
    // Caplo holds no references: the tool's is said as the tools the agent loses (T4, session 17), the model's by the placeholder Caplo gets instead.
    expect(r.diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
    expect(r.diagnostics.filter((d) => d.code === "dropped-field" && d.severity === "warning").map((d) => d.source?.pointer)).toEqual(["/tools"]);
    expect(r.diagnostics.filter((d) => d.code === "defaulted-placeholder").map((d) => d.source?.pointer)).toEqual(["/llm_config"]);
  });
});
