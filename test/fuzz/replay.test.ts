// Every saved fuzz failure is replayed by the normal suite until it passes for good.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkOne } from "./mutate.js";
import { checkProperty } from "./schema-properties.js";
import type { SavedSchemaFailure } from "./schema-runner.js";

const DIR = join(process.cwd(), "test", "fuzz-failures");
const all = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();
const cases = all.filter((f) => !f.startsWith("schema-"));
const schemaCases = all.filter((f) => f.startsWith("schema-"));

describe("saved fuzz failures replay clean", () => {
  // The folder is kept (.gitkeep) so a saved failure always has a place; the schema fuzz's own examples replay below.
  it("has a folder for them, holding the saved schema-fuzz examples", () => {
    expect(existsSync(DIR)).toBe(true);
    expect(schemaCases.length).toBeGreaterThan(0);
  });
  for (const f of cases) {
    it(f, async () => {
      const c = JSON.parse(readFileSync(join(DIR, f), "utf8")) as { target: string; input: string };
      expect((await checkOne(c.input, c.target)).reason).toBeUndefined();
    });
  }
});

// Shrunk counterexamples of the schema-driven fuzz (test/fuzz/schema.test.ts), through the same property checks.
describe("saved schema fuzz counterexamples keep their property", () => {
  for (const f of schemaCases) {
    const c = JSON.parse(readFileSync(join(DIR, f), "utf8")) as SavedSchemaFailure;
    it(`${f}: ${c.format} → ${c.target} ${c.property}`, () => {
      const failure = checkProperty(c.property, c.format, c.target, c.document);
      expect(failure, failure?.message).toBeUndefined();
    });
  }
});
