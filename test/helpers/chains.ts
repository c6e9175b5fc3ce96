// Multi-hop chains (X → Y → X → Y): one hop converts the previous hop's outputs, as a user converts
// the files a run wrote, in file-name order (a glob's), merged with --bundle when there are several.
import { expect } from "vitest";
import { convert, convertMany, type ConvertInput, type ConvertResult } from "../../src/index.js";

export const errors = (r: ConvertResult) => JSON.stringify(r.diagnostics.filter((d) => d.severity === "error"));
const byName = (a: ConvertInput, b: ConvertInput) => (a.file ?? "").localeCompare(b.file ?? "");

/** One hop: the previous hop's outputs as inputs, in file-name order, merged when several. */
export function hop(inputs: ConvertInput[], to: "caplo" | "agentmug" | "mas" | "agentspec"): ConvertInput[] {
  const sorted = [...inputs].sort(byName);
  const r = sorted.length === 1 ? convert(sorted[0]!.text as string, to, { file: sorted[0]!.file as string }) : convertMany(sorted, to, { bundle: true });
  expect(r.ok, errors(r)).toBe(true);
  return r.outputs.map((o) => ({ file: o.name, text: o.text }));
}

/** A hop's files as [name, text] pairs in name order, to compare two hops byte for byte. */
export const texts = (xs: ConvertInput[]) => [...xs].sort(byName).map((x) => [x.file, x.text]);
