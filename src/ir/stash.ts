// The x-agentport stash: lossless round trips through a target's extension slot.
//
// An emitter whose format has a slot (AgentMug: an extra top-level member; mas:
// a top-level `x-` key) reads its own output back with its own parser and
// compares that reading with the IR it was given. Exactly the difference goes
// into `x-agentport`: IR values the target does not carry (or carries changed),
// values the target carries under another IR path (`moved`), values the target
// added (`absent`), other formats' extension values, and document-level values.
// The target's parser applies the stash to its own reading, which gives back the
// IR the emitter started from, so A → B → A is identity on the data. Computing
// the difference, rather than trusting each emitter to declare its losses,
// guarantees that nothing the target does carry (the instructions text, a
// truncated description's kept part) is stashed twice, and nothing it silently
// normalises is missed. See docs/decisions.md.
import { diagnostic, DIAGNOSTIC_CODES, keptDiagnostic, STASH_KEY, type Category, type Diagnostic, type DiagnosticCode, type DiagnosticPlace, type SourceLocation, type TargetLocation, type UndoableCode } from "./diagnostics.js";
import { irSchemas, type IrAgent, type IrDocument } from "./model.js";
import { cloneJson, deepEqual, isObject, setKey, type JsonObject, type JsonValue } from "./json.js";
import { dotted, escapeToken, generalIrPath, get, isAncestorOrSelf, join, parsePointer } from "./pointer.js";
import { removeAtPointer, setAtPointer } from "./pointer-write.js";
import { PLACEMENT } from "./home.js";
import { inIrOrder } from "./ir-paths.js";
import { isPrivateExtension, privateDataOf } from "./private.js";
import { chunkPlace, extensionPointer, homePlace, type AboutAgent, type Reporter } from "./reporter.js";
import { mainModelIndex, sourceOf } from "./agent.js";
import { GuardBuilder, GuardCheck, identityMembers, ITEM_NAME, namedItem, readWritten, wouldChange, type Written } from "./stash-guard.js";
import { adapterFor } from "../adapters/registry.js";
import { readsInto, type WrittenChoice } from "./stash-choice.js";
import { asStashed, reitemStash, wasRemoved, type Reitemed } from "./stash-items.js";
import { givenUpName, rechunk } from "./stash-prompt.js";

export { STASH_KEY };
export const STASH_VERSION = 1;

/** Members of an IR agent that are bookkeeping, not agent data. */
const BOOKKEEPING = new Set(["origin", "extensions", "sourceMap", "home"]);
let canonical: readonly string[] | undefined;
/** The canonical fields of an IR agent, read from its schema on first use (src/ir/model.ts builds the schemas then). */
const canonicalFields = (): readonly string[] => (canonical ??= Object.keys(irSchemas().IrAgent.shape).filter((k) => !BOOKKEEPING.has(k)));


/**
 * Losses and changes a stash can undo (the catalog's categories `dropped` and `changed`): when it
 * undoes one, the diagnostic becomes `stashed-value`, marked with the loss's code (`stashed`).
 */
const UNDOABLE: ReadonlySet<DiagnosticCode> = new Set(
  (Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[]).filter((c) => {
    const category: Category = DIAGNOSTIC_CODES[c].category;
    return category === "dropped" || category === "changed";
  }),
);

export interface BuiltStash {
  /** The `x-agentport` member to write. */
  value: JsonObject;
  /** IR pointers the stash restores (set or moved) or removes. */
  irPointers: string[];
  /** IR pointers of values the source had and the target does not carry exactly. */
  keptPointers: string[];
  /** Those of them the target carries under another IR path. */
  movedPointers: string[];
  /** Extension values the stash carries. */
  extensions: { format: string; rel: string }[];
  /** The agent's diagnostics when the stash was built (Reporter.aboutAgent), for reportStashed while no other is raised. */
  subjects: readonly AboutAgent[];
}

function own(o: unknown, k: string): unknown {
  return isObject(o) && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;
}

/** An IR value the target does not carry as it is: what the stash sets at `p`. */
interface SetEntry {
  p: string;
  /** The original value (a copy, for the stash). */
  v: JsonValue;
  /** The deepest ancestor-or-self of `p` the target's reading has (undefined: none below the root), for the guard. */
  held: string | undefined;
  /** The reading's value at `p` (undefined when it has none). */
  back: unknown;
}

/** A value the target's reading has and the original lacks: what the stash removes (or a move's other end). */
interface AbsentEntry {
  p: string;
  /** The reading's value at `p`, as read (a string of it finds a move; the guard digests it). */
  back: unknown;
}

interface Diff {
  set: SetEntry[];
  absent: AbsentEntry[];
}

/**
 * The difference of the original with the target's reading, in one walk: it descends only where
 * both are objects (or arrays the target kept no more items of than the original), so every
 * ancestor of an entry is in the reading, and `parent` is the deepest one of an entry the reading
 * lacks. Equal values give no entry (`deepEqual`'s equality: identical, or both NaN), and an
 * equal subtree is walked without a deep comparison at each level first.
 */
function diffValues(orig: unknown, back: unknown, ptr: string, parent: string | undefined, out: Diff): void {
  if (orig === back) return;
  if (orig === undefined) return void out.absent.push({ p: ptr, back });
  if (back === undefined) return void out.set.push({ p: ptr, v: cloneJson(orig), held: parent, back: undefined });
  if (isObject(orig)) {
    if (isObject(back)) {
      // A member's pointer (`join(ptr, k)` spelled out) is built only for a member that differs: most are the same value.
      for (const k of Object.keys(orig)) {
        const o = orig[k];
        const b = Object.prototype.hasOwnProperty.call(back, k) ? back[k] : undefined;
        if (o !== b) diffValues(o, b, ptr + "/" + escapeToken(k), ptr, out);
      }
      for (const k of Object.keys(back)) {
        const b = back[k];
        if (b !== undefined && own(orig, k) === undefined) diffValues(undefined, b, ptr + "/" + escapeToken(k), ptr, out);
      }
      return;
    }
  } else if (Array.isArray(orig)) {
    // Item by item while the target kept no more items than the original: the rest are appended back in order.
    if (Array.isArray(back) && back.length <= orig.length) {
      for (let i = 0; i < orig.length; i++) diffValues(orig[i], back[i], `${ptr}/${i}`, ptr, out);
      return;
    }
  } else if (typeof orig === "number" && typeof back === "number" && Number.isNaN(orig) && Number.isNaN(back)) return;
  out.set.push({ p: ptr, v: cloneJson(orig), held: ptr, back });
}

/** Whether IR pointer `p` is a member `target`'s reader fills with a value of its own (Adapter.readerFills, declared with "[]" for the index). */
function readerFilled(target: string): (p: string) => boolean {
  const fills = adapterFor(target)?.readerFills;
  if (fills === undefined || fills.length === 0) return () => false;
  const declared = new Set(fills);
  return (p) => declared.has(generalIrPath(p));
}

/** The first list item on the way to `p` (`/tools/1/provider` → `/tools/1`), if any. */
function firstItem(p: string): string | undefined {
  const m = /^\/[^/]+(?:\/[^/]+)*?\/(?:0|[1-9][0-9]*)(?=\/|$)/.exec(p);
  return m?.[0];
}

/**
 * Into the home format: of the differences `all`, the values the reading has none for and the emitter
 * reported lost (`lost`). A list item
 * (a tool, a model row) the reading holds without some of its members was not held as it is (an
 * AgentMug nango tool read back as a bare mas tool name): the item is kept whole, so it comes back
 * as written; everything else the reading has a value for stays the home's normalisation.
 */
function keepUnheld(all: Diff, orig: JsonObject, back: JsonObject, lost: (p: string) => boolean, out: Diff): void {
  const items = new Set<string>();
  for (const e of all.set) {
    if (e.back !== undefined || !lost(e.p)) continue;
    const item = firstItem(e.p);
    if (item !== undefined && item !== e.p && get(back, item) !== undefined) items.add(item);
  }
  const inItem = (p: string) => [...items].some((i) => isAncestorOrSelf(i, p));
  for (const i of items) out.set.push({ p: i, v: cloneJson(get(orig, i) as JsonValue), held: i, back: get(back, i) });
  for (const e of all.set) if (e.back === undefined && lost(e.p) && !inItem(e.p)) out.set.push(e);
}

/**
 * The stash for one emitted agent. `back` is the target's own reading of the
 * output (without the stash); undefined when it could not be read, and then
 * nothing is stashed and every loss stays reported as a loss. `choices`: places the emitter wrote
 * as one choice (src/ir/stash-choice.ts).
 */
export function buildStash(agent: IrAgent, back: IrAgent | undefined, doc: IrDocument, target: string, r: Reporter, written: JsonValue, choices: readonly WrittenChoice[] = [], entry = false): BuiltStash | undefined {
  if (back === undefined) return undefined;
  const from = agent.home?.format ?? agent.origin.format;
  const diff: Diff = { set: [], absent: [] };
  const a = agent as unknown as JsonObject;
  const b = back as unknown as JsonObject;
  if (from !== target) for (const f of canonicalFields()) diffValues(own(a, f), own(b, f), "/" + f, undefined, diff);
  else {
    // Written into its home format, what differs is mostly the emitter's deliberate normalisation (a
    // clamp, a new exportedAt), which a stash must not undo. A value the home's reading has none for
    // at all is not one: an edit made in another format added it (AgentMug triggers on a mas agent),
    // and dropping it would cost that edit on the way back.
    // Only where the emitter reported the value lost: the home's reading of one output file lacks
    // what other files hold (a tool manifest's description, a mas app's links), and that is no loss.
    const lost: string[] = [];
    for (const x of r.aboutAgent(agent)) if (x.s.ir !== undefined && x.s.ir !== "" && DIAGNOSTIC_CODES[x.d.code].category === "dropped") lost.push(x.s.ir);
    if (lost.length) {
      const all: Diff = { set: [], absent: [] };
      for (const f of canonicalFields()) diffValues(own(a, f), own(b, f), "/" + f, undefined, all);
      // A value inside one reported lost (a nango tool's endpoint), not one that holds it: a mas agent
      // file read back alone has no links at all, and a lost link is not every link.
      keepUnheld(all, a, b, (q) => lost.some((l) => isAncestorOrSelf(l, q)), diff);
    }
  }

  // A string the target holds under another IR path (Caplo key → AgentMug id) is named, not copied.
  // Only where the emitter reported that rename: a required field merely filled with a copy
  // (mas spec.description from the name) is not where the value lives.
  const subjects = r.aboutAgent(agent);
  // A list, not a set: an agent has a few renames, and each entry's pointer is a new string a set would hash.
  const renamed: (string | undefined)[] = [];
  for (const x of subjects) if (x.d.code === "transformed-value") renamed.push(x.s.ir);
  const moved: Record<string, string> = {};
  /** The keys of `moved`, in order (IR pointers: no key is an array index, which Object.keys would put first). */
  const movedPointers: string[] = [];
  /** The reading's value at each move's other end (its guard digests it). */
  const movedFrom = new Map<string, unknown>();
  if (renamed.length) {
    for (const { p, v } of [...diff.set]) {
      if (typeof v !== "string") continue;
      // Renamed itself; or inside a value reported written in another form, held within that value
      // (a prompt the mas runtime strips: the reading's chunk text is stripped, its `raw` the prompt as
      // written, which is the source's text: named there, not kept twice).
      const i = renamed.includes(p)
        ? diff.absent.findIndex((e) => e.back === v)
        : diff.absent.findIndex((e) => e.back === v && renamed.some((r) => r !== undefined && r !== "" && r !== p && isAncestorOrSelf(r, p) && isAncestorOrSelf(r, e.p)));
      if (i === -1) continue;
      const q = (diff.absent[i] as AbsentEntry).p;
      setKey(moved, p, q);
      movedPointers.push(p);
      movedFrom.set(q, v);
      diff.absent.splice(i, 1);
      diff.set.splice(diff.set.findIndex((e) => e.p === p), 1);
    }
  }
  const absent = diff.absent.map((e) => e.p);

  const extensions: Record<string, JsonObject> = {};
  const carried: BuiltStash["extensions"] = [];
  /** The target format's values its reading added (their pointers end `absent`). */
  const added: [string, string][] = [];
  // Written home, a list item placed elsewhere than its home place says (one the user removed before it, src/ir/stash-items.ts) has its kept members read back at its place in the output.
  const relocate = from === target ? relocation(agent, back, target) : undefined;
  for (const [format, bag] of Object.entries(agent.extensions)) {
    const backBag = format === target ? (back.extensions[format] ?? {}) : {};
    // The format's private paths, looked up once per format (isPrivateExtension asks the registry per value).
    const secret = privateDataOf(format)?.paths;
    // In the reading's order: a home emitter may write its kept members in that order (a mas tool's params).
    for (const rel of Object.keys(bag)) {
      if (secret?.test(rel) === true && bag[rel] !== null) continue;
      if (format === target && deepEqual(bag[rel], own(backBag, relocate === undefined ? rel : relocate(rel)))) continue;
      const into = extensions[format] ?? {};
      setKey(into, rel, cloneJson(bag[rel] as JsonValue));
      setKey(extensions, format, into);
      carried.push({ format, rel });
    }
  }
  if (from !== target) {
    for (const rel of Object.keys(back.extensions[target] ?? {})) {
      if (own(agent.extensions[target], rel) === undefined) {
        const p = extPointer(target, rel);
        absent.push(p);
        added.push([p, rel]);
      }
    }
  }

  const document: Record<string, JsonObject> = {};
  let documentValues = false;
  for (const [format, bag] of Object.entries(doc.extensions)) {
    if (format === target || Object.keys(bag).length === 0) continue;
    setKey(document, format, cloneJson(bag));
    documentValues = true;
  }

  // What was written, for each entry: a later edit of it wins over the stash (src/ir/stash-guard.ts).
  const guards = new GuardBuilder(back.sourceMap, written, derivedPlaces(subjects, r, agent), b, readerFilled(target), r.linksOf(agent));
  // A parameter spelling the stash sets over the target's own (AgentMug's `{{params.` over Agent Spec's
  // `{{`) describes the prompt as written: the prompt guards it, and only the prompt, so a prompt edited
  // in the target's spelling is read in that spelling (restoreStash), and an edit of where the target
  // reads its spelling from (an AgentMug parameter's label) is no edit of it (session 12).
  const spelling = back.placeholders !== undefined && back.instructions !== undefined;
  for (const e of diff.set) {
    if (spelling && isAncestorOrSelf("/placeholders", e.p) && guards.spelling(e.p)) continue;
    guards.set(e.p, e.held, e.back);
  }
  if (spelling && diff.set.some((e) => isAncestorOrSelf("/placeholders", e.p)) && !Object.keys(guards.written).some((k) => isAncestorOrSelf("/instructions", k))) guards.set("/instructions", "/instructions", back.instructions);
  for (const p of movedPointers) guards.moved(moved[p] as string, movedFrom.get(moved[p] as string));
  // The reading's own values first, then the target format's values it added (after them in `absent`).
  for (const e of diff.absent) guards.absent(e.p, e.back);
  for (const [p, rel] of added) guards.extension(p, rel);
  for (const e of carried) if (e.format === target) guards.extension(extPointer(e.format, e.rel), e.rel);
  // A source map is a dictionary-mode object, whose keys V8 sorts on every Object.keys: its placement keys are read once.
  const homeMap = agent.home?.sourceMap ?? agent.sourceMap;
  const placed = from === target ? [] : placedKeys(homeMap);
  if (from !== target) {
    // A home setting with a default the output holds at a place of its own (a temperature): guarded,
    // so a deletion of it in the target is seen on the way back, where the target's default then runs.
    for (const p of Object.keys(adapterFor(from)?.defaults ?? {})) guards.setting(p);
    // Home-format values inside a list item (a mas row's context_window): the item's identity guards them.
    const items = placementIndex(carried.some((e) => e.format === from) ? placed.filter((k) => LIST_ITEM.test(k) && homeMap[k] !== "").map((k) => [k, homeMap[k] as string] as [string, string]) : []);
    for (const e of carried) {
      if (e.format !== from) continue;
      const item = itemOf(items, e.rel);
      if (item !== undefined) guards.holder(item);
    }
  }
  for (const c of choices) guards.chosen(c, carried.filter((e) => e.format !== target && readsInto(e.format, e.rel, c.for)).map((e) => extPointer(e.format, e.rel)));

  const ir: JsonObject = {};
  for (const e of diff.set) setKey(ir, e.p, inIrOrder(e.p, e.v));
  // A bundle of one agent is told from one agent by nothing but the document's flag (IrDocument.bundle):
  // a target holding one agent a file loses it, so the stash keeps it (a Caplo AgentBundle of one
  // through AgentMug comes back a bundle, not a kind: Agent).
  const bundleOfOne = from !== target && doc.bundle && doc.agents.length === 1;
  if (!diff.set.length && !movedPointers.length && !absent.length && !carried.length && !documentValues && !bundleOfOne && !entry) return undefined;

  const value: JsonObject = { version: STASH_VERSION, from };
  const pointer = agent.home?.pointer ?? agent.origin.pointer;
  if (pointer !== "") value["pointer"] = pointer;
  // Where the pointer does not say the agent's place among its home document's agents (an Agent Spec
  // team's members all sit at the root), its index does: --bundle puts the agents back in that order
  // (homeOrder), and a team's first agent is its entry (ManagerWorkers' manager, Swarm's first_agent).
  // Counted among the agents read from the same file: in a --bundle of one-agent files the order is
  // the inputs', no document's.
  const index = from === target ? undefined : agent.home !== undefined ? agent.home.index : AGENTS_POINTER.test(pointer) ? undefined : indexInFile(agent, doc);
  if (index !== undefined) value["index"] = index;
  if (bundleOfOne) value["bundle"] = true;
  if (entry) value["entry"] = true;
  if (diff.set.length) value["ir"] = ir;
  if (movedPointers.length) value["moved"] = moved;
  if (absent.length) value["absent"] = absent;
  if (carried.length) value["extensions"] = extensions;
  if (documentValues) value["document"] = document;
  const placement: JsonObject = {};
  if (from !== target) {
    for (const ir of placed) {
      const member = MEMBER_PLACEMENT.exec(ir);
      if (member !== null) {
        // A tool's description read where its name is read (through a mas Tool manifest's ref): a hint, guarded by what the target wrote for it.
        if (homeMap[ir] !== homeMap[`${member[1] as string}/name`]) continue;
        guards.member(ir);
      }
      setKey(placement, ir, homeMap[ir] as string);
    }
  }
  // (A flag, not Object.keys of the guards, a dictionary-mode object of one key per guard.)
  if (!guards.empty) value["written"] = guards.written as unknown as JsonObject;
  if (Object.keys(placement).length) value["sourceMap"] = placement;
  const keptPointers = [...diff.set.map((e) => e.p), ...movedPointers];
  return { value, irPointers: [...keptPointers, ...absent.filter((p) => !p.startsWith("/extensions/"))], keptPointers, movedPointers, extensions: carried, subjects };
}

/**
 * For an agent written into its home format `target`: the home-format pointer `rel` of a kept value
 * inside a list item as the output's reading keys it, where the item's home place (its placement)
 * is not where the output's reading read it from. The home emitter reads an item's kept members at
 * its home place and writes the item at its index (an Agent Spec tool after a removed one); compared
 * at the old place, they would be stashed again as values the output does not hold. Undefined when
 * every item is read back at its home place.
 */
function relocation(agent: IrAgent, back: IrAgent, target: string): ((rel: string) => string) | undefined {
  const home = agent.origin.format === target ? agent.sourceMap : agent.home?.format === target ? agent.home.sourceMap : undefined;
  if (home === undefined) return undefined;
  const moves: [string, string][] = [];
  for (const k of Object.keys(home)) {
    if (!LIST_ITEM.test(k)) continue;
    const was = home[k] as string;
    const now = back.sourceMap[k];
    if (now !== undefined && now !== was && was !== "") moves.push([was, now]);
  }
  if (moves.length === 0) return undefined;
  return (rel) => {
    const m = moves.find(([was]) => isAncestorOrSelf(was, rel));
    return m === undefined ? rel : m[1] + rel.slice(m[0].length);
  };
}

/** A placement of a list item's member other than its name (PLACEMENT): group 1 is the item. */
const MEMBER_PLACEMENT = /^(\/tools\/(?:0|[1-9][0-9]*))\/(?:description|inputSchema)$/;

/**
 * The agent's position among the agents of `doc` read from its own file, when that file held several.
 * Worked out once per document (a WeakMap of a derivation, no state of its own): asked per agent, a scan
 * of the document's agents each time is quadratic in a team of a thousand.
 */
function indexInFile(agent: IrAgent, doc: IrDocument): number | undefined {
  let index = FILE_INDEX.get(doc);
  if (index === undefined) {
    index = new Map();
    const count = new Map<string, number>();
    const fileOf = (x: IrAgent) => `${x.origin.format}\u0000${x.origin.file ?? ""}`;
    for (const x of doc.agents) count.set(fileOf(x), (count.get(fileOf(x)) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const x of doc.agents) {
      const f = fileOf(x);
      const i = seen.get(f) ?? 0;
      seen.set(f, i + 1);
      if ((count.get(f) ?? 0) > 1 && !index.has(x)) index.set(x, i);
    }
    FILE_INDEX.set(doc, index);
  }
  return index.get(agent);
}
const FILE_INDEX = new WeakMap<IrDocument, Map<IrAgent, number>>();

/** A home pointer that is itself the agent's place in its bundle's list (homeOrder reads it). */
const AGENTS_POINTER = /^\/agents\/(0|[1-9][0-9]*)$/;

/** extensionPointer (src/ir/reporter.ts) spelled out: `join`'s rest parameters and map cost more than the pointer. */
const extPointer = (format: string, rel: string): string => "/extensions/" + escapeToken(format) + "/" + escapeToken(rel);

/** Codes whose target pointer says where in this output a value was written in a changed form. */
const WRITTEN_AS = new Set<DiagnosticCode>(["transformed-value", "truncated-value", "clamped-value"]);

/** For an IR pointer, the output place an emitter reported writing it (or a part or a holder of it) to (`subjects`: the agent's diagnostics). */
function derivedPlaces(subjects: readonly AboutAgent[], r: Reporter, agent: IrAgent): (p: string) => string | undefined {
  // The places an emitter named as what the target reads in a value's stead (Reporter.guardedBy): for that value only, first.
  const named = new Map<string, string>();
  for (const [ir, at] of r.guardsOf(agent)) if (!named.has(ir)) named.set(ir, at);
  const places: [string, string][] = [];
  for (const { d, s } of subjects) {
    const t = d.target;
    if (!WRITTEN_AS.has(d.code) || s.ir === undefined || s.ir === "" || t?.pointer === undefined) continue;
    if (t.file !== undefined && r.targetFile !== undefined && t.file !== r.targetFile) continue;
    if (isAncestorOrSelf(`/${STASH_KEY}`, t.pointer)) continue;
    places.push([s.ir, t.pointer]);
  }
  const reported = firstPlace(places);
  return named.size === 0 ? reported : (p) => named.get(p) ?? reported(p);
}

/**
 * For `places` (IR path, output place; no path ""), a function from an IR pointer (not "") to the
 * output place of the first of them whose path is the pointer, an ancestor or a descendant of it.
 */
export function firstPlace(places: readonly (readonly [string, string])[]): (p: string) => string | undefined {
  // The first place whose IR path is `p`, an ancestor or a descendant of it. (`ir` is never "", nor
  // is `p`: `related` is isAncestorOrSelf either way.) A few are compared one by one; more (an agent
  // whose emitter reshaped many values) are indexed by path and by every prefix of a path, each with
  // the first place it belongs to, so an entry asks its own ancestors only.
  if (places.length <= 8) return (p) => places.find(([ir]) => related(ir, p))?.[1];
  const exact = new Map<string, number>();
  const under = new Map<string, number>();
  places.forEach(([ir], i) => {
    if (!exact.has(ir)) exact.set(ir, i);
    for (let j = ir.lastIndexOf("/"); j > 0; j = ir.lastIndexOf("/", j - 1)) {
      const q = ir.slice(0, j);
      if (!under.has(q)) under.set(q, i);
    }
  });
  return (p) => {
    let first = exact.get(p) ?? places.length;
    first = Math.min(first, under.get(p) ?? first);
    for (let j = p.lastIndexOf("/"); j > 0; j = p.lastIndexOf("/", j - 1)) first = Math.min(first, exact.get(p.slice(0, j)) ?? first);
    return places[first]?.[1];
  };
}

/**
 * True when one of `a`, `b` is the other or one of its ancestors (`isAncestorOrSelf` either way, for
 * non-empty pointers), without building a string: the shorter one's length is a slash in the
 * longer, then a native prefix test (half the time of a character loop in JS, measured).
 */
function related(a: string, b: string): boolean {
  if (a.length === b.length) return a === b;
  return a.length < b.length ? b.charCodeAt(a.length) === 47 && b.startsWith(a) : a.charCodeAt(b.length) === 47 && a.startsWith(b);
}

/**
 * A set of pointers that answers "is any of them an ancestor, the same, or a
 * descendant of this pointer?" (none of them ""). A few (most agents' stash
 * or diagnostics) are compared one by one, which allocates nothing; more are
 * indexed by every prefix, so a question costs the pointer's depth (compared
 * one by one, an agent's few dozen stashed values and as many diagnostics
 * cost more than the index: measured, 16 is where they meet).
 */
export class PointerSet {
  private readonly list: readonly string[];
  private readonly exact?: Set<string>;
  private readonly prefixes?: Set<string>;
  constructor(pointers: readonly string[]) {
    this.list = pointers;
    if (pointers.length <= 16) return;
    const exact = (this.exact = new Set<string>());
    const prefixes = (this.prefixes = new Set<string>());
    for (const p of pointers) {
      exact.add(p);
      for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) prefixes.add(p.slice(0, i));
    }
  }
  related(p: string): boolean {
    const { exact, prefixes } = this;
    if (exact === undefined || prefixes === undefined) {
      for (const q of this.list) if (related(q, p)) return true;
      return false;
    }
    if (exact.has(p) || prefixes.has(p)) return true;
    for (let i = p.lastIndexOf("/"); i > 0; i = p.lastIndexOf("/", i - 1)) if (exact.has(p.slice(0, i))) return true;
    return false;
  }
}

/** Extension values keyed "format pointer" so one PointerSet serves every format. */
const extKey = (format: string, rel: string) => `/${escapeToken(format)}${rel}`;

/**
 * A loss's target, pointing at the stash instead: `{ ...t, pointer }` spelled out, in the key order
 * the Reporter writes a target (format, file, pointer). A spread of targets of several shapes is a
 * slow generic copy, and this runs for every loss a stash undoes.
 */
function atStash(t: TargetLocation | undefined, format: string): TargetLocation {
  const pointer = `/${STASH_KEY}`;
  if (t === undefined) return { format, pointer };
  return t.file === undefined ? { format: t.format, pointer } : { format: t.format, file: t.file, pointer };
}

/**
 * Turns each reported loss of `agent` that the stash undoes into `stashed-value`
 * (info), and reports every stashed value no diagnostic named yet, so each
 * stashed value is reported exactly where it came from.
 */
export function reportStashed(r: Reporter, agent: IrAgent, stash: BuiltStash, targetLabel: string, targetFile?: string, subjects: readonly AboutAgent[] = r.aboutAgent(agent)): void {
  // What the agent's diagnostics name, in one pass: IR paths, extension values, source places.
  const named: string[] = [];
  const namedExt: string[] = [];
  const sources: SourceLocation[] = [];
  for (const { d, s } of subjects) {
    if (s.ir !== undefined && s.ir !== "") named.push(s.ir);
    if (s.ext !== undefined) namedExt.push(extKey(s.ext.format, s.ext.rel));
    if (d.source !== undefined) sources.push(d.source);
  }
  // Each set is built only when something asks it (most stashes carry no extension value).
  const stashedIr = stash.irPointers.length ? new PointerSet(stash.irPointers) : undefined;
  const stashedExt = stash.extensions.length ? new PointerSet(stash.extensions.map((e) => extKey(e.format, e.rel))) : undefined;
  for (const { d, s } of subjects) {
    if (!UNDOABLE.has(d.code)) continue;
    const byIr = stashedIr !== undefined && s.ir !== undefined && s.ir !== "" && stashedIr.related(s.ir);
    const byExt = stashedExt !== undefined && s.ext !== undefined && stashedExt.related(extKey(s.ext.format, s.ext.rel));
    if (!byIr && !byExt) continue;
    // The loss's own message ended with what the stash does (keptDiagnostic: its payload, rendered when
    // it was raised, is not rendered again). A reshaped value stays a reshape, a lost one a loss: the hub
    // judges both by the value's declared effect. (Members set one by one, not spread in.)
    const place: DiagnosticPlace = { target: atStash(d.target, r.targetFormat), effect: d.effect };
    if (d.source) place.source = d.source;
    if (d.hint) place.hint = d.hint;
    r.replace(d, keptDiagnostic(d as Diagnostic & { code: UndoableCode }, place));
  }
  const origin = agent.origin.pointer;
  if (stash.keptPointers.length) {
    // A value whose source pointer a diagnostic already names (a derived IR field beside the value it derives from) is reported.
    const noted = new Set<string>();
    for (const src of sources) if (src.pointer !== origin) noted.add(src.pointer);
    const namedIr = new PointerSet(named);
    const moved = stash.movedPointers;
    const target = targetFile === undefined ? { targetPointer: `/${STASH_KEY}`, effect: "representation" as const } : { targetPointer: `/${STASH_KEY}`, targetFile, effect: "representation" as const };
    // What no emitter named is a value the target would read back otherwise (a bare tool id read as a
    // builtin tool, a provider read as inferred): one note per source value, however many IR paths it spans.
    for (const p of stash.keptPointers) {
      // Whether a provider was stated or inferred belongs to the provider a diagnostic may already name.
      if (namedIr.related(p.endsWith("/providerSource") ? p.slice(0, -"Source".length) : p)) continue;
      // Reporter.where(agent, p).pointer, without the dotted name it also spells.
      const where = origin + (sourceOf(agent, p) ?? "");
      if (noted.has(where)) continue;
      noted.add(where);
      // The target carries it (under another name, or read back in another form): a reshape.
      r.at(agent, "stashed-value", p, { target: targetLabel, note: moved.includes(p) ? "moved" : "read-back" }, target);
      // Reporter.at raises it last; what it names counts for the extension values below (as Reporter.namedPlaces would).
      const note = r.diagnostics[r.diagnostics.length - 1]?.source;
      if (note !== undefined) sources.push(note);
    }
  }
  if (stash.extensions.length) {
    const namedExtSet = new PointerSet(namedExt);
    // The source places the agent's diagnostics name (Reporter.namedPlaces), the notes just raised among them.
    const namedPlaces = new Set<string>();
    for (const src of sources) if (src.pointer !== origin && src.file === agent.origin.file) namedPlaces.add(src.pointer.slice(origin.length));
    const target = targetFile === undefined ? { targetPointer: `/${STASH_KEY}` } : { targetPointer: `/${STASH_KEY}`, targetFile };
    for (const e of stash.extensions) {
      if (namedExtSet.related(extKey(e.format, e.rel)) || namedPlaces.has(r.extensionPlace(agent, e.format, e.rel))) continue;
      const lost = r.lostExtension(agent, e.format, e.rel, targetLabel);
      r.atExtension(agent, "stashed-value", e.format, e.rel, { kept: { code: "dropped-field", payload: lost.payload } }, lost.effect ? { ...target, effect: lost.effect } : target);
    }
  }
}

export interface Restored {
  agent: IrAgent;
  /** Document-level values of other formats the stash carried. */
  document: Record<string, JsonObject>;
  diagnostics: Diagnostic[];
  /** The agent's document was a bundle of this one agent (the stash's `bundle`). */
  bundle?: true;
  /** The agent was its document's entry, which the target does not name (the stash's `entry`). */
  entry?: true;
  /** Places of the file (relative to the agent's origin) still as agentport wrote them, whose values the stash restores. */
  unedited?: string[];
  /** Where the stash sat, and which of its values were not restored (the ledger's, StashRead). */
  stash: StashRead;
}

/**
 * Where a stash an input held sits in its file, and its entries the restore did not apply, for the
 * ledger (src/ir/ledger.ts): the stash's other members are bookkeeping, not values of the source, and
 * an entry an edit stopped (stash-stale) is a value of the source the conversion does not carry.
 */
export interface StashRead {
  /** The file the agent was read from (IrOrigin.file). */
  file?: string;
  /** The stash's pointer in that file. */
  pointer: string;
  /** The pointers in that file of the `ir` and `extensions` entries the restore left out. */
  stopped: string[];
}

const isStringRecord = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((x) => typeof x === "string");
const isBagRecord = (v: unknown): v is Record<string, JsonObject> => isObject(v) && Object.values(v).every(isObject);

/** True when `raw` has the shape of a stash this version writes. */
export function isStash(raw: JsonValue): raw is JsonObject {
  if (!isObject(raw) || raw["version"] !== STASH_VERSION || typeof raw["from"] !== "string") return false;
  const ok: Record<string, (v: JsonValue) => boolean> = {
    pointer: (v) => typeof v === "string",
    index: (v) => typeof v === "number" && Number.isInteger(v) && v >= 0,
    bundle: (v) => v === true,
    entry: (v) => v === true,
    ir: isObject,
    moved: isStringRecord,
    absent: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
    extensions: isBagRecord,
    document: isBagRecord,
    sourceMap: isStringRecord,
    written: (v) => readWritten(v) !== undefined,
  };
  return Object.keys(raw).every((k) => k === "version" || k === "from" || (ok[k]?.(raw[k] as JsonValue) ?? false));
}

/** Canonical IR pointers only: a stash never writes bookkeeping (origin, source map) or the root. */
function canonicalPointer(p: string): boolean {
  try {
    const first = parsePointer(p)[0];
    return first !== undefined && canonicalFields().includes(first);
  } catch {
    return false;
  }
}

/**
 * Source-map entries a restore replaces: every entry at or under a restored or removed IR path is
 * forgotten, except the ones the restore writes itself. Collected, then applied in one pass over
 * the source map (one pass per entry made large stashes slow to read).
 */
class Forgotten {
  private readonly prefixes = new Set<string>();
  private readonly written = new Set<string>();
  forget(p: string): void {
    this.prefixes.add(p);
  }
  map(agent: IrAgent, p: string, src: string): void {
    setKey(agent.sourceMap, p, src);
    this.written.add(p);
  }
  apply(agent: IrAgent): void {
    if (this.prefixes.size === 0) return;
    for (const k of Object.keys(agent.sourceMap)) {
      if (this.written.has(k)) continue;
      for (let q = k; ; q = q.slice(0, q.lastIndexOf("/"))) {
        if (this.prefixes.has(q)) {
          delete agent.sourceMap[k];
          break;
        }
        if (q === "") break;
      }
    }
  }
}

/**
 * How a stash-stale warning names the stash's entries: as the user's files spell them, never by IR
 * path (session 15). `named`: an IR pointer's place in the home format, by the stash's placement hints
 * and the home format's parse declarations (`caplo model`, `agentmug blueprint.tools[1].kind`:
 * reporter.ts homePlace), else `targetName`: its place in the target file (where agentport wrote it,
 * `at`, else the nearest place the file's reading maps). `stash` is the stash renumbered to the items
 * as read now (stash-items.ts), `raw` the file's own. Exported for the edit fuzz, which names the
 * entries it expects reported the same way.
 */
export function entryNames(parsed: IrAgent, stash: JsonObject, raw: JsonObject, items: Reitemed | undefined, at: (p: string) => string | undefined): { named: (p: string) => string; targetName: (p: string) => string; movedName: (p: string) => string } {
  const from = typeof stash["from"] === "string" ? stash["from"] : "";
  const homePlaces = isStringRecord(stash["sourceMap"]) ? stash["sourceMap"] : {};
  const rawPlaces = isStringRecord(raw["sourceMap"]) ? raw["sourceMap"] : {};
  const targetName = (p: string) => dotted(at(p) ?? sourceOf(parsed, p) ?? "");
  const ir = isObject(stash["ir"]) ? stash["ir"] : {};
  const named = (p: string) => {
    const home = (isAncestorOrSelf("/instructions/chunks", p) ? chunkPlace(from, p, chunkKey(parsed, stash, p)) : undefined) ?? homePlace(from, homePlaces, p) ?? homePlace(from, rawPlaces, asStashed(items, p));
    if (home === undefined) return targetName(p);
    // A list item's `extra` (members the IR does not name, an AgentMug tool's timeoutMs): each member, as the home spells it, not the item.
    const extra = /^(\/[^/]+\/(?:0|[1-9][0-9]*))\/extra$/.exec(p);
    const v = extra === null ? undefined : own(ir, p);
    if (extra !== null && isObject(v) && Object.keys(v).length > 0 && home === (homePlace(from, homePlaces, extra[1] as string) ?? homePlace(from, rawPlaces, asStashed(items, extra[1] as string)))) return Object.keys(v).map((k) => `${from} ${dotted(join(home, k))}`).join(", ");
    return `${from} ${dotted(home)}`;
  };
  // A moved entry whose home place is the agent's own (its key: `(document)` by the file's place) is named by the
  // agent's place in its home document (an Agent Spec component's key, user trial 16 F6), not by an internal name.
  const homeRoot = homePlaces[""];
  const movedName = (p: string): string => {
    const n = named(p);
    return n === dotted("") && homeRoot !== undefined && homeRoot !== "" ? `${from} ${dotted(homeRoot)}` : n;
  };
  return { named, targetName, movedName };
}

/**
 * The key the prompt part holding IR pointer `p` had in the stash's home: the stash's own value for
 * it, none where the stash records it absent, else the key the file reads there (the stash keeps only
 * what differs).
 */
function chunkKey(parsed: IrAgent, stash: JsonObject, p: string): string | undefined {
  const chunk = p.split("/").slice(0, 4).join("/");
  const ir = (stash["ir"] ?? {}) as JsonObject;
  const own = ir[`${chunk}/key`] ?? (ir[chunk] as JsonObject | undefined)?.["key"];
  if (typeof own === "string") return own;
  if (Array.isArray(stash["absent"]) && stash["absent"].includes(`${chunk}/key`)) return undefined;
  const read = get(parsed as unknown as JsonObject, `${chunk}/key`);
  return typeof read === "string" ? read : undefined;
}

/**
 * Applies a stash found at `at` (relative to the agent's origin) to the agent
 * the target's parser read from the rest of `document`. Restored values
 * override what the document says for those IR paths only, and only where the
 * document still holds what agentport wrote: an entry whose value (or the value
 * it was derived with) was edited is left out, and one `stash-stale` warning per
 * edited value says which (src/ir/stash-guard.ts). Returns undefined
 * when `raw` is not a stash this version can apply (the caller keeps it as a
 * plain extension value), including a stash that would give an invalid IR.
 */
export function restoreStash(parsed: IrAgent, raw: JsonValue, at: string, document: JsonValue): Restored | undefined {
  if (!isStash(raw)) return undefined;
  // The stash's tools and model rows renumbered to the items as read now, found by identity wherever they moved (stash-items.ts).
  const items = reitemStash(parsed, raw, document);
  const stash = items?.raw ?? raw;
  const { named, targetName, movedName } = entryNames(parsed, stash, raw, items, (p) => check.at(p));
  const agent = structuredClone(parsed);
  const a = agent as unknown as JsonObject;
  const reading = parsed as unknown as JsonObject;
  const diagnostics: Diagnostic[] = [];
  const sourceFor = (p: string) => (agent.origin.file === undefined ? { pointer: agent.origin.pointer + p } : { file: agent.origin.file, pointer: agent.origin.pointer + p });
  const stashAt = (...tokens: string[]) => join(at, ...tokens);
  const check = new GuardCheck(readWritten(stash["written"]), reading, document, parsed.sourceMap, parsed.origin.unresolved);
  const placements = Object.entries((stash["sourceMap"] as Record<string, string> | undefined) ?? {}).filter(([k, v]) => LIST_ITEM.test(k) && v !== "");
  const placed = placementIndex(placements);
  const stale = new StaleReport(parsed, check, items);
  const forgotten = new Forgotten();
  // A prompt the target joined, edited there: split back by the stash's chunk markers (stash-prompt.ts).
  const prompt = rechunk(parsed, stash, readWritten(stash["written"]));
  if (prompt !== undefined) {
    agent.instructions = { chunks: prompt.chunks };
    const place = sourceOf(parsed, "/instructions/chunks/0");
    if (place !== undefined) prompt.chunks.forEach((c, i) => {
      setKey(agent.sourceMap, `/instructions/chunks/${i}`, place);
      if (c.text !== undefined) setKey(agent.sourceMap, `/instructions/chunks/${i}/text`, place);
    });
    // A file reference of an edited or removed part is no longer read: named.
    for (const g of prompt.givenUp) stale.skipsAs(g.p, givenUpName(g));
  }

  // An entry that holds just what agentport wrote at the place its guard reads (a link's when-to-use text, written
  // as the worker's description) is that place's old value: edited there, the edit replaced it, and it is not
  // restored; naming it would name the edited field itself (verify16 N6).
  const itself = (p: string, v: JsonValue): boolean => {
    const k = check.staleFor(p);
    return k !== undefined && k === check.guardOf(p) && check.wroteAs(k, v);
  };
  const absent = (stash["absent"] as string[] | undefined) ?? [];
  for (const p of absent) {
    const t = p.startsWith("/extensions/") ? parsePointer(p) : undefined;
    if (t && t.length === 3) {
      const bag = agent.extensions[t[1] as string];
      const has = bag !== undefined && Object.prototype.hasOwnProperty.call(bag, t[2] as string);
      if (has && stale.skips(p, `${t[1] as string} ${dotted(t[2] as string)}`)) continue;
      if (bag && has) delete bag[t[2] as string];
      if (bag && Object.keys(bag).length === 0) delete agent.extensions[t[1] as string];
    } else if (canonicalPointer(p)) {
      if (get(reading, p) !== undefined && stale.skips(p, named(p))) continue;
      removeAtPointer(a, p);
      forgotten.forget(p);
    }
  }
  for (const [p, q] of Object.entries((stash["moved"] as Record<string, string> | undefined) ?? {})) {
    if (!canonicalPointer(p) || !canonicalPointer(q)) continue;
    const v = get(a, q);
    if (v === undefined) continue;
    // Edited where it is carried, the value is the edit's, and its home place is still `p`: the edit lands there
    // (a routing text edited as an Agent Spec description is the mas spec.description again, not a metadata.description
    // beside it, verify16 N6; a Caplo key carried as an AgentMug id). Only an agent's own field so: a prompt part or a
    // model row read back in another form (`raw`) is the reader's, and an edit of it wins as read.
    // An agent's key carried as its id stays the edit's (a rename: the id is the identity the stash's other values follow).
    const own = parsePointer(p).length === 1 && parsePointer(q).length === 1 && p !== "/key";
    if (!own && stale.skips(q, `${movedName(p)} (carried as ${targetName(q)})`)) continue;
    const src = agent.sourceMap[q];
    removeAtPointer(a, q);
    forgotten.forget(q);
    setAtPointer(a, p, cloneJson(v));
    forgotten.forget(p);
    forgotten.map(agent, p, src ?? stashAt("moved", p));
  }
  for (const [p, v] of Object.entries((stash["ir"] as JsonObject | undefined) ?? {})) {
    if (!canonicalPointer(p)) continue;
    if (prompt !== undefined && isAncestorOrSelf("/instructions", p)) {
      // Split back already: an entry the edit's chunks do not hold as stashed (the edited part's old text) is the edit's.
      // A part the edit left alone is found by its marker, wherever it is now (a part before it removed, verify16 N7).
      if (!deepEqual(get(a, keptChunk(prompt.kept, p)), v)) stale.skips(p, named(p), true);
      continue;
    }
    // How the prompt spells a parameter describes the prompt: where the target has a spelling of its own,
    // not restored onto a prompt the edit wrote in it (an Agent Spec `{{x}}` read back under AgentMug's
    // `{{params.` would stay unfilled, fresh10 finding 3). Where it has none (mas), the prompt kept the
    // source's spelling, and an edit around it still means it.
    const spelling = isAncestorOrSelf("/placeholders", p) && parsed.placeholders !== undefined ? check.staleAround("/instructions") : undefined;
    // A row's name (its role) stays the row's when only its model was edited (GuardCheck.sameSlot).
    const item = namedItem(p);
    const kept = item !== undefined && check.sameSlot(item);
    if (!kept && wouldChange(reading, p, v) && itself(p, v)) continue;
    if (!kept && wouldChange(reading, p, v) && stale.skips(p, named(p), true, spelling, inRecord(p, check, reading))) continue;
    if (!setAtPointer(a, p, cloneJson(v))) continue;
    forgotten.forget(p);
    forgotten.map(agent, p, stashAt("ir", asStashed(items, p)));
  }
  for (const [format, bag] of Object.entries((stash["extensions"] as Record<string, JsonObject> | undefined) ?? {})) {
    for (const rel of Object.keys(bag)) {
      if (isPrivateExtension(format, rel, bag[rel])) {
        const source = sourceFor(stashAt("extensions", format, rel));
        diagnostics.push(diagnostic("private-omitted", { value: dotted(stashAt("extensions", format, rel)), what: privateDataOf(format)?.what ?? "private data", inStash: true }, source ? { source } : {}));
        continue;
      }
      const now = parsed.extensions[format]?.[rel];
      // A home-format value inside a list item (a mas tool's params) belongs to that item: not restored onto an edited one.
      const item = format === stash["from"] ? itemOf(placed, rel) : undefined;
      // The home value its coverage reads into the item's name (a mas primary row's id): the row's, whatever model it holds now.
      const name = item === undefined ? undefined : ITEM_NAME[item.split("/")[1] as string];
      const kept = item !== undefined && name !== undefined && check.sameSlot(item) && readsInto(format, rel, `${item}/${name}`);
      if (!kept && !deepEqual(now, bag[rel]) && stale.skips(item ?? extensionPointer(format, rel), `${format} ${dotted(rel)}`, false, item === undefined ? undefined : editedIdentity(item, check))) continue;
      const into = agent.extensions[format] ?? {};
      setKey(into, rel, cloneJson(bag[rel] as JsonValue));
      setKey(agent.extensions, format, into);
      forgotten.map(agent, extensionPointer(format, rel), stashAt("extensions", format, rel));
    }
  }
  forgotten.apply(agent);
  const from = stash["from"] as string;
  if (from !== agent.origin.format) {
    const placement: Record<string, string> = {};
    // Placement hints of an edited list item are not applied: the item is where the edit put it.
    for (const [k, v] of Object.entries((stash["sourceMap"] as Record<string, string> | undefined) ?? {})) if (PLACEMENT.test(k) && check.staleFor(k) === undefined) setKey(placement, k, v);
    agent.home = { format: from, pointer: typeof stash["pointer"] === "string" ? stash["pointer"] : "", sourceMap: placement };
    if (typeof stash["index"] === "number") agent.home.index = stash["index"];
    const removed = removedSettings(readWritten(stash["written"]), reading, document, agent);
    if (removed.length) agent.home.removed = removed;
  }
  const checked = irSchemas().IrAgent.safeParse(agent);
  if (!checked.success) return undefined;
  // The model row the user edited into another one runs with the file's defaults (checked IR only: its rows are rows).
  const edited = agent.home === undefined ? [] : editedRowSettings(reading, agent, check).filter((p) => !agent.home?.removed?.includes(p));
  if (agent.home !== undefined && edited.length) agent.home.removed = [...(agent.home.removed ?? []), ...edited];
  diagnostics.push(...stale.diagnostics(sourceFor));
  const doc: Record<string, JsonObject> = {};
  for (const [format, bag] of Object.entries((stash["document"] as Record<string, JsonObject> | undefined) ?? {})) setKey(doc, format, cloneJson(bag));
  const unedited = check.intactPlaces();
  const read: StashRead = { pointer: parsed.origin.pointer + at, stopped: notRestored(agent, stash, items, prompt?.kept, parsed.origin.pointer + at) };
  if (parsed.origin.file !== undefined) read.file = parsed.origin.file;
  return { agent, document: doc, diagnostics, stash: read, ...(stash["bundle"] === true ? { bundle: true as const } : {}), ...(stash["entry"] === true ? { entry: true as const } : {}), ...(unedited.length ? { unedited } : {}) };
}

/**
 * The pointers (under the stash at `at` in its file) of the stash's values the restored `agent` does
 * not hold as the stash held them: whatever stopped them (an edit, an entry no IR holds), they are not
 * carried. Private extension values are left out: their own note (private-omitted) says so.
 */
function notRestored(agent: IrAgent, stash: JsonObject, items: Reitemed | undefined, kept: ReadonlyMap<number, number> | undefined, at: string): string[] {
  const a = agent as unknown as JsonObject;
  const out: string[] = [];
  for (const [p, v] of Object.entries((stash["ir"] as JsonObject | undefined) ?? {})) {
    const now = kept !== undefined && isAncestorOrSelf("/instructions", p) ? keptChunk(kept, p) : p;
    if (!canonicalPointer(now) || !deepEqual(get(a, now), v)) out.push(join(at, "ir", asStashed(items, p)));
  }
  for (const [format, bag] of Object.entries((stash["extensions"] as Record<string, JsonObject> | undefined) ?? {})) {
    for (const rel of Object.keys(bag)) {
      if (!isPrivateExtension(format, rel, bag[rel]) && !deepEqual(agent.extensions[format]?.[rel], bag[rel])) out.push(join(at, "extensions", format, rel));
    }
  }
  return out;
}

/** The IR pointer `p` (a stash entry under /instructions/chunks/N) at the index its part has in the split prompt, where the edit kept that part. */
function keptChunk(kept: ReadonlyMap<number, number>, p: string): string {
  const m = /^\/instructions\/chunks\/(0|[1-9][0-9]*)(\/.*)?$/.exec(p);
  const now = m === null ? undefined : kept.get(Number(m[1]));
  return now === undefined || m === null ? p : `/instructions/chunks/${now}${m[2] ?? ""}`;
}

/**
 * An identity member of the list item `item` (ITEM_IDENTITY, src/ir/stash-guard.ts) whose guard an
 * edit made stale, if any. A model row's home values (an Agent Spec llm_config's component_type, url
 * and name) belong to the model it names: once the model was edited (a mas model string, guarded apart
 * from the row's temperature), they describe another model, and restored over the edit they would
 * send it to the old server (fresh10 finding 4).
 */
function editedIdentity(item: string, check: GuardCheck): string | undefined {
  if (!check.edited) return undefined;
  for (const m of identityMembers(item) ?? []) if (check.staleFor(`${item}/${m}`) !== undefined) return `${item}/${m}`;
  return undefined;
}

/**
 * IR objects whose members are independent settings: a member the target cannot hold is guarded
 * by the object as written (mas `spec.budget` for Caplo's `policy.maxDepth`), but an edit of
 * another member (`max_llm_calls`) is no edit of it, and does not stop it (fresh10 finding 8).
 * Removing the whole object still does.
 */
const RECORDS: ReadonlySet<string> = new Set(["/limits"]);

/** True when the entry at `p` is a member of a RECORDS object that the reading still has and whose guard is the only one of the entry. */
function inRecord(p: string, check: GuardCheck, reading: JsonObject): boolean {
  const parent = p.slice(0, p.lastIndexOf("/"));
  return RECORDS.has(parent) && check.guardOf(p) === parent && get(reading, parent) !== undefined;
}

/** IR list items whose home placement a stash records. */
const LIST_ITEM = /^\/(?:models|tools|knowledge|evals)\/(?:0|[1-9][0-9]*)$/;

/** The placement keys of a source map (PLACEMENT; every LIST_ITEM key is one), in its order. */
const placedKeys = (map: Readonly<Record<string, string>>): string[] => Object.keys(map).filter((k) => PLACEMENT.test(k));

/** List items by their home place (`/spec/tools/3` → `/tools/3`), the first for a place: built once per stash, for itemOf. */
function placementIndex(placements: readonly [string, string][]): Map<string, string> {
  const index = new Map<string, string>();
  for (const [k, v] of placements) if (!index.has(v)) index.set(v, k);
  return index;
}

/**
 * The IR list item whose home place holds the home-format pointer `rel`, if any: its deepest placed
 * ancestor-or-self (an index lookup per ancestor; a scan of every placement per value was quadratic in
 * tools: a mas agent's 5,000 tools' params → AgentMug cost 2.7 × per tool what 10 did, session 14).
 */
function itemOf(index: ReadonlyMap<string, string>, rel: string): string | undefined {
  for (let q = rel; ; q = q.slice(0, q.lastIndexOf("/"))) {
    const hit = index.get(q);
    if (hit !== undefined) return hit;
    if (q === "") return undefined;
  }
}

/**
 * The IR paths of values agentport wrote at a place of their own (a guard with `at`) that the file no
 * longer holds, read nowhere now and not restored: settings the user removed in the target.
 */
function removedSettings(written: Written | undefined, reading: JsonObject, document: JsonValue, restored: IrAgent): string[] {
  if (written === undefined) return [];
  const out: string[] = [];
  for (const [k, g] of Object.entries(written)) {
    if (g.at === undefined || g.reported === true || k.startsWith("/extensions/") || LIST_ITEM.test(k)) continue;
    if (get(document, g.at) === undefined && get(reading, k) === undefined && get(restored, k) === undefined) out.push(k);
  }
  return out;
}

/**
 * The declared model settings (the read format's defaults, `/models/0/temperature`) of a main model
 * row the user edited into another one (its guard stale, so the stash's values for it, an Agent Spec
 * llm_config's generation parameters, are not restored), that the file does not state: the file's
 * runtime ran that row with its own defaults, which are the source's now, as for the file without a
 * stash (session 16: Agent Spec → mas, the model edited, → Agent Spec lost mas's 0.7 and 2000 with no word).
 */
function editedRowSettings(reading: JsonObject, restored: IrAgent, check: GuardCheck): string[] {
  const main = mainModelIndex(restored);
  if (main === -1 || !check.edited) return [];
  const row = `/models/${main}`;
  if (check.staleFor(row) === undefined && check.staleItem(`${row}/model`) === undefined) return [];
  const out: string[] = [];
  for (const p of Object.keys(adapterFor(restored.origin.format)?.defaults ?? {})) {
    if (!p.startsWith(MODEL_SETTING)) continue;
    const at = row + p.slice(MODEL_SETTING.length - 1);
    if (get(reading, at) === undefined && get(restored, at) === undefined) out.push(p);
  }
  return out;
}

/** A declared model setting is the main row's (src/checks/defaults.ts). */
const MODEL_SETTING = "/models/0/";

/** Collects the stash entries an edit stops, by the edited value, for one warning each. */
class StaleReport {
  /** Source pointer of the edited value → names of the entries not restored. */
  private readonly byPlace = new Map<string, string[]>();
  /** Places of edited values that are gone from the file (a removed tool). */
  private readonly removed = new Set<string>();
  constructor(
    private readonly parsed: IrAgent,
    private readonly check: GuardCheck,
    private readonly items?: Reitemed,
  ) {}

  /**
   * True (and recorded) when an edit stops the entry at IR pointer `p`. With
   * `set`, an entry no guard covers is also stopped when the target now holds a
   * value there: it had none when agentport wrote it, so the user put it there, and
   * one inside a list item that was edited (GuardCheck.staleItem).
   * `because` names another entry whose edit stops this one too. An entry `alone`
   * (RECORDS) is stopped only by a value the target now holds at its own path.
   */
  skips(p: string, name: string, set = false, because?: string, alone = false): boolean {
    if (alone) return get(this.parsed, p) !== undefined && this.stop(p, name, p);
    let k = this.check.staleFor(p) ?? (because === undefined ? undefined : this.check.staleFor(because));
    if (k === undefined && set) k = this.check.staleItem(p);
    // A value the target now holds inside an item edited elsewhere, where the item as written had none: the edit's
    // (not one its reader fills in, which the file does not hold: an MCPTool's requiresUserAuth).
    if (k === undefined && set && this.check.rewrittenItem(p) !== undefined && get(this.parsed, p) !== undefined && !readerFilled(this.parsed.origin.format)(p)) k = p;
    if (k === undefined && set && this.check.guarded && this.check.guardOf(p) === undefined && get(this.parsed, p) !== undefined) k = p;
    return k !== undefined && this.stop(k, name, p);
  }

  /** IR pointers of entries named by a name of their own (a given-up prompt file, skipsAs): not named again by their place. */
  private readonly namedAs = new Set<string>();

  /** skips, for an entry whose `name` says more than its place would (a given-up prompt file): the entry is named so, once. */
  skipsAs(p: string, name: string): boolean {
    const stopped = this.skips(p, name);
    if (stopped) this.namedAs.add(p);
    return stopped;
  }

  /**
   * Records the entry `name` stopped by the edit the guard `k` saw: at the list item `k` lies in when
   * that item's guard is stale too (one edit of a tool, its removal above all, is one warning, not
   * one per guarded member), and as a removal when the edited place is gone from the file.
   */
  private stop(k: string, name: string, p: string): true {
    if (this.namedAs.has(p)) return true;
    const at = this.check.staleItemOf(k) ?? k;
    const place = this.check.at(at) ?? sourceOf(this.parsed, at) ?? "";
    // Gone from the file, or a stashed item read nowhere now whose old place another item moved into.
    if (this.check.gone(place) || (place !== "" && (wasRemoved(this.items, at) || this.check.removedItem(at)))) this.removed.add(place);
    const names = this.byPlace.get(place) ?? [];
    // Several IR values can have one place in the user's files (a Caplo model's provider and the model string it makes): named once.
    if (!names.includes(name)) names.push(name);
    this.byPlace.set(place, names);
    return true;
  }

  diagnostics(sourceFor: (p: string) => Diagnostic["source"]): Diagnostic[] {
    return [...this.byPlace.entries()].map(([place, names]) => {
      const source = sourceFor(place);
      return diagnostic("stash-stale", { value: dotted(place), entries: names, ...(this.removed.has(place) ? { removed: true as const } : {}) }, {
        ...(source ? { source } : {}),
        hint: `the originals are still in ${STASH_KEY} of this file: undo the edit to get them back`,
      });
    });
  }
}

/** Merges stashed document-level values into a document's extensions; the document's own values win. */
export function mergeDocumentExtensions(into: IrDocument["extensions"], stashed: Record<string, JsonObject>): void {
  for (const [format, bag] of Object.entries(stashed)) {
    const target = into[format] ?? {};
    for (const rel of Object.keys(bag)) if (!Object.prototype.hasOwnProperty.call(target, rel)) setKey(target, rel, bag[rel] as JsonValue);
    if (Object.keys(target).length) setKey(into, format, target);
  }
}
