// --verify-roundtrip on mas agents that read other files (user trial, session 8): prompt files
// kept as references, and a MAS app whose agents name tool manifests and skills.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { verifyRoundTrip } from "../src/verify.js";
import { parseText } from "../src/text/parse.js";
import type { ConvertOutput } from "../src/convert.js";
import type { JsonObject } from "../src/ir/json.js";

interface Entry { file: string; patch: { op: string; path: string; value?: unknown }[]; failed?: boolean; because?: string[] }
interface Diag { code: string; source?: { file?: string; pointer: string } }

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

describe("mas → mas --verify-roundtrip with prompt files", () => {
  it("an agent whose prompts are files kept as references comes back lossless, as it does through AgentMug", async () => {
    const input = "golden/mas-prompt-files/input.yaml";
    // (--strict only for mas: AgentMug has no temperature, a behaviour warning of its own.)
    for (const to of ["mas", "agentmug"]) {
      const r = await cli(["convert", input, "--to", to, "--verify-roundtrip", ...(to === "mas" ? ["--strict"] : [])]);
      expect(r.stderr, to).not.toMatch(/failed/);
      expect(r.stderr, to).toMatch(/round trip: lossless\n/);
      expect(r.code, to).toBe(0);
    }
  });

  it("the nine-line agent of the trial (role: {ref: prompts/role.md}) too, with its prompt's text changed nowhere", async () => {
    const dir = tempDir();
    write(dir, {
      "agent.yaml": "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: helper\nspec:\n  description: Helps.\n  context:\n    role: {ref: prompts/role.md}\n  models:\n    - model: gpt-4o\n",
      "prompts/role.md": "You help.\n",
    });
    const r = await cli(["convert", join(dir, "agent.yaml"), "--to", "mas", "--json", "--verify-roundtrip"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).roundtrip).toEqual([{ file: join(dir, "agent.yaml"), patch: [] }]);
  });
});

describe("a failed way back says why", () => {
  it("in the text report and in --json's roundtrip entry", async () => {
    // Without the stash the MAS structure has nowhere to go in AgentMug: three agents come back.
    const args = ["convert", "golden/mas-system/input.yaml", "--to", "agentmug", "--no-stash", "--verify-roundtrip"];
    const out = tempDir();
    const text = await cli([...args, "-o", out + "/"]);
    expect(text.stderr).toMatch(/round trip: the way back failed\n {2}it gave 3 mas documents, not one holding the others\n/);
    const json = JSON.parse((await cli([...args, "--json"])).stdout) as { roundtrip: Entry[] };
    expect(json.roundtrip[0]).toMatchObject({ failed: true, because: ["it gave 3 mas documents, not one holding the others"] });
  });
});

describe("a MAS app's files are paired by the manifests' lists", () => {
  it("an agent is compared with its own file, never with a tool manifest read before it", async () => {
    // Read in the order a.yaml, tools/t.tool.yaml, b.yaml: pairing in the order read compared
    // b.yaml with the tool manifest (replace /kind "Agent") and said the way back gave no b.yaml.
    const dir = tempDir();
    write(dir, {
      "app.yaml": "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: a\n        ref: ./a.yaml\n      - id: b\n        ref: ./b.yaml\n  workflow:\n    entry: a\n    nodes:\n      - id: a\n        delegates_to: [b]\n      - id: b\n",
      "a.yaml": "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\nspec:\n  description: Routes.\n  context:\n    role: You route.\n  models:\n    - model: gpt-4o\n  tools:\n    - ref: tools/t.tool.yaml\n",
      "b.yaml": "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: b\nspec:\n  description: Answers.\n  context:\n    role: You answer.\n  models:\n    - model: gpt-4o\n",
      "tools/t.tool.yaml": "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: t\n  description: A tool\nspec:\n  description: Does a thing.\n",
    });
    const r = await cli(["convert", join(dir, "app.yaml"), "--to", "mas", "--json", "--verify-roundtrip", "--strict"]);
    expect(r.code, r.stderr).toBe(0);
    const rt = JSON.parse(r.stdout).roundtrip as Entry[];
    // The agents in the manifest's order, then the tool manifest, which the way back reads under the same path.
    expect(rt.map((e) => [e.file.slice(dir.length + 1), e.patch])).toEqual([["app.yaml", []], ["a.yaml", []], ["b.yaml", []], ["tools/t.tool.yaml", []]]);
  });

  it("golden/mas-app-skills → mas: each agent against its own file; what is listed is what the written files say otherwise", async () => {
    const app = "golden/mas-app-skills/";
    const r = await cli(["convert", app + "input.yaml", "--to", "mas", "--json", "--verify-roundtrip"]);
    const body = JSON.parse(r.stdout) as { roundtrip: Entry[]; diagnostics: Diag[] };
    expect(body.roundtrip.map((e) => e.file.slice(app.length))).toEqual(["input.yaml", "agents/moderator.yaml", "agents/fares.yaml", "skills/trip-orchestration/SKILL.md", "skills/answer-formatting/SKILL.md", "tools/get_fares.tool.yaml"]);
    const ops = body.roundtrip.flatMap((e) => e.patch.map((op) => ({ file: e.file.slice(app.length), ...op })));
    expect(ops.some((op) => op.path === "" || op.path === "/kind")).toBe(false);
    // The agent files are written beside the manifest, so the references to them and from them
    // change for real: each such operation is a value the forward conversion reported as changed.
    const refs = ops.filter((op) => /\/ref$/.test(op.path));
    expect(refs.map((op) => `${op.file} ${op.path} ${String(op.value)}`)).toEqual([
      "input.yaml /spec/agency/agents/0/ref ./moderator.yaml",
      "input.yaml /spec/agency/agents/1/ref ./fares.yaml",
      "agents/fares.yaml /spec/tools/0/ref tools/get_fares.tool.yaml",
    ]);
    for (const op of refs) expect(body.diagnostics.some((d) => d.source?.file === app + op.file && d.source.pointer === op.path && /^(transformed-value|ref-rewritten)$/.test(d.code)), op.path).toBe(true);
  });

  it("a file both sides read under one path is compared: a prompt the way back wrote over is a difference", () => {
    const manifest = "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: a\n        ref: ./a.yaml\n  workflow:\n    entry: a\n    nodes:\n      - id: a\n";
    const agent = "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\nspec:\n  description: Helps.\n  context:\n    role: {ref: prompts/role.md}\n  models:\n    - model: gpt-4o\n";
    const original = parseText(manifest, "app.yaml").data as JsonObject;
    const reads = [{ path: "a.yaml", text: agent }, { path: "prompts/role.md", text: "You route.\n" }];
    const outputs: ConvertOutput[] = [
      { name: "a.yaml", format: "mas", text: agent, document: parseText(agent, "a.yaml").data as JsonObject, files: [{ path: "prompts/role.md", text: "You answer.\n" }] },
      { name: "app.yaml", format: "mas", text: manifest, document: original },
    ];
    const same = verifyRoundTrip(original, "mas", false, [{ ...outputs[0]!, files: [] }, outputs[1]!], {}, reads);
    expect(same).toEqual({ patch: [], files: [{ path: "a.yaml", patch: [] }, { path: "prompts/role.md", patch: [] }] });
    const over = verifyRoundTrip(original, "mas", false, outputs, {}, reads);
    expect(over.files).toEqual([{ path: "a.yaml", patch: [] }, { path: "prompts/role.md", patch: [{ op: "replace", path: "", value: "You answer.\n" }] }]);
  });

  it("a file the original read and the way back does not is said once, as a file it did not give", () => {
    const manifest = "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: a\n        ref: ./a.yaml\n  workflow:\n    entry: a\n    nodes:\n      - id: a\n";
    const agent = (role: string) => `apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\nspec:\n  description: Routes.\n  context:\n    role: ${role}\n  models:\n    - model: gpt-4o\n`;
    const original = parseText(manifest, "app.yaml").data as JsonObject;
    const reads = [{ path: "a.yaml", text: agent("{ref: prompts/role.md}") }, { path: "prompts/role.md", text: "You route.\n" }];
    const inline = agent("You route.");
    const outputs: ConvertOutput[] = [
      { name: "a.yaml", format: "mas", text: inline, document: parseText(inline, "a.yaml").data as JsonObject },
      { name: "app.yaml", format: "mas", text: manifest, document: original },
    ];
    expect(verifyRoundTrip(original, "mas", false, outputs, {}, reads).files).toEqual([
      { path: "a.yaml", patch: [{ op: "replace", path: "/spec/context/role", value: "You route." }] },
      { path: "prompts/role.md", patch: [{ op: "replace", path: "", value: null }] },
    ]);
  });
});
