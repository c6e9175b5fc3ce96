// Every saved fuzz failure is replayed by the normal suite until it passes for good.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkOne } from "./mutate.js";

const DIR = join(process.cwd(), "test", "fuzz-failures");
const cases = readdirSync(DIR).filter((f) => f.endsWith(".json")).sort();

describe("saved fuzz failures replay clean", () => {
  it("has a folder for them", () => expect(Array.isArray(cases)).toBe(true));
  for (const f of cases) {
    it(f, async () => {
      const c = JSON.parse(readFileSync(join(DIR, f), "utf8")) as { target: string; input: string };
      expect((await checkOne(c.input, c.target)).reason).toBeUndefined();
    });
  }
});
