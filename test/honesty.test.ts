// The honesty rule: convert a case to another format and back; every value of the
// input that did not come back exactly must have been reported by the forward
// conversion (warning or info) at its pointer or an ancestor below the agent root.
import { describe, expect, it } from "vitest";
import { convert, convertMany, type ConvertInput } from "../src/index.js";
import { parseText } from "../src/text/parse.js";
import { FORMAT_IDS, convertOptions, loadCases } from "./helpers/cases.js";
import { describeUncovered, diffLeaves, uncoveredDiffs } from "./helpers/coverage.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const cases = loadCases();

function listDiagnostics(ds: readonly { severity: string; code: string; message: string; source?: { pointer: string } }[]): string {
  return ds.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? "(no source)"}: ${d.message}`).join("\n");
}

describe("round trips are honest", () => {
  it("golden/ holds at least one case", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    const source = c.sourceFormat;
    describe(c.name, () => {
      for (const target of FORMAT_IDS.filter((f) => f !== source)) {
        it(`${source} → ${target} → ${source}: every difference is reported`, (ctx) => {
          expect(source, "the case's format is unknown").toBeDefined();
          expect(c.data, "the input does not parse").toBeDefined();
          const forward = convert(c.text, target, convertOptions(c));
          const documented = c.expectFailure[target];
          if (!forward.ok) {
            if (documented !== undefined) ctx.skip(`forward conversion fails as case.json documents: ${documented}`);
            expect.fail(`forward conversion to ${target} failed and case.json does not expect it:\n${listDiagnostics(forward.diagnostics)}`);
          }
          expect(documented, `case.json expects ${target} to fail (${documented}), but it succeeded`).toBeUndefined();

          const extracted = new Map<string, string>();
          for (const o of forward.outputs) for (const f of o.files ?? []) extracted.set(f.path, f.text);
          const inputs: ConvertInput[] = forward.outputs.map((o) => ({ text: o.text, file: o.name }));
          const back = convertMany(inputs, source!, {
            bundle: c.bundle,
            includePrivate: true,
            readFile: memoryReadFile(extracted),
            ...(c.options.exportedAt ? { exportedAt: c.options.exportedAt } : {}),
          });
          expect(back.ok, `the way back (${target} → ${source}) failed:\n${listDiagnostics(back.diagnostics)}`).toBe(true);
          expect(back.outputs.length, "the way back should give one document").toBe(1);

          const returned = parseText(back.outputs[0]!.text).data;
          const diffs = diffLeaves(c.data, returned);
          const uncovered = uncoveredDiffs(diffs, forward.diagnostics, c.agentRoots, c.inputFile);
          expect(uncovered.length, describeUncovered(`golden/${c.name} via ${target}`, uncovered, forward.diagnostics)).toBe(0);
        });
      }
    });
  }
});
