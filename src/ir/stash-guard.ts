// Edits win over the stash. A stash entry restores an IR value on top of what the
// target's parser read; if the user edited the target value that entry shadows
// (or that was derived from the same structure), applying it would throw the edit
// away. So the stash records, per entry, what was written: the `written` member
// maps an IR pointer (a guard) to the target pointer it was read from and a digest
// of the value written there (or, where the target's reading has no source
// pointer, a digest of that reading). On the way back a guard whose value no longer
// matches was edited: every entry it guards is left out and reported once, at the
// edited value (`stash-stale`). See docs/decisions.md, "Edits win".
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json.js";
import { escapeToken, get, isAncestorOrSelf, parsePointer, unescapeToken } from "./pointer.js";
import type { WrittenChoice } from "./stash-choice.js";

/** One guard: the target pointer read (absent: the IR reading itself is digested) and the digest of what was written. */
export interface Guard {
  at?: string;
  digest: string;
  /** `at` is where an emitter reported writing the value, not where the reading reads it from. */
  reported?: true;
  /** The other places written in one choice with `at` (src/ir/stash-choice.ts), each with the digest of what was written there. */
  choice?: Record<string, string>;
  /**
   * On the guard of a list item (`/tools/0`) whose entries describe the item, not one of its other
   * members (a tool's `ref`, its kind): the digest of the item's identity as read (ITEM_IDENTITY).
   * An item edited elsewhere (its description) still is that item, so the guard holds.
   */
  identity?: string;
  /**
   * Set on the way back only, never written by an emitter: by an adapter that follows a list's items
   * by their identity before the restore (an Agent Spec team's links, link-guards.ts), on the guard of
   * an item it found nowhere while every item read now is one of the stash's. The item was removed,
   * whatever item moved into its place, and its stale entries are reported as a removal.
   */
  removed?: true;
}

/**
 * The members that say which thing an item of a list is: a tool is its name and kind; a model row is
 * its model (its id, provider, whether the source stated the provider, and the spelling as read: a
 * mas model string). Values the target cannot hold inside the item (a mas tool's `ref`, a model row's
 * role, top_p or spelling) belong to that thing, whatever else of it an edit changed (a description,
 * a temperature); an edit of one of these members makes it another thing.
 */
export const ITEM_IDENTITY: Readonly<Record<string, readonly string[]>> = { tools: ["name", "kind"], models: ["id", "provider", "providerSource", "raw"] };

/**
 * What a link (an agent's `/subAgents/<i>`) depends on: the agent it calls and the routing text its
 * caller reads to choose it. Its other values (a Caplo link's doNotUseWhen and mode, which a target may
 * have no place for) describe that hand-over, whatever else of the called agent an edit changed (its
 * prompt, its temperature): guarded by the link's place as a whole (an Agent Spec worker component),
 * they were lost with any edit of it (verification finding N1, session 16). Not in ITEM_IDENTITY: a
 * team's links are followed by their place (src/adapters/agentspec/link-guards.ts), not renumbered
 * by the hub (stash-items.ts). Only for the links an emitter names (Reporter.linkedByIdentity): a link's
 * place may be the link alone (a Swarm relationship), read in another order than the stash restores.
 */
export const LINK_IDENTITY: readonly string[] = ["local", "external", "useWhen"];

/** The identity members of the list item at IR pointer `item` (`/tools/0`), if its list has them. */
export function identityMembers(item: string): readonly string[] | undefined {
  // Asked for every guarded entry: the list's name is cut out, not matched (only ITEM_IDENTITY's own keys count).
  const end = item.indexOf("/", 1);
  if (end === -1 || !INDEX.test(item.slice(end + 1))) return undefined;
  const list = item.slice(1, end);
  return Object.prototype.hasOwnProperty.call(ITEM_IDENTITY, list) ? ITEM_IDENTITY[list] : undefined;
}

/** True when IR pointer `k` is a link (`/subAgents/0`). */
const LINK_ITEM = /^\/subAgents\/(?:0|[1-9][0-9]*)$/;

/** identityOf, and for a link (whose guard an emitter said holds by its identity: GuardBuilder `linked`), the digest of its LINK_IDENTITY members. */
export function identityOfItem(reading: unknown, k: string): string | undefined {
  if (!LINK_ITEM.test(k)) return identityOf(reading, k);
  const v = valueAt(reading, k);
  return digest(LINK_IDENTITY.map((m) => (isObject(v) ? v[m] : undefined)));
}

/**
 * The member of a list item that names it within the agent, which other settings name the item by: a
 * model row's role (a mas row `id`, the `summarizer` a context manager names). It is the row's, not its
 * model's: an edit of the model in a one-model target leaves it the row's name (session 14).
 */
export const ITEM_NAME: Readonly<Record<string, string>> = { models: "role" };

/** The list item (`/models/0`) whose naming member (ITEM_NAME) IR pointer `p` is (`/models/0/role`), if it is one. */
export function namedItem(p: string): string | undefined {
  const m = /^(\/([^/]+)\/(?:0|[1-9][0-9]*))\/([^/]+)$/.exec(p);
  return m !== null && ITEM_NAME[m[2] as string] === m[3] ? m[1] : undefined;
}

/** True when IR pointer `k` is a list item (its last token an index). */
const ITEM_POINTER = /\/(?:0|[1-9][0-9]*)$/;

/**
 * The digest of the identity of the item or list at `k` in `reading`: an item's identity members (an
 * item the reading lacks has none of them); a list's, the number of items the reading holds. A list's
 * identity guards the items the target could not hold at all, kept after the ones it holds (the model
 * rows after the one AgentMug or Agent Spec writes): an edit of a held item is an edit of that item
 * only, while an item added or removed moves the indexes that say which kept item is which (session
 * 14; it was each item's identity, so another primary model stopped every other row). Undefined for
 * an item whose list has no identity.
 */
export function identityOf(reading: unknown, k: string): string | undefined {
  const members = identityMembers(k);
  if (members !== undefined) {
    const v = valueAt(reading, k);
    return digest(members.map((m) => (isObject(v) ? v[m] : undefined)));
  }
  if (ITEM_POINTER.test(k)) return undefined;
  const v = valueAt(reading, k);
  return digest(Array.isArray(v) ? { items: v.length } : null);
}

export type Written = Record<string, Guard>;

const INDEX = /^(0|[1-9][0-9]*)$/;

/** Two hex digits per byte: `Number.prototype.toString(16)` of a 53-bit double is V8's slow radix path (~0.5 µs). */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * cyrb53 fed the canonical spelling of a JSON value (object keys sorted, so the digest does not
 * depend on key order) piece by piece: the spelling itself is never built (the guards digest every
 * written place a stash names, a whole prompt among them, and its concatenation and escaped copy
 * were most of the digest's cost).
 */
class Cyrb53 {
  // The seeds as int32 (the same bits: Math.imul reads its operands as int32), so the state stays on integers.
  private h1 = 0xdeadbeef | 0;
  private h2 = 0x41c6ce57 | 0;

  private char(c: number): void {
    this.h1 = Math.imul(this.h1 ^ c, 2654435761);
    this.h2 = Math.imul(this.h2 ^ c, 1597334677);
  }

  private text(s: string): void {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /** A string as JSON.stringify spells it: its characters between quotes, unless one needs an escape. */
  private string(s: string): void {
    let h1 = Math.imul(this.h1 ^ 34, 2654435761);
    let h2 = Math.imul(this.h2 ^ 34, 1597334677);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      // A quote, a backslash, a control character or a surrogate (a lone one is escaped): JSON.stringify's spelling.
      if (c < 0x20 || c === 34 || c === 92 || (c & 0xf800) === 0xd800) return this.text(JSON.stringify(s));
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    this.h1 = Math.imul(h1 ^ 34, 2654435761);
    this.h2 = Math.imul(h2 ^ 34, 1597334677);
  }

  /** The canonical spelling of `v`: nothing for undefined (a member or item that is undefined is spelled empty). */
  value(v: unknown): void {
    if (v === undefined) return;
    if (typeof v === "string") return this.string(v);
    if (Array.isArray(v)) {
      this.char(91);
      for (let i = 0; i < v.length; i++) {
        if (i !== 0) this.char(44);
        this.value(v[i]);
      }
      return this.char(93);
    }
    if (isObject(v)) {
      const keys = Object.keys(v).sort();
      this.char(123);
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i] as string;
        if (i !== 0) this.char(44);
        this.string(k);
        this.char(58);
        this.value(v[k]);
      }
      return this.char(125);
    }
    this.text(String(JSON.stringify(v)));
  }

  /**
   * The digits are the 21 high bits (h2) then the 32 low bits (h1) of the 53-bit number, as
   * `(2 ** 32 * (h2 & 0x1fffff) + (h1 >>> 0)).toString(16).padStart(14, "0")` spelled them.
   */
  hex(): string {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    const hi = h2 & 0x1fffff;
    return (HEX[hi >>> 16] as string) + (HEX[(hi >>> 8) & 255] as string) + (HEX[hi & 255] as string) + (HEX[h1 >>> 24] as string) + (HEX[(h1 >>> 16) & 255] as string) + (HEX[(h1 >>> 8) & 255] as string) + (HEX[h1 & 255] as string);
  }
}

/**
 * A 53-bit digest (cyrb53) of a JSON value, as 14 hex digits. It detects edits,
 * nothing more: it is not a security measure (whoever edits a file can edit its
 * stash), and it needs no crypto library, so the core still runs in a browser.
 */
export function digest(v: unknown): string {
  const h = new Cyrb53();
  h.value(v);
  return h.hex();
}

/**
 * The value at a pointer, as `get` (src/ir/pointer.ts) reads it, without splitting the pointer
 * into an array first: the guards read one output place per entry.
 */
function valueAt(doc: unknown, pointer: string): unknown {
  let cur = doc;
  for (let i = 0; i < pointer.length; ) {
    const end = pointer.indexOf("/", i + 1);
    const raw = pointer.slice(i + 1, end === -1 ? pointer.length : end);
    const t = raw.indexOf("~") === -1 ? raw : unescapeToken(raw);
    if (Array.isArray(cur)) {
      if (!INDEX.test(t)) return undefined;
      cur = cur[Number(t)];
    } else if (typeof cur === "object" && cur !== null && Object.prototype.hasOwnProperty.call(cur, t)) {
      cur = (cur as Record<string, unknown>)[t];
    } else {
      return undefined;
    }
    if (end === -1) break;
    i = end;
  }
  return cur;
}

/** The IR pointer's ancestors-or-self, deepest first ("" excluded). */
function lineage(p: string): string[] {
  const out: string[] = [];
  for (let q = p; q !== ""; q = q.slice(0, q.lastIndexOf("/"))) out.push(q);
  return out;
}

/**
 * Builds the guards of one stash from the target's own reading of its output. The entries come
 * from the diff of the IR with that reading (src/ir/stash.ts diffValues), which walked the
 * reading down to each entry: it tells each entry's deepest ancestor-or-self the reading has
 * (`held`) and the reading's value there, and every ancestor of that one is in the reading too,
 * so no entry looks its ancestors up in the reading again.
 */
export class GuardBuilder {
  readonly written: Written = {};
  private wrote = false;
  /**
   * Digests already taken, by output pointer and by IR pointer of the reading: many entries share
   * one guard (every part of a prompt joined into one string), and neither document changes while
   * the stash is built.
   */
  private readonly ofDocument = new Map<string, string>();
  private readonly ofReading = new Map<string, string>();
  /**
   * `sourceMap` is the reading's. `derived` names the output place an emitter reported writing an
   * IR value to (a transformed-value's target pointer), for values the reading has no place for
   * (an empty knowledge list written as `sources: []`, which reads back as none).
   */
  /** Items whose guard digests the item as written, with no identity: an entry needs the whole item (it is the item, or a member the target holds changed). */
  private readonly whole = new Set<string>();
  constructor(
    private readonly sourceMap: Readonly<Record<string, string>>,
    private readonly document: JsonValue,
    private readonly derived: (p: string) => string | undefined = () => undefined,
    private readonly reading?: JsonObject,
    /** True for a member the target's reader fills with a value of its own (Adapter.readerFills): the output holds no value there. */
    private readonly filled: (p: string) => boolean = () => false,
    /** The links whose place holds more than the link (an Agent Spec worker component): guarded by their identity (LINK_IDENTITY). */
    private readonly linked: ReadonlySet<string> = new Set(),
  ) {}

  /** The deepest ancestor-or-self of `held` (which the reading has, as all its ancestors) that maps to a place in the output. */
  private anchor(held: string): string | undefined {
    for (let q = held; q !== ""; q = q.slice(0, q.lastIndexOf("/"))) if (this.sourceMap[q] !== undefined) return q;
    return undefined;
  }

  /** The digest of what was written at output pointer `at`. */
  private atDocument(at: string): string {
    let d = this.ofDocument.get(at);
    if (d === undefined) this.ofDocument.set(at, (d = digest(valueAt(this.document, at))));
    return d;
  }

  /** True while no guard is written. */
  get empty(): boolean {
    return !this.wrote;
  }

  private put(k: string, guard: Guard): void {
    this.written[k] = guard;
    this.wrote = true;
  }

  private byTarget(q: string): void {
    const at = this.sourceMap[q] as string;
    const identity = this.written[q]?.identity;
    this.put(q, identity === undefined ? { at, digest: this.atDocument(at) } : { at, digest: this.atDocument(at), identity });
  }

  /**
   * The entry at `p` is guarded by the list item `a` (its nearest carried ancestor): by the item's
   * identity where the entry says what the item is (`p` is an identity member) or is a member the
   * target's reading of the item lacks altogether (`held` is the item), so an edit of another member
   * of the item does not stop it; by the item as written where any entry needs that (the item
   * itself, a member the target holds changed, or a part of one it holds), which an edit of the
   * item may have rewritten.
   */
  private itemGuard(a: string, p: string, held: string | undefined): void {
    const link = this.linked.has(a);
    if (this.reading === undefined || (identityMembers(a) === undefined && !link && !Array.isArray(valueAt(this.reading, a)))) return;
    const g = this.written[a];
    if (g === undefined) return;
    // A value whose member (or, under a list, whose item) the reading lacks altogether (`held` is `a`), or an identity member,
    // or a member the reader filled in, which the output does not hold either (an MCPTool's requiresUserAuth).
    const members = identityMembers(a) ?? (link ? LINK_IDENTITY : []);
    const ofIdentity = p !== a && (held === a || (held === p && (members.includes(p.slice(a.length + 1)) || this.filled(p))));
    if (!ofIdentity) {
      this.whole.add(a);
      delete g.identity;
    } else if (!this.whole.has(a)) g.identity = identityOfItem(this.reading, a);
  }

  /** Guarded by the reading itself: `value` is the reading's value at `q`. */
  private byReading(q: string, value: unknown): void {
    let d = this.ofReading.get(q);
    if (d === undefined) this.ofReading.set(q, (d = digest(value)));
    this.put(q, { digest: d });
  }

  /**
   * An IR value the stash sets at `p`: guarded by the output value it is read
   * from; for a value the target does not carry, by the value that holds its
   * nearest carried ancestor (a prompt joined from chunks, a list the item was
   * left out of). A value with no carried ancestor needs no guard: nothing in the
   * target can hold it, so nothing there can have been edited, unless the emitter
   * reported writing it somewhere in a changed form (`derived`). `held` is the
   * deepest ancestor-or-self of `p` the reading has (undefined when none below the
   * root), `value` the reading's value at `p` when it is `p`.
   */
  set(p: string, held: string | undefined, value: unknown): void {
    const a = held === undefined ? undefined : this.anchor(held);
    const into = held !== p ? this.derived(p) : undefined;
    if (a !== undefined) {
      this.byTarget(a);
      this.itemGuard(a, p, held);
      // Written elsewhere than its carried ancestor (an alternate model in blueprint.modelPolicy, under the
      // primary model's place): that place guards it too, so removing it there stops the entry.
      if (into !== undefined && into !== this.sourceMap[a] && this.written[p] === undefined) this.put(p, { at: into, digest: this.atDocument(into), reported: true });
    } else if (held === p) this.byReading(p, value);
    else if (into !== undefined) this.put(p, { at: into, digest: this.atDocument(into), reported: true });
  }

  /**
   * How the prompt spells a parameter (an entry at `p` under `/placeholders`), where the target has a
   * spelling of its own: guarded by the prompt as written (its carried place, `reported` so the
   * guard is compared wherever the spelling is read from), not by where the target reads its own
   * spelling (AgentMug's parameters list). False when the target gives the prompt no place.
   */
  spelling(p: string): boolean {
    const a = this.anchor("/instructions");
    if (a === undefined) return false;
    const at = this.sourceMap[a] as string;
    this.put(p, { at, digest: this.atDocument(at), reported: true });
    return true;
  }

  /**
   * A placement hint of a list item's member that is no identity member (a mas tool's description,
   * read through its manifest's ref): guarded by what the target wrote for that member, so the hint
   * comes home only while the member is unedited (an edited item's identity guard still holds).
   */
  member(p: string): void {
    const parent = p.slice(0, p.lastIndexOf("/"));
    const members = identityMembers(parent);
    if (members === undefined || members.includes(p.slice(parent.length + 1))) return;
    if (this.sourceMap[p] !== undefined) return this.byTarget(p);
    const value = this.reading === undefined ? undefined : valueAt(this.reading, p);
    if (value !== undefined) this.byReading(p, value);
  }

  /** A value the target added (`value`, read at `p`), which the stash removes: only while it reads back exactly as written. */
  absent(p: string, value: unknown): void {
    // Read from a place of the output (a provider split from a mas model string): guarded by that place,
    // so an edit of the place stops the removal, as it stops the entries derived from the same value.
    if (this.sourceMap[p] !== undefined) {
      this.byTarget(p);
      this.itemGuard(p, p, p);
    } else this.byReading(p, value);
  }

  /** A value carried under IR path `q` (`value`, as read), which the stash moves back: guarded by what was written there. */
  moved(q: string, value: unknown): void {
    const a = this.anchor(q);
    if (a !== undefined) {
      this.byTarget(a);
      this.itemGuard(a, a, a);
    } else this.byReading(q, value);
  }

  /**
   * A list item with an identity that holds values of the agent's home format the stash restores into
   * it (a mas model row's `context_window`, its `id`), where no entry guards the item already (AgentMug
   * holds the whole row: nothing of it is stashed but those values): guarded by its identity, so an edit
   * of the item's model stops the values that describe that model (restoreStash keeps its name), and an
   * edit elsewhere in it does not. Without it they were judged by the list's guard, which guards the
   * items the target could not hold (session 14).
   */
  holder(item: string): void {
    const at = this.sourceMap[item];
    if (this.written[item] !== undefined || identityMembers(item) === undefined || at === undefined || this.reading === undefined || valueAt(this.reading, item) === undefined) return;
    const identity = identityOf(this.reading, item);
    this.put(item, identity === undefined ? { at, digest: this.atDocument(at) } : { at, digest: this.atDocument(at), identity });
  }

  /**
   * A setting of the home format with a default (`p`, `/models/0/temperature`), where the output holds
   * it at a place of its own: guarded by what was written there, so a deletion of it is seen on the way
   * back (restoreStash `removedSettings`). No entry is guarded by it but one at `p` itself.
   */
  setting(p: string): void {
    const at = this.sourceMap[p];
    if (this.written[p] !== undefined || at === undefined || this.reading === undefined || valueAt(this.reading, p) === undefined) return;
    this.put(p, { at, digest: this.atDocument(at) });
  }

  /** One of the target format's own values (kept in extensions at its output pointer `rel`). */
  extension(irPointer: string, rel: string): void {
    this.put(irPointer, { at: rel, digest: this.atDocument(rel) });
  }

  /**
   * The entries choice `c` stood for, guarded by every place of it: each guard at or under its IR
   * path or at one of its places (put already), and `extensions` (pointers of other formats' values
   * read into that path), guarded here at its first place.
   */
  chosen(c: WrittenChoice, extensions: readonly string[]): void {
    const first = c.places[0];
    if (first === undefined) return;
    const others = (at: string | undefined): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const p of c.places) if (p !== at) out[p] = this.atDocument(p);
      return out;
    };
    for (const [k, g] of Object.entries(this.written)) if (isAncestorOrSelf(c.for, k) || (g.at !== undefined && c.places.includes(g.at))) g.choice = others(g.at);
    for (const p of extensions) if (this.written[p] === undefined) this.put(p, { at: first, digest: this.atDocument(first), reported: true, choice: others(first) });
  }
}

/** The `written` member as read from a file: undefined unless every guard has the shape written. */
export function readWritten(raw: JsonValue | undefined): Written | undefined {
  if (!isObject(raw)) return undefined;
  const out: Written = {};
  for (const [k, g] of Object.entries(raw)) {
    if (!isObject(g) || typeof g["digest"] !== "string" || (g["at"] !== undefined && typeof g["at"] !== "string") || (g["reported"] !== undefined && g["reported"] !== true) || (g["identity"] !== undefined && typeof g["identity"] !== "string") || (g["removed"] !== undefined && g["removed"] !== true)) return undefined;
    const choice = g["choice"];
    if (choice !== undefined && !(isObject(choice) && Object.values(choice).every((d) => typeof d === "string"))) return undefined;
    if (Object.keys(g).some((m) => m !== "at" && m !== "digest" && m !== "reported" && m !== "choice" && m !== "identity" && m !== "removed")) return undefined;
    const guard: Guard = typeof g["at"] === "string" ? { at: g["at"], digest: g["digest"] } : { digest: g["digest"] };
    if (g["reported"] === true) guard.reported = true;
    if (choice !== undefined) guard.choice = { ...(choice as Record<string, string>) };
    if (typeof g["identity"] === "string") guard.identity = g["identity"];
    if (g["removed"] === true) guard.removed = true;
    Object.defineProperty(out, k, { value: guard, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Which guards of a stash no longer hold, given the target document and its reading. */
export class GuardCheck {
  private readonly stale = new Set<string>();
  /** A stale guard of a choice whose other place was edited → that place (where the edit is). */
  private readonly editedAt = new Map<string, string>();
  /** List items edited in a member that is not their identity (ITEM_IDENTITY): their identity guards hold, their places are not as written. */
  private readonly rewritten = new Set<string>();
  /** List items still read at their place whose identity an edit changed (another model in the row). */
  private readonly reidentified = new Set<string>();
  private readonly keys: string[];
  constructor(
    private readonly written: Written | undefined,
    private readonly reading: JsonObject,
    private readonly document: JsonValue,
    private readonly sourceMap: Readonly<Record<string, string>> = {},
    unresolved: Readonly<Record<string, { at: string }>> = {},
  ) {
    this.keys = Object.keys(written ?? {});
    for (const k of this.keys) {
      const g = (written as Written)[k] as Guard;
      const now = g.at !== undefined ? get(document, g.at) : get(reading, k);
      // Read from another place now (a list item after a removed one: a mas chunk keyed by name), it is another value.
      const moved = g.at !== undefined && g.reported !== true && !k.startsWith("/extensions/") && sourceMap[k] !== g.at;
      // Read nowhere now because the reading states it by a reference nothing resolves (IrOrigin.unresolved), its
      // place as written unchanged (a config several agents shared): the edit is the reference, not that place.
      const ref = moved && digest(now) === g.digest ? Object.entries(unresolved).find(([ir]) => isAncestorOrSelf(ir, k))?.[1].at : undefined;
      if (ref !== undefined) this.editedAt.set(k, ref);
      if (g.identity !== undefined && (moved || digest(now) !== g.digest)) {
        // Edited, but still the same thing (the same tool name and kind, the same model, at that index; a
        // list as many items long): its entries hold.
        const identity = identityOfItem(reading, k);
        if (identity !== undefined && identity === g.identity) this.rewritten.add(k);
        else {
          this.stale.add(k);
          // Still read at its place, another thing there: the item whose model (name, kind) the user changed.
          if (identity !== undefined && !moved && identityMembers(k) !== undefined && get(reading, k) !== undefined) this.reidentified.add(k);
        }
      } else if (moved || digest(now) !== g.digest) this.stale.add(k);
      else if (g.choice !== undefined) {
        const choice = g.choice;
        const edited = Object.keys(choice).find((p) => digest(get(document, p)) !== choice[p]);
        if (edited === undefined) continue;
        this.stale.add(k);
        this.editedAt.set(k, edited);
      }
    }
  }

  /** True when some guard no longer holds (an edit was made). */
  get edited(): boolean {
    return this.stale.size > 0;
  }

  /** True when the stash records what was written (a stash of an older agentport does not). */
  get guarded(): boolean {
    return this.written !== undefined;
  }

  /** The guard of an IR pointer: the deepest guarded ancestor-or-self. */
  guardOf(p: string): string | undefined {
    return lineage(p).find((q) => Object.prototype.hasOwnProperty.call(this.written ?? {}, q));
  }

  /**
   * The edited guard that stops an entry at `p`, if any: its own guard, or a
   * stale guard above a list that holds `p` (once a list was edited, its items'
   * indexes no longer say which item an entry belongs to).
   */
  staleFor(p: string): string | undefined {
    if (!this.guarded) return undefined;
    const own = this.guardOf(p);
    if (own !== undefined && this.stale.has(own)) return own;
    const tokens = parsePointer(p);
    let prefix = "";
    for (let i = 0; i < tokens.length - 1; i++) {
      prefix += "/" + escapeToken(tokens[i] as string);
      if (!INDEX.test(tokens[i + 1] as string)) continue;
      for (const k of this.stale) if (isAncestorOrSelf(k, prefix)) return k;
    }
    return undefined;
  }

  /**
   * A stale guard at a list item holding `p` (`/tools/0` for `/tools/0/kind`), if any. The values a
   * stash sets inside one item restore that item as its home format had it (a mas tool's kind and
   * ref): once the item was edited, none of them describes it, even one whose own guard holds (the
   * kind read from an unchanged Agent Spec component_type), and one alone gives an item the IR
   * refuses (a manifest-ref tool with no ref).
   */
  staleItem(p: string): string | undefined {
    if (this.stale.size === 0) return undefined;
    const tokens = parsePointer(p);
    let prefix = "";
    for (let i = 0; i < tokens.length - 1; i++) {
      prefix += "/" + escapeToken(tokens[i] as string);
      if (!INDEX.test(tokens[i] as string)) continue;
      if (this.stale.has(prefix)) return prefix;
      // An identity member guarded on its own (an Agent Spec tool's component_type, for its kind) edited: another thing.
      for (const m of identityMembers(prefix) ?? []) if (this.stale.has(`${prefix}/${m}`)) return `${prefix}/${m}`;
    }
    return undefined;
  }

  /**
   * True when the list item `item` is still read at its place and an edit changed only what it is
   * (its own identity guard is stale: another model in the row), with no stale guard above it (the
   * list still as many items long): the place in the list is the same, so the item's name (ITEM_NAME)
   * still names it.
   */
  sameSlot(item: string): boolean {
    if (!this.reidentified.has(item) || this.guardOf(item) !== item) return false;
    for (const k of this.stale) if (k !== item && isAncestorOrSelf(k, item)) return false;
    return true;
  }

  /**
   * The list item holding `p` whose identity guard holds while the item was edited elsewhere, when
   * `p` is no identity member of it: a value the target now has at `p` is then the edit's (the
   * entry's value had no place in the item as written).
   */
  rewrittenItem(p: string): string | undefined {
    for (const item of this.rewritten) {
      if (!isAncestorOrSelf(item, p) || item === p || this.guardOf(p) !== item) continue;
      const member = p.slice(item.length + 1).split("/")[0] as string;
      if (!(identityMembers(item) ?? []).includes(member)) return item;
    }
    return undefined;
  }

  /**
   * The list item (`/tools/0`) that `k` (a stale guard) lies in, when the item's own guard is stale
   * too: an edit of the item (its removal) is one edit, reported once at the item, whatever
   * guards of its members it also made stale.
   */
  staleItemOf(k: string): string | undefined {
    for (const q of lineage(k).reverse()) if (q !== k && INDEX.test(q.slice(q.lastIndexOf("/") + 1)) && this.stale.has(q)) return q;
    return undefined;
  }

  /** True when the place (a pointer of the file, relative to the agent) an edit is reported at is no longer in the file: the user removed it (a tool). */
  gone(place: string): boolean {
    return place !== "" && get(this.document, place) === undefined;
  }

  /** A stale guard at, above or under the IR pointer `p` (an edit anywhere in the value there), if any. */
  staleAround(p: string): string | undefined {
    for (const k of this.stale) if (isAncestorOrSelf(k, p) || isAncestorOrSelf(p, k)) return k;
    return undefined;
  }

  /** The target pointers of the guards that still hold: places the file has as agentport wrote them. */
  intactPlaces(): string[] {
    const out: string[] = [];
    for (const k of this.keys) {
      if (this.staleFor(k) !== undefined || this.rewritten.has(k)) continue;
      const at = this.written?.[k]?.at ?? this.sourceMap[k] ?? this.readFrom(k);
      if (at !== undefined) out.push(at);
    }
    return out;
  }

  /**
   * Where the reading read the value at `k` that no source-map entry names (a mas model row's
   * `raw`, the model string as written): the member of its deepest mapped ancestor's place that
   * holds exactly that value, if one does.
   */
  private readFrom(k: string): string | undefined {
    const value = get(this.reading, k);
    if (value === undefined) return undefined;
    for (let q = k.slice(0, k.lastIndexOf("/")); q !== ""; q = q.slice(0, q.lastIndexOf("/"))) {
      const place = this.sourceMap[q];
      if (place === undefined) continue;
      const holder = get(this.document, place);
      if (!isObject(holder)) return undefined;
      const member = Object.keys(holder).find((m) => deepEqual(holder[m], value));
      return member === undefined ? undefined : place + "/" + escapeToken(member);
    }
    return undefined;
  }

  /** True when the guard `k` stands for a list item found removed before the restore (Guard.removed). */
  removedItem(k: string): boolean {
    return this.written?.[k]?.removed === true;
  }

  /**
   * True when the guard `k` was written over `value` itself (its digest is the value's): an entry
   * holding that value is the old value of the place the guard reads, which an edit there replaced.
   */
  wroteAs(k: string, value: JsonValue): boolean {
    const g = this.written?.[k];
    return g !== undefined && g.identity === undefined && g.choice === undefined && digest(value) === g.digest;
  }

  /** A guard's target pointer (where the edited value is: another place of its choice, if that was edited), if it names one. */
  at(k: string): string | undefined {
    return this.editedAt.get(k) ?? this.written?.[k]?.at;
  }
}

/** True when applying `value` at `p` would change the reading (else leaving it out loses nothing). */
export function wouldChange(reading: JsonObject, p: string, value: JsonValue | undefined): boolean {
  return !deepEqual(get(reading, p), value);
}
