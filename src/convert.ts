// The hub: text or data → detect → validate → parse → IR → emit → validate output.
// Pure: no file or terminal access; file reading arrives as an injected readFile.
import { ADAPTERS, adapterFor, type FormatId, type RuntimeFormat } from "./adapters/registry.js";
import type { Adapter, AgentInput, EffectiveDefault, EmitContext, EmitOptions, EmittedDocument, ParseOptions, ReadFile, SuppliedInput, SuppliedPart } from "./adapters/types.js";
import type { DocumentValueUse } from "./ir/reporter.js";
import { diagnostic, hasErrors, severityOf, withEffect, type Diagnostic, type Effect, type SourceLocation } from "./ir/diagnostics.js";
import type { IrAgent, IrDocument } from "./ir/model.js";
import type { StashRead } from "./ir/stash.js";
import { cloneJson, isObject, type JsonValue } from "./ir/json.js";
import { mergeIntoBundle } from "./ir/merge.js";
import { inputFolders, inputStem, sameSyntaxFirst } from "./input-stem.js";
import { emitWith } from "./ir/emit-phases.js";
import { parseWith } from "./ir/parse-phases.js";
import { defaultDifferences, defaultPlan, effectiveDefaults, type Placement } from "./checks/defaults.js";
import { secretDiagnostics } from "./checks/secret-sentinel.js";
import { staleWithOutputs } from "./ir/stale-output.js";
import { applyPolicy, checkPolicy, strictFailures, type Policy } from "./policy.js";
import { firstNonJson, parseText, sniffSyntax, type Locate, type ParsedText, type Position, type Syntax } from "./text/parse.js";
import { carryComments, withLeadingComments } from "./text/comments.js";
import { dirOf, isAbsolutePath, joinPath } from "./ir/file-paths.js";
import { EffectIndex, effectJudge, type AgentPlace, type SourceValue } from "./ir/effects.js";
import { get as getAt } from "./ir/pointer.js";
import { setAtPointer } from "./ir/pointer-write.js";
import type { FormatCoverage } from "./ir/coverage.js";

export interface ConvertInput {
  /** The manifest as text (JSON or YAML)… */
  text?: string;
  /** …or as already-parsed data. */
  data?: JsonValue;
  /** File name, used in diagnostics and to name outputs. */
  file?: string;
  /** Reads files the manifest references, relative to its folder. */
  readFile?: ReadFile;
  /**
   * Given only to supply parts to the run's other inputs (Adapter.supplies), never converted,
   * refused or reported on its own, whether a parse takes parts from it or not: a folder run hands
   * each file the suppliers beside it, most of which that file does not name.
   */
  supplyOnly?: boolean;
}

export interface ConvertOptions extends EmitOptions {
  /** Source format; detected from the content when absent. */
  from?: string;
  /** Accept schema-invalid inputs with warnings instead of errors. */
  lenient?: boolean;
  /**
   * Skip, with one info line (skipped-document), an input its adapter declares no agent
   * (Detection.notAgent: a mas kind: Tool or Overlay) instead of refusing it. Folder runs set it.
   */
  skipNotAgents?: boolean;
  /** Treat warnings as failure (`ok` is false when any warning is raised). */
  strict?: boolean;
  /** Refuse text inputs larger than this many bytes (default 10 MB). */
  maxBytes?: number;
  /** Reads files the manifest references (single-input convenience). */
  readFile?: ReadFile;
  /** Write credential-shaped strings into publishable formats anyway. */
  allowSecrets?: boolean;
  /** Which findings fail, warn or are set aside (src/policy.ts); applied to the whole result. */
  policy?: Policy;
}

export interface ConvertOutput {
  name: string;
  format: string;
  document: EmittedDocument["document"];
  text: string;
  files?: EmittedDocument["files"];
}

export interface ConvertResult {
  ok: boolean;
  outputs: ConvertOutput[];
  diagnostics: Diagnostic[];
  /** Findings the policy's ignore rules set aside (present only when there are some). */
  ignored?: Diagnostic[];
  /**
   * The names the outputs would have had, when only the policy's errors withheld them (`outputs`
   * is then empty): a report can still name the documents a failed gate did not write.
   */
  withheld?: string[];
}

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export interface ReadResult {
  doc?: IrDocument;
  /** The input as data, once parsed. */
  data?: JsonValue;
  adapter?: Adapter;
  diagnostics: Diagnostic[];
  locate: (pointer: string) => Position | undefined;
  /** The files the parse read through its readFile (a MAS manifest's agent files, prompt files), in order. */
  reads?: FileRead[];
  /** The syntax of the input's text. */
  syntax?: Syntax;
  /** The parts of its reading taken from other inputs of the run (ParseResult.supplied). */
  supplied?: SuppliedPart[];
  /** The x-agentport stashes its parse restored (ParseResult.stashes). */
  stashes?: StashRead[];
}

/** An input of the run that supplies parts to other inputs of its format (Adapter.supplies), with where its values sit. */
interface RunSupplier {
  format: string;
  input: SuppliedInput;
  locate: Locate;
}

/** A file read while parsing an input, by its path relative to the input's folder. */
export interface FileRead {
  path: string;
  text: string;
}

type ReadOptions = Pick<ConvertOptions, "from" | "lenient" | "maxBytes" | "readFile" | "skipNotAgents">;

/** Reads one input into the IR: parse text, detect the format, validate against its schema, map to IR. */
export function readInput(input: ConvertInput, options: ReadOptions = {}, siblings: ReadonlyMap<string, string> = new Map()): ReadResult {
  return readOne(input, options, siblings).read;
}

/**
 * The inputs of a run of several that supply parts to other inputs of their format (Adapter.supplies),
 * asked of the adapters; only a text an adapter's cheap test (maySupply) flags is parsed here.
 */
function runSuppliers(inputs: readonly ConvertInput[], options: ReadOptions): RunSupplier[] {
  const can = inputs.length < 2 ? [] : ADAPTERS.filter((a) => a.supplies !== undefined);
  if (can.length === 0) return [];
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const out: RunSupplier[] = [];
  for (const input of inputs) {
    const { file, text } = input;
    if (file === undefined) continue;
    // A text too large is refused by its own read, never parsed here.
    if (text !== undefined && (!can.some((a) => a.maySupply?.(text) ?? true) || (text.length * 3 > max && utf8Length(text) > max))) continue;
    const parsed = text === undefined ? undefined : parseText(text, file);
    const data = parsed ? parsed.data : input.data;
    if (data === undefined) continue;
    const a = can.find((x) => x.supplies?.(data) === true);
    if (a) out.push({ format: a.id, input: { file, data }, locate: parsed?.locate ?? (() => undefined) });
  }
  return out;
}

/**
 * Each input read as a run naming them all reads it: the inputs that supply parts to others
 * (Adapter.supplies, found once) handed to the others' parse, each input read on its own too
 * (ReadResult.supplied says what its reading took, and from which input). validateMany's reading.
 */
export function readInputs(inputs: readonly ConvertInput[], options: ReadOptions = {}): ReadResult[] {
  const suppliers = runSuppliers(inputs, options);
  const parseRead = readParser();
  return inputs.map((input) => readOne(input, options, new Map(), parseRead, suppliers).read);
}

/**
 * An input's data as its reading holds it: with each part another input supplied (SuppliedPart)
 * at its pointer, so the checks that look values up by the input's pointers (defaults, effects) find them.
 */
function readingData(data: JsonValue, parts: readonly SuppliedPart[] | undefined, suppliers: readonly RunSupplier[]): JsonValue {
  if (parts === undefined || !isObject(data)) return data;
  const out = cloneJson(data);
  for (const p of parts) {
    const value = getAt(suppliers.find((s) => s.input.file === p.file)?.input.data, p.pointer) as JsonValue | undefined;
    if (value !== undefined) setAtPointer(out, p.pointer, value);
  }
  return out;
}

/** Where a source place lies in a part another input supplied (SuppliedPart): named by that input, at its line there. */
function suppliedPlace(source: SourceLocation, parts: readonly SuppliedPart[], locators: ReadonlyMap<string | undefined, Locate>): SourceLocation | undefined {
  const part = parts.find((p) => source.pointer === p.pointer || source.pointer.startsWith(p.pointer + "/"));
  if (part === undefined) return undefined;
  // Not the line and column the input's own text gave the pointer (none, or an ancestor's).
  const place: SourceLocation = { file: part.file, pointer: source.pointer };
  return Object.assign(place, locators.get(part.file)?.(source.pointer));
}

/**
 * readInput, and the places its diagnostics' effects were judged by (agentPlaces of its document,
 * when it has one): the conversion judges all its diagnostics by the inputs' places at the end,
 * and takes them from here instead of working them out again.
 */
function readOne(input: ConvertInput, options: ReadOptions, siblings: ReadonlyMap<string, string>, parseRead: ReadParser = readParser(), suppliers: readonly RunSupplier[] = []): { read: ReadResult; places?: AgentPlace[] } {
  const read = readParts(input, options, siblings, parseRead, suppliers);
  if (!("effects" in read)) return { read };
  const { r, places } = read.effects;
  const data = r.data === undefined ? undefined : readingData(r.data, r.supplied, suppliers);
  r.diagnostics = withEffects(r.diagnostics, places, data === undefined ? undefined : sourceValues([input.file === undefined ? { data } : { file: input.file, data }], [r.reads ?? []], parseRead));
  // Judged by the places of the input's reading, a finding about a part another input supplied is then named there.
  const parts = r.supplied;
  if (parts) {
    const locators = new Map(suppliers.map((s) => [s.input.file, s.locate] as const));
    r.diagnostics = r.diagnostics.map((d) => {
      const elsewhere = d.source?.file === input.file && d.source !== undefined ? suppliedPlace(d.source, parts, locators) : undefined;
      return elsewhere ? Object.assign({}, d, { source: elsewhere }) : d;
    });
  }
  return r.doc ? { read: r, places } : { read: r };
}

/** readInput but for the effects: the parsed input and the places to judge its diagnostics by, or an early answer (judged as it is). */
function readParts(input: ConvertInput, options: ReadOptions, siblings: ReadonlyMap<string, string>, parseRead: ReadParser, suppliers: readonly RunSupplier[]): ReadResult | { effects: { r: ReadResult; places: AgentPlace[] } } {
  const file = input.file;
  const at = (pointer: string, pos?: Position) => ({ ...(file === undefined ? {} : { file }), pointer, ...pos });
  let data: JsonValue | undefined = input.data;
  let parsed: ParsedText | undefined;
  const noLocate: Locate = () => undefined;
  if (input.text !== undefined) {
    const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
    // A UTF-16 code unit is at most 3 UTF-8 bytes: count exactly only near the limit.
    const bytes = input.text.length * 3 <= max ? 0 : utf8Length(input.text);
    if (bytes > max) {
      return { diagnostics: [diagnostic("input-too-large", { subject: "the input", bytes, max }, { source: at(""), hint: "raise the limit with --max-bytes" })], locate: noLocate };
    }
    parsed = parseText(input.text, file);
    if (parsed.data === undefined) return { diagnostics: parsed.diagnostics, locate: parsed.locate };
    data = parsed.data;
  }
  const locate = parsed ? parsed.locate : noLocate;
  if (data === undefined) {
    return { diagnostics: [diagnostic("usage-error", { problem: "an input needs text or data" }, { source: at("") })], locate };
  }
  if (!parsed) {
    const bad = firstNonJson(data);
    if (bad) return { diagnostics: [diagnostic("invalid-input", { problem: bad.what }, { source: at(bad.pointer) })], locate };
  }
  const adapter = pickAdapter(data, options.from);
  if ("error" in adapter) {
    if (options.skipNotAgents && adapter.notAgent) {
      return { diagnostics: [diagnostic("skipped-document", { because: adapter.error.message }, { source: at("") })], locate };
    }
    // Detection judges the whole document: the error names it by file, like every other input error.
    const e = adapter.error;
    return { diagnostics: [withPos(e.source ? { ...e, source: at(e.source.pointer) } : e, locate)], locate };
  }
  const diagnostics: Diagnostic[] = [];
  const issues = adapter.validateInput ? adapter.validateInput(data) : adapter.validate(data);
  for (const issue of issues) {
    diagnostics.push(diagnostic(options.lenient ? "lenient-input" : "invalid-input", { subject: adapter.label, problem: issue.message }, { source: at(issue.pointer, locate(issue.pointer)),
      hint: options.lenient ? "accepted in lenient mode; the value may not convert faithfully" : `fix the value or see the ${adapter.label} schema; --lenient converts anyway, with warnings` }));
  }
  if (issues.length && !options.lenient) return { diagnostics, locate };
  const reader = readerFor(input, input.readFile ?? options.readFile, siblings, adapter.needsFiles?.(data) === true);
  // What the parse reads is kept: to locate later diagnostics in those files, and for --verify-roundtrip.
  const reads: FileRead[] = [];
  const readFile: ReadFile | undefined = reader && ((path, written) => {
    const got = reader(path, written);
    if (got.ok) reads.push({ path: normalPath(path), text: got.text });
    return got;
  });
  // Built key by key, not spread from conditional parts (V8's generic copy, per input): the same keys in the same order.
  const parseOptions: ParseOptions = {};
  if (file !== undefined) parseOptions.file = file;
  if (readFile) {
    parseOptions.readFile = readFile;
    parseOptions.parseFile = (text, name) => sharedParse(reads, text, name, parseRead);
  }
  if (options.lenient) parseOptions.lenient = true;
  if (parsed?.keyOrder) parseOptions.keyOrder = parsed.keyOrder;
  const others = suppliers.filter((s) => s.format === adapter.id && s.input.file !== file);
  const supplying = file === undefined ? others : sameSyntaxFirst(others, file, (s) => s.input.file);
  if (supplying.length) parseOptions.supplied = supplying.map((s) => s.input);
  const result = parseWith(adapter, data, parseOptions);
  const parts = result.supplied?.length ? result.supplied : undefined;
  // Diagnostics about another file (a mas MAS manifest's agent files) are not located in this text
  // (one about a part another input supplied is named and located there once judged: readOne).
  for (const d of result.diagnostics) diagnostics.push(d.source?.file === undefined || d.source.file === file ? withPos(d, locate) : d);
  const places = result.doc ? agentPlaces([result.doc]) : [file === undefined ? { pointer: "", format: adapter.id } : { file, pointer: "", format: adapter.id }];
  const r: ReadResult = result.doc ? { doc: result.doc, data, adapter, diagnostics, locate } : { data, adapter, diagnostics, locate };
  if (reads.length) r.reads = reads;
  if (parsed) r.syntax = parsed.syntax;
  if (parts) r.supplied = parts;
  if (result.stashes) r.stashes = result.stashes;
  return { effects: { r, places } };
}

/** A relative path with "." parts and repeated separators removed, ".." kept where it leaves the folder. */
function normalPath(path: string): string {
  const out: string[] = [];
  for (const part of path.split(/[\\/]+/)) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

/** line:column in a file read while parsing, worked out only when a diagnostic asks. */
function lazyLocate(read: FileRead, parseRead: ReadParser): (pointer: string) => Position | undefined {
  return (pointer) => parseRead(read).locate(pointer);
}

/**
 * The adapter's parse of a file it just read, as the conversion's parse of that read (readParser),
 * so that locating a diagnostic in the file later does not parse it again. Only a read of the same
 * text under the same name is shared: its parse is then the same (parseText's diagnostics and its
 * choice of JSON or YAML follow the name).
 */
function sharedParse(reads: readonly FileRead[], text: string, file: string, parseRead: ReadParser): ParsedText {
  for (let i = reads.length - 1; i >= 0; i--) {
    const r = reads[i]!;
    if (r.text === text && r.path === file) return parseRead(r);
  }
  return parseText(text, file);
}

/** Parses a file a parse read (FileRead) when first asked, once per conversion: locating and the effects' source values share it. */
type ReadParser = (read: FileRead) => ParsedText;

function readParser(): ReadParser {
  const parsed = new Map<FileRead, ParsedText>();
  return (read) => {
    let p = parsed.get(read);
    if (p === undefined) parsed.set(read, (p = parseText(read.text, read.path)));
    return p;
  };
}

/** Where each agent of the documents was read, for judging diagnostics by their source place. */
function agentPlaces(docs: readonly IrDocument[]): AgentPlace[] {
  return docs.flatMap((doc) => {
    const agents: AgentPlace[] = doc.agents.map((a) => ({ ...(a.origin.file === undefined ? {} : { file: a.origin.file }), pointer: a.origin.pointer, format: a.origin.format }));
    // Parts of an agent's definition that sit elsewhere (a shared definition) are judged as the places they stand for.
    const elsewhere: AgentPlace[] = doc.agents.flatMap((a) => Object.entries(a.origin.places ?? {}).map(([pointer, as]) => ({ ...(a.origin.file === undefined ? {} : { file: a.origin.file }), pointer, format: a.origin.format, as })));
    // A document's own members (a MAS manifest's metadata, a bundle's apiVersion) are judged by its format's declarations too.
    const own = agents.some((a) => a.file === doc.file && a.pointer === "");
    return own ? [...agents, ...elsewhere] : [...agents, ...elsewhere, { ...(doc.file === undefined ? {} : { file: doc.file }), pointer: "", format: doc.format, document: true }];
  });
}

// The formats' coverage declarations, prepared once: the same constant data for every conversion.
const effectIndexes = new WeakMap<readonly Adapter[], { coverages: FormatCoverage[]; index: EffectIndex }>();

/**
 * The source values by file and pointer, for the effects a value decides (a declared inert value):
 * the inputs' data, and the files their parse read, parsed only when a diagnostic there asks.
 */
function sourceValues(sources: readonly { file?: string; data: JsonValue }[], reads: readonly (readonly FileRead[])[], parseRead: ReadParser): SourceValue {
  let byFile: Map<string | undefined, () => JsonValue | undefined> | undefined;
  return (file, pointer) => {
    if (!byFile) {
      byFile = new Map();
      for (const rs of reads) for (const r of rs) if (!byFile.has(r.path)) byFile.set(r.path, () => parseRead(r).data);
      for (const s of sources) byFile.set(s.file, () => s.data);
    }
    const data = byFile.get(file)?.();
    return data === undefined ? undefined : (getAt(data, pointer) as JsonValue | undefined);
  };
}

/** The diagnostics with the effect (and severity) the coverage declarations give their places. */
function withEffects(diagnostics: readonly Diagnostic[], places: readonly AgentPlace[], valueAt?: SourceValue): Diagnostic[] {
  const effectOf = effectJudgeFor(places, valueAt);
  return diagnostics.map((d) => withEffect(d, effectOf(d)));
}

/** The effect the coverage declarations give a diagnostic's place (resolveEffects, one diagnostic at a time). */
function effectJudgeFor(places: readonly AgentPlace[], valueAt?: SourceValue): (d: Diagnostic) => Effect {
  let prepared = effectIndexes.get(ADAPTERS);
  if (!prepared) {
    const coverages = ADAPTERS.flatMap((a) => (a.coverage ? [a.coverage] : []));
    const tables = new Map(ADAPTERS.flatMap((a) => (a.coverage && a.schemaEffects ? [[a.coverage.format, a.schemaEffects] as const] : [])));
    prepared = { coverages, index: new EffectIndex(coverages, tables) };
    effectIndexes.set(ADAPTERS, prepared);
  }
  return effectJudge(prepared.coverages, places, prepared.index, valueAt);
}

function pickAdapter(data: JsonValue, from?: string): Adapter | { error: Diagnostic; notAgent?: true } {
  const source = { pointer: "" };
  if (from !== undefined) {
    const a = adapterFor(from);
    if (!a) return { error: diagnostic("usage-error", { unknownFormat: from, known: ADAPTERS.map((x) => x.id) }) };
    const d = a.detect(data);
    if (d.unsupported) return { error: diagnostic("unsupported-document", { problem: d.unsupported }, { source }), ...(d.notAgent ? { notAgent: true as const } : {}) };
    // Content that is plainly another format would fail every rule of this one's schema: say what it is instead.
    // Only then are the other formats asked (every adapter's detect, for a named format that claims nothing).
    const best = d.confidence === 0 ? detectBest(data) : undefined;
    if (best && best.a !== a && best.c >= 0.5) {
      return { error: diagnostic("unknown-format", { problem: `--from ${a.id} names ${a.label}, but the content is ${best.a.label}` }, { source, hint: `leave out --from to detect the format, or pass --from ${best.a.id}` }) };
    }
    return a;
  }
  const best = detectBest(data);
  if (!best || best.c < 0.5) {
    return { error: diagnostic("unknown-format", { problem: `not a manifest agentport knows (${ADAPTERS.map((x) => x.label).join(", ")})` }, { source, hint: "name the format with --from if detection is wrong" }) };
  }
  if (best.unsupported) return { error: diagnostic("unsupported-document", { problem: best.unsupported }, { source }), ...(best.notAgent ? { notAgent: true as const } : {}) };
  return best.a;
}

/** The adapter most confident that `data` is its format (the registry's detection). */
function detectBest(data: JsonValue): { a: Adapter; c: number; unsupported?: string; notAgent?: true } | undefined {
  let best: { a: Adapter; c: number; unsupported?: string; notAgent?: true } | undefined;
  for (const a of ADAPTERS) {
    const d = a.detect(data);
    if (d.confidence > (best?.c ?? 0)) best = { a, c: d.confidence, ...(d.unsupported ? { unsupported: d.unsupported } : {}), ...(d.notAgent ? { notAgent: d.notAgent } : {}) };
  }
  return best;
}

function withPos(d: Diagnostic, locate: (p: string) => Position | undefined): Diagnostic {
  if (!d.source || d.source.line !== undefined) return d;
  const pos = locate(d.source.pointer);
  if (!pos) return d;
  // `{ ...d, source: { ...d.source, ...pos } }` as Object.assign, the same keys in the same order: a
  // spread of diagnostics of many shapes is V8's generic copy, ~10 × slower, and every diagnostic comes here.
  const copy = Object.assign({}, d);
  copy.source = Object.assign({}, d.source, pos);
  return copy;
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? (i++, 4) : 3;
  }
  return n;
}

/** Emits IR documents in the target format and checks every output against the target's schema. */
export function emitDocuments<T extends string>(docs: readonly IrDocument[], to: FormatId | RuntimeFormat<T>, options: EmitOptions = {}): { outputs: ConvertOutput[]; diagnostics: Diagnostic[] } {
  const { outputs, diagnostics } = emitAll(docs, to, options);
  return { outputs, diagnostics };
}

function emitAll(docs: readonly IrDocument[], to: string, options: EmitOptions, defaults: readonly (Record<string, EffectiveDefault> | undefined)[][] = [], reads: readonly (readonly FileRead[] | undefined)[] = [], agentInputs: readonly (readonly (AgentInput | undefined)[] | undefined)[] = [], perDoc?: readonly EmitOptions[]): { outputs: ConvertOutput[]; placement: Placement[]; diagnostics: Diagnostic[] } {
  const adapter = adapterFor(to);
  if (!adapter) return { outputs: [], placement: [], diagnostics: [diagnostic("usage-error", { unknownFormat: to, role: "target", known: ADAPTERS.map((x) => x.id) })] };
  const outputs: ConvertOutput[] = [];
  const placement: Placement[] = [];
  const diagnostics: Diagnostic[] = [];
  docs.forEach((doc, d) => {
    const effective = defaults[d];
    const read = reads[d];
    const uses = documentUses(doc, { namesEntry: adapter.namesEntry === true });
    const inputs = agentInputs[d];
    const r = emitWith(adapter, doc, perDoc?.[d] ?? options, { ...(effective?.some((x) => x !== undefined) ? { effectiveDefaults: effective } : {}), ...(read?.length ? { readFiles: read } : {}), ...(inputs ? { agentInputs: inputs } : {}), ...(uses ? { documentUses: uses } : {}) });
    diagnostics.push(...r.diagnostics);
    // The outputs of this document by the names they are written under, for the references one makes to another.
    let byName: Map<string, unknown> | undefined;
    const written = (ref: string): unknown => (byName ??= new Map(r.outputs.map((x) => [x.name, x.document]))).get(joinPath("", ref));
    for (const o of r.outputs) {
      const schema = adapter.validate(o.document);
      // The format's rules beyond its schema (what `validate` refuses an input for), on a schema-valid output.
      const issues = schema.length === 0 && adapter.checkOutput ? adapter.checkOutput(o.document, written) : schema;
      for (const issue of issues) {
        diagnostics.push(diagnostic("output-invalid", { subject: o.name, problem: issue.message }, { target: { format: to, file: o.name, pointer: issue.pointer }, hint: "this is a bug in agentport; please report it with the input" }));
      }
      outputs.push({ name: o.name, format: o.format, document: o.document, text: o.text, ...(o.files ? { files: o.files } : {}) });
      placement.push(o.agents ? { doc: d, agents: o.agents } : { doc: d });
    }
  });
  return { outputs: uniqueNames(outputs), placement, diagnostics };
}

/** What the parse of each format made of the document-level values it used, asked of that format's adapter. */
function documentUses(doc: IrDocument, target: { namesEntry: boolean }): EmitContext["documentUses"] {
  const out: Record<string, Record<string, DocumentValueUse>> = {};
  for (const [format, bag] of Object.entries(doc.extensions)) {
    const describe = adapterFor(format)?.documentValueUse;
    if (!describe) continue;
    for (const [rel, value] of Object.entries(bag)) {
      const use = describe(rel, value as JsonValue, doc, target);
      if (use) (out[format] ??= {})[rel] = use;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

function uniqueNames(outputs: ConvertOutput[]): ConvertOutput[] {
  const used = new Set<string>();
  return outputs.map((o) => {
    let name = o.name;
    const dot = name.indexOf(".");
    const stem = dot === -1 ? name : name.slice(0, dot);
    const ext = dot === -1 ? "" : name.slice(dot);
    for (let n = 2; used.has(name); n++) name = `${stem}-${n}${ext}`;
    used.add(name);
    return name === o.name ? o : { ...o, name };
  });
}

/** Converts several inputs; with `bundle`, all agents are merged into one bundle document first. */
export function convertMany<T extends string>(inputs: readonly ConvertInput[], to: FormatId | RuntimeFormat<T>, options: ConvertOptions = {}): ConvertResult {
  return converted(inputs, to, options).result;
}

/** One input as the conversion read it, for callers that report per input (the CLI's ledger). */
export interface InputRead {
  file?: string;
  data: JsonValue;
  format?: string;
  /** The input held several agents and the links between them. */
  bundle: boolean;
  /** Where the agents read from the input itself sit: their pointers, and where parts of their definitions sit (IrOrigin.places). */
  agents?: string[];
  /** Files its parse read (paths relative to the input's folder), in the order read. */
  files?: FileRead[];
  /**
   * Where values the input holds for agents defined in other files sit (IrOrigin.outside: a MAS
   * manifest's delegates_to, each a link of the delegating agent): carried with that agent, so a
   * finding about the object around them is not about them.
   */
  carried?: string[];
  /** The other inputs its reading took parts from (ParseResult.supplied), by file, in the order first taken. */
  supplied?: string[];
  /** Those inputs' data, in the same order: the ledger and the fidelity figures count their values as the input's reading's. */
  suppliedData?: JsonValue[];
  /**
   * The x-agentport stashes its reading restored, in the input and the files it read (ParseResult.stashes):
   * the ledger counts only their values, and those the restore left out as not carried.
   */
  stashes?: StashRead[];
}

/** convertMany, plus each input as it was read, so nothing needs to parse the inputs again. */
export function convertManyRead(inputs: readonly ConvertInput[], to: string, options: ConvertOptions = {}): ConvertResult & { read: InputRead[] } {
  const { result, read } = converted(inputs, to, options);
  return { ...result, read };
}

/** The conversion, and each input as it was read: the result and the reads apart, so neither is copied into the other. */
function converted(inputs: readonly ConvertInput[], to: string, options: ConvertOptions): { result: ConvertResult; read: InputRead[] } {
  const badPolicy = options.policy ? checkPolicy(options.policy) : [];
  if (badPolicy.length) return { result: { ok: false, outputs: [], diagnostics: badPolicy }, read: [] };
  // An unknown target is the caller's mistake, said before anything about the inputs (which were
  // judged, then nothing could be written: `convert("{}", "nope")` said only that "{}" is no manifest).
  if (!adapterFor(to)) return { result: { ok: false, outputs: [], diagnostics: [diagnostic("usage-error", { unknownFormat: to, role: "target", known: ADAPTERS.map((x) => x.id) })] }, read: [] };
  const diagnostics: Diagnostic[] = [];
  const docs: IrDocument[] = [];
  const locators = new Map<string | undefined, Locate>();
  const sources: { file?: string; data: JsonValue; locate: (p: string) => Position | undefined }[] = [];
  const inputsRead: InputRead[] = [];
  // Where each IR document came from: its text and the files it read (for syntax and comments).
  const origins: DocOrigin[] = [];
  const siblings = siblingTexts(inputs);
  const parseRead = readParser();
  // Inputs that supply parts to others (an Agent Spec components file beside its main file): handed to their parse.
  const suppliers = runSuppliers(inputs, options);
  // An input given only to supply (supplyOnly) is not read on its own: its data is read for the others' parse.
  const read = inputs.filter((input) => input.supplyOnly !== true).map((input) => ({ input, ...readOne(input, options, siblings, parseRead, suppliers) }));
  // A document that read other inputs as its own files (a mas kind: MAS manifest given with its
  // agent files, `out/*.yaml --bundle`) already holds them: those inputs are not converted again.
  const consumed = new Set<string>();
  for (const { input, read: r } of read) for (const f of filesReadBy(input, r.doc)) consumed.add(f);
  // A supplier another input's parse took parts from is read as part of it, not converted (nor refused) alone.
  const supplied = new Set<string>();
  // The parts each input's reading took from suppliers, by the input's file: findings of the emit there name the supplier.
  const partsOf = new Map<string | undefined, SuppliedPart[]>();
  for (const { input, read: r } of read) {
    if (!r.supplied) continue;
    partsOf.set(input.file, r.supplied);
    for (const p of r.supplied) supplied.add(p.file);
  }
  for (const s of suppliers) if (supplied.has(s.input.file)) locators.set(s.input.file, s.locate);
  // Where the documents' agents were read (agentPlaces(docs)), as each input's read worked them out.
  const places: AgentPlace[] = [];
  for (const { input, read: r, places: own } of read) {
    const skip = input.file !== undefined && ((consumed.has(joinPath("", input.file)) && filesReadBy(input, r.doc).length === 0 && !hasErrors(r.diagnostics)) || supplied.has(input.file));
    if (skip) continue;
    for (const d of r.diagnostics) diagnostics.push(d);
    locators.set(input.file, r.locate);
    // Diagnostics name a file read through the input by its path relative to the input's folder.
    for (const f of r.reads ?? []) if (!locators.has(f.path)) locators.set(f.path, lazyLocate(f, parseRead));
    if (r.doc) {
      docs.push(r.doc);
      if (own) for (const p of own) places.push(p);
      const origin: DocOrigin = { reads: r.reads ?? [] };
      if (input.file !== undefined) origin.file = input.file;
      if (input.text !== undefined) origin.text = input.text;
      if (r.adapter) origin.format = r.adapter.id;
      if (r.syntax) origin.syntax = r.syntax;
      origins.push(origin);
    }
    if (r.data !== undefined) {
      // The checks of the emit look values up where the reading holds them (readingData).
      const data = readingData(r.data, r.supplied, suppliers);
      sources.push(input.file === undefined ? { data, locate: r.locate } : { file: input.file, data, locate: r.locate });
      const read = inputRead(input, r, r.data);
      if (read.supplied) read.suppliedData = read.supplied.map((f) => suppliers.find((x) => x.input.file === f)?.input.data ?? null);
      inputsRead.push(read);
    }
  }
  if (hasErrors(diagnostics)) return { result: finish([], callerNames(diagnostics, inputsRead), options), read: inputsRead };
  let toEmit = docs;
  let merged: (AgentInput | undefined)[] | undefined;
  if (options.bundle && docs.length > 0) {
    const files = agentFiles(docs);
    // The merge's findings are about the inputs: located in the file each names.
    const pushLocated = (ds: readonly Diagnostic[]) => {
      for (const d of ds) {
        const loc = d.source ? locators.get(d.source.file) : undefined;
        diagnostics.push(loc ? withPos(d, loc) : d);
      }
    };
    const m = mergeIntoBundle(docs, adapterFor(to)?.label ?? to);
    pushLocated(m.diagnostics);
    if (!m.doc) return { result: finish([], callerNames(diagnostics, inputsRead), options), read: inputsRead };
    toEmit = [m.doc];
    merged = agentInputsOf(m.doc, docs, origins);
    pushLocated(linkFiles(m.doc, files, to));
  }
  const syntax = outputSyntax(to, options.syntax, origins);
  if ("error" in syntax) return { result: finish([], callerNames([...diagnostics, syntax.error], inputsRead), options), read: inputsRead };
  // What the source leaves to its defaults is written explicitly where the target would assume another value.
  const defaults = defaultPlan(toEmit, to, sources);
  const emitOptions = syntax.syntax === undefined ? options : { ...options, syntax: syntax.syntax };
  // Several documents of one run, each from its own file: a format's folder of files beside them
  // (FormatOption.folder: --extract-prompts) is each input's own, as in a folder run (src/input-stem.ts).
  const perDoc = toEmit === docs && docs.length > 1 ? origins.map((o) => (o.file === undefined ? emitOptions : inputFolders(emitOptions, inputStem(o.file)))) : undefined;
  const emitted = emitAll(toEmit, to, emitOptions, effectiveDefaults(defaults), toEmit === docs ? origins.map((o) => o.reads) : [], merged ? [merged] : [], perDoc);
  carryInputComments(emitted.outputs, emitted.placement, toEmit, toEmit === docs ? origins : origins.length === 1 ? origins : [], to);
  // A note about an edit of the input goes with the output holding the agent it is about (verify16 N6).
  staleWithOutputs(diagnostics, toEmit, emitted.outputs, emitted.placement, to);
  // The emit's diagnostics and the defaults' are located in the final pass (settle), with their effects.
  const located = { from: diagnostics.length, to: 0 };
  for (const d of emitted.diagnostics) diagnostics.push(d);
  for (const d of defaultDifferences(toEmit, to, emitted.outputs, emitted.placement, defaults)) diagnostics.push(d);
  located.to = diagnostics.length;
  for (const d of secretDiagnostics(emitted.outputs, to, sources, options)) diagnostics.push(d);
  const effectOf = effectJudgeFor(places, sourceValues(sources, origins.map((o) => o.reads), parseRead));
  return { result: finish(emitted.outputs, settle(diagnostics, located, locators, effectOf, callerNamer(inputsRead), partsOf), options), read: inputsRead };
}

/**
 * Each diagnostic as the result holds it, made in one pass with one copy of those that change:
 * its effect (and severity) judged, line and column of those in `located` (the emit's, which
 * nothing located before), and the file as the caller names it (callerNames). Located, judged
 * and renamed one after the other, a diagnostic would be copied once for each.
 */
function settle(diagnostics: readonly Diagnostic[], located: { from: number; to: number }, locators: ReadonlyMap<string | undefined, Locate>, effectOf: (d: Diagnostic) => Effect, names: ReadonlyMap<string, string | null> | undefined, partsOf: ReadonlyMap<string | undefined, readonly SuppliedPart[]> = new Map()): Diagnostic[] {
  return diagnostics.map((d, i) => {
    // Judged by the place the input's reading gave it, then named where another input supplied it.
    const effect = effectOf(d);
    const parts = partsOf.size && d.source ? partsOf.get(d.source.file) : undefined;
    const source = (parts && d.source && suppliedPlace(d.source, parts, locators)) || d.source;
    let pos: Position | undefined;
    if (source !== undefined && source.line === undefined && i >= located.from && i < located.to) pos = locators.get(source.file)?.(source.pointer);
    const named = source?.file === undefined || names === undefined ? undefined : names.get(source.file);
    if (effect === d.effect && pos === undefined && !named && source === d.source) return d;
    // Object.assign, not a spread: the same keys in the same order, without V8's generic copy (withPos).
    const copy = Object.assign({}, d);
    if (effect !== d.effect) {
      copy.severity = severityOf(d.code, effect);
      copy.effect = effect;
    }
    if (pos !== undefined || named || source !== d.source) {
      const place: SourceLocation = Object.assign({}, source, pos);
      if (named) place.file = named;
      copy.source = place;
    }
    return copy;
  });
}

/**
 * Diagnostics about a file an input read (an agent file a MAS manifest names, a prompt file)
 * name it as the caller names the input: the input's folder joined with the reference, so
 * `apps/x/mas.yaml` reports `apps/x/agents/a.yaml:3:1`, a place a terminal or an editor opens.
 * Inside the conversion they are keyed by the path relative to the input's folder; a name two
 * inputs in different folders share stays as it is, being ambiguous.
 */
function callerNames(diagnostics: readonly Diagnostic[], inputs: readonly InputRead[]): Diagnostic[] {
  const names = callerNamer(inputs);
  if (names === undefined) return [...diagnostics];
  return diagnostics.map((d) => {
    const named = d.source?.file === undefined ? undefined : names.get(d.source.file);
    if (!named) return d;
    // Object.assign, not a spread: the same copy, without V8's generic path for objects of many shapes (withPos).
    const copy = Object.assign({}, d);
    copy.source = Object.assign({}, d.source, { file: named });
    return copy;
  });
}

/** callerNames' names: each file an input read, by its path relative to the input's folder, as the caller names it (null: ambiguous); undefined when none is renamed. */
function callerNamer(inputs: readonly InputRead[]): Map<string, string | null> | undefined {
  const names = new Map<string, string | null>();
  for (const input of inputs) {
    if (input.file === undefined || input.file.startsWith("<")) continue;
    const dir = dirOf(input.file);
    if (dir === "") continue;
    for (const f of input.files ?? []) {
      if (f.path === input.file || isAbsolutePath(f.path)) continue;
      const named = joinPath(dir, f.path);
      const had = names.get(f.path);
      names.set(f.path, had === undefined || had === named ? named : null);
    }
  }
  return names.size === 0 ? undefined : names;
}

/** An input as the conversion read it: its keys in the order InputRead lists them (built key by key, not spread from parts). */
function inputRead(input: ConvertInput, r: ReadResult, data: JsonValue): InputRead {
  const out = (input.file === undefined ? { data } : { file: input.file, data }) as InputRead;
  if (r.adapter) out.format = r.adapter.id;
  out.bundle = r.doc?.bundle === true;
  if (r.doc) out.agents = ownAgentPlaces(r.doc, input.file);
  if (r.reads) out.files = r.reads;
  const carried = r.doc ? carriedPlaces(r.doc, input.file) : [];
  if (carried.length) out.carried = carried;
  if (r.supplied) out.supplied = [...new Set(r.supplied.map((p) => p.file))];
  if (r.stashes) out.stashes = r.stashes;
  return out;
}

/** The pointers of the agents a document read from `file` itself, with where parts of their definitions sit (IrOrigin.places). */
function ownAgentPlaces(doc: IrDocument, file: string | undefined): string[] {
  const own = doc.agents.filter((a) => a.origin.file === undefined || a.origin.file === file);
  return [...new Set(own.flatMap((a) => [a.origin.pointer, ...Object.keys(a.origin.places ?? {})]))];
}

/** The places in `file` of values read into agents written in other files (IrOrigin.outside). */
function carriedPlaces(doc: IrDocument, file: string | undefined): string[] {
  const at = new Set<string>();
  for (const a of doc.agents) {
    if (a.origin.file === file) continue;
    for (const place of Object.values(a.origin.outside ?? {})) if (place.file === file) at.add(place.pointer);
  }
  return [...at];
}

interface DocOrigin {
  file?: string;
  text?: string;
  reads: readonly FileRead[];
  format?: string;
  syntax?: Syntax;
}

/**
 * The syntax outputs are written in: the one asked for (it must be one the target is written
 * in), else the inputs' own when they are all of the target's format and syntax (a YAML Caplo
 * file stays YAML), else the target's default (undefined: the adapter's own).
 */
function outputSyntax(to: string, asked: Syntax | undefined, origins: readonly DocOrigin[]): { syntax?: Syntax } | { error: Diagnostic } {
  const can = adapterFor(to)?.syntaxes ?? ["json"];
  if (asked !== undefined) {
    if (can.includes(asked)) return { syntax: asked };
    return { error: diagnostic("usage-error", { problem: `${adapterFor(to)?.label ?? to} is written as ${can.map((x) => x.toUpperCase()).join(" or ")}, not ${asked.toUpperCase()}` }, { hint: `leave out --syntax, or pass --syntax ${can[0]}` }) };
  }
  const own = origins[0]?.syntax;
  if (own !== undefined && can.includes(own) && origins.every((o) => o.format === to && o.syntax === own)) return { syntax: own };
  return {};
}

/**
 * Comments of YAML inputs, put back into the outputs written as YAML: all of them when the
 * output is of the input's format (mas → mas), the leading block (a license header) otherwise.
 * An output holding one agent read from its own file (a MAS manifest's agent file) takes
 * that file's comments; any other output those of the input that made its document.
 */
function carryInputComments(outputs: ConvertOutput[], placement: readonly Placement[], docs: readonly IrDocument[], origins: readonly DocOrigin[], to: string): void {
  // Each input's read files by path, indexed on first use (a search per output was quadratic in a MAS app of many agent files).
  const readsOf = new Map<DocOrigin, Map<string, string>>();
  const readText = (origin: DocOrigin, path: string): string | undefined => {
    let index = readsOf.get(origin);
    if (index === undefined) {
      index = new Map();
      for (const r of origin.reads) if (!index.has(r.path)) index.set(r.path, r.text);
      readsOf.set(origin, index);
    }
    return index.get(normalPath(path));
  };
  outputs.forEach((o, k) => {
    const p = placement[k];
    const origin = p ? origins[p.doc] : undefined;
    if (!p || !origin || sniffSyntax(o.text) !== "yaml") return;
    let text = origin.text;
    const only = p.agents?.length === 1 ? docs[p.doc]?.agents[p.agents[0] as number] : undefined;
    const own = only?.origin.file;
    if (own !== undefined && own !== origin.file) text = readText(origin, own);
    if (text === undefined || sniffSyntax(text) !== "yaml") return;
    o.text = origin.format === to ? carryComments(text, o.text) : withLeadingComments(text, o.text);
  });
}

/**
 * Each agent of a merged bundle with the input it was read through (EmitContext.agentInputs), found
 * by its origin (merging copies agents, not their origins): the bundle has no file, and an agent's
 * relative references are paths from its own input's folder, where the files that input read are.
 */
function agentInputsOf(bundle: IrDocument, docs: readonly IrDocument[], origins: readonly DocOrigin[]): (AgentInput | undefined)[] {
  const byOrigin = new Map<IrAgent["origin"], number>();
  docs.forEach((d, k) => {
    for (const a of d.agents) byOrigin.set(a.origin, k);
  });
  return bundle.agents.map((a) => {
    const k = byOrigin.get(a.origin);
    if (k === undefined) return undefined;
    const file = docs[k]?.file ?? origins[k]?.file;
    const reads = origins[k]?.reads ?? [];
    return { ...(file !== undefined ? { file } : {}), ...(reads.length ? { readFiles: reads } : {}) };
  });
}

/** Each agent's file as a "/"-joined path from the inputs' folder, by its origin (merging copies agents, not their origins). */
function agentFiles(docs: readonly IrDocument[]): Map<IrAgent["origin"], string> {
  const files = new Map<IrAgent["origin"], string>();
  for (const d of docs) {
    for (const a of d.agents) {
      const f = a.origin.file;
      if (f === undefined) continue;
      files.set(a.origin, f === d.file || d.file === undefined ? joinPath("", f) : joinPath(dirOf(d.file), f));
    }
  }
  return files;
}

/**
 * Links an agent makes by naming another agent's file (its adapter's linkFiles), made local links
 * when that file is an agent of the merged bundle. Not into the agent's own format, which says
 * it as it was, nor into a format without bundles.
 */
function linkFiles(doc: IrDocument, files: ReadonlyMap<IrAgent["origin"], string>, to: string): Diagnostic[] {
  if (adapterFor(to)?.bundles !== true) return [];
  const byFile = new Map<string, string>();
  for (const a of doc.agents) {
    const f = files.get(a.origin);
    if (f !== undefined && a.key !== undefined && !byFile.has(f)) byFile.set(f, a.key);
  }
  const out: Diagnostic[] = [];
  for (const a of doc.agents) {
    const adapter = adapterFor(a.origin.format);
    const own = files.get(a.origin);
    if (!adapter?.linkFiles || a.origin.format === to || own === undefined) continue;
    out.push(...adapter.linkFiles(a, (ref) => (/^[A-Za-z][A-Za-z0-9+._-]*:|^[\\/]/.test(ref) ? undefined : byFile.get(joinPath(dirOf(own), ref))), to));
  }
  return out;
}

/** The other files (as "/"-joined paths) whose agents a document holds, besides the input's own. */
function filesReadBy(input: ConvertInput, doc: IrDocument | undefined): string[] {
  if (!doc || input.file === undefined) return [];
  const base = dirOf(input.file);
  return doc.agents.flatMap((a) => (a.origin.file !== undefined && a.origin.file !== input.file ? [joinPath(base, a.origin.file)] : []));
}

/** The texts of a run's inputs by path: files written by one conversion, read back together. */
function siblingTexts(inputs: readonly ConvertInput[]): Map<string, string> {
  const texts = new Map<string, string>();
  if (inputs.length < 2) return texts;
  // A supply-only input (a folder's supplier, beside the file) is read from disk like any file the input names.
  for (const other of inputs) if (other.file !== undefined && other.text !== undefined && other.supplyOnly !== true) texts.set(joinPath("", other.file), other.text);
  return texts;
}

/**
 * The file reader an input's parse gets: reads that name another input of the run get that
 * input's text, the rest go to the caller's reader. Without a reader, only a document whose
 * format cannot do without other files (Adapter.needsFiles) reads its siblings.
 */
function readerFor(input: ConvertInput, own: ReadFile | undefined, siblings: ReadonlyMap<string, string>, needsFiles: boolean): ReadFile | undefined {
  if (input.file === undefined || siblings.size === 0 || (own === undefined && !needsFiles)) return own;
  const base = dirOf(input.file);
  const self = joinPath("", input.file);
  return (path, written) => {
    const at = joinPath(base, path);
    const text = at === self ? undefined : siblings.get(at);
    if (text !== undefined) return { ok: true, text };
    return own ? own(path, written) : { ok: false, code: "ref-not-found", message: `${written?.ref ?? path} cannot be read without file access` };
  };
}

function finish(outputs: ConvertOutput[], all: Diagnostic[], options: ConvertOptions): ConvertResult {
  const raw = onePerValue(all);
  const { diagnostics, ignored } = options.policy ? applyPolicy(raw, options.policy) : { diagnostics: raw, ignored: [] };
  const errors = hasErrors(diagnostics);
  const failed = errors || (options.strict === true && strictFailures(diagnostics).length > 0);
  const result: ConvertResult = { ok: !failed, outputs: errors ? [] : outputs, diagnostics };
  if (ignored.length) result.ignored = ignored;
  // A policy never makes the conversion's own errors (applyPolicy), so errors now and none before are the gate's.
  if (errors && outputs.length && !hasErrors(raw)) result.withheld = outputs.map((o) => o.name);
  return result;
}

/**
 * One value, one diagnostic: the same report about the same source value for the same output
 * (a component several agents share, reported by each agent written into one file) is kept once.
 * Two values at one pointer stay two because their messages name them (test/one-per-value.test.ts).
 */
export function onePerValue(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  // Diagnostics by source pointer (one map entry and one list per distinct pointer), each compared
  // with the few kept at its pointer: places first, then the message. Not keyed by the message: a
  // rendered message is a long concatenation, flattened and hashed to be a key, and most
  // diagnostics would pay that only to find no other with it.
  const byPointer = new Map<string | undefined, Diagnostic[]>();
  return diagnostics.filter((d) => {
    const pointer = d.source?.pointer;
    const here = byPointer.get(pointer);
    if (here === undefined) {
      byPointer.set(pointer, [d]);
      return true;
    }
    for (const e of here) if (samePlaces(d, e) && e.message === d.message) return false;
    here.push(d);
    return true;
  });
}

/** The same code about the same source place for the same output place. */
function samePlaces(a: Diagnostic, b: Diagnostic): boolean {
  return a.code === b.code && a.source?.file === b.source?.file && a.source?.pointer === b.source?.pointer
    && a.target?.format === b.target?.format && a.target?.file === b.target?.file && a.target?.pointer === b.target?.pointer;
}

/** Converts one manifest, given as text (JSON or YAML) or as parsed data, to the format `to`. */
export function convert<T extends string>(src: string | JsonValue, to: FormatId | RuntimeFormat<T>, options: ConvertOptions & { file?: string } = {}): ConvertResult {
  const input: ConvertInput = typeof src === "string" ? { text: src } : { data: src };
  if (options.file !== undefined) input.file = options.file;
  return convertMany([input], to, options);
}
