// A mas agent's relative references (tool manifests, prompt files) that come back through another
// format's stash (mas → AgentMug → mas) are paths from the folder the mas agent was read in, which
// the AgentMug file does not record (user trial, session 8): written with -o into another folder
// they were rewritten as if made from the AgentMug file's folder, and `ref-rewritten` claimed "the
// same tool manifest"; an agent file of a MAS app, written beside the new MAS manifest, kept its
// `../tools/…` reference, which names nothing from there ("the way back gave no such file").
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { convert, convertMany, type Diagnostic } from "../src/index.js";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { masManifest } from "./helpers/mas-app.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const TOOL = `apiVersion: mas/v1
kind: Tool
metadata:
  name: calc
spec:
  description: Evaluate an arithmetic expression.
  parameters:
    - name: expression
      type: string
      required: true
  impl:
    kind: python
    module_path: ./calc.py
    class_name: CalcTool
`;

const agent = (name: string, ref: string) => `apiVersion: mas/v1
kind: Agent
metadata:
  name: ${name}
spec:
  description: Does sums.
  models:
    - model: openai/gpt-4o-mini
  context:
    role: You do sums.
  tools:
    - ref: ${ref}
`;

const toolRefs = (yamlText: string): unknown[] => ((parseYaml(yamlText) as { spec: { tools: { ref: string }[] } }).spec.tools).map((t) => t.ref);
const about = (ds: readonly Diagnostic[], code: string) => ds.filter((d) => d.code === code && /tools\[0\]\.ref/.test(d.message));

/** A folder with app/solo.yaml (ref ./tools/calc.tool.yaml), app/mas.yaml + app/agents/helper.yaml (ref ../tools/calc.tool.yaml) and the tool. */
function app(): string {
  const d = tempDir("agentport-restored-");
  mkdirSync(join(d, "app/agents"), { recursive: true });
  mkdirSync(join(d, "app/tools"), { recursive: true });
  writeFileSync(join(d, "app/tools/calc.tool.yaml"), TOOL);
  writeFileSync(join(d, "app/solo.yaml"), agent("solo", "./tools/calc.tool.yaml"));
  writeFileSync(join(d, "app/agents/helper.yaml"), agent("helper", "../tools/calc.tool.yaml"));
  writeFileSync(join(d, "app/mas.yaml"), masManifest([{ id: "helper", ref: "agents/helper.yaml" }]));
  return d;
}

describe("references a stash brought back", () => {
  it("written with -o elsewhere: a warning that the reference is a guess and the agent may lack the tool, never 'the same tool manifest'", async () => {
    const d = app();
    const there = await cli(["convert", join(d, "app/solo.yaml"), "--to", "agentmug", "-o", join(d, "am") + "/"]);
    expect(there.code).toBe(0);
    const back = await cli(["convert", join(d, "am/solo.agent.json"), "--to", "mas", "-o", join(d, "back") + "/", "--json"]);
    expect(back.code).toBe(0);
    const body = JSON.parse(back.stdout) as { diagnostics: Diagnostic[] };
    expect(about(body.diagnostics, "ref-rewritten")).toEqual([]);
    const kept = about(body.diagnostics, "ref-kept");
    expect(kept.map((d) => [d.severity, d.effect])).toEqual([["warning", "behaviour"]]);
    expect(kept[0]!.message).toMatch(/"\.\/tools\/calc\.tool\.yaml" is a path from the folder the mas agent was read in, which .*am\/solo\.agent\.json does not record; .* written as \.\.\/am\/tools\/calc\.tool\.yaml .* else the converted agent lacks the tool "calc"/);
    expect(kept[0]!.hint).toMatch(/^make \.\.\/am\/tools\/calc\.tool\.yaml name the file from the output folder/);
    // What the warning says is written is what is written, and it does name nothing there.
    const written = readFileSync(join(d, "back/solo.yaml"), "utf8");
    expect(toolRefs(written)).toEqual(["../am/tools/calc.tool.yaml"]);
    expect(existsSync(join(d, "back", "../am/tools/calc.tool.yaml"))).toBe(false);
    // The text report lists it (a behaviour change), with its hint.
    const text = await cli(["convert", join(d, "am/solo.agent.json"), "--to", "mas", "-o", join(d, "back2") + "/"]);
    expect(text.stderr).toMatch(/warning ref-kept tools\[0\]\.ref \(kept in x-agentport\) "\.\/tools\/calc\.tool\.yaml"/);
    expect(text.stderr).not.toContain("the same tool manifest");
  });

  it("said also when the path written reads as the stash has it (outputs in a sibling folder of the input's: the lead's trial)", async () => {
    const d = app();
    // The agent file alone (its app's root is the default root): ../tools/calc.tool.yaml from app/agents/.
    expect((await cli(["convert", join(d, "app/agents/helper.yaml"), "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    const back = await cli(["convert", join(d, "am/helper.agent.json"), "--to", "mas", "-o", join(d, "back") + "/", "--json"]);
    const body = JSON.parse(back.stdout) as { outputs: { document: unknown }[]; diagnostics: Diagnostic[] };
    // From back/ as from am/: the same string, which names nothing from either.
    expect(toolRefs(readFileSync(join(d, "back/helper.yaml"), "utf8"))).toEqual(["../tools/calc.tool.yaml"]);
    expect(existsSync(join(d, "back/../tools/calc.tool.yaml"))).toBe(false);
    expect(about(body.diagnostics, "ref-kept").map((x) => [x.severity, x.effect])).toEqual([["warning", "behaviour"]]);
    expect(about(body.diagnostics, "ref-rewritten")).toEqual([]);
  });

  it("written beside the input (no -o, or -o its own folder): the reference as the mas file made it, nothing claimed", () => {
    const d = app();
    const there = convert(readFileSync(join(d, "app/solo.yaml"), "utf8"), "agentmug", { file: join(d, "app/solo.yaml"), readFile: memoryReadFile(new Map([["tools/calc.tool.yaml", TOOL]])) });
    const back = convert(there.outputs[0]!.text, "mas", { file: "solo.agent.json", relocateFrom: () => "" });
    expect(toolRefs(back.outputs[0]!.text)).toEqual(["./tools/calc.tool.yaml"]);
    expect(back.diagnostics.filter((d) => d.code === "ref-kept" || d.code === "ref-rewritten")).toEqual([]);
  });

  it("of an agent file of a MAS app, written beside the new MAS manifest: made from the folder the app's agency list puts the file in", () => {
    const d = app();
    const files = new Map([["agents/helper.yaml", readFileSync(join(d, "app/agents/helper.yaml"), "utf8")], ["tools/calc.tool.yaml", TOOL]]);
    const there = convert(readFileSync(join(d, "app/mas.yaml"), "utf8"), "agentmug", { file: "mas.yaml", readFile: memoryReadFile(files) });
    expect(there.ok).toBe(true);
    const back = convert(there.outputs[0]!.text, "mas", { file: "helper.agent.json" });
    const agentFile = back.outputs.find((o) => o.name === "helper.yaml")!;
    // Was ../tools/calc.tool.yaml, which names nothing from the MAS manifest's folder.
    expect(toolRefs(agentFile.text)).toEqual(["tools/calc.tool.yaml"]);
    const rewritten = about(back.diagnostics, "ref-rewritten");
    expect(rewritten.map((x) => x.severity)).toEqual(["info"]);
    expect(rewritten[0]!.message).toMatch(/\.\.\/tools\/calc\.tool\.yaml is a path from the folder the agent was read in \(agents\/, where the app's agency list puts the agent file\); .* so it is tools\/calc\.tool\.yaml, the same tool manifest, if the app was read in the folder of helper\.agent\.json/);
    // Read back beside the tool manifest, the app's agent has its tool again: its name, description and parameters.
    const again = convertMany([{ text: back.outputs.find((o) => o.name !== "helper.yaml")!.text, file: "helper-mas.yaml", readFile: memoryReadFile(new Map([["helper.yaml", agentFile.text], ["tools/calc.tool.yaml", TOOL]])) }], "agentmug");
    expect(again.ok).toBe(true);
    expect(again.diagnostics.filter((x) => x.code === "ref-kept" || x.code === "ref-not-found")).toEqual([]);
    expect(JSON.stringify(again.outputs[0]!.document)).toContain("Evaluate an arithmetic expression.");
  });

  it("--verify-roundtrip of a MAS app through AgentMug no longer finds 'no such file': the way back names the tool manifest", async () => {
    const d = app();
    const r = await cli(["convert", join(d, "app/mas.yaml"), "--to", "agentmug", "-o", join(d, "out") + "/", "--verify-roundtrip"]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain("the way back gave no such file");
    // The agent file written beside the manifest names it from there: a real change of that file, listed.
    expect(r.stderr).toContain(`${join(d, "app/agents/helper.yaml")}: round trip: replace /spec/tools/0/ref "tools/calc.tool.yaml"`);
  });
});
