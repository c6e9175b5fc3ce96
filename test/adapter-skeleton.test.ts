// One skeleton per adapter (docs/adapters/README.md, "Adding a format"): every registered
// format's folder has the same entry files, and its index assembles what they export.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../src/adapters/registry.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const ENTRY_FILES = ["index.ts", "spec.ts", "detect.ts", "validate.ts", "parse.ts", "emit.ts", "coverage.ts", "fuzz.ts"] as const;

describe("adapter skeleton", () => {
  for (const a of ADAPTERS) {
    const dir = join(PROJECT_ROOT, "src", "adapters", a.id);
    it(`${a.id} has every entry file`, () => {
      expect(ENTRY_FILES.filter((f) => !existsSync(join(dir, f)))).toEqual([]);
    });

    it(`${a.id}: spec.ts states the id, label and suffix the adapter declares`, async () => {
      const spec = (await import(join(dir, "spec.ts"))) as Record<string, unknown>;
      expect([spec["FORMAT"], spec["LABEL"], spec["SUFFIX"]]).toEqual([a.id, a.label, a.suffix]);
    });

    it(`${a.id}: the stash is the hub's (src/ir/stash-slot.ts); the adapter declares only its slot`, () => {
      expect(existsSync(join(dir, "slot.ts"))).toBe(a.slot !== undefined);
      const own = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".generated.ts"));
      const steps = own.filter((f) => /\b(?:buildStash|reportStashed|restoreStash)\b/.test(readFileSync(join(dir, f), "utf8")));
      expect(steps, "an adapter calls the hub's steps (stashAgent, documentExtensions, restoreFromSlot), never the stash's internals").toEqual([]);
    });

    it(`${a.id}: index.ts takes detection, validation, the parser and the emitter from their entry files`, () => {
      const index = readFileSync(join(dir, "index.ts"), "utf8");
      expect(["detect", "validate", "parse", "emit", "coverage"].filter((f) => !index.includes(`from "./${f}.js"`))).toEqual([]);
    });
  }
});
