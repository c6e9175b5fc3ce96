// One skeleton per adapter (docs/adapters/README.md, "Adding a format"): every registered
// format's folder has the same entry files, and its index assembles what they export.
import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ADAPTERS } from "../src/adapters/registry.js";
import type { Adapter, ReadFile } from "../src/adapters/types.js";
import { parse } from "../src/index.js";
import { emitWith } from "../src/ir/emit-phases.js";
import { parseWith, type ParseDraft } from "../src/ir/parse-phases.js";
import type { JsonObject } from "../src/ir/json.js";
import type { IrAgent, IrDocument } from "../src/ir/model.js";
import type { ExtensionSlot } from "../src/ir/stash-slot.js";
import { PROJECT_ROOT, loadCases } from "./helpers/cases.js";

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
      expect(steps, "the stash's internals are the hub's (src/ir/stash.ts); no adapter calls them").toEqual([]);
      // Reading, the hub restores each agent's stash between the parser's phases (src/ir/parse-phases.ts).
      const parseSteps = own.filter((f) => /\brestoreFromSlot\b/.test(readFileSync(join(dir, f), "utf8")));
      expect(parseSteps, "the hub (parseWith) restores each agent's stash through the slot; no parser does").toEqual([]);
      // Emitting, the hub runs the stash between the emitter's phases (src/ir/emit-phases.ts).
      const emitSteps = own.filter((f) => /\b(?:stashAgent|documentExtensions)\b/.test(readFileSync(join(dir, f), "utf8")));
      expect(emitSteps, "the hub (emitWith) stashes each agent and reports the document-level values; no emitter does").toEqual([]);
    });

    it(`${a.id}: emits in phases (emitAgents, then the hub's stash, then assemble) exactly when it has a slot`, () => {
      expect({ phases: a.emitAgents !== undefined, oneGo: a.emit !== undefined }).toEqual({ phases: a.slot !== undefined, oneGo: a.slot === undefined });
    });

    it(`${a.id}: parses in phases (parseAgents, then the hub's restore, then assemble) exactly when it has a slot`, () => {
      expect({ phases: a.parseAgents !== undefined, oneGo: a.parse !== undefined }).toEqual({ phases: a.slot !== undefined, oneGo: a.slot === undefined });
    });

    it(`${a.id}: coverage.ts builds its emit table from the emitter's field handlers (no emit table kept as data)`, () => {
      const coverage = readFileSync(join(dir, "coverage.ts"), "utf8");
      expect(coverage).toMatch(/emitTable\(HANDLERS\)/);
      expect(coverage).not.toMatch(/\bconst emit\s*[:=]/);
    });

    it(`${a.id}: index.ts takes detection, validation, the parser and the emitter from their entry files`, () => {
      const index = readFileSync(join(dir, "index.ts"), "utf8");
      expect(["detect", "validate", "parse", "emit", "coverage"].filter((f) => !index.includes(`from "./${f}.js"`))).toEqual([]);
    });
  }
});

describe("the hub runs the stash through each slot (src/ir/emit-phases.ts)", () => {
  // The golden cases' bundles of several agents: one of another format than the target has, in every agent, values the target keeps in its stash.
  const bundles = loadCases().flatMap((c) => parse(c.text, { file: c.inputFile, readFile: c.readFile }).doc ?? []).filter((d) => d.bundle && d.agents.length > 1);

  for (const a of ADAPTERS.filter((x) => x.slot !== undefined)) {
    it(`${a.id}: one stash per agent written, through the declared slot, and none with stash: false`, () => {
      const bundle = bundles.find((d) => d.format !== a.id);
      expect(bundle, `no golden case is a bundle of several agents of another format than ${a.id}`).toBeDefined();
      const doc = bundle as IrDocument;
      const slot = a.slot as ExtensionSlot;
      const emitAgents = a.emitAgents as NonNullable<Adapter["emitAgents"]>;
      const write = slot.write;
      const holders: JsonObject[] = [];
      let drafted: readonly JsonObject[] = [];
      let readings = 0;
      const self = a as unknown as { emitAgents: Adapter["emitAgents"] };
      (slot as { write: ExtensionSlot["write"] }).write = (holder, value) => {
        holders.push(holder);
        return write(holder, value);
      };
      self.emitAgents = (d, o, c) => {
        const draft = emitAgents(d, o, c);
        drafted = draft.agents.map((x) => x.holder);
        return { ...draft, readings: () => (readings++, draft.readings()), assemble: (report) => draft.assemble(report) };
      };
      try {
        const on = emitWith(a, doc, {});
        expect(drafted.length).toBe(doc.agents.length);
        // Each agent's stash went into the object its draft named, once, and the outputs were read back once.
        expect(holders).toEqual(drafted);
        expect(new Set(holders).size).toBe(doc.agents.length);
        expect(readings).toBe(1);
        expect(on.diagnostics.some((d) => d.code === "stashed-value")).toBe(true);
        holders.length = 0;
        readings = 0;
        const off = emitWith(a, doc, { stash: false });
        expect({ written: holders.length, read: readings }).toEqual({ written: 0, read: 0 });
        expect(off.diagnostics.some((d) => d.code === "stashed-value")).toBe(false);
        expect(off.outputs.map((o) => o.text).join("\n")).not.toContain("x-agentport");
      } finally {
        (slot as { write: ExtensionSlot["write"] }).write = write;
        self.emitAgents = emitAgents;
      }
    });
  }

  for (const a of ADAPTERS.filter((x) => x.slot !== undefined)) {
    it(`${a.id}: reading back, the hub restores each agent's stash through the slot, between the parser's phases`, () => {
      const doc = bundles.find((d) => d.format !== a.id) as IrDocument;
      const slot = a.slot as ExtensionSlot;
      const parseAgents = a.parseAgents as NonNullable<Adapter["parseAgents"]>;
      const outputs = emitWith(a, doc, { bundle: true }).outputs;
      const texts = new Map(outputs.map((o) => [o.name, o.text]));
      const readFile: ReadFile = (p) => {
        const text = texts.get(p.replace(/^\.\//, ""));
        return text === undefined ? { ok: false, code: "ref-not-found", message: p } : { ok: true, text };
      };
      // Every output that holds agents, and a document that reads the others (a mas kind: MAS manifest and its agent files).
      const read = outputs.filter((o) => (o.agents ?? []).length > 0 || a.needsFiles?.(o.document) === true);
      const self = a as unknown as { parseAgents: Adapter["parseAgents"] };
      let asRead: IrAgent[] = [];
      let restored: IrAgent[] = [];
      let draft: ParseDraft | undefined;
      self.parseAgents = (data, options) => {
        const d = parseAgents(data, options);
        draft = d;
        asRead = d.agents.map((x) => x.agent);
        return { agents: d.agents, assemble: (r) => ((restored = r.map((x) => x.agent)), d.assemble(r)) };
      };
      try {
        for (const o of read) {
          const got = parseWith(a, o.document, { file: o.name, readFile }).doc as IrDocument;
          const n = o.agents?.length ? o.agents.length : doc.agents.length;
          // Read, each agent still holds its stash as a value of its format at the slot's pointer; the hub's restore brought it home.
          expect(asRead.map((x) => Object.prototype.hasOwnProperty.call(x.extensions[a.id] ?? {}, slot.pointer(x)))).toEqual(Array(n).fill(true));
          expect(asRead.map((x) => x.home?.format)).toEqual(Array(n).fill(undefined));
          expect(restored.map((x) => x.home?.format)).toEqual(Array(n).fill(doc.format));
          expect(got.agents.map((x) => x.home?.format)).toEqual(Array(n).fill(doc.format));
          // The bundle keys the stashes brought back are the home bundle's (a MAS manifest names and links its agents after the restore).
          if (n === doc.agents.length) expect(got.agents.map((x) => x.key)).toEqual(doc.agents.map((x) => x.key));
        }
        // The parser itself restores nothing: assembled from the agents as read, none comes home.
        const again = parseAgents(read[0]!.document, { file: read[0]!.name, readFile });
        const plain = again.assemble(again.agents.map((x) => ({ agent: x.agent, document: {}, diagnostics: [] })));
        expect(plain.doc?.agents.some((x) => x.home !== undefined)).toBe(false);
        expect(draft).toBeDefined();
      } finally {
        self.parseAgents = parseAgents;
      }
    });
  }
});
