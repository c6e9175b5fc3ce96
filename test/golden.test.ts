// Golden files: every case converted to every format, compared byte for byte
// with golden/<case>/expected/<target>/. UPDATE_GOLDEN=1 rewrites the expected
// files instead (npm run golden:update); review them with git diff before committing.
// A case is one input (golden/<case>/input.*, convert) or several converted in one
// run (golden/<case>/inputs/, convertMany with the case's options, such as bundle).
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { convert, convertMany, type ConvertResult } from "../src/index.js";
import { adapterFor } from "../src/adapters/registry.js";
import { deepEqual } from "../src/ir/json.js";
import { parseText } from "../src/text/parse.js";
import { FORMAT_IDS, PROJECT_ROOT, convertOptions, loadCases, loadMultiCases } from "./helpers/cases.js";
import { compareTrees, readTree, resultFiles, writeTree } from "./helpers/golden-files.js";

const UPDATE = process.env["UPDATE_GOLDEN"] === "1";
const HOW_TO_UPDATE = "run `npm run golden:update` (UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts), then review every changed file with `git diff golden/` before committing";

interface GoldenRun {
  name: string;
  dir: string;
  expectFailure: Record<string, string>;
  sourceFormat: string | undefined;
  /** What detection says of each input. */
  detected: (string | undefined)[];
  run: (target: string) => ConvertResult;
}

const cases: GoldenRun[] = [
  ...loadCases().map((c) => ({ ...c, detected: [c.detectedFormat], run: (target: string) => convert(c.text, target, convertOptions(c)) })),
  ...loadMultiCases().map((c) => ({ ...c, detected: c.detectedFormats, run: (target: string) => convertMany(c.inputs, target, c.options) })),
].sort((a, b) => (a.name < b.name ? -1 : 1));

function run(c: GoldenRun, target: string): ConvertResult {
  return c.run(target);
}

describe("golden cases", () => {
  it("golden/ holds at least one case", () => {
    expect(cases.length, "no golden/<case>/input.* found").toBeGreaterThan(0);
    expect(cases.filter((c) => c.detected.length > 1).length, "no golden/<case>/inputs/ (a multi-input case) found").toBeGreaterThan(0);
  });

  for (const c of cases) {
    describe(c.name, () => {
      if (FORMAT_IDS.includes(c.name.split("-")[0] ?? "")) {
        it("is detected as the format its folder names", () => {
          expect(c.detected).toEqual(c.detected.map(() => c.sourceFormat));
        });
      }

      for (const target of FORMAT_IDS) {
        it(`→ ${target}: matches expected/${target}/`, () => {
          const result = run(c, target);
          const actual = resultFiles(result);
          // Same input, same bytes: no clocks, no randomness, no hidden state between runs.
          expect([...resultFiles(run(c, target))], "a second conversion produced different output").toEqual([...actual]);
          for (const [path, text] of actual) {
            expect(text.includes(PROJECT_ROOT), `${path} contains an absolute path of this machine`).toBe(false);
          }
          const dir = join(c.dir, "expected", target);
          if (UPDATE) {
            writeTree(dir, actual);
            return;
          }
          const expected = readTree(dir);
          expect(expected.size, `golden/${c.name}/expected/${target}/ is missing: ${HOW_TO_UPDATE}`).toBeGreaterThan(0);
          const m = compareTrees(expected, actual);
          expect(m.missing, `new output files not in golden/${c.name}/expected/${target}/: ${HOW_TO_UPDATE}`).toEqual([]);
          expect(m.stale, `expected files the conversion no longer produces: ${HOW_TO_UPDATE}`).toEqual([]);
          for (const path of m.changed) {
            expect(actual.get(path), `golden/${c.name}/expected/${target}/${path} differs; if intended, ${HOW_TO_UPDATE}`).toBe(expected.get(path));
          }
        });

        it(`→ ${target}: every output validates against the official ${target} schema`, (ctx) => {
          const result = run(c, target);
          const documented = c.expectFailure[target];
          if (!result.ok) {
            if (documented !== undefined) ctx.skip(`expected failure (case.json): ${documented}`);
            expect.fail(`conversion to ${target} failed and case.json does not expect it:\n${result.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n")}`);
          }
          expect(documented, `case.json expects ${target} to fail (${documented}), but it succeeded: remove the entry`).toBeUndefined();
          expect(result.outputs.length).toBeGreaterThan(0);
          const adapter = adapterFor(target)!;
          for (const o of result.outputs) {
            expect(o.format).toBe(target);
            expect(adapter.validate(o.document), `${o.name} fails the ${target} schema`).toEqual([]);
            // The bytes written are the document validated.
            const reparsed = parseText(o.text, o.name);
            expect(reparsed.diagnostics, `${o.name} text does not parse`).toEqual([]);
            expect(deepEqual(reparsed.data, o.document), `${o.name}: text and document disagree`).toBe(true);
          }
        });
      }
    });
  }
});
