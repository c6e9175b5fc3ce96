// A stash's list items found again by their identity, wherever they moved (session 12).
//
// A stash names a tool or a model row by its index in the IR it was written from (`/tools/1/ref`),
// and its guards (src/ir/stash-guard.ts) compare that index's item as read now. Remove the first tool
// in the target and the second is read at index 0: the stash's entries for index 0 (the removed
// tool's ref) were judged against the kept tool, which then lost its own values, and the warnings
// named the wrong items (the kept tool "edited", the other "removed"). Before the guards are checked,
// this renumbers the stash's entries of each list whose items have an identity (ITEM_IDENTITY) to the
// items as read now: each stashed item is found by the digest of its identity (or, for an item guarded
// as written, of its place), and its entries, guards and placements move to the index it is read at
// now. Only unique matches move anything; anything this cannot renumber safely (two items of one
// identity, an item without a guard, a whole-list entry, a moved value) leaves the list positional,
// as before. A stashed item read nowhere now (removed, or edited into another) keeps its guard at an
// index past the items read, so its entries are reported stale at its old place and restored nowhere;
// an item read now that no stashed item is (inserted) has no entries: it is the user's. The Agent
// Spec adapter does the same for an agent's links (src/adapters/agentspec/link-guards.ts), which are
// identified by where they were written, not by members of the item.
import type { IrAgent } from "./model.js";
import { cloneJson, isObject, setKey, type JsonObject, type JsonValue } from "./json.js";
import { get, isAncestorOrSelf } from "./pointer.js";
import { digest, identityOf, ITEM_IDENTITY, readWritten, type Guard, type Written } from "./stash-guard.js";

export interface Reitemed {
  /** The stash, its identity lists' entries renumbered to the items as read now. */
  raw: JsonObject;
  /** Item pointers of the renumbered stash → the item's pointer as the stash names it (its key in the file's x-agentport). */
  was: ReadonlyMap<string, string>;
  /** Those of `gone` that were removed (no item read now is new, so none of them was edited into another). */
  removed: ReadonlySet<string>;
}

const INDEX = "(0|[1-9][0-9]*)";

/** For one list, stashed index → index read now (found) and the stashed indexes read nowhere now (gone); undefined: leave positional. */
interface ListMap {
  list: string;
  found: Map<number, number>;
  gone: number[];
  /** The place each found item is read from now (its source-map entry), by stashed index. */
  placeNow: Map<number, string | undefined>;
  /** True when some item read now is none of the stashed ones (inserted, or edited into another thing). */
  added: boolean;
  /** Items read now. */
  count: number;
}

/**
 * The stash `raw` with the entries of every identity list renumbered to `parsed` (the agent as read
 * without its stash) and `document` (the file without stashes, as the guards compare it); undefined
 * when no list needs it (every stashed item is read at its own index, or a list cannot be renumbered).
 */
export function reitemStash(parsed: IrAgent, raw: JsonObject, document: JsonValue): Reitemed | undefined {
  const written = readWritten(raw["written"]);
  if (written === undefined) return undefined;
  const ir = isObject(raw["ir"]) ? raw["ir"] : {};
  const absent = Array.isArray(raw["absent"]) ? (raw["absent"] as JsonValue[]).filter((p): p is string => typeof p === "string") : [];
  const moved = isObject(raw["moved"]) ? raw["moved"] : {};
  const placements = isObject(raw["sourceMap"]) ? raw["sourceMap"] : {};
  const maps: ListMap[] = [];
  for (const list of Object.keys(ITEM_IDENTITY)) {
    const m = mapList(list, parsed, document, written, [...Object.keys(ir), ...absent, ...Object.keys(written), ...Object.keys(placements)], moved);
    if (m !== undefined) maps.push(m);
  }
  if (maps.length === 0) return undefined;

  const was = new Map<string, string>();
  const removed = new Set<string>();
  /** An IR pointer of the stash → the one it is renumbered to (itself outside the lists renumbered). */
  const renames: ((p: string) => string | undefined)[] = [];
  /** Member guards' places: under a found item's old place → under its place now. */
  const places: [string, string, string][] = [];
  for (const m of maps) {
    const to = new Map<number, number>(m.found);
    for (const [i, j] of m.found) if (i !== j) was.set(`/${m.list}/${j}`, `/${m.list}/${i}`);
    m.gone.forEach((i, c) => {
      to.set(i, m.count + c);
      was.set(`/${m.list}/${m.count + c}`, `/${m.list}/${i}`);
      if (!m.added) removed.add(`/${m.list}/${m.count + c}`);
    });
    const re = new RegExp(`^/${m.list}/${INDEX}(/.*)?$`);
    renames.push((p) => {
      const x = re.exec(p);
      return x === null ? undefined : `/${m.list}/${to.get(Number(x[1])) as number}${x[2] ?? ""}`;
    });
    for (const [i, j] of m.found) {
      const g = written[`/${m.list}/${i}`] as Guard;
      const now = m.placeNow.get(i);
      if (g.at !== undefined && g.reported !== true && now !== undefined && now !== g.at) places.push([`/${m.list}/${j}`, g.at, now]);
    }
  }
  const rename = (p: string): string => {
    for (const r of renames) {
      const q = r(p);
      if (q !== undefined) return q;
    }
    return p;
  };

  const out = cloneJson(raw) as JsonObject;
  if (isObject(raw["ir"])) {
    const next: JsonObject = {};
    for (const k of Object.keys(ir)) setKey(next, rename(k), cloneJson(ir[k] as JsonValue));
    out["ir"] = next;
  }
  if (Array.isArray(raw["absent"])) out["absent"] = absent.map(rename);
  if (isObject(raw["sourceMap"])) {
    const next: JsonObject = {};
    for (const k of Object.keys(placements)) setKey(next, rename(k), cloneJson(placements[k] as JsonValue));
    out["sourceMap"] = next;
  }
  const guards: Written = {};
  for (const [k, g] of Object.entries(written)) {
    const key = rename(k);
    const guard: Guard = { ...g };
    // A found item is read from its place now; its members' guards under its old place follow it there.
    const moves = places.find(([item]) => isAncestorOrSelf(item, key));
    if (moves !== undefined && guard.at !== undefined && guard.reported !== true && isAncestorOrSelf(moves[1], guard.at)) guard.at = moves[2] + guard.at.slice(moves[1].length);
    setKey(guards as unknown as JsonObject, key, guard as unknown as JsonObject);
  }
  out["written"] = guards as unknown as JsonObject;
  return { raw: out, was, removed };
}

/** How the stashed items of `/list` are read now, when they moved; undefined when they did not, or cannot be told. */
function mapList(list: string, parsed: IrAgent, document: JsonValue, written: Written, keys: readonly string[], moved: JsonObject): ListMap | undefined {
  const at = `/${list}`;
  const under = (p: string) => isAncestorOrSelf(at, p);
  // A value carried elsewhere (moved) is named by its pointer at both ends: read by position only.
  if (Object.entries(moved).some(([k, v]) => under(k) || (typeof v === "string" && under(v)))) return undefined;
  const re = new RegExp(`^/${list}/${INDEX}(?:/.*)?$`);
  const indexes = new Set<number>();
  for (const k of keys) {
    if (!under(k)) continue;
    const m = re.exec(k);
    // A whole-list entry or guard (a row the target cannot hold, guarded by the list): by position only.
    if (m === null) return undefined;
    indexes.add(Number(m[1]));
  }
  if (indexes.size === 0) return undefined;
  const items = get(parsed, at);
  const count = Array.isArray(items) ? items.length : 0;
  const sourceMap = parsed.sourceMap;
  // The three ways of telling an item read now, each worked out for every item on first use only.
  const table = (f: (j: number) => string | undefined) => {
    let t: (string | undefined)[] | undefined;
    return (): (string | undefined)[] => (t ??= Array.from({ length: count }, (_, j) => f(j)));
  };
  const idNow = table((j) => identityOf(parsed, `${at}/${j}`));
  const placeDigest = table((j) => {
    const place = sourceMap[`${at}/${j}`];
    return place === undefined ? undefined : digest(get(document, place));
  });
  const valueDigest = table((j) => digest((items as unknown[])[j]));
  const found = new Map<number, number>();
  const gone: number[] = [];
  const placeNow = new Map<number, string | undefined>();
  const taken = new Set<number>();
  for (const i of [...indexes].sort((x, y) => x - y)) {
    const g = written[`${at}/${i}`];
    // An item the stash does not say how to find (no guard of its own, or one at a place an emitter reported): by position only.
    if (g === undefined || (g.reported === true && g.identity === undefined)) return undefined;
    // The item read now that is the stashed one: the same identity; for an item guarded as written, the same value at its place.
    const by = (g.identity !== undefined ? idNow : g.at !== undefined ? placeDigest : valueDigest)();
    const want = g.identity ?? g.digest;
    const now: number[] = [];
    for (let j = 0; j < count; j++) if (by[j] === want) now.push(j);
    if (now.length > 1) return undefined;
    if (now.length === 0) {
      gone.push(i);
      continue;
    }
    const j = now[0] as number;
    if (taken.has(j)) return undefined;
    taken.add(j);
    found.set(i, j);
    placeNow.set(i, sourceMap[`${at}/${j}`]);
  }
  // Every item found where it was: the positional guards are right. (A stashed item read nowhere is then
  // past the items read, or at the place of an item read now that is none of the stash's: edited into
  // another thing there, a rename, which is an edit of it at that place.)
  if ([...found].every(([i, j]) => i === j)) return undefined;
  return { list, found, gone, placeNow, added: taken.size < count, count };
}

/**
 * The IR pointer `p` of the renumbered stash as the file's stash names it: the warnings name an entry
 * not restored as x-agentport keeps it (where the hint sends the user), and a restored value's source
 * is its place there.
 */
export function asStashed(items: Reitemed | undefined, p: string): string {
  if (items === undefined) return p;
  for (const [now, was] of items.was) if (isAncestorOrSelf(now, p)) return was + p.slice(now.length);
  return p;
}

/** True when the item pointer `item` (of the renumbered stash) is a stashed item the user removed. */
export function wasRemoved(items: Reitemed | undefined, item: string): boolean {
  if (items === undefined) return false;
  for (const r of items.removed) if (isAncestorOrSelf(r, item)) return true;
  return false;
}
