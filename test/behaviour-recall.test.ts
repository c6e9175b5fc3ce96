// "Behaviour is the measure", checked on every golden case and every agent of a format's corpus (test/fixtures/<format>/corpus):
// - recall: each source value whose path the source adapter declares behaviour-bearing
//   (src/adapters/<format>/coverage.ts, `effect`), and which a --no-stash round trip loses
//   or changes, is covered by a warning or an error at its pointer or an ancestor below
//   the agent's root (the effect comes from the declarations, not from a list here);
// - precision: no warning points at a value declared metadata.
// And --strict means "behaves differently": it fails on behaviour warnings only.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { convert, convertMany, parse, type ConvertInput, type Diagnostic } from "../src/index.js";
import { ADAPTERS } from "../src/adapters/registry.js";
import { EffectIndex } from "../src/ir/effects.js";
import { DIAGNOSTIC_CODES } from "../src/ir/diagnostics.js";
import { parseText } from "../src/text/parse.js";
import { deepEqual, isObject, type JsonValue } from "../src/ir/json.js";
import { get, isAncestorOrSelf } from "../src/ir/pointer.js";
import type { IrDocument } from "../src/ir/model.js";
import { FORMAT_IDS, PROJECT_ROOT, convertOptions, loadCases } from "./helpers/cases.js";
import { agentRootOf, diffLeaves, type LeafDiff } from "./helpers/coverage.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import { cli } from "./helpers/cli.js";
import { tempDir } from "./helpers/tmp.js";
import { inferProvider, providerKey } from "../src/ir/providers.js";

const COVERAGES = ADAPTERS.flatMap((a) => (a.coverage ? [a.coverage] : []));
const index = new EffectIndex(COVERAGES);

/** One conversion to check: an input, its format, where its agents sit, and how to convert it. */
interface Subject {
  name: string;
  format: string;
  file: string;
  text: string;
  data: JsonValue;
  agentRoots: string[];
  options: Parameters<typeof convert>[2];
  bundle: boolean;
  expectFailure: Record<string, string>;
}

const isMasSystem = (data: unknown) => isObject(data) && data["kind"] === "MAS";

function goldenSubjects(): Subject[] {
  return loadCases().flatMap((c) => (c.data === undefined || c.sourceFormat === undefined ? [] : [{
    name: `golden/${c.name}`, format: c.sourceFormat, file: c.inputFile, text: c.text, data: c.data, agentRoots: c.agentRoots,
    options: convertOptions(c), bundle: c.bundle, expectFailure: c.expectFailure,
  }]));
}

const walk = (dir: string): string[] => readdirSync(dir).sort().flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

/** A vendored document that converts into its own format read without file access, as a subject; `undefined` otherwise. */
function fixtureSubject(abs: string, name: string): Subject | undefined {
  const file = relative(PROJECT_ROOT, abs).split(sep).join("/");
  const text = readFileSync(abs, "utf8");
  const read = parse(text, { file });
  if (!read.doc || !convert(text, read.doc.format, { file }).ok) return undefined;
  return { name, format: read.doc.format, file, text, data: parseText(text).data as JsonValue, agentRoots: read.doc.agents.map((a) => a.origin.pointer), options: { file }, bundle: read.doc.bundle, expectFailure: {} };
}

/** Each registered format's vendored documents (test/fixtures/<format>/), found through the registry. */
const FIXTURE_ROOTS = FORMAT_IDS.map((id) => join(PROJECT_ROOT, "test/fixtures", id)).filter((d) => existsSync(d));

/**
 * A format's corpus (test/fixtures/<format>/corpus/**): its single agents that convert without file
 * access, checked as the golden cases are (recall and precision).
 */
function corpusSubjects(): Subject[] {
  return FIXTURE_ROOTS.map((d) => join(d, "corpus")).filter((d) => existsSync(d)).flatMap((root) => walk(root).flatMap((abs) => {
    const s = fixtureSubject(abs, `corpus/${relative(root, abs).split(sep).join("/")}`);
    return s && !s.bundle && s.agentRoots.length === 1 && s.agentRoots[0] === "" ? [s] : [];
  }));
}

/**
 * The published examples at the top of each format's fixture folder (one syntax of each: a YAML copy
 * of a JSON example is the same document), checked for precision: no warning at a metadata value.
 */
function fixtureSubjects(): Subject[] {
  return FIXTURE_ROOTS.flatMap((root) => {
    const names = readdirSync(root).sort().filter((f) => statSync(join(root, f)).isFile() && !/\.md$/.test(f));
    const json = new Set(names.filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, "")));
    return names.filter((f) => !(/\.ya?ml$/.test(f) && json.has(f.replace(/\.ya?ml$/, "")))).flatMap((f) => {
      const s = fixtureSubject(join(root, f), `fixture/${f}`);
      return s ? [s] : [];
    });
  });
}

const FIXTURES = fixtureSubjects();
const SUBJECTS = [...goldenSubjects(), ...corpusSubjects()];

/**
 * Where the subject's agents sit, as the hub judges places: each agent's pointer, and the places of
 * its definition elsewhere (IrOrigin.places: a component defined in a shared definition, with the
 * place of an agent it stands for).
 */
const placesOf = new Map<Subject, { pointer: string; as?: string }[]>();
function agentPlacesOf(s: Subject): { pointer: string; as?: string }[] {
  let places = placesOf.get(s);
  if (!places) {
    const doc = parse(s.text, { file: s.file, ...(s.options?.readFile ? { readFile: s.options.readFile } : {}) }).doc;
    const agents = (doc?.agents ?? []).filter((a) => a.origin.file === undefined || a.origin.file === s.file);
    places = [...ownRoots(s).map((pointer) => ({ pointer })), ...agents.flatMap((a) => Object.entries(a.origin.places ?? {}).map(([pointer, as]) => ({ pointer, as })))];
    placesOf.set(s, places);
  }
  return places;
}

/** The declared effect of a place in the input, or undefined at an agent's root. */
/** `unset`: the diagnostic is about a setting the source leaves unset, which would go in the place (a default that differs). */
function effectAt(s: Subject, pointer: string, unset = false): string | undefined {
  let best: { pointer: string; as?: string } | undefined;
  for (const p of agentPlacesOf(s)) {
    if (!isAncestorOrSelf(p.pointer, pointer)) continue;
    if (!best || p.pointer.length > best.pointer.length) best = p;
  }
  // A place of the document itself (a MAS manifest, whose agents are other files): its format's document declarations.
  if (!best) return index.ofDocument(s.format, pointer);
  const rel = (best.as ?? "") + pointer.slice(best.pointer.length);
  return rel === "" ? undefined : unset ? index.ofSourceOrBelow(s.format, rel) : index.ofSource(s.format, rel);
}

const owned = new Map<Subject, string[]>();
/** Where the agents read from the subject's own file sit (none for a manifest that lists agent files). */
function ownRoots(s: Subject): string[] {
  let roots = owned.get(s);
  if (!roots) {
    const doc = parse(s.text, { file: s.file, ...(s.options?.readFile ? { readFile: s.options.readFile } : {}) }).doc;
    roots = (doc?.agents ?? []).filter((a) => a.origin.file === undefined || a.origin.file === s.file).map((a) => a.origin.pointer);
    owned.set(s, roots);
  }
  return roots;
}

/** The forward conversion and what came back from it, without the stash. */
function roundTrip(s: Subject, target: string): { forward: ReturnType<typeof convert>; lost: LeafDiff[]; returned: JsonValue | undefined; back?: IrDocument } | undefined {
  const forward = convert(s.text, target, { ...s.options, stash: false });
  if (!forward.ok) return undefined;
  const files = new Map<string, string>();
  for (const o of forward.outputs) for (const f of o.files ?? []) files.set(f.path, f.text);
  const system = forward.outputs.find((o) => isMasSystem(o.document));
  if (system) for (const o of forward.outputs) files.set(o.name, o.text);
  const inputs: ConvertInput[] = (system ? [system] : forward.outputs).map((o) => ({ text: o.text, file: o.name }));
  const back = convertMany(inputs, s.format, { bundle: s.bundle, includePrivate: true, stash: false, readFile: memoryReadFile(files) });
  if (!back.ok) return undefined;
  const returnedSystem = back.outputs.find((o) => isMasSystem(o.document));
  const returned = isMasSystem(s.data) ? (returnedSystem ? parseText(returnedSystem.text).data : {}) : parseText(back.outputs[0]!.text).data;
  const backFiles = new Map<string, string>(back.outputs.flatMap((o) => [[o.name, o.text] as const, ...(o.files ?? []).map((f) => [f.path, f.text] as const)]));
  const reread = returnedSystem ? parse(returnedSystem.text, { file: returnedSystem.name, readFile: memoryReadFile(backFiles) }) : parse(back.outputs[0]!.text, { file: back.outputs[0]!.name });
  return { forward, lost: diffLeaves(s.data, returned).filter((d) => d.kind !== "added"), returned, ...(reread.doc ? { back: reread.doc } : {}) };
}

/**
 * A text as a model reads it: surrounding whitespace (runtimes strip prompt parts), the part
 * labels a platform puts before each part when it assembles the prompt ("[role] "), and one
 * closing period (routing text joined into a sentence) do not change what it says.
 */
function readAs(text: string): string {
  return text.split(/\n[ \t]*\n/).map((p) => p.trim().replace(/^(\[[\w:.@/-]+\][ \t]*\n?)+/, "").trim()).filter((p) => p !== "").join("\n\n").replace(/\.$/, "");
}

/** "openai/gpt-4o" and "gpt-4o" name one model: the provider is the one the bare id implies. */
function sameModel(a: string, b: string): boolean {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  const slash = long.indexOf("/");
  return slash > 0 && long.slice(slash + 1) === short && providerKey(long.slice(0, slash)) !== undefined && providerKey(long.slice(0, slash)) === inferProvider(short);
}

/**
 * Whether a changed value still does the same on the source's runtime: the same text as read,
 * the same model, a prompt file's reference replaced by that file's text, or an empty list or
 * object left out.
 */
function sameForRuntime(s: Subject, d: LeafDiff): boolean {
  // An empty list or object holds nothing a runtime acts on: without it, the agent does the same (a decision).
  if (d.kind === "missing" && ((Array.isArray(d.before) && d.before.length === 0) || (isObject(d.before) && Object.keys(d.before).length === 0))) return true;
  if (d.kind !== "changed" || typeof d.before !== "string" || typeof d.after !== "string") return false;
  if (readAs(d.before) === readAs(d.after) || sameModel(d.before, d.after)) return true;
  const read = s.options?.readFile?.(d.before.trim());
  return read !== undefined && read.ok && readAs(read.text) === readAs(d.after);
}

/**
 * Whether a missing value was inert: it, or an ancestor below its agent's root that the round trip
 * left out whole, held a value the source adapter declares inert there (its format's default, which
 * the target behaves as: src/ir/coverage.ts `inert`), so the agent without it does the same.
 */
function inertLost(s: Subject, d: LeafDiff, returned: JsonValue | undefined): boolean {
  if (d.kind !== "missing") return false;
  const root = agentRootOf(d.pointer, s.agentRoots);
  for (let p = d.pointer; p.length > root.length; p = p.slice(0, p.lastIndexOf("/"))) {
    if (get(returned, p) !== undefined) return false;
    let best: { pointer: string; as?: string } | undefined;
    for (const a of agentPlacesOf(s)) if (isAncestorOrSelf(a.pointer, p) && (!best || a.pointer.length > best.pointer.length)) best = a;
    const inert = best ? index.inertAt(s.format, (best.as ?? "") + p.slice(best.pointer.length)) : undefined;
    if (inert?.some((v) => deepEqual(v, get(s.data, p)))) return true;
  }
  return false;
}

/** Two canonical values that tell a runtime the same: texts as read, a prompt part by its text (not where it was read from). */
function sameIr(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return readAs(a) === readAs(b);
  return deepEqual(a, b);
}

/**
 * Whether the canonical value a source place fills is the same after the round trip: the
 * place is then only spelt another way (a legacy key, a bare tool name, a prompt file's text
 * inline). The place's canonical pointer comes from the agent's sourceMap (the deepest entry
 * at or above it); a reference (`ref`) is judged by the text it was read for.
 */
function sameCanonical(s: Subject, d: LeafDiff, back: IrDocument | undefined): boolean {
  if (!back) return false;
  const source = parse(s.text, { file: s.file, ...(s.options?.readFile ? { readFile: s.options.readFile } : {}) }).doc;
  // The agent the place belongs to, as the hub finds it: its own pointer, or where its definition sits (IrOrigin.places).
  const own = (a: IrDocument["agents"][number]) => a.origin.file === undefined || a.origin.file === s.file;
  let k = -1;
  let depth0 = -1;
  source?.agents.forEach((a, i) => {
    if (!own(a)) return;
    for (const p of [a.origin.pointer, ...Object.keys(a.origin.places ?? {})]) {
      if (isAncestorOrSelf(p, d.pointer) && p.length > depth0) [k, depth0] = [i, p.length];
    }
  });
  const A = source?.agents[k];
  const B = back.agents[k];
  if (!A || !B || source?.agents.length !== back.agents.length) return false;
  const rel = d.pointer.slice(A.origin.pointer.length);
  let depth = -1;
  for (const src of Object.values(A.sourceMap)) if (isAncestorOrSelf(src, rel) && src.length > depth) depth = src.length;
  if (depth < 0) return false;
  const irs = Object.entries(A.sourceMap).filter(([, src]) => src.length === depth && isAncestorOrSelf(src, rel)).map(([ir, src]) => ir + rel.slice(src.length));
  // A prompt part is judged by the prompt it is assembled into (parts in order): split or joined, the model reads the same.
  const prompt = (x: typeof A) => (x.instructions?.chunks ?? []).map((c) => c.text ?? "").join("\n\n");
  return irs.every((ir) => (ir === "/instructions" || ir.startsWith("/instructions/") ? sameIr(prompt(A), prompt(B)) : sameIr(get(A, ir), get(B, ir))));
}

/** A warning or error of the forward conversion at the value's pointer or an ancestor below its agent's root. */
function warned(s: Subject, d: LeafDiff, ds: readonly Diagnostic[]): boolean {
  const root = agentRootOf(d.pointer, s.agentRoots);
  return ds.some((x) => x.severity !== "info" && x.source !== undefined && (x.source.file === undefined || x.source.file === s.file)
    && isAncestorOrSelf(x.source.pointer, d.pointer) && x.source.pointer.length > root.length && isAncestorOrSelf(root, x.source.pointer));
}

describe("the effect declarations", () => {
  it("cover every case: golden cases and corpus agents are found", () => {
    expect(SUBJECTS.filter((s) => s.name.startsWith("golden/")).length).toBeGreaterThan(10);
    expect(SUBJECTS.filter((s) => s.name.startsWith("corpus/")).length).toBeGreaterThan(20);
  });

  it("declare both effects, and tell a greeting from a version", () => {
    expect(index.ofSource("caplo", "/greeting")).toBe("behaviour");
    expect(index.ofSource("caplo", "/subAgents/0/useWhen")).toBe("behaviour");
    expect(index.ofSource("mas", "/metadata/x-owner")).toBe("metadata");
    expect(index.ofSource("mas", "/x-canvas-node-ids")).toBe("metadata");
    expect(index.ofSource("agentmug", "/version")).toBe("metadata");
    // Every registered format declares its effects (an adapter without coverage would judge every place behaviour).
    for (const a of ADAPTERS) expect(a.coverage, a.id).toBeDefined();
    expect(index.ofSource("agentspec", "/metadata")).toBe("metadata");
    // A place inside a stash is judged by the canonical field it fills.
    expect(index.ofSource("agentmug", "/x-agentport/ir/~1greeting")).toBe("behaviour");
    expect(index.ofSource("agentmug", "/x-agentport/ir/~1tags/0")).toBe("metadata");
  });
});

describe("every behaviour a --no-stash round trip loses is a warning", () => {
  for (const s of SUBJECTS) {
    for (const target of FORMAT_IDS.filter((f) => f !== s.format && s.expectFailure[f] === undefined)) {
      it(`${s.name}: ${s.format} → ${target} → ${s.format}`, () => {
        const r = roundTrip(s, target);
        if (!r) return;
        const behaviour = r.lost.filter((d) => effectAt(s, d.pointer) === "behaviour" && !sameForRuntime(s, d) && !inertLost(s, d, r.returned) && !sameCanonical(s, d, r.back));
        // The same values must be warned of with the stash too: keeping a value for the way back does not keep it on the target.
        const withStash = convert(s.text, target, s.options);
        for (const [mode, forward] of [["--no-stash", r.forward], ["with the stash", withStash]] as const) {
          const silent = behaviour.filter((d) => !warned(s, d, forward.diagnostics));
          const listing = silent.map((d) => `  ${d.kind} ${d.pointer}: ${JSON.stringify(d.before)?.slice(0, 80)} => ${JSON.stringify(d.after)?.slice(0, 80)}`).join("\n");
          const reported = forward.diagnostics.map((d) => `  ${d.severity} ${d.effect} ${d.code} @ ${d.source?.pointer}: ${d.message.slice(0, 100)}`).join("\n");
          expect(silent.length, `${mode}: behaviour lost without a warning:\n${listing}\nforward diagnostics:\n${reported}`).toBe(0);
        }
      });
    }
  }
});

describe("no warning points at a metadata value", () => {
  it("checks the published examples of the fixture folders, multi-agent ones among them", () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(8);
    expect(FIXTURES.filter((s) => s.bundle).length).toBeGreaterThan(0);
  });
  for (const s of [...SUBJECTS, ...FIXTURES]) {
    it(s.name, () => {
      for (const target of FORMAT_IDS) {
        for (const stash of [true, false]) {
          const r = convert(s.text, target, { ...s.options, stash });
          const bad = r.diagnostics.filter((d) => d.severity === "warning" && d.source !== undefined && (d.source.file === undefined || d.source.file === s.file) && effectAt(s, d.source.pointer, DIAGNOSTIC_CODES[d.code].category === "defaulted") === "metadata");
          expect(bad.map((d) => `${target}${stash ? "" : " --no-stash"}: ${d.code} @ ${d.source?.pointer}: ${d.message}`)).toEqual([]);
          for (const d of r.diagnostics) expect(["behaviour", "metadata", "representation"]).toContain(d.effect);
        }
      }
    });
  }
});

describe("--strict means behaves differently", () => {
  const tmp = () => tempDir("agentport-strict-");
  const BUNDLE = join(PROJECT_ROOT, "examples/support-bundle.caplo.json");

  it("fails the quick-start bundle into AgentMug (links, greeting, temperature lost), writing nothing", async () => {
    const out = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "agentmug", "-o", out + "/", "--strict", "--verbose"]);
    expect(r.code).toBe(1);
    expect(readdirSync(out)).toEqual([]);
    for (const what of [/warning stashed-value subAgents\[0\]/, /warning stashed-value greeting/, /warning stashed-value model\.temperature/]) expect(r.stderr).toMatch(what);
    const lib = convert(readFileSync(BUNDLE, "utf8"), "agentmug", { file: BUNDLE, strict: true });
    expect(lib.ok).toBe(false);
  });

  it("passes the quick-start bundle into Caplo", async () => {
    const out = tmp();
    const r = await cli(["convert", BUNDLE, "--to", "caplo", "-o", join(out, "same.caplo.json"), "--strict"]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(["same.caplo.json"]);
  });

  it("fails a mas agent that loses only metadata into Caplo on the greeting alone; its notes say what was left behind", async () => {
    const dir = tmp();
    const file = join(dir, "helper.yaml");
    const text = [
      "apiVersion: mas/v1", "kind: Agent",
      "metadata:", "  name: helper", "  version: 1.4.0", "  tags: [support, faq]", "  x-owner: team-support",
      "spec:", "  description: Answers questions about the product.", "  context:", "    role: Be helpful and brief.",
      "  models:", "    - model: openai/gpt-4.1", "      temperature: 0.3", "      max_tokens: 800",
      "  budget:", "    max_llm_calls: 10", "    max_tool_calls: 5",
      "x-canvas-node-ids: [n1]", "",
    ].join("\n");
    (await import("node:fs")).writeFileSync(file, text);
    const r = await cli(["convert", file, "--to", "caplo", "-o", join(dir, "out.caplo.json"), "--strict", "--json"]);
    // Caplo requires a greeting, and the template it gets is words the mas agent never said (fresh9 finding 13).
    expect(r.code, r.stdout).toBe(1);
    const ds = JSON.parse(r.stdout).diagnostics as Diagnostic[];
    expect(ds.filter((d) => d.severity !== "info").map((d) => `${d.code} ${d.target?.pointer}`)).toEqual(["defaulted-required /greeting"]);
    expect(ds.filter((d) => d.effect === "metadata").map((d) => d.source?.pointer).sort()).toEqual(expect.arrayContaining(["/metadata/tags", "/metadata/version", "/metadata/x-owner", "/x-canvas-node-ids"]));
    expect(dirname(file)).toBe(dir);
  });
});
