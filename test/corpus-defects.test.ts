// The known defects of the mas-lab corpus (docs/corpus.md) fail the way that page says, as a
// user meets them through the CLI: the file, line:column, the code, exit 2, no stack trace and
// nothing written; an agent that only refers to a broken file still converts, and says why.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cli, type CliRun } from "./helpers/cli.js";
import { PROJECT_ROOT } from "./helpers/cases.js";
import { tempDir } from "./helpers/tmp.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";

const SAMPLES = "test/fixtures/mas/corpus/library-samples";
const ATTRACTIONS = `${SAMPLES}/apps/trip-planner/tools/get_attractions.tool.yaml`;

/** A located report line: `file:line:col severity code message`. */
const line = (file: string, at: string, code: string) => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${at} error ${code} `, "m");

function refused(r: CliRun, out: string): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr, "a stack trace reached the user").not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
  expect(r.stdout).toBe("");
  expect(readdirSync(out), "a refused input wrote something").toEqual([]);
}

describe("known corpus defects (docs/corpus.md)", () => {
  it("the page names every defect this test checks", () => {
    const page = readFileSync(join(PROJECT_ROOT, "docs/corpus.md"), "utf8");
    for (const name of ["get_attractions.tool.yaml", "sre-triage", "qa-mas/agents/qa-agent.yaml", "Map keys must be unique", "ref-not-found", "invalid-input"]) expect(page).toContain(name);
  });

  it("get_attractions.tool.yaml (two manifests in one file): one invalid-syntax error per repeated key, at the repeat, naming it", async () => {
    // The second copy starts at line 31: every top-level key of the manifest repeats there.
    const text = readFileSync(ATTRACTIONS, "utf8").split("\n");
    const repeats = ["apiVersion", "kind", "metadata", "spec"].map((k) => ({ k, line: text.findIndex((l, i) => i >= 30 && l.startsWith(`${k}:`)) + 1 }));
    expect(repeats.map((r) => r.line)).toEqual([31, 32, 34, 40]);
    const out = tempDir();
    const r = await cli(["convert", ATTRACTIONS, "--to", "caplo", "-o", out + "/"]);
    refused(r, out);
    for (const { k, line: n } of repeats) {
      expect(r.stderr).toMatch(line(ATTRACTIONS, `${n}:1`, "invalid-syntax"));
      expect(r.stderr).toContain(`:${n}:1 error invalid-syntax YAML syntax: Map keys must be unique ("${k}" is already a key of this mapping)`);
    }
  });

  it("an agent that refers to it converts (exit 0); a ref-kept warning in the tool file says why it cannot be read, and the tool keeps the file's name", async () => {
    const app = `${SAMPLES}/apps/trip-planner`;
    const r = await cli(["convert", `${app}/agents/schedule.yaml`, "--root", app, "--to", "agentmug", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const { outputs, diagnostics } = JSON.parse(r.stdout) as { outputs: { document: { blueprint: { tools: unknown[] } } }[]; diagnostics: Diagnostic[] };
    // Located in the tool file, at its first fault (test/mas-broken-tool-ref.test.ts): the tool lost what the model sees.
    const kept = diagnostics.filter((d) => d.code === "ref-kept" && d.source?.file === ATTRACTIONS);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.severity).toBe("warning");
    expect(kept[0]!.source).toMatchObject({ line: 31, column: 1 });
    expect(kept[0]!.message).toContain(`spec.tools[1].ref of ${app}/agents/schedule.yaml`);
    expect(kept[0]!.message).toContain('cannot be read (YAML syntax: Map keys must be unique ("apiVersion"');
    expect(outputs[0]!.document.blueprint.tools[1]).toBe("get_attractions");
  });

  it("sre-triage (prompt files not published): ref-not-found at spec.context.role, exit 2, the hint says the runtime fails too", async () => {
    for (const agent of ["backend", "telemetry"]) {
      const file = `${SAMPLES}/apps/sre-triage/agents/${agent}.yaml`;
      const out = tempDir();
      const r = await cli(["convert", file, "--to", "agentmug", "-o", out + "/"]);
      refused(r, out);
      expect(r.stderr).toMatch(line(file, "11:5", "ref-not-found"));
      expect(r.stderr).toMatch(/hint: the mas runtime fails with ContextRefNotFoundError on this manifest too/);
    }
  });

  it("qa-mas/agents/qa-agent.yaml (no spec.description): invalid-input at spec, exit 2; --lenient converts with a lenient-input warning", async () => {
    const file = `${SAMPLES}/apps/qa-mas/agents/qa-agent.yaml`;
    const out = tempDir();
    const r = await cli(["convert", file, "--to", "caplo", "-o", out + "/"]);
    refused(r, out);
    expect(r.stderr).toMatch(line(file, "8:1", "invalid-input"));
    expect(r.stderr).toContain('missing required property "description"');
    const lenient = await cli(["convert", file, "--to", "caplo", "--lenient", "--json"]);
    expect(lenient.code, lenient.stderr).toBe(0);
    const ds = (JSON.parse(lenient.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
    expect(ds.some((d) => d.code === "lenient-input" && d.severity === "warning")).toBe(true);
  });

  it("the library-samples folder: exactly these files fail, the rest converts, exit 2", async () => {
    const out = tempDir();
    const r = await cli(["convert", SAMPLES, "--to", "caplo", "-o", out, "--jobs", "1"]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
    const failed = [...new Set([...r.stderr.matchAll(/^(\S+?):\d+:\d+ error /gm)].map((m) => m[1]!.slice(SAMPLES.length + 1)))].sort();
    expect(failed).toEqual([
      "apps/qa-mas/agents/qa-agent.yaml",
      "apps/sre-triage/agents/backend.yaml",
      "apps/sre-triage/agents/telemetry.yaml",
    ]);
    // Both copies of get_attractions.tool.yaml are read by agents (trip-planner's, concierge-lite), which
    // report them (a warning each, at 31:1): skipped as their part, not failed a second time.
    expect(r.stderr).toMatch(/failed 3\b/);
    expect(r.stderr).toMatch(/get_attractions\.tool\.yaml:31:1 warning ref-kept /);
    expect(r.stderr).not.toMatch(/get_attractions\.tool\.yaml:\d+:\d+ error /);
    expect(r.stderr).toMatch(/converted [1-9]\d*/);
  });
});
