// The honesty rule: convert a case to another format and back; every value of the
// input that did not come back exactly must have been reported by the forward
// conversion (warning or info) at its pointer or an ancestor below the agent root.
import { describe, expect, it, type TestContext } from "vitest";
import { convert, convertMany, type ConvertInput, type ConvertResult } from "../src/index.js";
import { parseText } from "../src/text/parse.js";
import { FORMAT_IDS, convertOptions, inputAgentRoots, loadCases, loadMultiCases, outputNamedAs } from "./helpers/cases.js";
import { describeUncovered, diffLeaves, uncoveredDiffs } from "./helpers/coverage.js";
import { diagnostic } from "../src/ir/diagnostics.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const cases = loadCases();

function isMasSystem(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as Record<string, unknown>)["kind"] === "MAS";
}

function listDiagnostics(ds: readonly { severity: string; code: string; message: string; source?: { pointer: string } }[]): string {
  return ds.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? "(no source)"}: ${d.message}`).join("\n");
}

/**
 * The way back of a round trip: checks the forward conversion succeeded (or skips a failure
 * case.json documents), then converts its outputs back to `source`. A mas kind: MAS manifest
 * is the way back in: it reads the agent files it lists.
 */
function wayBack(ctx: TestContext, forward: ConvertResult, target: string, source: string, documented: string | undefined, bundle: boolean, exportedAt: string | undefined): ConvertResult {
  if (!forward.ok) {
    if (documented !== undefined) ctx.skip(`forward conversion fails as case.json documents: ${documented}`);
    expect.fail(`forward conversion to ${target} failed and case.json does not expect it:\n${listDiagnostics(forward.diagnostics)}`);
  }
  expect(documented, `case.json expects ${target} to fail (${documented}), but it succeeded`).toBeUndefined();
  const extracted = new Map<string, string>();
  for (const o of forward.outputs) for (const f of o.files ?? []) extracted.set(f.path, f.text);
  const system = forward.outputs.find((o) => isMasSystem(o.document));
  if (system) for (const o of forward.outputs) extracted.set(o.name, o.text);
  const inputs: ConvertInput[] = (system ? [system] : forward.outputs).map((o) => ({ text: o.text, file: o.name }));
  const back = convertMany(inputs, source, { bundle, includePrivate: true, readFile: memoryReadFile(extracted), ...(exportedAt ? { exportedAt } : {}) });
  expect(back.ok, `the way back (${target} → ${source}) failed:\n${listDiagnostics(back.diagnostics)}`).toBe(true);
  return back;
}

describe("round trips are honest", () => {
  it("golden/ holds at least one case", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    const source = c.sourceFormat;
    describe(c.name, () => {
      for (const target of FORMAT_IDS.filter((f) => f !== source)) for (const stash of [true, false]) {
        it(`${source} → ${target} → ${source}${stash ? "" : " (--no-stash)"}: every difference is reported`, (ctx) => {
          expect(source, "the case's format is unknown").toBeDefined();
          expect(c.data, "the input does not parse").toBeDefined();
          const forward = convert(c.text, target, { ...convertOptions(c), stash });
          const back = wayBack(ctx, forward, target, source!, c.expectFailure[target], c.bundle, c.options.exportedAt);
          const fromSystem = isMasSystem(c.data);
          if (!fromSystem) expect(back.outputs.length, "the way back should give one document").toBe(1);

          // From a kind: MAS manifest, the MAS manifest written on the way back is compared (its agents are files of their own);
          // none is written when nothing of the system came back, and then every member must have been reported.
          const returnedSystem = back.outputs.find((o) => isMasSystem(o.document));
          const returned = fromSystem ? (returnedSystem ? parseText(returnedSystem.text).data : { apiVersion: "mas/v1", kind: "MAS" }) : parseText(back.outputs[0]!.text).data;
          const diffs = diffLeaves(c.data, returned);
          const uncovered = uncoveredDiffs(diffs, forward.diagnostics, c.agentRoots, c.inputFile);
          expect(uncovered.length, describeUncovered(`golden/${c.name} via ${target}`, uncovered, forward.diagnostics)).toBe(0);
        });
      }
    });
  }
});

describe("round trips of several inputs are honest, input by input", () => {
  for (const c of loadMultiCases()) {
    const source = c.sourceFormat;
    describe(c.name, () => {
      for (const target of FORMAT_IDS.filter((f) => f !== source)) for (const stash of [true, false]) {
        it(`${source} → ${target} → ${source}${stash ? "" : " (--no-stash)"}: every difference in every input is reported`, (ctx) => {
          expect(source, "the case's format is unknown").toBeDefined();
          const forward = convertMany(c.inputs, target, { ...c.options, stash });
          const back = wayBack(ctx, forward, target, source!, c.expectFailure[target], true, c.options.exportedAt);
          for (const input of c.inputs) {
            const returned = outputNamedAs(back.outputs, input.file);
            expect(returned, `the way back wrote nothing named as ${input.file}: ${back.outputs.map((o) => o.name).join(", ")}`).toBeDefined();
            const diffs = diffLeaves(parseText(input.text).data, parseText(returned!.text).data);
            const uncovered = uncoveredDiffs(diffs, forward.diagnostics, inputAgentRoots(input), input.file);
            expect(uncovered.length, describeUncovered(`golden/${c.name}/${input.file} via ${target}`, uncovered, forward.diagnostics)).toBe(0);
          }
        });
      }
    });
  }
});

// The rule the suite enforces, checked on its own so a lax harness cannot pass everything.
describe("the coverage rule", () => {
  const payloads = {
    "dropped-field": { value: "v", target: "T" },
    "defaulted-required": { field: "f", filled: "set" },
    "ref-not-found": { problem: "m" },
    "transformed-value": { value: "v", became: "m" },
  } as const;
  const at = (code: keyof typeof payloads, pointer: string, file?: string) =>
    diagnostic(code, payloads[code], { source: file === undefined ? { pointer } : { file, pointer } });
  const original = { name: "A", tools: ["x", "y", "z"], model: { t: 0.2 } };
  const roundTripped = { name: "A", tools: ["y", "z"], model: { t: 0.2 }, greeting: "Hi" };
  const diffs = diffLeaves(original, roundTripped);

  it("finds changed, missing and added leaves", () => {
    expect(diffs.map((d) => `${d.kind} ${d.pointer}`).sort()).toEqual(["added /greeting", "changed /tools/0", "changed /tools/1", "missing /tools/2"]);
  });
  it("an ancestor deeper than the agent root covers; the root itself does not", () => {
    expect(uncoveredDiffs(diffs, [at("dropped-field", "/tools")], [""], "in.json").map((d) => d.pointer)).toEqual(["/greeting"]);
    expect(uncoveredDiffs(diffs, [at("dropped-field", "")], [""], "in.json")).toHaveLength(4);
  });
  it("defaulted-required at the root covers only added leaves", () => {
    const ds = [at("defaulted-required", "")];
    expect(uncoveredDiffs(diffs, ds, [""], "in.json").map((d) => d.pointer).sort()).toEqual(["/tools/0", "/tools/1", "/tools/2"]);
  });
  it("errors, diagnostics about other files and other agents cover nothing", () => {
    expect(uncoveredDiffs(diffs, [at("ref-not-found", "/tools")], [""], "in.json")).toHaveLength(4);
    expect(uncoveredDiffs(diffs, [at("dropped-field", "/tools", "prompts/x.md")], [""], "in.json")).toHaveLength(4);
    const bundleDiff = diffLeaves({ agents: [{ a: 1 }, { a: 2 }] }, { agents: [{ a: 1 }, { a: 3 }] });
    expect(uncoveredDiffs(bundleDiff, [at("transformed-value", "/agents/1")], ["/agents/0", "/agents/1"], "in.json")).toHaveLength(1);
    expect(uncoveredDiffs(bundleDiff, [at("transformed-value", "/agents/0/a")], ["/agents/0", "/agents/1"], "in.json")).toHaveLength(1);
    expect(uncoveredDiffs(bundleDiff, [at("transformed-value", "/agents/1/a")], ["/agents/0", "/agents/1"], "in.json")).toHaveLength(0);
  });
});
