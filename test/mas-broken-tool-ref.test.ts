// A mas agent's tool given by its Tool manifest (`- ref: ./tools/calc.tool.yaml`) whose file exists
// but does not parse (bad YAML, a duplicate key) or fails its schema: the agent converted with only an
// info note, though the converted tool lost the description and parameters the model sees; a folder
// run also counted the Tool file as a failed input (exit 2) while the agent's note said it was fine.
// Now: a ref-kept warning (behaviour) located in the Tool file, at its fault; a folder run reports the
// broken file once, through the agent that reads it, and exits as that agent's conversion does.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cli } from "./helpers/cli.js";
import { masToolAgent } from "./helpers/mas-app.js";
import { tempDir } from "./helpers/tmp.js";

const agent = masToolAgent("./tools/calc.tool.yaml");

const BROKEN: Record<string, { text: string; line: number; column: number; says: string }> = {
  "a duplicate key": {
    text: "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\n  name: calc2\nspec:\n  description: Evaluate arithmetic.\n",
    line: 5,
    column: 3,
    says: "Map keys must be unique",
  },
  "bad YAML": {
    text: "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: [unclosed\n",
    line: 7,
    column: 1,
    says: "YAML syntax",
  },
  "a schema violation": {
    text: "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: 42\n",
    line: 6,
    column: 3,
    says: "is not a valid mas/v1 kind: Tool manifest",
  },
};

function app(tool: string): string {
  const root = tempDir("agentport-broken-tool-");
  mkdirSync(join(root, "app", "tools"), { recursive: true });
  writeFileSync(join(root, "app", "agent.yaml"), agent);
  writeFileSync(join(root, "app", "tools", "calc.tool.yaml"), tool);
  return root;
}

interface Found {
  code: string;
  severity: string;
  effect: string;
  message: string;
  source?: { file?: string; pointer: string; line?: number; column?: number };
}

describe("a mas agent whose Tool manifest exists but is broken", () => {
  for (const [name, c] of Object.entries(BROKEN)) {
    it(`${name}: converting the agent file alone warns, located in the Tool file`, async () => {
      const root = app(c.text);
      const r = await cli(["convert", join(root, "app", "agent.yaml"), "--to", "caplo", "-o", join(root, "out.json"), "--json"]);
      expect(r.code).toBe(0);
      const ds = (JSON.parse(r.stdout) as { diagnostics: Found[] }).diagnostics.filter((d) => d.code === "ref-kept");
      expect(ds).toHaveLength(1);
      const d = ds[0]!;
      expect(d).toMatchObject({ severity: "warning", effect: "behaviour" });
      expect(d.source).toMatchObject({ file: join(root, "app", "tools", "calc.tool.yaml"), line: c.line, column: c.column });
      expect(d.message).toContain(c.says);
      expect(d.message).toContain("without the description and parameters the manifest gives it");
      // It names the agent's reference, since the diagnostic is in the other file.
      expect(d.message).toContain(`spec.tools[0].ref of ${join(root, "app", "agent.yaml")}`);
    });

    it(`${name}: a folder run reports the broken file once, through the agent, and exits as the agent does`, async () => {
      const root = app(c.text);
      const out = join(root, "out");
      const tool = join(root, "app", "tools", "calc.tool.yaml");
      const r = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", out + "/", "--jobs", "1", "--json"]);
      const json = JSON.parse(r.stdout) as { diagnostics: Found[]; summary: { converted: number; failed: number; skipped: number; withWarnings: number } };
      const about = json.diagnostics.filter((d) => d.source?.file === tool);
      expect(about).toHaveLength(1);
      expect(about[0]).toMatchObject({ code: "ref-kept", severity: "warning", source: { line: c.line, column: c.column } });
      expect(json.summary).toMatchObject({ converted: 1, withWarnings: 1, failed: 0, skipped: 1 });
      // Warnings allowed (docs/cli.md, exit codes); --strict fails on it, as for the agent alone.
      expect(r.code).toBe(0);
      const strict = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "strict") + "/", "--jobs", "1", "--strict"]);
      expect(strict.code).toBe(1);
      // Text mode: the file is named once (the warning), with its line and column.
      const text = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "text") + "/", "--jobs", "1"]);
      expect(text.stderr.split("\n").filter((l) => l.startsWith(tool))).toEqual([expect.stringMatching(new RegExp(`^${tool.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${c.line}:${c.column} warning ref-kept `))]);
      expect(text.stderr).toContain("failed 0");
    });
  }

  it("a broken file no agent refers to still fails the folder run (exit 2)", async () => {
    const root = app(BROKEN["bad YAML"]!.text);
    writeFileSync(join(root, "app", "agent.yaml"), agent.replace("    - ref: ./tools/calc.tool.yaml\n", "    - web-search\n"));
    const r = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "out") + "/", "--jobs", "1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/calc\.tool\.yaml:7:1 error invalid-syntax/);
  });

  it("a ref naming a file that is not there: the warning stays at the agent's ref (nothing to point into); the folder run converts the agent", async () => {
    const root = tempDir("agentport-broken-tool-");
    mkdirSync(join(root, "app"), { recursive: true });
    writeFileSync(join(root, "app", "agent.yaml"), agent);
    const r = await cli(["convert", join(root, "app", "agent.yaml"), "--to", "caplo", "-o", join(root, "out.json"), "--json"]);
    expect(r.code).toBe(0);
    const ds = (JSON.parse(r.stdout) as { diagnostics: Found[] }).diagnostics.filter((d) => d.code === "ref-kept");
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: "warning", effect: "behaviour", source: { file: join(root, "app", "agent.yaml"), pointer: "/spec/tools/0/ref", line: 12, column: 7 } });
    expect(ds[0]!.message).toContain("does not exist");
    const folder = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "out") + "/", "--jobs", "1"]);
    expect(folder.code).toBe(0);
    expect(folder.stderr).toMatch(/agent\.yaml:12:7 warning ref-kept /);
    expect(folder.stderr).toContain("failed 0");
  });

  it("a ref naming a broken agent manifest of another format: the folder run still fails that file with its own errors (exit 2)", async () => {
    // The agent's warning says only that the file is no Tool manifest: the file's own faults, as the agent it is, are not reported with it.
    const root = tempDir("agentport-broken-tool-");
    mkdirSync(join(root, "app"), { recursive: true });
    writeFileSync(join(root, "app", "agent.yaml"), masToolAgent("./helper.agent.json"));
    const helper = join(root, "app", "helper.agent.json");
    writeFileSync(helper, JSON.stringify({ $schema: "https://agentlit.dahshanlabs.com/schemas/agent.v1.json", id: "helper", name: 42, blueprint: { primaryModel: "gpt-4.1-mini" } }));
    const r = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "out") + "/", "--jobs", "1", "--json"]);
    const json = JSON.parse(r.stdout) as { diagnostics: Found[]; summary: { converted: number; failed: number; skipped: number } };
    expect(json.summary).toMatchObject({ converted: 1, failed: 1, skipped: 0 });
    expect(json.diagnostics.some((d) => d.code === "invalid-input" && d.severity === "error" && d.source?.file === helper && /must be string/.test(d.message))).toBe(true);
    expect(r.code).toBe(2);
    const text = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "text") + "/", "--jobs", "1"]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/helper\.agent\.json:1:\d+ error invalid-input AgentMug v1: name \(\/name\) must be string/);
    expect(text.stderr).toContain("failed 1");
  });

  it("a ref naming a kind: Agent file: the warning is located in that file, which a folder run still converts as the agent it is", async () => {
    const other = agent.replace("name: planner", "name: calc").replace("  tools:\n    - ref: ./tools/calc.tool.yaml\n", "");
    const root = app(other);
    const tool = join(root, "app", "tools", "calc.tool.yaml");
    const r = await cli(["convert", join(root, "app", "agent.yaml"), "--to", "caplo", "-o", join(root, "out.json"), "--json"]);
    expect(r.code).toBe(0);
    const ds = (JSON.parse(r.stdout) as { diagnostics: Found[] }).diagnostics.filter((d) => d.code === "ref-kept");
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: "warning", effect: "behaviour", source: { file: tool, line: 1, column: 1 } });
    expect(ds[0]!.message).toContain("is not a mas/v1 kind: Tool manifest");
    const folder = await cli(["convert", join(root, "app") + "/", "--to", "caplo", "-o", join(root, "out") + "/", "--jobs", "1", "--json"]);
    expect(folder.code).toBe(0);
    const json = JSON.parse(folder.stdout) as { diagnostics: Found[]; summary: { converted: number; failed: number; skipped: number } };
    expect(json.summary).toMatchObject({ converted: 2, failed: 0, skipped: 0 });
    expect(json.diagnostics.filter((d) => d.code === "ref-kept" && d.source?.file === tool)).toHaveLength(1);
  });
});
