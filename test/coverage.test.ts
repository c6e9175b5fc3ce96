// The coverage matrix stays true: every schema path is declared, no declaration is
// stale, every IR path is canonical, docs/mapping.md is what the generator writes,
// and a path declared "exact" really comes back from a round trip of a golden case.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { emitDeclarationOf, parseDeclarationOf, type FormatCoverage, type ParseRule, type SchemaSpec } from "../src/ir/coverage.js";
import { enumerateSchemaPaths, MAX_SCHEMA_DEPTH, schemaPathOf } from "../src/ir/schema-paths.js";
import { irLeafPaths, isIrPath } from "../src/ir/ir-paths.js";
import * as matrix from "../src/ir/coverage-matrix.js";
import { buildMatrix, rowFor, summarise } from "../src/ir/coverage-matrix.js";
import { renderMapping } from "../scripts/render-mapping.mjs";
import { COVERAGES } from "./helpers/coverages.js";
import { ADAPTERS } from "../src/adapters/registry.js";
import { convert, convertMany, type ConvertInput } from "../src/index.js";
import { parseText } from "../src/text/parse.js";
import { isAncestorOrSelf } from "../src/ir/pointer.js";
import { convertOptions, loadCases, PROJECT_ROOT } from "./helpers/cases.js";
import { agentRootOf, diffLeaves } from "./helpers/coverage.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";

const byFormat = new Map(COVERAGES.map((c) => [c.format, c]));

const base = (key: string): string => key.replace(/\/\*\*$/, "");
const irsOf = (rule: ParseRule): string[] => ("ir" in rule ? (typeof rule.ir === "string" ? [rule.ir] : [...rule.ir]) : "part" in rule && rule.part ? [rule.part.ir] : []);

describe("the schema path enumerator", () => {
  const doc = {
    $id: "https://example.invalid/s.json",
    type: "object",
    properties: {
      a: { type: "string" },
      node: { $ref: "#/$defs/node" },
      list: { type: "array", items: { oneOf: [{ type: "string" }, { type: "object", properties: { x: { type: "number" } } }] } },
      map: { type: "object", additionalProperties: { type: "object", properties: { v: { type: "boolean" } } } },
      free: { type: "object" },
    },
    patternProperties: { "^x-": {} },
    allOf: [{ if: { properties: { a: { const: "k" } } }, then: { properties: { b: { type: "string" } } } }],
    $defs: { node: { type: "object", properties: { name: { type: "string" }, child: { $ref: "#/$defs/node" } } } },
  };
  const spec: SchemaSpec = { roots: [{ document: doc, pointer: "" }], documentLevel: ["/a"] };
  const paths = enumerateSchemaPaths(spec);
  const names = paths.map((p) => p.path);

  it("walks properties, refs, items, branches, maps and patterns, and stops at a cycle", () => {
    expect(names).toEqual([
      "/a", "/node", "/node/name", "/node/child", "/list", "/list/[]", "/list/[]/x", "/map", "/map/*", "/map/*/v", "/free", "/<^x->", "/b",
    ]);
    expect(paths.find((p) => p.path === "/a")?.documentLevel).toBe(true);
    expect(paths.filter((p) => p.opaque).map((p) => p.path)).toEqual(["/node/child", "/free", "/<^x->"]);
  });

  it("places concrete pointers under their schema path", () => {
    expect(schemaPathOf(paths, "/list/3/x")?.path).toBe("/list/[]/x");
    expect(schemaPathOf(paths, "/list/3")?.path).toBe("/list/[]");
    expect(schemaPathOf(paths, "/map/any/v")?.path).toBe("/map/*/v");
    expect(schemaPathOf(paths, "/free/deep/er")?.path).toBe("/free");
    expect(schemaPathOf(paths, "/x-ui/pos")?.path).toBe("/<^x->");
    expect(schemaPathOf(paths, "/unknown")).toBeUndefined();
  });
});

describe("IR paths", () => {
  it("the canonical fields are read from the zod model", () => {
    const leaves = irLeafPaths();
    for (const p of ["/name", "/models/[]/temperature", "/tools/[]/server", "/instructions/chunks/[]/text", "/evals/[]/expectations"]) expect(leaves).toContain(p);
    for (const p of leaves) expect(p.startsWith("/extensions") || p.startsWith("/sourceMap") || p.startsWith("/origin"), p).toBe(false);
  });
  it("accepts items by index, [] and [kind]; rejects unknown members and kinds", () => {
    expect(isIrPath("/models/0/temperature")).toBe(true);
    expect(isIrPath("/tools/[mcp]/server")).toBe(true);
    expect(isIrPath("/evals/[]/expectations/anything")).toBe(true);
    expect(isIrPath("/tools/[carrier-pigeon]/name")).toBe(false);
    expect(isIrPath("/models/0/topP")).toBe(false);
    expect(isIrPath("/extensions/caplo")).toBe(false);
  });
});

describe.each(COVERAGES.map((c) => [c.format, c] as const))("%s coverage declarations", (_, cov) => {
  const paths = enumerateSchemaPaths(cov.schema);
  const names = new Set(paths.map((p) => p.path));

  it("declare every schema path", () => {
    const missing = paths.filter((p) => parseDeclarationOf(cov, p.path) === undefined).map((p) => p.path);
    expect(missing, `schema paths of ${cov.format} without a parse declaration in src/adapters/${cov.format}/coverage.ts:\n  ${missing.join("\n  ")}`).toEqual([]);
  });

  it("name only paths the schema has", () => {
    const stale = Object.keys(cov.parse).filter((k) => !names.has(base(k)));
    expect(stale, `parse declarations of ${cov.format} naming no schema path:\n  ${stale.join("\n  ")}`).toEqual([]);
  });

  it("map to canonical IR fields only", () => {
    const bad = Object.entries(cov.parse).flatMap(([k, rule]) => irsOf(rule).filter((ir) => !isIrPath(ir)).map((ir) => `${k} → ${ir}`));
    const badEmit = Object.keys(cov.emit).filter((k) => !isIrPath(base(k)));
    expect([...bad, ...badEmit], `not canonical IR paths (src/ir/model.ts IrAgent):\n  ${[...bad, ...badEmit].join("\n  ")}`).toEqual([]);
  });

  it("say how emit treats every canonical IR field", () => {
    const missing = irLeafPaths().filter((p) => emitDeclarationOf(cov, p) === undefined);
    expect(missing, `IR fields without an emit declaration in src/adapters/${cov.format}/coverage.ts:\n  ${missing.join("\n  ")}`).toEqual([]);
  });

  it("leave no row undeclared in any direction", () => {
    for (const t of COVERAGES.filter((x) => x !== cov)) {
      const open = buildMatrix(cov, t).filter((r) => r.status === "undeclared").map((r) => r.path);
      expect(open, `${cov.format} → ${t.format}: rows without a declaration`).toEqual([]);
    }
  });
});

describe("the x-agentport stash in the matrix", () => {
  it("the formats with an extension slot declare a stash, the others do not", () => {
    expect(COVERAGES.filter((c) => c.stash).map((c) => c.format).sort()).toEqual(ADAPTERS.filter((a) => a.slot !== undefined).map((a) => a.id).sort());
  });

  it("other formats' extension values are stashed into a target with a slot, dropped into one without; private ones never stashed", () => {
    for (const t of COVERAGES) {
      expect(rowFor(t, { extension: true, effect: "behaviour" })).toMatchObject({ status: t.stash ? "stashed" : "dropped", outcomes: [{ code: t.stash ? "stashed-value" : "dropped-field" }] });
      expect(rowFor(t, { extension: true, effect: "behaviour", private: true })).toMatchObject({ status: "dropped", outcomes: [{ code: "private-omitted" }] });
      const link = rowFor(t, { extension: true, effect: "behaviour", linkWhen: "a link setting" }).outcomes.map((o) => o.code);
      expect(link).toEqual(t.stash ? ["stashed-value"] : ["dropped-field", "dropped-link"]);
    }
  });

  it("AgentMug brain and memory are private-omitted in every other direction", () => {
    const agentmugCoverage = byFormat.get("agentmug")!;
    for (const t of COVERAGES.filter((x) => x !== agentmugCoverage)) {
      const rows = buildMatrix(agentmugCoverage, t).filter((r) => r.path === "/brain/**" || r.path === "/memory/**");
      expect(rows.map((r) => [r.path, r.status, r.outcomes.map((o) => o.code)])).toEqual([["/brain/**", "dropped", ["private-omitted"]], ["/memory/**", "dropped", ["private-omitted"]]]);
    }
  });

  it("no row into a target with a stash is dropped, except private data", () => {
    for (const s of COVERAGES) {
      for (const t of COVERAGES.filter((x) => x !== s && x.stash)) {
        const dropped = buildMatrix(s, t).filter((r) => r.status === "dropped" && !r.outcomes.some((o) => o.code === "private-omitted")).map((r) => r.path);
        expect(dropped, `${s.format} → ${t.format}`).toEqual([]);
      }
    }
  });
});

/**
 * Every golden case of a kind: Agent (or bundle) input, with each other format. The declarations
 * cover the kind: Agent schema; a kind: MAS manifest's round trip is judged by the honesty test.
 */
function caseDirections() {
  const out: { c: ReturnType<typeof loadCases>[number]; source: (typeof COVERAGES)[number]; paths: ReturnType<typeof enumerateSchemaPaths>; target: (typeof COVERAGES)[number] }[] = [];
  for (const c of loadCases()) {
    const source = c.sourceFormat === undefined ? undefined : byFormat.get(c.sourceFormat);
    if (!source || c.data === undefined || (c.data as Record<string, unknown>)["kind"] === "MAS") continue;
    const paths = enumerateSchemaPaths(source.schema);
    for (const target of COVERAGES.filter((t) => t !== source)) out.push({ c, source, paths, target });
  }
  return out;
}

/** Codes that say a value was lost or changed: each must be one the value's row declares. */
const LOSS_CODES = new Set(["dropped-field", "dropped-link", "clamped-value", "truncated-value", "transformed-value", "stashed-value", "private-omitted"]);

describe("the codes a conversion raises are the codes the matrix declares", () => {
  for (const { c, source, paths, target } of caseDirections()) {
    it(`${c.name}: ${source.format} → ${target.format}`, (ctx) => {
      const forward = convert(c.text, target.format, convertOptions(c));
      if (!forward.ok) ctx.skip("the forward conversion fails (the golden tests judge that)");
      const rows = buildMatrix(source, target);
      const undeclared: string[] = [];
      for (const d of forward.diagnostics) {
        if (!LOSS_CODES.has(d.code) || !d.source || (d.source.file !== undefined && d.source.file !== c.inputFile)) continue;
        const root = agentRootOf(d.source.pointer, c.agentRoots);
        // A bundle's values at its root are the document's (its own members; with agents whose origin is the root,
        // shared by several of them): their schema paths are not an agent's, and the honesty test judges them.
        if (c.bundle && root === "") continue;
        const sp = schemaPathOf(paths, d.source.pointer.slice(root.length));
        // Members the schema does not name (kept as they are) and values inside a stash have no row.
        if (sp === undefined || sp.documentLevel) continue;
        const found = parseDeclarationOf(source, sp.path);
        // A format marker's other spelling is a document value, which its `ignored` note describes.
        if (found && "ignored" in found.rule) continue;
        const key = found?.key;
        // A diagnostic on an item or object speaks for the rows below it.
        const below = rows.filter((r) => r.path === key || r.path === sp.path || r.path.startsWith(`${sp.path}/`));
        if (!below.some((r) => r.outcomes.some((o) => o.code === d.code))) undeclared.push(`${d.code} at ${d.source.pointer} (${sp.path}: ${below.map((r) => `${r.path} ${r.outcomes.map((o) => o.code).join("/") || r.status}`).join(", ") || "no row"}): ${d.message}`);
      }
      expect(undeclared, `raised but not declared in src/adapters/*/coverage.ts:\n  ${undeclared.join("\n  ")}`).toEqual([]);
    });
  }
});

describe("docs/mapping.md", () => {
  it("is what the generator writes now", () => {
    const onDisk = readFileSync(join(PROJECT_ROOT, "docs/mapping.md"), "utf8");
    expect(onDisk === renderMapping(COVERAGES, matrix, MAX_SCHEMA_DEPTH), "docs/mapping.md is out of date: run npm run build && npm run docs:mapping").toBe(true);
  });

  it("has a table and a summary for each direction", () => {
    const text = renderMapping(COVERAGES, matrix, MAX_SCHEMA_DEPTH);
    for (const s of COVERAGES) for (const t of COVERAGES) if (s !== t) expect(text).toContain(`## ${s.format} → ${t.format}\n`);
    expect(text.match(/^\| source path \| IR \| effect \| status \| code \|$/gm)?.length).toBe(COVERAGES.length * (COVERAGES.length - 1));
  });
});

/** The rules of a declaration that let a value declared "exact" change: its exceptions' codes. */
function exceptionCodes(target: FormatCoverage, rule: ParseRule): Set<string> {
  const codes = new Set<string>();
  if ("ir" in rule && rule.changed !== undefined) codes.add(rule.changed);
  if ("ir" in rule && rule.extensionWhen !== undefined) codes.add(target.stash ? "stashed-value" : "dropped-field");
  for (const ir of irsOf(rule)) {
    const found = emitDeclarationOf(target, ir);
    if (found) for (const o of summarise(found.decl).outcomes) codes.add(o.code);
  }
  return codes;
}

describe("values declared exact come back from a round trip", () => {
  for (const { c, source, paths, target } of caseDirections()) {
    it(`${c.name}: ${source.format} → ${target.format} → ${source.format}`, (ctx) => {
      const forward = convert(c.text, target.format, convertOptions(c));
      if (!forward.ok) ctx.skip("the forward conversion fails (the golden and honesty tests judge that)");
      const extracted = new Map<string, string>();
      for (const o of forward.outputs) for (const f of o.files ?? []) extracted.set(f.path, f.text);
      const inputs: ConvertInput[] = forward.outputs.map((o) => ({ text: o.text, file: o.name }));
      const back = convertMany(inputs, source.format, {
        bundle: c.bundle,
        includePrivate: true,
        readFile: memoryReadFile(extracted),
        ...(c.options.exportedAt ? { exportedAt: c.options.exportedAt } : {}),
      });
      if (!back.ok || back.outputs.length !== 1) ctx.skip("the way back fails (the honesty test judges that)");
      const returned = parseText(back.outputs[0]!.text).data;
      const rows = new Map(buildMatrix(source, target).map((r) => [r.path, r]));
      const broken: string[] = [];
      for (const d of diffLeaves(c.data, returned)) {
        if (d.kind === "added") continue;
        const root = agentRootOf(d.pointer, c.agentRoots);
        if (c.bundle && root === "") continue;
        const schemaPath = schemaPathOf(paths, d.pointer.slice(root.length));
        const found = schemaPath === undefined ? undefined : parseDeclarationOf(source, schemaPath.path);
        if (!found || rows.get(found.key)?.status !== "exact") continue;
        const allowed = exceptionCodes(target, found.rule);
        const excused = forward.diagnostics.some((x) => allowed.has(x.code) && x.source !== undefined && x.source.pointer.length > root.length && isAncestorOrSelf(x.source.pointer, d.pointer));
        if (!excused) broken.push(`${d.pointer} (${found.key}): ${JSON.stringify(d.before)} → ${d.after === undefined ? "(absent)" : JSON.stringify(d.after)}`);
      }
      expect(broken, `declared exact for ${source.format} → ${target.format} but not carried back (fix src/adapters/*/coverage.ts, or the adapter):\n  ${broken.join("\n  ")}`).toEqual([]);
    });
  }
});
