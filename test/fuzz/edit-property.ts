// The edit property: an edit made in a converted file survives the way back.
//
// Sources: every golden case and a sample of schema-fuzz documents. Each is
// converted into each slot format (AgentMug, mas) other than its own; every agent
// file written is a target. An edit changes one value the file carries (a string,
// a number, a boolean), removes a member, or adds or removes a list item; edits
// that leave the file schema-invalid are not counted. Then, for the edited file:
//
// 1. the edit is present in the result: the agent the way back reads (stash
//    applied), written into the edited file's format again, holds the edited
//    value at the edited place (or what the format writes for it when the file
//    is read without its stash: its own normalisation, not the stash's doing);
// 2. the stash overwrote nothing the edit changed: every IR value the edit
//    changes in the file's own reading (without the stash) is the same in the
//    reading with the stash;
// 3. every stash entry not applied is named by a stash-stale warning, and a
//    stash-stale warning names only entries that were not applied.
//
// The unedited file must come back with no stash-stale warning at all.
import fc from "fast-check";
import { adapterFor } from "../../src/adapters/registry.js";
import { emitWith } from "../../src/ir/emit-phases.js";
import { parseWith } from "../../src/ir/parse-phases.js";
import type { ReadFile } from "../../src/adapters/types.js";
import { convert, readInput, type ConvertOptions } from "../../src/convert.js";
import type { Diagnostic } from "../../src/ir/diagnostics.js";
import { cloneJson, deepEqual, isObject, leaves, type JsonObject, type JsonValue } from "../../src/ir/json.js";
import type { IrAgent, IrDocument, IrInstructions } from "../../src/ir/model.js";
import { renderInstructions } from "../../src/ir/agent.js";
import { dotted, escapeToken, get, isAncestorOrSelf, parsePointer } from "../../src/ir/pointer.js";
import { entryNames, STASH_KEY } from "../../src/ir/stash.js";
import { readWritten } from "../../src/ir/stash-guard.js";
import { ADAPTERS } from "../../src/adapters/registry.js";
import { isPrivateExtension } from "../../src/ir/private.js";
import { reitemStash, type Reitemed } from "../../src/ir/stash-items.js";
import { loadCases } from "../helpers/cases.js";
import { memoryReadFile } from "../helpers/memory-read-file.js";
import { GENERATORS } from "./schema-runner.js";
import { FORMATS, inputFile } from "./schema-properties.js";

/** The formats with an extension slot (where a stash rides), from the registry. */
export const SLOTS: readonly string[] = ADAPTERS.filter((a) => a.slot !== undefined).map((a) => a.id);

export interface Source {
  name: string;
  format: string;
  text?: string;
  data?: JsonValue;
  file: string;
  readFile?: ReadFile;
}

/** One agent file written into a slot format, ready to be edited. */
export interface Target {
  source: Source;
  slot: string;
  file: string;
  doc: JsonObject;
  readFile: ReadFile;
  options: ConvertOptions;
  /** The file's own reading without its stash. */
  plain: IrAgent;
  /** Pointers an edit may touch: outside the stash and the document markers, and written back as they are. */
  pointers: string[];
}

export type Outcome = "ok" | "overwritten" | "unreported" | "false-report" | "stale-unedited";

export interface EditStats {
  edits: number;
  /** Generated edits not counted: the edited file failed its schema, or the way back refused it. */
  invalid: number;
  refused: number;
  overwritten: number;
  unreported: number;
  falseReports: number;
  staleUnedited: number;
  /** Edits that met a guard: at least one stash entry was left out (and reported). */
  withStale: number;
  entriesNotApplied: number;
  targets: number;
  failures: { outcome: Outcome; where: string; message: string }[];
  ms: number;
}

const MARKERS = new Set(["/$schema", "/apiVersion", "/kind"]);
const BOOKKEEPING = new Set(["origin", "sourceMap", "home"]);

function stripStash(doc: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(doc)) if (k !== STASH_KEY) Object.defineProperty(out, k, { value: doc[k], enumerable: true, writable: true, configurable: true });
  return out;
}

/** Every pointer of a value, containers included, root excluded. */
function pointersOf(v: unknown, base = ""): string[] {
  const out: string[] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(`${base}/${i}`, ...pointersOf(x, `${base}/${i}`)));
  else if (isObject(v)) for (const k of Object.keys(v)) out.push(base + "/" + escapeToken(k), ...pointersOf(v[k], base + "/" + escapeToken(k)));
  return out;
}

/** The IR agent as data, without bookkeeping: what the checks compare. */
function agentData(a: IrAgent): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(a)) if (!BOOKKEEPING.has(k) && v !== undefined) out[k] = cloneJson(v as JsonValue);
  return out;
}

function read(target: { slot: string; file: string; readFile: ReadFile }, data: JsonObject): { agent?: IrAgent; doc?: IrDocument; diagnostics: Diagnostic[] } {
  const r = readInput({ data, file: target.file }, { from: target.slot, readFile: target.readFile });
  if (!r.doc || r.diagnostics.some((d) => d.severity === "error")) return { diagnostics: r.diagnostics };
  const agent = r.doc.agents[0];
  return { ...(agent ? { agent } : {}), doc: r.doc, diagnostics: r.diagnostics };
}

function readPlain(target: { slot: string; file: string; readFile: ReadFile }, data: JsonObject): IrAgent | undefined {
  const r = parseWith(adapterFor(target.slot)!, stripStash(data), { file: target.file, readFile: target.readFile });
  return r.doc?.agents[0];
}

/** The agent written into the slot format again (stash included), as data. */
function rewrite(target: Target, doc: IrDocument): JsonObject | undefined {
  // Without a stash of its own: only the values outside x-agentport are compared, and building one reads the output back.
  const r = emitWith(adapterFor(target.slot)!, { ...doc, agents: doc.agents.slice(0, 1) }, { ...target.options, stash: false });
  const agentFile = r.outputs.find((o) => o.document["kind"] !== "MAS");
  return agentFile?.document;
}

/** The agent written into its home format (the way back), read there, and written into the file's format: the value at `at`. */
function viaHome(t: Target, doc: IrDocument, stash: boolean, at: string): { ok: boolean; value?: JsonValue; lost?: boolean } {
  const home = adapterFor(t.source.format)!;
  const h = emitWith(home, { ...doc, agents: doc.agents.slice(0, 1) }, { ...t.options, stash });
  const out = h.outputs.find((o) => o.document["kind"] !== "MAS");
  if (!out) return { ok: false };
  // The home format reports that it cannot hold the edited value (or a part of it, or what holds it).
  const lost = h.diagnostics.some((d) => LOSSES.has(d.code) && d.source !== undefined && d.source.pointer !== "" && (isAncestorOrSelf(d.source.pointer, at) || isAncestorOrSelf(at, d.source.pointer)));
  const files = new Map((out.files ?? []).map((f) => [f.path, f.text]));
  const memory = memoryReadFile(files);
  const readFile: ReadFile = (p) => {
    const m = memory(p);
    return m.ok ? m : t.readFile(p);
  };
  const back = parseWith(home, out.document, { file: out.name, readFile }).doc;
  if (!back) return { ok: false };
  const again = rewrite(t, back);
  const value = again === undefined ? undefined : (get(again, at) as JsonValue | undefined);
  return value === undefined ? { ok: true, lost } : { ok: true, value, lost };
}

const LOSSES = new Set<string>(["dropped-field", "dropped-link", "truncated-value", "clamped-value"]);

/** The source formats the edit property runs on: every format. */
const EDIT_FORMATS: readonly string[] = FORMATS;

export function goldenSources(): Source[] {
  return loadCases()
    .filter((c) => c.sourceFormat !== undefined && c.data !== undefined && EDIT_FORMATS.includes(c.sourceFormat))
    .map((c) => ({ name: `golden/${c.name}`, format: c.sourceFormat as string, text: c.text, file: c.inputFile, readFile: c.readFile }));
}

export function fuzzSources(perFormat: number, seed: number): Source[] {
  const out: Source[] = [];
  for (const format of EDIT_FORMATS) {
    const docs = fc.sample(GENERATORS[format]!, { numRuns: perFormat * 2, seed }).filter((d) => adapterFor(format)!.validate(d).length === 0).slice(0, perFormat);
    docs.forEach((data, i) => out.push({ name: `fuzz/${format}#${i} (seed ${seed})`, format, data, file: inputFile(format) }));
  }
  return out;
}

/** The agent files of each source in each slot format, with what an edit needs to know. */
export function targetsOf(sources: readonly Source[], failures: EditStats["failures"]): Target[] {
  const out: Target[] = [];
  for (const source of sources) {
    for (const slot of SLOTS) {
      if (slot === source.format) continue;
      const options: ConvertOptions = { includePrivate: true, ...(source.readFile ? { readFile: source.readFile } : {}) };
      const forward = convert(source.text ?? (source.data as JsonValue), slot, { ...options, file: source.file });
      if (!forward.ok) continue;
      const files = new Map<string, string>();
      for (const o of forward.outputs) for (const f of o.files ?? []) files.set(f.path, f.text);
      const memory = memoryReadFile(files);
      const readFile: ReadFile = (p) => {
        const m = memory(p);
        return m.ok || !source.readFile ? m : source.readFile(p);
      };
      for (const o of forward.outputs) {
        if (o.document["kind"] === "MAS" || !isObject(o.document[STASH_KEY])) continue;
        const doc = o.document;
        const t = { slot, file: o.name, readFile };
        const got = read(t, doc);
        const plain = readPlain(t, doc);
        if (!got.doc || !plain) continue;
        const where = `${source.name} → ${slot} ${o.name}`;
        const stale = got.diagnostics.filter((d) => d.code === "stash-stale");
        if (stale.length) failures.push({ outcome: "stale-unedited", where, message: stale.map((d) => d.message).join("\n") });
        const target: Target = { source, slot, file: o.name, doc, readFile, options: { includePrivate: true }, plain, pointers: [] };
        // Only where the unedited file's agent is written back as the file has it can an edit be judged there.
        const again = rewrite(target, got.doc);
        target.pointers = pointersOf(doc).filter((p) => !MARKERS.has(p) && !isAncestorOrSelf(`/${STASH_KEY}`, p) && again !== undefined && deepEqual(get(again, p), get(doc, p)));
        if (target.pointers.length) out.push(target);
      }
    }
  }
  return out;
}

export interface EditSpec {
  target: number;
  at: number;
  op: number;
  str: string;
  num: number;
}

export const editSpec: fc.Arbitrary<EditSpec> = fc.record({
  target: fc.nat(),
  at: fc.nat(),
  op: fc.nat(),
  str: fc.oneof(fc.constantFrom("claude-sonnet-4-6", "gpt-4.1", "You only say hello.", "edited", "x"), fc.string({ minLength: 1, maxLength: 16 })),
  num: fc.oneof(fc.integer({ min: 0, max: 100000 }), fc.double({ min: 0, max: 2, noNaN: true })),
});

interface Edit {
  doc: JsonObject;
  /** Where the edit is (for a list item added or removed: the list). */
  at: string;
  what: string;
}

function parentOf(p: string): { parent: string; key: string } {
  const i = p.lastIndexOf("/");
  return { parent: p.slice(0, i), key: parsePointer(p).pop() as string };
}

/** Applies one edit; undefined when the spec changes nothing. */
export function applyEdit(t: Target, s: EditSpec): Edit | undefined {
  const p = t.pointers[s.at % t.pointers.length] as string;
  const doc = cloneJson(t.doc);
  const v = get(doc, p);
  const { parent, key } = parentOf(p);
  const holder = get(doc, parent);
  const set = (x: JsonValue) => {
    if (Array.isArray(holder)) holder[Number(key)] = x;
    else if (isObject(holder)) holder[key] = x;
  };
  // Removing a member of an object is one edit of every kind of value.
  if (isObject(holder) && s.op % 4 === 3) {
    delete holder[key];
    return { doc, at: p, what: `remove ${dotted(p)}` };
  }
  if (typeof v === "string") {
    const next = s.op % 2 === 0 ? s.str : `${v} ${s.str}`;
    if (next === v) return undefined;
    set(next);
    return { doc, at: p, what: `${dotted(p)} = ${JSON.stringify(next)}` };
  }
  if (typeof v === "number") {
    const next = Number.isInteger(v) ? Math.round(s.num) : s.num;
    if (next === v) return undefined;
    set(next);
    return { doc, at: p, what: `${dotted(p)} = ${next}` };
  }
  if (typeof v === "boolean") {
    set(!v);
    return { doc, at: p, what: `${dotted(p)} = ${!v}` };
  }
  if (Array.isArray(v)) {
    if (s.op % 2 === 1 && v.length > 0) {
      const i = s.op % v.length;
      v.splice(i, 1);
      return { doc, at: p, what: `remove ${dotted(p)}[${i}]` };
    }
    const model = v.length ? v[s.op % v.length] : s.str;
    const item = typeof model === "string" ? s.str : cloneJson(model as JsonValue);
    // A copied object gets one string changed, so a list of unique items stays unique.
    if (isObject(item)) {
      const k = Object.keys(item).find((x) => typeof item[x] === "string");
      if (k !== undefined) item[k] = `${String(item[k])} ${s.str}`;
    }
    v.push(item as JsonValue);
    return { doc, at: p, what: `add to ${dotted(p)}` };
  }
  return undefined;
}

/**
 * The stash entries of a file, each with whether the reading with the stash shows it applied. A
 * tool or model row the edit moved (one removed or inserted before it) is looked for where the hub
 * finds it now (src/ir/stash-items.ts: by its identity), and named as the file's stash names it;
 * whether it went to the right item is the other checks' (nothing overwritten, the edit present).
 */
function stashEntries(file: JsonObject, restored: JsonObject, plain: JsonObject, items: Reitemed | undefined, reading: IrAgent): { name: string; applied: boolean }[] {
  const stash = items?.raw ?? file;
  // Named as the warnings name them, as the user's files spell them (session 15: never by IR path).
  const written = readWritten(stash["written"]);
  const { named, targetName, movedName } = entryNames(reading, stash, file, items, (p) => written?.[p]?.at);
  const out: { name: string; applied: boolean }[] = [];
  for (const [p, v] of Object.entries(isObject(stash["ir"]) ? stash["ir"] : {})) out.push({ name: named(p), applied: deepEqual(get(restored, p), v) });
  for (const p of Array.isArray(stash["absent"]) ? (stash["absent"] as string[]) : []) {
    const t = parsePointer(p);
    const ext = t[0] === "extensions" && t.length === 3;
    const now = ext ? (restored["extensions"] as JsonObject | undefined)?.[t[1] as string] : undefined;
    const gone = ext ? !isObject(now) || !Object.prototype.hasOwnProperty.call(now, t[2] as string) : !(get(plain, p) !== undefined && deepEqual(get(restored, p), get(plain, p)));
    out.push({ name: ext ? `${t[1] as string} ${dotted(t[2] as string)}` : named(p), applied: gone });
  }
  for (const [p, q] of Object.entries(isObject(stash["moved"]) ? (stash["moved"] as Record<string, string>) : {})) {
    // Not applied: the value is still where it was carried, and its own place holds what the file's reading put there (nothing, or the reading's own value).
    const stayed = get(plain, q) !== undefined && deepEqual(get(restored, q), get(plain, q)) && (get(restored, p) === undefined || deepEqual(get(restored, p), get(plain, p)));
    out.push({ name: `${movedName(p)} (carried as ${targetName(q)})`, applied: !stayed });
  }
  for (const [format, bag] of Object.entries(isObject(stash["extensions"]) ? (stash["extensions"] as Record<string, JsonObject>) : {})) {
    for (const rel of Object.keys(bag)) {
      if (isPrivateExtension(format, rel)) continue;
      out.push({ name: `${format} ${dotted(rel)}`, applied: deepEqual((restored["extensions"] as Record<string, JsonObject> | undefined)?.[format]?.[rel], bag[rel]) });
    }
  }
  return out;
}

/** The names a stash-stale warning lists. */
function namedBy(d: Diagnostic): string[] {
  // An edit: "… contradict it: <entries>"; a removal (session 12): "… which are not restored: <entries>".
  const m = /(?:contradict it|which are not restored): /.exec(d.message);
  return m === null ? [] : d.message.slice(m.index + m[0].length).split(", ");
}

/** Checks one edit. */
export function checkEdit(t: Target, e: Edit): { outcome: Outcome | "refused" | "invalid"; message?: string; notApplied: number } {
  const got = read(t, e.doc);
  if (got.diagnostics.some((d) => d.code === "invalid-input")) return { outcome: "invalid", notApplied: 0 };
  if (!got.doc || !got.agent) return { outcome: "refused", notApplied: 0 };
  const plain = readPlain(t, e.doc);
  if (!plain) return { outcome: "refused", notApplied: 0 };
  const restored = agentData(got.agent);
  const plainData = agentData(plain);
  const stale = got.diagnostics.filter((d) => d.code === "stash-stale");

  // 3. Reported: what the stash did not apply, and only that.
  const file = e.doc[STASH_KEY] as JsonObject;
  const entries = stashEntries(file, restored, plainData, isObject(file) ? reitemStash(plain, file, stripStash(e.doc)) : undefined, plain);
  const named = new Set(stale.flatMap(namedBy));
  const notApplied = entries.filter((x) => !x.applied);
  // A list item's `extra` is named by each of its members (entryNames), listed apart in the warning.
  const unreported = notApplied.filter((x) => !x.name.split(", ").every((n) => named.has(n)));
  if (unreported.length) return { outcome: "unreported", message: `not applied, not reported: ${unreported.map((x) => x.name).join(", ")}\n${stale.map((d) => d.message).join("\n")}`, notApplied: notApplied.length };
  const applied = new Set(entries.filter((x) => x.applied).map((x) => x.name));
  const falsely = [...named].filter((n) => applied.has(n) && !notApplied.some((x) => x.name === n));
  if (falsely.length) return { outcome: "false-report", message: `reported as not restored, yet applied: ${falsely.join(", ")}`, notApplied: notApplied.length };

  // 2. Nothing the edit changed in the file's reading is overwritten by the stash. Compared: the
  // leaves (and empty containers) of both readings, the target's own extension values among them;
  // other formats' extension values are what the stash carries, never something the file holds.
  const before = agentData(t.plain);
  // An edit the file's reading cannot see (AgentMug `sources: []` removed: both read as no knowledge) changes nothing
  // agentport could keep or lose: the stash applies as to the unedited file, and only the reporting is checked.
  if (deepEqual(before, plainData)) return { outcome: "ok", notApplied: notApplied.length };
  const own = (p: string) => !(p === "/extensions" || (p.startsWith("/extensions/") && !p.startsWith(`/extensions/${escapeToken(t.slot)}/`) && p !== `/extensions/${escapeToken(t.slot)}`));
  const changed = new Set<string>();
  for (const l of leaves(before)) if (own(l.pointer) && !deepEqual(get(plainData, l.pointer), l.value)) changed.add(l.pointer);
  for (const l of leaves(plainData)) if (own(l.pointer) && !deepEqual(get(before, l.pointer), l.value)) changed.add(l.pointer);
  // A joined prompt edited in the file is split back into the stash's chunks (src/ir/stash-prompt.ts): the
  // prompt is the edit's when it renders as the file's reading does, whichever chunks hold its parts.
  const samePrompt = renderInstructions(restored["instructions"] as unknown as IrInstructions | undefined) === renderInstructions(plainData["instructions"] as unknown as IrInstructions | undefined);
  // A value the stash says was carried under another path (`moved`), edited there: the edit lands at its home path (session 17).
  const moves = Object.entries(isObject(file) && isObject(file["moved"]) ? (file["moved"] as Record<string, string>) : {});
  const movedHome = (q: string) => moves.some(([p, m]) => m === q && get(restored, q) === undefined && deepEqual(get(restored, p), get(plainData, q)));
  const lost = [...changed].filter((p) => !deepEqual(get(restored, p), get(plainData, p)) && !(samePrompt && isAncestorOrSelf("/instructions", p)) && !movedHome(p));
  if (lost.length) {
    const show = lost.slice(0, 5).map((p) => `${p}: edited reading ${JSON.stringify(get(plainData, p))}, with the stash ${JSON.stringify(get(restored, p))}`);
    return { outcome: "overwritten", message: `the stash overwrote what the edit changed:\n${show.join("\n")}`, notApplied: notApplied.length };
  }

  // 1. The edit is present in the result. Quick: the agent written into the file's format again
  // holds the edit (or what that format writes for the file read without its stash). Else, the
  // real way: written into its home format, read, and written into the file's format, it gives
  // what the file read without its stash gives the same way (the home format's own normalisation).
  const want = get(e.doc, e.at);
  const again = rewrite(t, got.doc);
  const have = again === undefined ? undefined : get(again, e.at);
  if (deepEqual(have, want)) return { outcome: "ok", notApplied: notApplied.length };
  const plainDoc: IrDocument = { ...got.doc, agents: [plain] };
  const plainAgain = rewrite(t, plainDoc);
  if (plainAgain !== undefined && deepEqual(have, get(plainAgain, e.at))) return { outcome: "ok", notApplied: notApplied.length };
  const real = viaHome(t, got.doc, true, e.at);
  // Through the home format and back, the edit itself came back: the best a way back can do (the file
  // read without its stash may give less, a builtin tool's description lost in mas, say).
  if (real.ok && deepEqual(real.value, want)) return { outcome: "ok", notApplied: notApplied.length };
  const control = viaHome(t, plainDoc, false, e.at);
  if (real.ok && control.ok && deepEqual(real.value, control.value)) return { outcome: "ok", notApplied: notApplied.length };
  // The home format cannot hold the edit (a label into Caplo's bare knowledge ids) and says so: its loss, reported, not the stash's.
  if (real.ok && real.lost === true) return { outcome: "ok", notApplied: notApplied.length };
  return {
    outcome: "overwritten",
    message: `${dotted(e.at)}: edited ${JSON.stringify(want)}; through ${t.source.format} and back ${JSON.stringify(real.value)}, without the stash ${JSON.stringify(control.value)}`,
    notApplied: notApplied.length,
  };
  return { outcome: "ok", notApplied: notApplied.length };
}

export function runEdits(opts: { edits: number; seed: number; fuzzPerFormat: number; onProgress?: (sofar: EditStats) => void }): EditStats {
  const t0 = performance.now();
  const stats: EditStats = { edits: 0, invalid: 0, refused: 0, overwritten: 0, unreported: 0, falseReports: 0, staleUnedited: 0, withStale: 0, entriesNotApplied: 0, targets: 0, failures: [], ms: 0 };
  const targets = targetsOf([...goldenSources(), ...fuzzSources(opts.fuzzPerFormat, opts.seed)], stats.failures);
  stats.staleUnedited = stats.failures.length;
  stats.targets = targets.length;
  const result = fc.check(
    fc.property(editSpec, (s) => {
      const t = targets[s.target % targets.length] as Target;
      const e = applyEdit(t, s);
      const r = e ? checkEdit(t, e) : { outcome: "invalid" as const, notApplied: 0 };
      if (!e || r.outcome === "invalid") {
        stats.invalid++;
        fc.pre(false);
        return true;
      }
      if (r.outcome === "refused") {
        stats.refused++;
        fc.pre(false);
        return true;
      }
      stats.edits++;
      if (r.notApplied) stats.withStale++;
      stats.entriesNotApplied += r.notApplied;
      if (r.outcome !== "ok") {
        if (r.outcome === "overwritten") stats.overwritten++;
        else if (r.outcome === "unreported") stats.unreported++;
        else if (r.outcome === "false-report") stats.falseReports++;
        if (stats.failures.length < 50) stats.failures.push({ outcome: r.outcome, where: `${t.source.name} → ${t.slot} ${t.file}: ${e.what}`, message: r.message ?? "" });
      }
      if (opts.onProgress && stats.edits % 1000 === 0) opts.onProgress({ ...stats, ms: Math.round(performance.now() - t0) });
      return true;
    }),
    { numRuns: opts.edits, seed: opts.seed, maxSkipsPerRun: 100 },
  );
  if (result.failed) throw new Error(`edit fuzz: ${String(result.errorInstance ?? "too many skipped edits")}`);
  stats.ms = Math.round(performance.now() - t0);
  return stats;
}

export function editSummary(s: EditStats): string {
  return `edit fuzz: ${s.edits} edits on ${s.targets} files, overwritten ${s.overwritten}, not applied and unreported ${s.unreported}, reported yet applied ${s.falseReports}, stale without an edit ${s.staleUnedited}; ${s.withStale} edits stopped ${s.entriesNotApplied} stash entries (each reported); not counted: ${s.invalid} schema-invalid, ${s.refused} refused by the way back; ${s.ms} ms`;
}
