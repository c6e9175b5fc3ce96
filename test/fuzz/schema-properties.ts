// The round-trip properties every schema-valid document must satisfy, checked
// through the public library. One function per property; `checkDirection` runs
// those that apply to a (source, target) pair and returns the first failure.
import { convert, convertMany, parse, type ConvertOptions } from "../../src/index.js";
import { ADAPTERS, adapterFor } from "../../src/adapters/registry.js";
import { parseText } from "../../src/text/parse.js";
import { deepEqual, type JsonObject, type JsonValue } from "../../src/ir/json.js";
import type { Diagnostic } from "../../src/ir/diagnostics.js";
import { firstPyyamlMisread } from "./schema-yaml11.js";
import { describeUncovered, diffLeaves, uncoveredDiffs, type LeafDiff } from "../helpers/coverage.js";
import { memoryReadFile } from "../helpers/memory-read-file.js";

/** Every registered format. */
export const FORMATS: readonly string[] = ADAPTERS.map((a) => a.id);

/**
 * A format's own reading of "the same data", where its documents can say one thing in several
 * shapes: its fuzz module's optional `canonical` (src/adapters/<format>/fuzz.ts). Agent Spec's
 * resolves `$component_ref`s, so a component written once and referenced is the same data as the
 * component written inline at each place, and tells for each object of the result where it was
 * read (diagnostics name a shared component's one definition).
 */
type Canonical = (doc: JsonValue) => { value: JsonValue; at: Map<object, string> };
const fuzzModules: Record<string, unknown>[] = await Promise.all(FORMATS.map((f) => import(`../../src/adapters/${f}/fuzz.ts`) as Promise<Record<string, unknown>>));
const CANONICAL: Record<string, Canonical> = Object.fromEntries(FORMATS.flatMap((f, i) => {
  const c = (fuzzModules[i] as Record<string, unknown>)["canonical"];
  return typeof c === "function" ? [[f, c as Canonical]] : [];
}));

/** The leaf differences of two documents as their format reads them, each at the place of the first one it was read from. */
function sameDataDiffs(format: string, before: JsonValue, after: JsonValue): LeafDiff[] {
  const canon = CANONICAL[format];
  if (!canon) return diffLeaves(before, after);
  const a = canon(before);
  const b = canon(after);
  return diffLeaves(a.value, b.value).map((d) => ({ ...d, pointer: readFrom(a, d.pointer) }));
}

/** Where the value at `pointer` of a canonical document was read: its deepest object's place, plus the rest of the path. */
function readFrom(c: { value: JsonValue; at: Map<object, string> }, pointer: string): string {
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/");
  let node: JsonValue | undefined = c.value;
  let place = c.at.get(node as object) ?? "";
  let rest: string[] = [];
  for (const t of tokens) {
    const key = t.replace(/~1/g, "/").replace(/~0/g, "~");
    node = node !== null && typeof node === "object" ? (node as Record<string, JsonValue>)[key] : undefined;
    rest.push(t);
    const at = node !== null && typeof node === "object" ? c.at.get(node) : undefined;
    if (at !== undefined) [place, rest] = [at, []];
  }
  return place + rest.map((t) => `/${t}`).join("");
}
export type Format = string;

export type PropertyName = "converts" | "output-valid" | "identity" | "honesty" | "stash-identity";

export interface PropertyFailure {
  property: PropertyName;
  /** Groups failures of one cause, so shrinking keeps to it: the property and the first pointer, indexes as *. */
  signature: string;
  message: string;
}

/** The round trips that must be identity once the x-agentport stash is on (scope item 2d): through every other format with a slot. */
export const STASH_PAIRS: readonly [Format, Format][] = FORMATS.flatMap((s) => ADAPTERS.filter((t) => t.slot !== undefined && t.id !== s).map((t): [Format, Format] => [s, t.id]));

/** The stash option (EmitOptions.stash, default on), stated so the check does not depend on the default. */
export const STASH_OPTIONS: ConvertOptions = { stash: true };

/** Whether a pointer is private data of `format` (Adapter.privateData): never stashed, by design (docs/security.md), so never part of the stash identity. */
function isPrivate(format: string, pointer: string): boolean {
  return adapterFor(format)?.privateData?.paths.test(pointer) === true;
}

/**
 * Where private data of `format` appears in a document of another format: at one of its
 * private pointers (a top-level member), or as a stashed extension value of that format.
 */
export function privateLeak(doc: JsonValue, format: string, at = ""): string | undefined {
  if (typeof doc !== "object" || doc === null) return undefined;
  if (Array.isArray(doc)) {
    for (let i = 0; i < doc.length; i++) {
      const hit = privateLeak(doc[i] as JsonValue, format, `${at}/${i}`);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }
  for (const k of Object.keys(doc)) {
    const p = `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    if (at === "" && isPrivate(format, p)) return p;
    if (k.startsWith("/") && isPrivate(format, k) && at.endsWith(`/extensions/${format}`)) return p;
    const hit = privateLeak(doc[k] as JsonValue, format, p);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** The input's name: "input" and the last part of the format's output suffix (.json, .yaml). */
export function inputFile(format: string): string {
  return `input${/\.[a-z0-9]+$/i.exec(adapterFor(format)?.suffix ?? ".json")?.[0] ?? ".json"}`;
}

const AGENTMUG_CURRENT = "https://agentmug.com/schemas/agent.v1.json";

/**
 * The input as a same-format conversion must give it back. The one documented
 * normalisation: AgentMug producers MUST write the agentmug.com $schema URL, so a
 * legacy URL comes back current (reported as transformed-value at /$schema).
 */
export function expectedIdentity(format: string, doc: JsonObject): JsonObject {
  if (format === "agentmug" && typeof doc["$schema"] === "string" && doc["$schema"] !== AGENTMUG_CURRENT) return { ...doc, $schema: AGENTMUG_CURRENT };
  return doc;
}

function listDiagnostics(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? "(no source)"}: ${d.message}`).join("\n");
}

/** A pointer with array indexes and free-form keys under known maps collapsed, for grouping. */
export function shape(pointer: string): string {
  return pointer.replace(/\/\d+(?=\/|$)/g, "/*");
}

function fail(property: PropertyName, pointer: string, message: string): PropertyFailure {
  return { property, signature: `${property} ${shape(pointer)}`, message };
}

function errorsOf(ds: readonly Diagnostic[]): Diagnostic[] {
  return ds.filter((d) => d.severity === "error");
}

/** Property a: a conversion succeeds, and every output (as data, as text, and for mas as YAML 1.1) is valid and the same data. */
function checkOutputs(label: string, target: string, result: ReturnType<typeof convert>): PropertyFailure | undefined {
  const errors = errorsOf(result.diagnostics);
  if (!result.ok || errors.length > 0) {
    const first = errors[0];
    const where = first?.code === "output-invalid" ? first.target?.pointer ?? "" : first?.source?.pointer ?? "";
    const property: PropertyName = first?.code === "output-invalid" ? "output-valid" : "converts";
    return { property, signature: `${property} ${first?.code ?? "not-ok"} ${shape(where)}`, message: `${label} failed:\n${listDiagnostics(result.diagnostics)}` };
  }
  if (result.outputs.length === 0) return fail("converts", "", `${label} gave no output`);
  const adapter = adapterFor(target)!;
  for (const o of result.outputs) {
    const issues = adapter.validate(o.document);
    if (issues.length) return fail("output-valid", issues[0]!.pointer, `${label}: ${o.name} is invalid: ${issues.map((i) => `${i.pointer} ${i.message}`).join("; ")}`);
    const reread = parseText(o.text, o.name).data;
    if (!deepEqual(reread, o.document)) {
      const d = diffLeaves(o.document, reread)[0];
      return fail("output-valid", d?.pointer ?? "", `${label}: ${o.name} as text does not read back as its document (first difference ${JSON.stringify(d)})`);
    }
    if (target === "mas") {
      const misread = firstPyyamlMisread(o.text);
      if (misread !== undefined) return { property: "output-valid", signature: "output-valid yaml-1.1-plain-scalar", message: `${label}: ${o.name} writes the string ${JSON.stringify(misread)} unquoted; a YAML 1.1 reader (PyYAML, the mas runtime) reads it as another type` };
    }
  }
  return undefined;
}

function agentRoots(format: string, doc: JsonObject): string[] {
  const p = parse(doc, { from: format, file: inputFile(format) });
  return p.doc ? p.doc.agents.map((a) => a.origin.pointer) : [""];
}

function isBundle(format: string, doc: JsonObject): boolean {
  return parse(doc, { from: format, file: inputFile(format) }).doc?.bundle === true;
}

/** Converts `doc` to `target` and back to `format`; the returned data, or a failure. */
function roundTrip(format: string, target: string, doc: JsonObject, extra: ConvertOptions = {}): { forward: ReturnType<typeof convert>; returned: JsonValue } | PropertyFailure {
  const file = inputFile(format);
  const forward = convert(doc, target, { ...extra, from: format, file });
  const fa = checkOutputs(`${format} → ${target}`, target, forward);
  if (fa) return fa;
  // Each output read with the files it was written with (a prompt file, a skill), as a user's folder holds them.
  const back = convertMany(forward.outputs.map((o) => ({ text: o.text, file: o.name, ...(o.files?.length ? { readFile: memoryReadFile(new Map(o.files.map((f) => [f.path, f.text]))) } : {}) })), format, { ...extra, from: target, bundle: isBundle(format, doc), includePrivate: true });
  const fb = checkOutputs(`the way back ${target} → ${format}`, format, back);
  if (fb) return fb;
  if (back.outputs.length !== 1) return fail("converts", "", `the way back ${target} → ${format} gave ${back.outputs.length} documents, not 1`);
  return { forward, returned: parseText(back.outputs[0]!.text).data as JsonValue };
}

/** Property b: S → S keeps the data. */
export function checkIdentity(format: string, doc: JsonObject): PropertyFailure | undefined {
  const r = convert(doc, format, { from: format, file: inputFile(format), includePrivate: true });
  const fa = checkOutputs(`${format} → ${format}`, format, r);
  if (fa) return fa;
  if (r.outputs.length !== 1) return fail("identity", "", `${format} → ${format} gave ${r.outputs.length} documents, not 1`);
  const out = parseText(r.outputs[0]!.text).data;
  const expected = expectedIdentity(format, doc);
  if (deepEqual(out, expected)) return undefined;
  const diffs = diffLeaves(expected, out);
  return fail("identity", diffs[0]?.pointer ?? "", describeUncovered(`${format} → ${format} is not identity`, diffs, r.diagnostics));
}

/** Property c: S → T → S; every difference is covered by a forward diagnostic (test/helpers/coverage.ts). */
export function checkHonesty(format: string, target: string, doc: JsonObject): PropertyFailure | undefined {
  const rt = roundTrip(format, target, doc);
  if ("property" in rt) return rt;
  const uncovered = uncoveredDiffs(sameDataDiffs(format, doc, rt.returned), rt.forward.diagnostics, agentRoots(format, doc), inputFile(format));
  if (uncovered.length === 0) return undefined;
  return fail("honesty", uncovered[0]!.pointer, describeUncovered(`${format} → ${target} → ${format}`, uncovered, rt.forward.diagnostics));
}

/**
 * Property d: with the stash on, S → T → S is identity on the data. AgentMug brain and
 * memory are compared removed from both sides; that they never reach the other format's
 * output (nor, therefore, the way back) is checked on its own.
 */
export function checkStash(format: string, target: string, doc: JsonObject): PropertyFailure | undefined {
  const rt = roundTrip(format, target, doc, STASH_OPTIONS);
  if ("property" in rt) return rt;
  for (const o of rt.forward.outputs) {
    const leak = privateLeak(o.document as JsonValue, format);
    if (leak !== undefined) return fail("stash-identity", "/private", `${format} → ${target}: ${o.name} holds private ${format} data at ${leak}`);
  }
  const expected = expectedIdentity(format, doc);
  if (deepEqual(rt.returned, expected)) return undefined;
  const diffs = diffLeaves(expected, rt.returned).filter((d) => !isPrivate(format, d.pointer));
  if (diffs.length === 0) return undefined;
  return fail("stash-identity", diffs[0]?.pointer ?? "", describeUncovered(`${format} → ${target} → ${format} with the stash`, diffs, rt.forward.diagnostics));
}

export function stashApplies(format: string, target: string): boolean {
  return STASH_PAIRS.some(([s, t]) => s === format && t === target);
}

/** Every property that applies to the direction, first failure wins. */
export function checkDirection(format: string, target: string, doc: JsonObject, opts: { stash?: boolean } = {}): PropertyFailure | undefined {
  if (format === target) return checkIdentity(format, doc);
  const honest = checkHonesty(format, target, doc);
  if (honest) return honest;
  if (opts.stash && stashApplies(format, target)) return checkStash(format, target, doc);
  return undefined;
}

/** Runs one named property (a saved failure replays the property it failed). */
export function checkProperty(property: PropertyName, format: string, target: string, doc: JsonObject): PropertyFailure | undefined {
  if (property === "stash-identity") return checkStash(format, target, doc);
  return checkDirection(format, target, doc);
}
