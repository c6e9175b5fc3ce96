// Runs the schema-driven fuzz for one direction: generate documents of the source
// format, keep the schema-valid ones (counting the rest), check the properties.
// A first pass counts every failure; then each distinct failure (by signature) is
// found again from the same seed and shrunk by fast-check to a small counterexample,
// which is saved under test/fuzz-failures/schema-<hash>.json for the suite to replay.
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { adapterFor } from "../../src/adapters/registry.js";
import type { JsonObject } from "../../src/ir/json.js";
import { checkDirection, FORMATS, type Format, type PropertyFailure, type PropertyName } from "./schema-properties.js";

/**
 * Each registered format's generator, declared beside its adapter (src/adapters/<format>/fuzz.ts, its
 * `documents`), found through the registry and imported only here: the library never loads it.
 */
const modules: Record<string, unknown>[] = await Promise.all(FORMATS.map((f) => import(`../../src/adapters/${f}/fuzz.ts`) as Promise<Record<string, unknown>>));
export const GENERATORS: Record<Format, fc.Arbitrary<JsonObject>> = Object.fromEntries(FORMATS.map((f, i) => {
  const arb = (modules[i] as Record<string, unknown>)["documents"];
  if (!(arb instanceof fc.Arbitrary)) throw new Error(`src/adapters/${f}/fuzz.ts exports no fast-check generator \`documents\``);
  return [f, arb as fc.Arbitrary<JsonObject>];
}));

export interface SavedSchemaFailure {
  format: string;
  target: string;
  property: PropertyName;
  document: JsonObject;
  /** Why it failed when it was saved (for the reader; replay checks again). */
  message?: string;
}

export interface DirectionStats {
  format: Format;
  target: Format;
  runs: number;
  /** Documents the generator made that the source schema rejected (fast-check skips). */
  rejected: number;
  failures: number;
  /** Distinct failure signatures with their shrunk counterexamples. */
  distinct: { signature: string; count: number; shrunk?: SavedSchemaFailure }[];
  ms: number;
}

function valid(format: Format, doc: JsonObject): boolean {
  return adapterFor(format)!.validate(doc).length === 0;
}

export function runDirection(format: Format, target: Format, runs: number, seed: number, opts: { stash?: boolean; maxShrunk?: number } = {}): DirectionStats {
  const t0 = performance.now();
  const arb = GENERATORS[format];
  if (!arb) throw new Error(`no fuzz generator for ${format}`);
  const counts = new Map<string, number>();
  let failures = 0;
  const pass1 = fc.check(
    fc.property(arb, (doc) => {
      fc.pre(valid(format, doc));
      const f = checkDirection(format, target, doc, opts);
      if (f) {
        failures++;
        counts.set(f.signature, (counts.get(f.signature) ?? 0) + 1);
      }
      return true;
    }),
    { numRuns: runs, seed, maxSkipsPerRun: 10 },
  );
  if (pass1.failed) throw new Error(`fuzz ${format} → ${target}: ${String(pass1.errorInstance ?? "too many rejected documents")}`);
  const distinct: DirectionStats["distinct"] = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([signature, count]) => ({ signature, count }));
  for (const d of distinct.slice(0, opts.maxShrunk ?? 5)) {
    let last: PropertyFailure | undefined;
    const pass2 = fc.check(
      fc.property(arb, (doc) => {
        fc.pre(valid(format, doc));
        const f = checkDirection(format, target, doc, opts);
        if (f?.signature === d.signature) {
          last = f;
          return false;
        }
        return true;
      }),
      { numRuns: runs, seed, maxSkipsPerRun: 10 },
    );
    const example = pass2.counterexample?.[0];
    if (pass2.failed && example && last) d.shrunk = { format, target, property: last.property, document: example, message: last.message };
  }
  return { format, target, runs: pass1.numRuns, rejected: pass1.numSkips, failures, distinct, ms: performance.now() - t0 };
}

export function rejectedFraction(s: DirectionStats): number {
  return s.rejected / Math.max(1, s.runs + s.rejected);
}

/** Saves a shrunk counterexample; the name hashes the direction, property and document, so a rerun does not duplicate it. */
export function saveSchemaFailure(root: string, f: SavedSchemaFailure): string {
  const dir = join(root, "test", "fuzz-failures");
  mkdirSync(dir, { recursive: true });
  const hash = createHash("sha256").update(JSON.stringify([f.format, f.target, f.property, f.document])).digest("hex").slice(0, 12);
  const name = `schema-${hash}.json`;
  writeFileSync(join(dir, name), JSON.stringify(f, null, 2) + "\n");
  return name;
}

export function summaryLine(s: DirectionStats): string {
  const dir = `${s.format} → ${s.target}`.padEnd(20);
  return `schema fuzz ${dir} runs ${s.runs}, failures ${s.failures}, rejected-by-schema ${(rejectedFraction(s) * 100).toFixed(1)}% (${s.rejected}), ${Math.round(s.ms)} ms`;
}
