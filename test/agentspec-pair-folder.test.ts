// Session 18: a folder run pairs Open Agent Spec's disaggregated pair as a run naming both files does
// (test/agentspec-disaggregated-pair.test.ts). Each input of a folder is given the files beside it
// that supply parts (Adapter.supplies); the components file a main file took parts from is skipped,
// not refused; alone in its folder it is still refused. On this thread (--jobs 1) and on a pool of
// real worker threads (--jobs 2: a folder this small would otherwise convert on the main thread), so
// the built CLI (dist/) is run in-process, as test/batch-counts.test.ts does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "./helpers/cases.js";
import { tempDir } from "./helpers/tmp.js";

type Pool = { size: number; close(): Promise<void> };
type RunCli = (argv: readonly string[], io: { out: (t: string) => void; err: (t: string) => void; readStdin: () => string }, env?: { batchPool?: Pool }) => Promise<number>;

const FIXTURES = join(PROJECT_ROOT, "test/fixtures/agentspec");
const MAIN = "howto_disaggregated_main_config.json";
const COMPONENTS = "howto_disaggregated_component_config.json";
const MAS_AGENT = "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: helper\nspec:\n  description: Answers questions.\n  models:\n    - model: gpt-4o-mini\n  context:\n    role: Answer briefly.\n";

let runCli: RunCli;
let pool: Pool | undefined;

beforeAll(async () => {
  const entry = join(PROJECT_ROOT, "dist/cli/run.js");
  expect(existsSync(entry), "dist/ is missing: run `npm run build` (npm test builds first)").toBe(true);
  ({ runCli } = (await import(pathToFileURL(entry).href)) as { runCli: RunCli });
  const { createPool } = (await import(pathToFileURL(join(PROJECT_ROOT, "dist/cli/batch-pool.js")).href)) as { createPool: (url: URL, size: number) => Pool };
  pool = createPool(pathToFileURL(join(PROJECT_ROOT, "dist/batch-worker.js")), 2);
}, 120_000);

afterAll(async () => {
  await pool?.close();
});

async function run(argv: string[], jobs: number): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli([...argv, "--jobs", String(jobs)], { out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: () => "" }, jobs > 1 && pool ? { batchPool: pool } : {});
  return { code, stdout, stderr };
}

function folderWith(files: string[], extra: Record<string, string> = {}): string {
  const dir = tempDir("agentport-pair-folder-");
  for (const f of files) copyFileSync(join(FIXTURES, f), join(dir, f));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("a folder holding the pair", () => {
  for (const jobs of [1, 2]) {
    it(`→ caplo, --jobs ${jobs}: the main file converts with its model and tool, the components file is skipped`, async () => {
      const dir = folderWith([MAIN, COMPONENTS]);
      const out = tempDir("agentport-pair-folder-out-");
      const r = await run(["convert", dir, "--to", "caplo", "-o", out + "/"], jobs);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/unsupported-document|could not be resolved|no document read defines/);
      expect(r.stderr).toMatch(/agentport: converted 1, with warnings \d+, failed 0, skipped 1\b/);
      expect(readdirSync(out)).toEqual(["howto_disaggregated_main_config.caplo.json"]);
      const doc = JSON.parse(readFileSync(join(out, "howto_disaggregated_main_config.caplo.json"), "utf8")) as { model: { name: string }; tools: string[] };
      expect(doc.model.name).toBe("llm-model_1");
      expect(doc.tools).toEqual(["get_weather"]);
    });

    it(`--json, --jobs ${jobs}: the summary counts the components file skipped; a finding in it names it`, async () => {
      const dir = folderWith([MAIN, COMPONENTS]);
      const out = tempDir("agentport-pair-folder-out-");
      const r = await run(["convert", dir, "--to", "caplo", "-o", out + "/", "--json"], jobs);
      expect(r.code, r.stdout).toBe(0);
      const body = JSON.parse(r.stdout) as { outputs: unknown[]; diagnostics: { code: string; source?: { file?: string } }[]; summary: Record<string, number> };
      expect(body.summary).toMatchObject({ files: 2, converted: 1, failed: 0, skipped: 1, worst: 0 });
      expect(body.outputs.length).toBe(1);
      expect(body.diagnostics.filter((d) => d.code === "unsupported-document")).toEqual([]);
      // The llm_config's url (dropped by Caplo) is a value of the components file.
      expect(body.diagnostics.some((d) => d.source?.file === join(dir, COMPONENTS))).toBe(true);
    });
  }

  it("beside a mas agent and a README: each converts as before, the pair pairs", async () => {
    const dir = folderWith([MAIN, COMPONENTS], { "helper.yaml": MAS_AGENT, "README.md": "# notes\n" });
    const out = tempDir("agentport-pair-folder-out-");
    const r = await run(["convert", dir, "--to", "caplo", "-o", out + "/"], 1);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/agentport: converted 2, with warnings \d+, failed 0, skipped 1\b/);
    expect(readdirSync(out).sort()).toEqual(["helper.caplo.json", "howto_disaggregated_main_config.caplo.json"]);
  });

  it("the components file in another folder of the tree is not paired: only the files beside it are", async () => {
    const dir = folderWith([MAIN]);
    mkdirSync(join(dir, "parts"));
    copyFileSync(join(FIXTURES, COMPONENTS), join(dir, "parts", COMPONENTS));
    const out = tempDir("agentport-pair-folder-out-");
    const r = await run(["convert", dir, "--to", "caplo", "-o", out + "/"], 1);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/parts\/howto_disaggregated_component_config\.json:1:1 error unsupported-document/);
    expect(r.stderr).toMatch(/no document read defines it/);
  });
});

describe("a folder holding one file of the pair", () => {
  for (const jobs of [1, 2]) {
    it(`only the components file, --jobs ${jobs}: refused, as alone`, async () => {
      const dir = folderWith([COMPONENTS]);
      const out = tempDir("agentport-pair-folder-out-");
      const r = await run(["convert", dir, "--to", "caplo", "-o", out + "/"], jobs);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/error unsupported-document/);
      expect(r.stderr).toMatch(/agentport: converted 0, with warnings 0, failed 1\n/);
      expect(readdirSync(out)).toEqual([]);
    });
  }

  it("only the main file: converted with the unresolved references said, as alone", async () => {
    const dir = folderWith([MAIN]);
    const out = tempDir("agentport-pair-folder-out-");
    const r = await run(["convert", dir, "--to", "caplo", "-o", out + "/"], 1);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/no document read defines it/);
    expect(r.stderr).toMatch(/agentport: converted 1, with warnings 1, failed 0/);
  });
});

describe("the planner's cheap test (maySupply): a folder's Agent Spec YAML files are not parsed twice", () => {
  it("false for a YAML document whose root is a component (component_type starts a line), true for a components file", async () => {
    const { maySupplyComponents, suppliesComponents } = await import("../src/adapters/agentspec/detect.js");
    const { parseText } = await import("../src/text/parse.js");
    const flow = readFileSync(join(FIXTURES, "agentspec_oracle_it_assistant.yaml"), "utf8");
    expect(flow).toContain("$referenced_components");
    expect(maySupplyComponents(flow)).toBe(false);
    const components = "# a disaggregated configuration\n$referenced_components:\n  llm_config:\n    component_type: OpenAiCompatibleConfig\n    id: llm_config\n    name: llm\n    url: http://dev.llm.url\n    model_id: llm-model_1\nagentspec_version: 25.4.1\n";
    expect(suppliesComponents(parseText(components).data)).toBe(true);
    expect(maySupplyComponents(components)).toBe(true);
    // JSON's lines say nothing of nesting: a nested component_type at a line's start is no root key.
    const json = '{"$referenced_components": {"llm_config": {\n"component_type": "OpenAiCompatibleConfig"}}}';
    expect(maySupplyComponents(json)).toBe(true);
  });
});

describe("a folder holding the pair in both syntaxes (verify trial 18)", () => {
  for (const jobs of [1, 2]) {
    it(`--jobs ${jobs}: each main file pairs with the components file of its own syntax; both converted, both components files skipped`, async () => {
      const dir = tempDir("agentport-pair-both-");
      for (const f of [MAIN, COMPONENTS, "howto_disaggregated_main_config.yaml", "howto_disaggregated_component_config.yaml"]) copyFileSync(join(FIXTURES, f), join(dir, f));
      const out = tempDir("agentport-pair-both-out-");
      const r = await run(["convert", dir + "/", "--to", "caplo", "-o", out + "/"], jobs);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/converted 2, with warnings \d+, failed 0, skipped 2/);
      // Two inputs of one stem: each output is named by its whole file name (as any such pair is).
      expect(readdirSync(out).sort()).toEqual(["howto_disaggregated_main_config.json.caplo.json", "howto_disaggregated_main_config.yaml.caplo.json"]);
    });
  }
});

describe("the pair in both syntaxes named in one run (verify trial 18)", () => {
  it("each main file takes its parts from the components file of its own syntax: none refused", async () => {
    const dir = tempDir("agentport-pair-both-named-");
    const files = [MAIN, "howto_disaggregated_main_config.yaml", COMPONENTS, "howto_disaggregated_component_config.yaml"];
    for (const f of files) copyFileSync(join(FIXTURES, f), join(dir, f));
    const out = tempDir("agentport-pair-both-named-out-");
    const r = await run(["convert", ...files.map((f) => join(dir, f)), "--to", "mas", "-o", out + "/", "--json"], 1);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as { diagnostics: { code: string; severity: string }[]; outputs: unknown[] };
    expect(body.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(body.outputs.length).toBeGreaterThanOrEqual(2);
  });
});
