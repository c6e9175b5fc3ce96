// Every registered format's fixtures (test/fixtures/<format>/, top level: official examples
// copied with their source note) convert to every format with schema-valid output, or are
// refused as a document agentport does not convert (unsupported-document), with a message
// naming what it is. Nothing in between: no other error, no crash.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { convert } from "../src/index.js";
import { adapterFor } from "../src/adapters/registry.js";
import { FORMAT_IDS, PROJECT_ROOT } from "./helpers/cases.js";

const FIXTURE = /\.(json|ya?ml|agent)$/;

describe("fixtures convert to every format, or are refused as unsupported", () => {
  for (const format of FORMAT_IDS) {
    const dir = join(PROJECT_ROOT, "test", "fixtures", format);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => FIXTURE.test(f) && statSync(join(dir, f)).isFile()).sort() : [];
    if (files.length === 0) continue;
    describe(format, () => {
      for (const f of files) {
        const text = readFileSync(join(dir, f), "utf8");
        it(`${f} → every format`, () => {
          for (const target of FORMAT_IDS) {
            const r = convert(text, target, { file: f });
            const errors = r.diagnostics.filter((d) => d.severity === "error");
            if (errors.some((d) => d.code === "unsupported-document")) {
              expect(errors.map((d) => d.code), `${f}: refused, and only as unsupported`).toEqual(["unsupported-document"]);
              expect(errors[0]!.source?.file, "the refusal names the file").toBe(f);
              continue;
            }
            expect(r.ok, `${f} → ${target}:\n${errors.map((d) => `  ${d.code} ${d.source?.pointer ?? d.target?.pointer ?? ""}: ${d.message}`).join("\n")}`).toBe(true);
            for (const o of r.outputs) expect(adapterFor(target)!.validate(o.document), `${f} → ${target}: ${o.name}`).toEqual([]);
          }
        });
      }
    });
  }
});
