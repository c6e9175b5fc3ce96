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
  it("written with -o elsewhere: the tool manifest the stash kept is written there and named as the mas file spelled it, no guess (session 14)", async () => {
    const d = app();
    const there = await cli(["convert", join(d, "app/solo.yaml"), "--to", "agentmug", "-o", join(d, "am") + "/"]);
    expect(there.code).toBe(0);
    const back = await cli(["convert", join(d, "am/solo.agent.json"), "--to", "mas", "-o", join(d, "back") + "/", "--json"]);
    expect(back.code).toBe(0);
    const body = JSON.parse(back.stdout) as { diagnostics: Diagnostic[] };
    // Was a ref-kept warning and ../am/tools/calc.tool.yaml, a path into the AgentMug folder naming nothing.
    expect(about(body.diagnostics, "ref-kept")).toEqual([]);
    const rewritten = about(body.diagnostics, "ref-rewritten");
    expect(rewritten.map((x) => x.severity)).toEqual(["info"]);
    expect(rewritten[0]!.message).toMatch(/the tool manifest it named, whose text the stash kept, is written there as tools\/calc\.tool\.yaml, and the reference is \.\/tools\/calc\.tool\.yaml/);
    expect(toolRefs(readFileSync(join(d, "back/solo.yaml"), "utf8"))).toEqual(["./tools/calc.tool.yaml"]);
    expect(readFileSync(join(d, "back/tools/calc.tool.yaml"), "utf8")).toBe(TOOL);
    const text = await cli(["convert", join(d, "am/solo.agent.json"), "--to", "mas", "-o", join(d, "back2") + "/"]);
    expect(text.stderr).not.toContain("the same tool manifest");
    expect(text.stderr).not.toMatch(/\.\.\/am\//);
  });

  it("an agent file converted alone (no agency list kept): its ../ reference is written inside the output folder", async () => {
    const d = app();
    // The agent file alone (its app's root is the default root): ../tools/calc.tool.yaml from app/agents/.
    expect((await cli(["convert", join(d, "app/agents/helper.yaml"), "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    const back = await cli(["convert", join(d, "am/helper.agent.json"), "--to", "mas", "-o", join(d, "back") + "/", "--json"]);
    const body = JSON.parse(back.stdout) as { outputs: { document: unknown }[]; diagnostics: Diagnostic[] };
    // Was ../tools/calc.tool.yaml, which named nothing from back/ (a file beside the output folder, never written).
    expect(toolRefs(readFileSync(join(d, "back/helper.yaml"), "utf8"))).toEqual(["tools/calc.tool.yaml"]);
    expect(readFileSync(join(d, "back/tools/calc.tool.yaml"), "utf8")).toBe(TOOL);
    expect(existsSync(join(d, "tools"))).toBe(false);
    expect(about(body.diagnostics, "ref-kept")).toEqual([]);
    expect(about(body.diagnostics, "ref-rewritten").map((x) => x.severity)).toEqual(["info"]);
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
