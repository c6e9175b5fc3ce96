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
import { escapeToken, get, isAncestorOrSelf, unescapeToken } from "./pointer.js";
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
  /** Where the file lists the items by index, when it does (listPlace). */
  place?: string;
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
    const m = mapList(list, parsed, document, written, [...Object.keys(ir), ...absent, ...Object.keys(written)], Object.keys(placements), moved);
    if (m !== undefined) maps.push(m);
  }
  if (maps.length === 0) return undefined;

  const was = new Map<string, string>();
  const removed = new Set<string>();
  /** An IR pointer of the stash → the one it is renumbered to (itself outside the lists renumbered). */
  const renames: ((p: string) => string | undefined)[] = [];
  /** Member guards' places: under a found item's old place → under its place now. */
  const places: [string, string, string][] = [];
  /** Further places of the file (its old place → its place now) of items with no guard that says it, or read nowhere now. */
  const filePlaces: [string, string][] = [];
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
      const g = written[`/${m.list}/${i}`];
      const now = m.placeNow.get(i);
      // (An item known by its placement only has no guard: placeLoose.)
      if (g !== undefined && g.at !== undefined && g.reported !== true && now !== undefined && now !== g.at) places.push([`/${m.list}/${j}`, g.at, now]);
    }
    // The places of the items the stash has no guard for (known by their placement only), and of the
    // stashed items read nowhere now, where the file lists the items by index under one place (every
    // found item's place then and now is that list's item at its index): the values of the format
    // read now under them follow them too (past the items read, for one read nowhere), not onto the
    // item read now at their old index.
    const list = m.place;
    if (list !== undefined) {
      for (const [i, j] of m.found) if (written[`/${m.list}/${i}`] === undefined && i !== j) places.push([`/${m.list}/${j}`, `${list}/${i}`, `${list}/${j}`]);
      m.gone.forEach((i, c) => filePlaces.push([written[`/${m.list}/${i}`]?.at ?? `${list}/${i}`, `${list}/${m.count + c}`]));
    }
  }
  // A value of the format read now that it holds in a found item (an Agent Spec tool's inputs, which
  // the stash removes or keeps for that tool) is named by its place in the file: it follows the item's place.
  const movePlace = (at: string): string | undefined => {
    for (const [, was, now] of places) if (isAncestorOrSelf(was, at)) return now + at.slice(was.length);
    for (const [was, now] of filePlaces) if (isAncestorOrSelf(was, at)) return now + at.slice(was.length);
    return undefined;
  };
  const own = `/extensions/${escapeToken(parsed.origin.format)}/`;
  const rename = (p: string): string => {
    for (const r of renames) {
      const q = r(p);
      if (q !== undefined) return q;
    }
    if (p.startsWith(own) && !p.slice(own.length).includes("/")) {
      const at = movePlace(unescapeToken(p.slice(own.length)));
      if (at !== undefined) return own + escapeToken(at);
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
    else if (key !== k && k.startsWith(own) && guard.at !== undefined && guard.reported !== true) guard.at = movePlace(guard.at) ?? guard.at;
    setKey(guards as unknown as JsonObject, key, guard as unknown as JsonObject);
  }
  out["written"] = guards as unknown as JsonObject;
  return { raw: out, was, removed };
}

/**
 * The file's place of the list `m` renumbers, when the file lists its items by index there: every
 * found item guarded at a place of its own was written at `<place>/<its index>` and is read now at
 * `<place>/<its index now>`. Undefined when no item says so, or one says otherwise.
 */
function listPlace(list: string, found: ReadonlyMap<number, number>, placeNow: ReadonlyMap<number, string | undefined>, written: Written): string | undefined {
  let place: string | undefined;
  for (const [i, j] of found) {
    const g = written[`/${list}/${i}`];
    if (g === undefined) continue;
    const now = placeNow.get(i);
    if (g.at === undefined || g.reported === true || now === undefined || !g.at.endsWith(`/${i}`)) return undefined;
    const p = g.at.slice(0, g.at.length - String(i).length - 1);
    if (now !== `${p}/${j}` || (place !== undefined && place !== p)) return undefined;
    place = p;
  }
  return place;
}

/** How the stashed items of `/list` are read now, when they moved; undefined when they did not, or cannot be told. */
function mapList(list: string, parsed: IrAgent, document: JsonValue, written: Written, keys: readonly string[], placed: readonly string[], moved: JsonObject): ListMap | undefined {
  const at = `/${list}`;
  const under = (p: string) => isAncestorOrSelf(at, p);
  // A value carried elsewhere (moved) is named by its pointer at both ends: read by position only.
  if (Object.entries(moved).some(([k, v]) => under(k) || (typeof v === "string" && under(v)))) return undefined;
  const re = new RegExp(`^/${list}/${INDEX}(?:/.*)?$`);
  const indexes = new Set<number>();
  /**
   * Items the stash has no guard of their own for, whose entries (if any) each have one at a place of
   * the file (an Agent Spec tool's component_type for its kind): no guard finds them (placeLoose).
   */
  const loose = new Set<number>();
  /** The entries of each stashed item, by its index. */
  const entries = new Map<number, string[]>();
  for (const [ks, onlyPlaced] of [[keys, false], [placed, true]] as const) {
    for (const k of ks) {
      if (!under(k)) continue;
      const m = re.exec(k);
      // A whole-list entry or guard (a row the target cannot hold, guarded by the list): by position only.
      if (m === null) return undefined;
      const i = Number(m[1]);
      if (onlyPlaced && !indexes.has(i) && written[`${at}/${i}`] === undefined) loose.add(i);
      else {
        indexes.add(i);
        if (!onlyPlaced && k !== `${at}/${i}`) {
          const e = entries.get(i);
          if (e === undefined) entries.set(i, [k]);
          else e.push(k);
        }
      }
    }
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
    const own = (k: string) => {
      const m = written[k];
      return m !== undefined && m.at !== undefined && m.reported !== true;
    };
    if (g === undefined && (entries.get(i) ?? []).every(own)) {
      loose.add(i);
      continue;
    }
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
  const place = listPlace(list, found, placeNow, written);
  // A loose item is the one read in its gap when what guards its entries reads there as written.
  const fits = (i: number, j: number) =>
    (entries.get(i) ?? []).every((k) => {
      const g = written[k] as Guard;
      const was = `${place as string}/${i}`;
      return place !== undefined && isAncestorOrSelf(was, g.at as string) && digest(get(document, `${place}/${j}${(g.at as string).slice(was.length)}`)) === g.digest;
    });
  placeLoose(loose, found, gone, taken, count, fits);
  return { list, found, gone, placeNow, added: taken.size < count, count, ...(place === undefined ? {} : { place }) };
}

/**
 * The items known by their placement only (`loose`), among the found ones: between its two nearest
 * found neighbours (in the stash's order), a loose item is the item read now in that gap when the gap
 * holds as many items read now that are none of the stash's as loose ones (each in its order: another
 * item was inserted, removed or moved elsewhere); otherwise which is which cannot be told (a tool
 * inserted next to it), and its placement applies nowhere (`gone`, past the items read), rather than
 * to the item now at its index (its entries, if any, past the items read: stale, restored nowhere).
 * An item with entries is the one in its gap only where the guards of its entries read there as written.
 */
function placeLoose(loose: ReadonlySet<number>, found: Map<number, number>, gone: number[], taken: Set<number>, count: number, fits: (i: number, j: number) => boolean): void {
  if (loose.size === 0) return;
  const anchors = [...found].sort(([a], [b]) => a - b);
  // The gap of a stashed index: how many found items come before it (a binary search: an agent may hold thousands of tools).
  const gapOf = (i: number): number => {
    let lo = 0;
    let hi = anchors.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((anchors[mid] as [number, number])[0] < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const gaps = new Map<number, number[]>();
  for (const i of [...loose].sort((x, y) => x - y)) {
    const g = gapOf(i);
    const inGap = gaps.get(g);
    if (inGap === undefined) gaps.set(g, [i]);
    else inGap.push(i);
  }
  const goneGaps = new Set(gone.map(gapOf));
  for (const [g, stashed] of gaps) {
    const from = g === 0 ? 0 : (anchors[g - 1] as [number, number])[1] + 1;
    const to = g === anchors.length ? count : (anchors[g] as [number, number])[1];
    const free: number[] = [];
    for (let j = from; j < to; j++) if (!taken.has(j)) free.push(j);
    // A stashed item gone from this gap may have been edited into one of its items: which is which cannot be told either.
    const goneHere = goneGaps.has(g);
    if (free.length === stashed.length && from <= to && !goneHere && stashed.every((i, c) => fits(i, free[c] as number))) {
      stashed.forEach((i, c) => {
        found.set(i, free[c] as number);
        taken.add(free[c] as number);
      });
    } else for (const i of stashed) gone.push(i);
  }
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
