// A case converted to its own format gives back the input's data. The only
// differences allowed are documented normalisations, and a normalisation counts
// as documented only when the conversion reported it at that value's pointer.
import { describe, expect, it } from "vitest";
import { convert, convertMany } from "../src/index.js";
import { parseText } from "../src/text/parse.js";
import { convertOptions, inputAgentRoots, loadCases, loadMultiCases, outputNamedAs } from "./helpers/cases.js";
import { describeUncovered, diffLeaves, uncoveredDiffs } from "./helpers/coverage.js";

const cases = loadCases();

describe("same-format conversion is identity", () => {
  it("golden/ holds at least one case", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(`${c.name}: ${c.sourceFormat} → ${c.sourceFormat} keeps every value`, (ctx) => {
      expect(c.sourceFormat, "the case's format is unknown").toBeDefined();
      expect(c.data, "the input does not parse").toBeDefined();
      const result = convert(c.text, c.sourceFormat!, convertOptions(c, { includePrivate: true }));
      const documented = c.expectFailure[c.sourceFormat!];
      if (!result.ok && documented !== undefined) ctx.skip(`conversion fails as case.json documents: ${documented}`);
      expect(result.ok, result.diagnostics.map((d) => `${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n")).toBe(true);
      // A kind: MAS manifest comes out with its agent files (test/mas-system.test.ts checks those); the manifest is compared here.
      const system = (c.data as Record<string, unknown> | undefined)?.["kind"] === "MAS" ? result.outputs.find((o) => o.document["kind"] === "MAS") : undefined;
      if (!system) expect(result.outputs.length, "a same-format conversion should give one document").toBe(1);
      const out = parseText((system ?? result.outputs[0]!).text).data;
      const diffs = diffLeaves(c.data, out);
      const unexplained = uncoveredDiffs(diffs, result.diagnostics, c.agentRoots, c.inputFile);
      expect(unexplained.length, describeUncovered(`golden/${c.name} → ${c.sourceFormat}`, unexplained, result.diagnostics)).toBe(0);
    });
  }
});

describe("same-format conversion of several inputs is identity, input by input", () => {
  for (const c of loadMultiCases()) {
    it(`${c.name}: ${c.sourceFormat} → ${c.sourceFormat} keeps every value of every input`, (ctx) => {
      expect(c.sourceFormat, "the case's format is unknown").toBeDefined();
      const result = convertMany(c.inputs, c.sourceFormat!, { ...c.options, includePrivate: true });
      const documented = c.expectFailure[c.sourceFormat!];
      if (!result.ok && documented !== undefined) ctx.skip(`conversion fails as case.json documents: ${documented}`);
      expect(result.ok, result.diagnostics.map((d) => `${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n")).toBe(true);
      for (const input of c.inputs) {
        const out = outputNamedAs(result.outputs, input.file);
        expect(out, `no output is named as ${input.file}: ${result.outputs.map((o) => o.name).join(", ")}`).toBeDefined();
        const diffs = diffLeaves(parseText(input.text).data, parseText(out!.text).data);
        const unexplained = uncoveredDiffs(diffs, result.diagnostics, inputAgentRoots(input), input.file);
        expect(unexplained.length, describeUncovered(`golden/${c.name}/${input.file} → ${c.sourceFormat}`, unexplained, result.diagnostics)).toBe(0);
      }
    });
  }
});
