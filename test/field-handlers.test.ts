// Emitters written as field handlers (src/ir/field-handlers.ts): the coverage emit table is built
// from the handlers, and a handler raises only codes its own declarations name. The second is
// checked by running every golden case (and every format's vendored documents, and value-dependent
// branches written from the IR) into every format with EmitContext.checkDeclarations on: a handler
// raising an undeclared code throws.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { makeReadFile } from "../src/node/refs.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredFields, declares, emitTable, fieldHandler, run } from "../src/ir/field-handlers.js";
import { Reporter } from "../src/ir/reporter.js";
import type { IrAgent, IrDocument } from "../src/ir/model.js";
import { newAgent } from "../src/ir/agent.js";
import { emitWith } from "../src/ir/emit-phases.js";
import type { Adapter, EmitContext, EmitOptions } from "../src/adapters/types.js";
import { ADAPTERS } from "../src/adapters/registry.js";
import { convert, convertMany } from "../src/index.js";
import { FORMAT_IDS, PROJECT_ROOT, convertOptions, loadCases, loadMultiCases } from "./helpers/cases.js";

const agent = (over: Partial<IrAgent> = {}): IrAgent =>
  ({ key: "a", name: "A", sourceMap: {}, extensions: {}, origin: { format: "test", pointer: "" }, ...over }) as IrAgent;

describe("the emit table is the handlers' declarations", () => {
  const a = fieldHandler("a", { "/name": "exact", "/key": { transformed: "transformed-value", when: "x" } }, () => undefined);
  const b = fieldHandler("b", { "/key": { stashed: "stashed-value", when: "y" }, "/greeting": { stashed: "stashed-value" } }, () => undefined);

  it("reads a declaration table's fields, a prefix/** as its prefix (what dropUnsupported is given)", () => {
    expect(declaredFields({ "/greeting": { stashed: "stashed-value" }, "/limits/**": { stashed: "stashed-value" }, "/inputs": "exact" })).toEqual(["/greeting", "/limits", "/inputs"]);
  });

  it("joins them in handler order; a second handler of a path adds only exceptions", () => {
    expect(emitTable([a, b])).toEqual({
      "/name": "exact",
      "/key": [{ transformed: "transformed-value", when: "x" }, { stashed: "stashed-value", when: "y" }],
      "/greeting": { stashed: "stashed-value" },
    });
    const usual = fieldHandler("c", { "/name": "exact" }, () => undefined);
    expect(() => emitTable([a, usual])).toThrow(/\/name is declared by the field handlers "a" and "c"/);
  });

  it("a declaration allows its codes at its path and for the items and objects above the fields it covers", () => {
    const emit = { "/models/[]/id": ["exact", { stashed: "stashed-value", when: "not primary" }], "/description": "exact" } as const;
    expect(declares(emit, "dropped-field", "/models/2")).toBe(true); // a lost row speaks for its fields
    expect(declares(emit, "clamped-value", "/models/0/id")).toBe(true); // a change the stash undoes
    expect(declares(emit, "dropped-field", "/description")).toBe(false); // declared exact
    expect(declares(emit, "stash-stale", "/models/0/id")).toBe(false); // not a loss the stash undoes
    expect(declares(emit, "dropped-field", "/greeting")).toBe(false); // not this handler's field
  });
});

describe("a handler raises only what it declares", () => {
  const h = fieldHandler("description", { "/description": "exact", "/routingDescription": { stashed: "stashed-value" } }, (r, a: IrAgent, ir: string) => {
    r.at(a, "dropped-field", ir, { target: "mas/v1" });
    r.defaulted(a, "/name", { field: "name", filled: "set to", set: "x" }, "x.json");
  });

  it("checked: an undeclared code at a path throws, naming the handler", () => {
    const r = new Reporter("test");
    expect(() => run(h, { r, check: true }, agent(), "/description")).toThrow(/field handler "description" raised dropped-field at \/description/);
    expect(r.diagnostics).toEqual([]);
  });

  it("checked: a declared one (and a filled required value) is raised as without the check", () => {
    const checked = new Reporter("test");
    run(h, { r: checked, check: true }, agent(), "/routingDescription");
    const plain = new Reporter("test");
    run(h, { r: plain, check: false }, agent(), "/routingDescription");
    expect(checked.diagnostics.map((d) => d.code)).toEqual(["dropped-field", "defaulted-required"]);
    expect(checked.diagnostics).toEqual(plain.diagnostics);
    expect(checked.subjectOf(checked.diagnostics[0]!)?.ir).toBe("/routingDescription");
  });

  it("checked: a tool's item is read under its kind's declarations too (/tools/3 of a builtin tool: /tools/[builtin]/…)", () => {
    const tools = fieldHandler("tools", { "/tools/[builtin]/name": { transformed: "transformed-value", when: "an object" } }, (r, a: IrAgent) => {
      r.at(a, "transformed-value", "/tools/0", { became: "became the tool id" });
    });
    const builtin = agent({ tools: [{ kind: "builtin", name: "calc" }] });
    expect(() => run(tools, { r: new Reporter("test"), check: true }, builtin)).not.toThrow();
    const mcp = agent({ tools: [{ kind: "mcp", name: "calc", server: "https://mcp.example", requiresUserAuth: false }] });
    expect(() => run(tools, { r: new Reporter("test"), check: true }, mcp)).toThrow(/field handler "tools" raised transformed-value at \/tools\/0/);
  });

  it("unchecked (every real run): nothing is refused", () => {
    const r = new Reporter("test");
    run(h, { r, check: false }, agent(), "/description");
    expect(r.diagnostics.map((d) => d.code)).toEqual(["dropped-field", "defaulted-required"]);
  });
});

describe("every conversion raises only declared codes (checkDeclarations)", () => {
  // Each adapter's emitter (a slot format's first phase, emitAgents, or a slot-less format's emit), given the check.
  type Emitter = (doc: IrDocument, options: EmitOptions, context?: EmitContext) => unknown;
  const originals = new Map<Adapter, { key: "emit" | "emitAgents"; emit: Emitter }>();
  beforeAll(() => {
    for (const a of ADAPTERS) {
      const key = a.emitAgents !== undefined ? "emitAgents" : "emit";
      const emit = (a.emitAgents ?? a.emit) as Emitter;
      originals.set(a, { key, emit });
      (a as unknown as Record<string, Emitter>)[key] = (doc, options, context = {}) => emit(doc, options, { ...context, checkDeclarations: true });
    }
  });
  afterAll(() => {
    for (const [a, { key, emit }] of originals) (a as unknown as Record<string, Emitter>)[key] = emit;
  });

  for (const target of FORMAT_IDS) {
    it(`golden cases → ${target}`, () => {
      let converted = 0;
      for (const c of loadCases()) {
        for (const stash of [true, false]) if (convert(c.text, target, convertOptions(c, { stash })).ok) converted++;
      }
      for (const c of loadMultiCases()) if (convertMany(c.inputs, target, c.options).ok) converted++;
      expect(converted).toBeGreaterThan(0);
    });
  }

  // Value-dependent branches no golden case reaches (an empty required text, a text over a limit,
  // a primary model that is not the first row, a model without a provider…), written from the IR.
  const edge = (fill: Partial<IrAgent>, more: Partial<IrAgent>[] = []): IrDocument => ({
    format: "mas",
    bundle: more.length > 0,
    agents: [{ ...newAgent("mas", ""), name: "A", key: "a", ...fill }, ...more.map((m, i) => ({ ...newAgent("mas", ""), name: `B${i}`, key: `b${i}`, ...m }))],
    extensions: {},
  });
  const EDGES: Record<string, IrDocument> = {
    "an empty useWhen": edge({ subAgents: [{ local: "b0", useWhen: "" }] }, [{}]),
    "a link that names no agent": edge({ subAgents: [{}] }),
    "empty eval case texts": edge({ evals: [{ name: "", input: "", desiredOutcome: "" }] }),
    "more eval cases than Caplo holds": edge({ evals: Array.from({ length: 101 }, (_, i) => ({ name: `n${i}`, input: "x", desiredOutcome: "y" })) }),
    "a platform text over its limit": edge({ instructions: { chunks: [{ text: "Do." }, { key: "guidance", text: "word ".repeat(1000) }] } }),
    "a platform tail": edge({ instructions: { chunks: [{ text: "Do.\n\n[guidance] G" }] } }),
    "a primary model after another row, with an unknown provider": edge({ models: [{ id: "x", provider: "openai", role: "helper" }, { id: "y", provider: "zzprov" }] }),
    "a primary model after another row, without a provider": edge({ models: [{ id: "x", provider: "openai", role: "helper" }, { id: "gpt-4o" }] }),
    "a model without a provider": edge({ models: [{ id: "gpt-4o" }] }),
    "tools of several kinds, repeated": edge({ tools: [{ kind: "builtin", name: "calc" }, { kind: "mcp", name: "s", server: "https://mcp.example", requiresUserAuth: false }, { kind: "named", name: "a" }, { kind: "named", name: "a" }, { kind: "named", name: "b" }] }),
    "repeated knowledge bases": edge({ knowledge: [{ id: "k" }, { id: "k", label: "L" }, { id: "j" }] }),
    "an id and no name": edge({ name: undefined, id: "the-id" }),
    "an empty name": edge({ name: "" }),
    "skills, one without text": edge({ skills: [{ name: "s", recipe: "do", trigger: "t", extra: { k: 1 } }, { name: "e" }] }),
    "reasoning off": edge({ reasoning: { effort: "none", budgetTokens: 0 } }),
    "a thinking budget over the response limit": edge({ models: [{ id: "gpt-4o", provider: "openai", maxTokens: 100 }], reasoning: { budgetTokens: 5000 } }),
    "fast routing without doNotUseWhen": edge({ routing: { mode: "fast", minConfidence: 0.3 }, subAgents: [{ external: "x", useWhen: "u" }] }),
    "file references, one not read": edge({ instructions: { chunks: [{ ref: "a.md" }, { ref: "b.md", text: "B" }] } }),
    "no instructions text, a routing description": edge({ instructions: { chunks: [] }, routingDescription: "R" }),
    "a routing description beside the description": edge({ routingDescription: "R", description: "D" }),
  };
  it("value-dependent branches, written from the IR → every format", () => {
    let written = 0;
    for (const [name, doc] of Object.entries(EDGES)) {
      for (const a of ADAPTERS) {
        for (const stash of [true, false]) {
          const r = emitWith(a, structuredClone(doc), { stash }, { checkDeclarations: true });
          expect(r.outputs.length, `${name} → ${a.id}`).toBeGreaterThan(0);
          written++;
        }
      }
    }
    expect(written).toBe(Object.keys(EDGES).length * ADAPTERS.length * 2);
  });

  // Each registered format's vendored documents (test/fixtures/<format>/: published examples, real
  // apps with their prompt files, tool manifests and skills, a corpus), found through the registry,
  // each read with the files beside it; also written as if elsewhere (a relocation of its file refs).
  const roots = FORMAT_IDS.map((id) => join(PROJECT_ROOT, "test", "fixtures", id)).filter((d) => existsSync(d));
  it("finds the vendored documents of the formats that have them", () => {
    expect(roots.length).toBeGreaterThanOrEqual(3);
  });
  for (const root of roots) {
    it(`the vendored documents of ${relative(PROJECT_ROOT, root)} → every format`, () => {
      const files: string[] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(join(d, e.name));
          else if (/\.(json|ya?ml|agent)$/.test(e.name)) files.push(join(d, e.name));
        }
      };
      walk(root);
      let converted = 0;
      const partly: string[] = [];
      for (const f of files) {
        const text = readFileSync(f, "utf8");
        const options = { file: f, lenient: true, readFile: makeReadFile(dirname(f), { root }) };
        const into = FORMAT_IDS.filter((target) => {
          convert(text, target, { ...options, relocateFrom: () => "../elsewhere" });
          return convert(text, target, options).ok;
        });
        converted += into.length;
        // A document converts into every format or into none (a Flow, a tool manifest, a broken reference is refused by all).
        if (into.length !== 0 && into.length !== FORMAT_IDS.length) partly.push(`${relative(root, f)}: ${into.join(", ")}`);
      }
      expect(partly).toEqual([]);
      expect(converted).toBeGreaterThan(0);
    });
  }
});
