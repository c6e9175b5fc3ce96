// Folder mode tells the truth at every size: for 0..40 files (a mix that converts
// cleanly, with warnings, and fails) on 1, 2 and 4 worker threads, the exit code,
// the --json document (summary included), the text summary and the files on disk agree with what each
// file gives when converted alone. Runs the built CLI in-process (dist/) on one
// pool of real worker threads (a folder this small would otherwise convert on the
// main thread: see workersFor), so the scheduling is the one a big folder gets; the
// expectations come from single-file runs, not from numbers written here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "./helpers/cases.js";

type Pool = { size: number; close(): Promise<void> };
type RunCli = (argv: readonly string[], io: { out: (t: string) => void; err: (t: string) => void; readStdin: () => string }, env?: { batchPool?: Pool }) => Promise<number>;

const caplo = readFileSync(join(PROJECT_ROOT, "golden/caplo-minimal/input.caplo.json"), "utf8");
/** Small files keep 41 × 3 × 2 folder runs within seconds. */
const mas = "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: helper-N\nspec:\n  description: Answers questions.\n  models:\n    - model: gpt-4o-mini\n  context:\n    role: Answer briefly.\n";
/** A mas agent that names no model: AgentMug gets a placeholder model, with a warning. */
const noModel = "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: no-model-N\nspec:\n  description: Answers questions.\n  context:\n    role: Answer briefly.\n";
/** Two agents: split into two AgentMug files, written under a folder named after the input. */
const agent = (key: string, extra: object) => ({ key, name: key, instructions: `Answer as ${key}.`, greeting: "Hi!", model: { provider: "OpenAI", name: "gpt-4o-mini" }, ...extra });
const bundle = JSON.stringify({ apiVersion: "v2", kind: "AgentBundle", agents: [agent("desk", { subAgents: [{ local: "faq", useWhen: "Opening hours." }] }), agent("faq", {})] });

/** The kinds of file a folder holds, in the order they repeat. */
const KINDS: { name: string; ext: string; text: (i: number) => string }[] = [
  { name: "caplo", ext: "json", text: (i) => caplo.replace("FAQ Helper", `FAQ Helper ${i}`) },
  { name: "broken", ext: "json", text: () => '{"apiVersion": "v2", "kind": "Agent"' },
  { name: "mas", ext: "yaml", text: (i) => mas.replace("N", String(i)) },
  { name: "invalid", ext: "json", text: () => JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "No Model" }) },
  { name: "warned", ext: "yaml", text: (i) => noModel.replace("N", String(i)) },
  { name: "bundle", ext: "json", text: () => bundle },
];

interface Expected {
  code: number;
  warnings: number;
  /** Notes (info): the folder run's closing line counts them for --verbose. */
  notes: number;
  /** The names of its outputs. */
  outputs: string[];
}

let runCli: RunCli;
let pool: Pool | undefined;
let work: string;
const single = new Map<string, Expected>();

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, { out: (t) => void (stdout += t), err: (t) => void (stderr += t), readStdin: () => "" }, pool ? { batchPool: pool } : {});
  return { code, stdout, stderr };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(dir, join(d, e.name)));
    }
  };
  walk(dir);
  return out.sort();
}

function folderOf(n: number): string {
  const dir = join(work, `in-${n}`);
  mkdirSync(dir);
  for (let i = 0; i < n; i++) {
    const k = KINDS[i % KINDS.length]!;
    writeFileSync(join(dir, `f${String(i).padStart(2, "0")}-${k.name}.${k.ext}`), k.text(i));
  }
  return dir;
}

beforeAll(async () => {
  const entry = join(PROJECT_ROOT, "dist/cli/run.js");
  expect(existsSync(entry), "dist/ is missing: run `npm run build` (npm test builds first)").toBe(true);
  ({ runCli } = (await import(pathToFileURL(entry).href)) as { runCli: RunCli });
  const { createPool } = (await import(pathToFileURL(join(PROJECT_ROOT, "dist/cli/batch-pool.js")).href)) as { createPool: (url: URL, size: number) => Pool };
  pool = createPool(pathToFileURL(join(PROJECT_ROOT, "dist/batch-worker.js")), 4);
  work = mkdtempSync(join(tmpdir(), "agentport-counts-"));
  // What each kind gives converted alone: the reference every folder run must add up to.
  for (const k of KINDS) {
    const file = join(work, `single-${k.name}.${k.ext}`);
    writeFileSync(file, k.text(0));
    const r = await run(["convert", file, "--to", "agentmug", "--json"]);
    const body = JSON.parse(r.stdout) as { outputs: { name: string }[]; diagnostics: { severity: string }[] };
    single.set(k.name, { code: r.code, warnings: body.diagnostics.filter((d) => d.severity === "warning").length, notes: body.diagnostics.filter((d) => d.severity === "info").length, outputs: body.outputs.map((o) => o.name) });
  }
  // The mix must hold each outcome, or the test would prove little.
  const codes = [...single.values()].map((e) => e.code);
  expect(codes).toContain(0);
  expect(codes).toContain(2);
  expect([...single.values()].some((e) => e.code === 0 && e.warnings > 0)).toBe(true);
  expect([...single.values()].some((e) => e.code === 0 && e.outputs.length > 1)).toBe(true);
  // Importing the built CLI and starting a pool takes seconds on a loaded machine.
}, 120_000);

afterAll(async () => {
  await pool?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("folder mode agrees with itself at every count", () => {
  it("0..40 files × --jobs 1, 2, 4: summary, exit code, --json and the files on disk", async () => {
    for (let n = 0; n <= 40; n++) {
      const dir = folderOf(n);
      const kinds = Array.from({ length: n }, (_, i) => KINDS[i % KINDS.length]!.name);
      const expected = kinds.map((k) => single.get(k)!);
      const converted = expected.filter((e) => e.code === 0).length;
      const withWarnings = expected.filter((e) => e.code === 0 && e.warnings > 0).length;
      const failed = n - converted;
      const worst = Math.max(0, ...expected.map((e) => e.code));
      // Named after the input: one output is <stem>.agent.json, several go to <stem>/<name>.
      const okStems = kinds.flatMap((k, i) => {
        const e = single.get(k)!;
        const stem = `f${String(i).padStart(2, "0")}-${k}`;
        if (e.code !== 0) return [];
        return e.outputs.length === 1 ? [`${stem}.agent.json`] : e.outputs.map((o) => join(stem, o));
      }).sort();
      for (const jobs of [1, 2, 4]) {
        const at = `${n} files, --jobs ${jobs}`;
        const outJson = join(work, `out-${n}-${jobs}-json`);
        const j = await run(["convert", dir, "--to", "agentmug", "-o", outJson, "--jobs", String(jobs), "--json"]);
        expect(j.code, at).toBe(worst);
        const body = JSON.parse(j.stdout) as { outputs: { path: string }[]; diagnostics: { severity: string; source?: { file?: string } }[]; summary: Record<string, number> };
        expect(body.summary, at).toEqual({ files: n, converted, withWarnings, failed, skipped: 0, worst });
        const onDisk = filesUnder(outJson);
        expect(onDisk, at).toEqual(okStems);
        expect(body.outputs.map((o) => relative(outJson, o.path)).sort(), at).toEqual(onDisk);
        // Each failed file has its errors in the document, each converted file its warnings.
        kinds.forEach((k, i) => {
          const file = join(dir, `f${String(i).padStart(2, "0")}-${k}.${KINDS.find((x) => x.name === k)!.ext}`);
          const mine = body.diagnostics.filter((d) => d.source?.file === file);
          const e = single.get(k)!;
          if (e.code === 0) expect(mine.filter((d) => d.severity === "warning").length, `${at}: ${file}`).toBe(e.warnings);
          else expect(mine.some((d) => d.severity === "error"), `${at}: ${file}`).toBe(true);
        });

        // Text mode renders in the workers and prints the same summary: checked at one --jobs per count, in turn.
        if (jobs !== [1, 2, 4][n % 3]) continue;
        const outText = join(work, `out-${n}-${jobs}-text`);
        const t = await run(["convert", dir, "--to", "agentmug", "-o", outText, "--jobs", String(jobs)]);
        expect(t.code, at).toBe(worst);
        expect(t.stdout, at).toBe("");
        const lines = t.stderr.trimEnd().split("\n");
        const notes = expected.filter((e) => e.code === 0).reduce((k, e) => k + e.notes, 0);
        const more = notes > 0 ? `; --verbose lists the ${notes} note${notes === 1 ? "" : "s"}` : "";
        // An empty folder says that no file matched, rather than a bare "converted 0".
        const none = n === 0 ? `; no file in ${dir} matches **/*.{json,yaml,yml,agent} (--include)` : "";
        expect(lines.pop(), at).toBe(`agentport: converted ${converted}, with warnings ${withWarnings}, failed ${failed}${more}${none}`);
        // One line per output written, named by its path, as a one-file run ends.
        const perOutput = lines.filter((l) => l.startsWith(outText)).map((l) => relative(outText, l.slice(0, l.indexOf(": "))));
        expect(perOutput.sort(), at).toEqual(okStems);
        expect(filesUnder(outText), at).toEqual(okStems);
      }
    }
  }, 240_000);
});
