// A mas app whose agents refer to local kind: Tool manifests (spec.tools: [{ref: …}]), converted to
// AgentMug in one folder and from there back to mas in another (a fresh user's finding, session 14),
// wrote mas files whose refs named `../am/tools/…` (into the AgentMug output) or files never
// written into the new folder. A mas output stands on its own in its output folder: every tool
// manifest it refers to is written there, from what the stash kept of the file (its text), and a
// reference the user wrote keeps its spelling where it still names the file.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { parse as parseYaml } from "yaml";
import { cli } from "./helpers/cli.js";
import { masManifest } from "./helpers/mas-app.js";
import { tempDir } from "./helpers/tmp.js";

const TOOL = `apiVersion: mas/v1
kind: Tool
metadata:
  name: lookup
  description: Record lookup
spec:
  description: Looks up a record by id.
  parameters:
    - name: id
      type: string
      required: true
  impl:
    kind: python
    module_path: ./lookup.py
    class_name: LookupTool
`;

const MAS = masManifest([{ id: "boss", ref: "./agents/boss.yaml" }, { id: "looker", ref: "./agents/looker.yaml" }]);

const agent = (name: string, tools: string) => `apiVersion: mas/v1
kind: Agent
metadata:
  name: ${name}
spec:
  context:
    role: You help with ${name}.
  description: Helps with ${name}.
  models:
    - model: gpt-4o-mini
${tools}`;

/** d/app: a MAS manifest, agents/boss.yaml, agents/looker.yaml (ref ../tools/lookup.tool.yaml) and the tool. */
function app(): string {
  const d = tempDir("agentport-toolfiles-");
  mkdirSync(join(d, "app/agents"), { recursive: true });
  mkdirSync(join(d, "app/tools"), { recursive: true });
  writeFileSync(join(d, "app/mas.yaml"), MAS);
  writeFileSync(join(d, "app/agents/boss.yaml"), agent("boss", ""));
  writeFileSync(join(d, "app/agents/looker.yaml"), agent("looker", "  tools:\n    - ref: ../tools/lookup.tool.yaml\n"));
  writeFileSync(join(d, "app/tools/lookup.tool.yaml"), TOOL);
  return d;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function inside(root: string, p: string): boolean {
  const rel = relative(resolve(root), resolve(p));
  return rel !== ".." && !rel.startsWith(".." + sep);
}

/** Every tool ref of every mas file written under `root`: the file, the ref and where it lands. */
function toolRefs(root: string): { file: string; ref: string; at: string }[] {
  return walk(root).filter((f) => /\.ya?ml$/.test(f) && !f.endsWith(".tool.yaml")).flatMap((file) => {
    const doc = parseYaml(readFileSync(file, "utf8")) as { spec?: { tools?: unknown[] } };
    return (doc.spec?.tools ?? []).flatMap((t) => (typeof t === "object" && t !== null && typeof (t as { ref?: unknown }).ref === "string" ? [{ file, ref: (t as { ref: string }).ref, at: resolve(dirname(file), (t as { ref: string }).ref) }] : []));
  });
}

/** The mas output under `root` is self-contained: each tool ref names the tool manifest, written under root. */
function selfContained(root: string, count: number): void {
  const refs = toolRefs(root);
  expect(refs.length).toBe(count);
  for (const r of refs) {
    expect(inside(root, r.at), `${r.file}: ${r.ref} leaves ${root}`).toBe(true);
    expect(existsSync(r.at), `${r.file}: ${r.ref} names no file`).toBe(true);
    expect(readFileSync(r.at, "utf8")).toBe(TOOL);
  }
}

describe("mas tool manifests across output folders", () => {
  it("mas app → AgentMug in one folder → mas in another: the tool manifest is written in the new folder, the ref names it", async () => {
    const d = app();
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    const amBefore = walk(join(d, "am")).sort();
    const back = await cli(["convert", join(d, "am") + "/", "--to", "mas", "-o", join(d, "m2") + "/"]);
    expect(back.code).toBe(0);
    selfContained(join(d, "m2"), 1);
    expect(back.stderr).not.toMatch(/\.\.\/am\//);
    // Nothing was written into the AgentMug folder or beside the output root.
    expect(walk(join(d, "am")).sort()).toEqual(amBefore);
    expect(readdirSync(d).sort()).toEqual(["am", "app", "m2"]);
    // The agent file is no longer in agents/: its ref is made from where it is written (the app's tools/ beside it).
    expect(toolRefs(join(d, "m2")).map((r) => relative(join(d, "m2"), r.at))).toEqual([join("mas", "tools", "lookup.tool.yaml")]);
  });

  it("into a folder of another depth, and from one AgentMug file", async () => {
    const d = app();
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    const deep = join(d, "out/a/b/m2");
    expect((await cli(["convert", join(d, "am") + "/", "--to", "mas", "-o", deep + "/"])).code).toBe(0);
    selfContained(deep, 1);
    const [looker] = walk(join(d, "am")).filter((f) => f.endsWith("looker.agent.json"));
    const one = await cli(["convert", looker!, "--to", "mas", "-o", join(d, "m3") + "/", "--json"]);
    expect(one.code).toBe(0);
    selfContained(join(d, "m3"), 1);
    const body = JSON.parse(one.stdout) as { diagnostics: { code: string; severity: string; message: string }[] };
    // Written from the stash's copy, the ref is no guess: nothing warns that the tool may be missing.
    expect(body.diagnostics.filter((x) => x.code === "ref-kept")).toEqual([]);
    expect(body.diagnostics.some((x) => x.code === "ref-rewritten" && /lookup\.tool\.yaml/.test(x.message))).toBe(true);
  });

  it("the converted app read back: the agent has its tool's description and parameters again", async () => {
    const d = app();
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    expect((await cli(["convert", join(d, "am") + "/", "--to", "mas", "-o", join(d, "m2") + "/"])).code).toBe(0);
    const [looker] = walk(join(d, "m2")).filter((f) => f.endsWith("looker.yaml"));
    const again = await cli(["convert", looker!, "--to", "agentmug", "--json"]);
    expect(again.code).toBe(0);
    const body = JSON.parse(again.stdout) as { outputs: { document: unknown }[]; diagnostics: { code: string }[] };
    expect(body.diagnostics.filter((x) => x.code === "ref-not-found" || x.code === "ref-kept" || x.code === "ref-outside-root")).toEqual([]);
    expect(JSON.stringify(body.outputs[0]!.document)).toContain("Looks up a record by id.");
  });

  it("with the stash stripped: no reference at all is written, so none names a missing file", async () => {
    const d = app();
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/", "--no-stash"])).code).toBe(0);
    expect((await cli(["convert", join(d, "am") + "/", "--to", "mas", "-o", join(d, "m2") + "/"])).code).toBe(0);
    expect(toolRefs(join(d, "m2"))).toEqual([]);
    // A stash removed by hand: the same.
    const [looker] = walk(join(d, "am")).filter((f) => f.endsWith("looker.agent.json"));
    const doc = JSON.parse(readFileSync(looker!, "utf8")) as Record<string, unknown>;
    delete doc["x-agentport"];
    writeFileSync(join(d, "bare.agent.json"), JSON.stringify(doc, null, 2));
    expect((await cli(["convert", join(d, "bare.agent.json"), "--to", "mas", "-o", join(d, "m3") + "/"])).code).toBe(0);
    expect(toolRefs(join(d, "m3"))).toEqual([]);
  });

  it("mas → mas into another folder: the ref keeps its spelling (./tools/x stays ./tools/x) and the tool manifest is copied", async () => {
    const d = tempDir("agentport-toolfiles-");
    mkdirSync(join(d, "one/tools"), { recursive: true });
    writeFileSync(join(d, "one/looker.yaml"), agent("looker", "  tools:\n    - ref: ./tools/lookup.tool.yaml\n"));
    writeFileSync(join(d, "one/tools/lookup.tool.yaml"), TOOL);
    const r = await cli(["convert", join(d, "one/looker.yaml"), "--to", "mas", "-o", join(d, "o2") + "/"]);
    expect(r.code).toBe(0);
    expect(toolRefs(join(d, "o2")).map((x) => x.ref)).toEqual(["./tools/lookup.tool.yaml"]);
    selfContained(join(d, "o2"), 1);
  });

  it("a stash that kept the reference but not the manifest's text: a manifest of what the IR holds is written, and said to lack the rest", async () => {
    const d = app();
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    const [looker] = walk(join(d, "am")).filter((f) => f.endsWith("looker.agent.json"));
    const doc = JSON.parse(readFileSync(looker!, "utf8")) as { "x-agentport": { ir: Record<string, unknown> } };
    expect(doc["x-agentport"].ir["/tools/0/document"]).toBe(TOOL);
    delete doc["x-agentport"].ir["/tools/0/document"];
    writeFileSync(join(d, "old.agent.json"), JSON.stringify(doc, null, 2));
    const r = await cli(["convert", join(d, "old.agent.json"), "--to", "mas", "-o", join(d, "m3") + "/", "--json"]);
    expect(r.code).toBe(0);
    const refs = toolRefs(join(d, "m3"));
    expect(refs.map((x) => x.ref)).toEqual(["tools/lookup.tool.yaml"]);
    expect(inside(join(d, "m3"), refs[0]!.at)).toBe(true);
    expect(parseYaml(readFileSync(refs[0]!.at, "utf8"))).toEqual({ apiVersion: "mas/v1", kind: "Tool", metadata: { name: "lookup" }, spec: { description: "Looks up a record by id.", parameters: [{ name: "id", type: "string", required: true }] } });
    const body = JSON.parse(r.stdout) as { diagnostics: { code: string; severity: string; effect: string; message: string; hint?: string }[] };
    const kept = body.diagnostics.filter((x) => x.code === "ref-kept");
    expect(kept.map((x) => [x.severity, x.effect])).toEqual([["warning", "behaviour"]]);
    expect(kept[0]!.message).toMatch(/implementation \(spec\.impl\)/);
    expect(kept[0]!.hint).toBe("copy the original tool manifest over tools/lookup.tool.yaml");
  });

  it("prompt files of the app come back the same way: written in the new folder from the text the agent holds", async () => {
    const d = app();
    mkdirSync(join(d, "app/prompts"));
    writeFileSync(join(d, "app/prompts/role.md"), "You look things up.\n");
    writeFileSync(join(d, "app/agents/looker.yaml"), agent("looker", "  tools:\n    - ref: ../tools/lookup.tool.yaml\n").replace("role: You help with looker.", "role: ../prompts/role.md"));
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    expect((await cli(["convert", join(d, "am") + "/", "--to", "mas", "-o", join(d, "m2") + "/"])).code).toBe(0);
    const [looker] = walk(join(d, "m2")).filter((f) => f.endsWith("looker.yaml"));
    const role = (parseYaml(readFileSync(looker!, "utf8")) as { spec: { context: { role: string } } }).spec.context.role;
    expect(role).toBe("./prompts/role.md");
    expect(readFileSync(join(dirname(looker!), role), "utf8")).toBe("You look things up.\n");
    selfContained(join(d, "m2"), 1);
  });

  it("written into the AgentMug folder itself (-o the input's folder): nothing is written beside it, no input replaced", async () => {
    const d = app();
    expect((await cli(["convert", join(d, "app") + "/", "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    const [looker] = walk(join(d, "am")).filter((f) => f.endsWith("looker.agent.json"));
    const before = walk(join(d, "am")).sort();
    const r = await cli(["convert", looker!, "--to", "mas", "-o", dirname(looker!) + "/"]);
    expect(r.code).toBe(0);
    expect(walk(join(d, "am")).sort()).toEqual([...before, join(dirname(looker!), "looker.yaml")].sort());
  });

  it("two agents whose kept manifests differ but name one path: each is written, neither agent names the other's", async () => {
    const d = tempDir("agentport-toolfiles-");
    for (const [n, desc] of [["p", "Looks up a record by id."], ["q", "Looks up a price by id."]] as const) {
      mkdirSync(join(d, `${n}/tools`), { recursive: true });
      writeFileSync(join(d, `${n}/${n}.yaml`), agent(n, "  tools:\n    - ref: ./tools/lookup.tool.yaml\n"));
      writeFileSync(join(d, `${n}/tools/lookup.tool.yaml`), TOOL.replace("Looks up a record by id.", desc));
      expect((await cli(["convert", join(d, `${n}/${n}.yaml`), "--to", "agentmug", "-o", join(d, "am") + "/"])).code).toBe(0);
    }
    const r = await cli(["convert", join(d, "am/p.agent.json"), join(d, "am/q.agent.json"), "--bundle", "--to", "mas", "-o", join(d, "out") + "/"]);
    expect(r.code, r.stderr).toBe(0);
    const refs = toolRefs(join(d, "out"));
    expect(refs.length).toBe(2);
    const texts = refs.map((x) => [x.file.endsWith("p.yaml") ? "p" : "q", readFileSync(x.at, "utf8").includes("a price") ? "q" : "p"]);
    expect(texts.map(([a, b]) => a === b)).toEqual([true, true]);
  });
});
