// The build-time effect tables (src/adapters/<format>/effects.generated.ts, scripts/gen-effects.mjs):
// each is what its coverage declarations and schema give today (a stale table fails here), and a
// run that looks effects up in them answers as one that walks the schema.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../src/adapters/registry.js";
import { EffectIndex } from "../src/ir/effects.js";
import { renderSchemaEffects, schemaEffectTable, type SchemaEffectTable } from "../src/ir/schema-effects.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const WITH_COVERAGE = ADAPTERS.filter((a) => a.coverage !== undefined);

/** A concrete place a schema path stands for: an item index, a member name, an x- name for a pattern. */
function placeOf(path: string): string {
  return path
    .split("/")
    .map((seg) => (seg === "[]" ? "1" : seg === "*" ? "someName" : seg === "<^x->" ? "x-extra" : seg))
    .join("/");
}

describe("build-time schema effect tables", () => {
  it("every format with coverage declarations has a table, and it is not stale", () => {
    expect(WITH_COVERAGE.length).toBeGreaterThan(0);
    for (const a of WITH_COVERAGE) {
      const cov = a.coverage!;
      expect(a.schemaEffects, `${a.id}: no effects.generated.ts wired in its adapter`).toBeDefined();
      const fresh = schemaEffectTable(cov);
      expect(fresh.rows.length).toBeGreaterThan(0);
      const file = join(PROJECT_ROOT, "src/adapters", a.id, "effects.generated.ts");
      expect(readFileSync(file, "utf8"), `${file} is stale: run \`npm run build\``).toBe(renderSchemaEffects(fresh, `src/adapters/${a.id}/coverage.ts`));
      expect(a.schemaEffects).toEqual(fresh);
    }
  });

  it("looking effects up in the tables answers as walking the schemas does, for every schema path and places below and beside them", () => {
    const coverages = WITH_COVERAGE.map((a) => a.coverage!);
    const tables = new Map(WITH_COVERAGE.map((a) => [a.coverage!.format, a.schemaEffects as SchemaEffectTable]));
    const walked = new EffectIndex(coverages);
    const fromTables = new EffectIndex(coverages, tables);
    let compared = 0;
    for (const a of WITH_COVERAGE) {
      const format = a.coverage!.format;
      for (const [path] of a.schemaEffects!.rows) {
        const place = placeOf(path);
        for (const rel of [place, `${place}/deeper/2`, `${place.slice(0, place.lastIndexOf("/"))}/notInTheSchema`]) {
          const expected = walked.ofSource(format, rel);
          expect(fromTables.ofSource(format, rel), `${format} ${rel}`).toBe(expected);
          // Asked again (the remembered answer), the same.
          expect(fromTables.ofSource(format, rel), `${format} ${rel} again`).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
