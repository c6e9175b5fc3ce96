// "One value, one diagnostic" (issue 10): a source value is reported once per output file, by the
// report that says what happened to it: checked on the cases that used to say it twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convert, parse, type Diagnostic } from "../src/index.js";
import { emitDocuments, onePerValue } from "../src/convert.js";
import { Reporter, type Subject } from "../src/ir/reporter.js";
import { FORMAT_IDS, GOLDEN_ROOT, loadCases } from "./helpers/cases.js";

const place = (d: Diagnostic) => JSON.stringify([d.source?.file, d.source?.pointer, d.target?.file]);

describe("one value, one diagnostic", () => {
  it("a component several agents share is reported once per output file", () => {
    const file = "input.json";
    const text = readFileSync(join(GOLDEN_ROOT, "agentspec-swarm", file), "utf8");
    const ds = convert(text, "caplo", { file }).diagnostics.filter((d) => d.source?.pointer.startsWith("/$referenced_components/") && d.source.pointer.endsWith("/id"));
    expect(ds.length).toBeGreaterThan(0);
    expect(new Set(ds.map(place)).size).toBe(ds.length);
  });

  it("a provider AgentMug infers from the model id is one note, not a note and a warning", () => {
    const file = "input.caplo.yaml";
    const text = readFileSync(join(GOLDEN_ROOT, "caplo-yaml-research", file), "utf8");
    const at = convert(text, "agentmug", { file }).diagnostics.filter((d) => d.source?.pointer === "/model/provider");
    expect(at.map((d) => [d.severity, d.code])).toEqual([["info", "transformed-value"]]);
  });

  it("a display-name model's provider AgentMug cannot state is one warning", () => {
    const file = "input.caplo.json";
    const text = readFileSync(join(GOLDEN_ROOT, "caplo-extremes", file), "utf8");
    const at = convert(text, "agentmug", { file }).diagnostics.filter((d) => d.source?.pointer === "/model/provider");
    expect(at).toHaveLength(1);
    expect(at[0]?.severity).toBe("warning");
  });
});

describe("onePerValue", () => {
  it("keeps the first of equal reports, and every report that differs in its message or any place", () => {
    const d = (message: string, pointer?: string, target?: { format: string; file?: string; pointer?: string }, code: Diagnostic["code"] = "dropped-field"): Diagnostic => ({
      severity: "warning", code, effect: "behaviour", message, ...(pointer === undefined ? {} : { source: { pointer } }), ...(target ? { target } : {}),
    });
    const t = { format: "mas", file: "a.yaml" };
    const first = d("x dropped", "/x", t);
    const all = [
      first, d("x dropped", "/x", t), // a repeat: removed
      d("y dropped", "/x", t), // same place, another message
      d("x dropped", "/y", t), // same message, another place
      d("x dropped", "/x", { ...t, file: "b.yaml" }), d("x dropped", "/x", { ...t, pointer: "/p" }), d("x dropped", "/x", t, "clamped-value"),
      d("no place"), d("no place"), d("no place", undefined, t), // without a source: compared the same way
    ];
    const kept = onePerValue(all);
    expect(kept[0]).toBe(first);
    expect(kept).toEqual([all[0], all[2], all[3], all[4], all[5], all[6], all[7], all[9]]);
  });
});

// The hub keeps one of several equal reports (code, message, source place, target): right for a
// component several agents share, wrong if two different values of one agent sat at one pointer
// with equal messages. Every golden case into every format is emitted as the hub does, with the
// value each report is about recorded from the Reporter; no report onePerValue removes may stand
// for another value of the same agent than the one it keeps.
describe("one value, one diagnostic: never two values in one", () => {
  const subjects = new WeakMap<Diagnostic, Subject>();
  const proto = Reporter.prototype as unknown as { about(d: Diagnostic, s: Subject): void; replace(d: Diagnostic, next: Diagnostic): void };
  const { about, replace } = proto;
  beforeAll(() => {
    proto.about = function (this: Reporter, d: Diagnostic, s: Subject) {
      subjects.set(d, s);
      about.call(this, d, s);
    };
    proto.replace = function (this: Reporter, d: Diagnostic, next: Diagnostic) {
      const s = subjects.get(d);
      if (s) subjects.set(next, s);
      replace.call(this, d, next);
    };
  });
  afterAll(() => {
    proto.about = about;
    proto.replace = replace;
  });

  const sameReport = (a: Diagnostic, b: Diagnostic) =>
    JSON.stringify([a.code, a.message, a.source?.file, a.source?.pointer, a.target?.format, a.target?.file, a.target?.pointer]) ===
    JSON.stringify([b.code, b.message, b.source?.file, b.source?.pointer, b.target?.format, b.target?.file, b.target?.pointer]);
  const valueOf = (s: Subject) => JSON.stringify([s.ir, s.ext?.format, s.ext?.rel]);

  /** The reports onePerValue removed though they were about another value of the agent of the report it kept. */
  function collapsed(raw: readonly Diagnostic[]): string[] {
    const kept = onePerValue(raw);
    const keptSet = new Set(kept);
    const bad: string[] = [];
    for (const d of raw) {
      if (keptSet.has(d)) continue;
      const twins = kept.filter((k) => sameReport(k, d));
      if (twins.length === 0) bad.push(`removed without a repeat: ${d.code} @ ${d.source?.pointer}: ${d.message}`);
      const s = subjects.get(d);
      for (const k of twins) {
        const t = subjects.get(k);
        if (s && t && s.agent === t.agent && valueOf(s) !== valueOf(t)) bad.push(`${d.code} @ ${d.source?.pointer}: ${valueOf(s)} folded into ${valueOf(t)}: ${d.message}`);
      }
    }
    return bad;
  }

  it("the check finds two values of one agent whose equal messages would be folded into one", () => {
    const agent = parse({ apiVersion: "v2", kind: "Agent", name: "A", instructions: "Be brief.", greeting: "Hi", model: { provider: "OpenAI", name: "gpt-4.1", temperature: 0.2 } }).doc!.agents[0]!;
    const r = new Reporter("mas");
    // Two IR values read from one place, reported with a message that does not name which.
    r.at(agent, "dropped-field", "/models/0/temperature", { value: "model", target: "mas/v1" });
    r.at(agent, "dropped-field", "/models/0/id", { value: "model", target: "mas/v1" });
    const [a, b] = r.diagnostics;
    expect(a && b && sameReport(a, b)).toBe(false); // different pointers: never folded
    r.atSource(agent, "dropped-field", "/model", { value: "model", target: "mas/v1" });
    const third = r.diagnostics[2]!;
    subjects.set(third, { agent, ir: "/models/0/provider" });
    const fourth = r.atSource(agent, "dropped-field", "/model", { value: "model", target: "mas/v1" });
    subjects.set(fourth, { agent, ir: "/models/0/maxTokens" });
    expect(collapsed(r.diagnostics)).toHaveLength(1);
  });

  for (const c of loadCases()) {
    it(`${c.name}: into every format, each report onePerValue removes repeats one about the same value`, () => {
      const read = parse(c.text, { file: c.inputFile, readFile: c.readFile, ...(c.options.lenient ? { lenient: true } : {}) });
      if (!read.doc) return;
      for (const to of FORMAT_IDS.filter((f) => c.expectFailure[f] === undefined)) {
        for (const stash of [true, false]) {
          const { diagnostics } = emitDocuments([read.doc], to, { ...c.options, stash });
          expect(collapsed(diagnostics), `${to}${stash ? "" : " --no-stash"}`).toEqual([]);
        }
      }
    });
  }
});
