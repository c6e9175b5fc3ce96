// The real mas-lab corpus (test/fixtures/mas/corpus, see its README): every
// kind: Agent manifest converts to every format without crashing; schema-invalid
// ones are refused with located errors and convert in lenient mode; every output
// passes its target's schema and the round trip back to mas is honest (every
// difference reported by the forward conversion); mas → mas is identity on the data.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { convert, validate, type ReadFile } from "../src/index.js";
import { adapterFor } from "../src/adapters/registry.js";
import { parseText } from "../src/text/parse.js";
import { deepEqual, isObject } from "../src/ir/json.js";
import { describeUncovered, diffLeaves, uncoveredDiffs } from "./helpers/coverage.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "fixtures/mas/corpus");

function walk(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** File access confined to the corpus folder (the Node entry's real reader confines to the manifest's folder). */
function corpusReadFile(manifest: string): ReadFile {
  return (path) => {
    const abs = resolve(dirname(manifest), path);
    if (!abs.startsWith(ROOT + sep)) return { ok: false, code: "ref-outside-root", message: `${path} is outside the corpus folder` };
    if (!existsSync(abs) || !statSync(abs).isFile()) return { ok: false, code: "ref-not-found", message: `${path} does not exist` };
    return { ok: true, text: readFileSync(abs, "utf8") };
  };
}

const manifests = walk(ROOT)
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => ({ file: relative(ROOT, f).split(sep).join("/"), abs: f, text: readFileSync(f, "utf8") }))
  .filter((m) => {
    const d = parseText(m.text).data;
    return isObject(d) && d["apiVersion"] === "mas/v1" && d["kind"] === "Agent";
  });

// The corpus files MAPPING.md §5 found invalid against the steering schema (checked there with Python jsonschema),
// less the four whose only fault is spec.x-text-input: mas-lab's UI writes it and the runtime ignores x- keys
// anywhere (mas-lab 832ab9d), so they are read as the runtime reads them.
const KNOWN_INVALID = [
  "docs/tutorials/01-building-an-agent/agent-final.yaml",
  "docs/tutorials/01-building-an-agent/experiments/memory-provenance/agents/qa-letta.yaml",
  "docs/tutorials/01-building-an-agent/experiments/memory-provenance/agents/qa-semantic.yaml",
  "lab/components/controller/tests/fixtures/templates/validate-agent.yaml",
  "library-samples/apps/qa-mas/agents/qa-agent.yaml",
];
const X_IN_SPEC = [
  "labs/design-space.lab/apps/qa-agent/agents/qa-agent.yaml",
  "library-samples/apps/concierge-lite/agents/concierge-lite.yaml",
  "library-samples/apps/qa-agent/agents/qa-agent.yaml",
  "library-samples/apps/trip-planner/agents/moderator.yaml",
];

/** A manifest as a mas/v1 Agent may hold it: spec's x- members moved into the x-agentport stash. */
function xMoved(data: unknown): unknown {
  if (!isObject(data) || !isObject(data["spec"])) return data;
  const spec = Object.fromEntries(Object.entries(data["spec"]).filter(([k]) => !k.startsWith("x-")));
  return { ...data, spec };
}
// Their prompt files ({ref: prompts/…}) are not part of the published corpus.
const MISSING_PROMPTS = ["library-samples/apps/sre-triage/agents/backend.yaml", "library-samples/apps/sre-triage/agents/telemetry.yaml"];

const summarise = (ds: readonly { severity: string; code: string; message: string; source?: { pointer: string } }[]) =>
  ds.map((d) => `${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");

describe("mas corpus", () => {
  it("holds the 46 kind: Agent manifests", () => {
    expect(manifests).toHaveLength(46);
  });

  it("validates exactly the manifests the steering schema accepts", () => {
    const invalid = manifests.filter((m) => !validate(m.text, { file: m.file }).ok).map((m) => m.file);
    expect(invalid.sort()).toEqual([...KNOWN_INVALID].sort());
  });

  for (const m of manifests) {
    const invalid = KNOWN_INVALID.includes(m.file);
    const readFile = corpusReadFile(m.abs);
    describe(m.file, () => {
      if (invalid) {
        it("is refused with located invalid-input errors, and converts in lenient mode", () => {
          const strict = convert(m.text, "mas", { file: m.file, readFile });
          expect(strict.ok).toBe(false);
          const errors = strict.diagnostics.filter((d) => d.severity === "error");
          expect(errors.length).toBeGreaterThan(0);
          for (const e of errors) {
            expect(e.code).toBe("invalid-input");
            expect(e.source?.line, e.message).toBeGreaterThan(0);
            expect(e.source?.column, e.message).toBeGreaterThan(0);
            expect(e.hint).toBeTruthy();
          }
          const lenient = convert(m.text, "mas", { file: m.file, readFile, lenient: true });
          expect(lenient.ok, summarise(lenient.diagnostics)).toBe(true);
          expect(lenient.diagnostics.some((d) => d.code === "lenient-input" && d.severity === "warning")).toBe(true);
          expect(adapterFor("mas")!.validate(lenient.outputs[0]!.document)).toEqual([]);
        });
      } else if (MISSING_PROMPTS.includes(m.file)) {
        it("reports the missing prompt file at its chunk, and keeps the reference without file access", () => {
          const withFiles = convert(m.text, "mas", { file: m.file, readFile });
          expect(withFiles.ok).toBe(false);
          const err = withFiles.diagnostics.find((d) => d.code === "ref-not-found");
          expect(err?.source?.pointer).toBe("/spec/context/role");
          expect(err?.source?.line).toBeGreaterThan(0);
          // Without file access the prompt's text cannot be known: an error, not an agent with an empty prompt.
          const without = convert(m.text, "mas", { file: m.file });
          expect(without.ok).toBe(false);
          expect(without.outputs).toEqual([]);
          expect(without.diagnostics.filter((d) => d.code === "ref-not-found").map((d) => d.source?.pointer)).toEqual(["/spec/context/role"]);
        });
      } else if (X_IN_SPEC.includes(m.file)) {
        it("is read without --lenient (x- keys are runtime-ignored); mas → mas carries spec's x- keys in the stash", () => {
          const r = convert(m.text, "mas", { file: m.file, readFile });
          expect(r.ok, summarise(r.diagnostics)).toBe(true);
          expect(r.diagnostics.some((d) => d.code === "lenient-input")).toBe(false);
          const out = parseText(r.outputs[0]!.text).data as Record<string, unknown>;
          expect(adapterFor("mas")!.validate(out)).toEqual([]);
          const { "x-agentport": stash, ...rest } = out;
          expect(rest).toEqual(xMoved(parseText(m.text).data));
          expect(JSON.stringify(stash)).toContain("/spec/x-text-input");
          const back = convert(r.outputs[0]!.text, "agentmug", { file: "out.yaml" });
          const again = convert(back.outputs[0]!.text, "mas", { file: "out.agent.json" });
          expect(parseText(again.outputs[0]!.text).data).toEqual(out);
        });
      } else {
        it("mas → mas is identity on the data", () => {
          const r = convert(m.text, "mas", { file: m.file, readFile });
          expect(r.ok, summarise(r.diagnostics)).toBe(true);
          expect(r.outputs).toHaveLength(1);
          expect(adapterFor("mas")!.validate(r.outputs[0]!.document)).toEqual([]);
          expect(parseText(r.outputs[0]!.text).data).toEqual(parseText(m.text).data);
        });
      }

      for (const target of ["caplo", "agentmug"]) {
        it(`converts to ${target}; every output passes the ${target} schema`, () => {
          const r = convert(m.text, target, { file: m.file, readFile, lenient: invalid });
          if (MISSING_PROMPTS.includes(m.file)) {
            expect(r.ok).toBe(false);
            expect(r.diagnostics.some((d) => d.code === "ref-not-found")).toBe(true);
            return;
          }
          expect(r.ok, summarise(r.diagnostics)).toBe(true);
          expect(r.diagnostics.filter((d) => d.code === "output-invalid")).toEqual([]);
          for (const o of r.outputs) expect(adapterFor(target)!.validate(o.document), o.name).toEqual([]);
          // The honesty rule: what does not come back from mas → target → mas was reported.
          // With the stash (default) and without it, when every loss is a warning instead.
          for (const stash of [true, false]) {
            const fwd = stash ? r : convert(m.text, target, { file: m.file, readFile, lenient: invalid, stash: false });
            const back = convert(fwd.outputs[0]!.text, "mas", { from: target, file: fwd.outputs[0]!.name });
            expect(back.ok, summarise(back.diagnostics)).toBe(true);
            const diffs = diffLeaves(parseText(m.text).data, parseText(back.outputs[0]!.text).data);
            const uncovered = uncoveredDiffs(diffs, fwd.diagnostics, [""], m.file);
            expect(uncovered.length, describeUncovered(`${m.file} via ${target}${stash ? "" : " (no stash)"}`, uncovered, fwd.diagnostics)).toBe(0);
          }
        });
      }
    });
  }
});
