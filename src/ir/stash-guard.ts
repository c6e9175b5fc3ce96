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
import { escapeToken, get, isAncestorOrSelf, parsePointer } from "./pointer.js";

/** One guard: the target pointer read (absent: the IR reading itself is digested) and the digest of what was written. */
export interface Guard {
  at?: string;
  digest: string;
  /** `at` is where an emitter reported writing the value, not where the reading reads it from. */
  reported?: true;
}

export type Written = Record<string, Guard>;

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * JSON with object keys sorted, so the digest does not depend on key order. Built by concatenation
 * (no array per value, no `map`/`join`): the guards digest every written place a stash names.
 */
function canonical(v: unknown): string {
  if (v === undefined) return "";
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) {
    let s = "[";
    for (let i = 0; i < v.length; i++) s += (i === 0 ? "" : ",") + canonical(v[i]);
    return s + "]";
  }
  if (isObject(v)) {
    const keys = Object.keys(v).sort();
    let s = "{";
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      s += (i === 0 ? "" : ",") + JSON.stringify(k) + ":" + canonical(v[k]);
    }
    return s + "}";
  }
  return JSON.stringify(v);
}

/** Two hex digits per byte: `Number.prototype.toString(16)` of a 53-bit double is V8's slow radix path (~0.5 µs). */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * A 53-bit digest (cyrb53) of a JSON value, as 14 hex digits. It detects edits,
 * nothing more: it is not a security measure (whoever edits a file can edit its
 * stash), and it needs no crypto library, so the core still runs in a browser.
 * The digits are the 21 high bits (h2) then the 32 low bits (h1) of the 53-bit number, as
 * `(2 ** 32 * (h2 & 0x1fffff) + (h1 >>> 0)).toString(16).padStart(14, "0")` spelled them.
 */
export function digest(v: unknown): string {
  const s = canonical(v);
  // The seeds as int32 (the same bits: Math.imul reads its operands as int32), so the loop stays on integers.
  let h1 = 0xdeadbeef | 0;
  let h2 = 0x41c6ce57 | 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hi = h2 & 0x1fffff;
  return (HEX[hi >>> 16] as string) + (HEX[(hi >>> 8) & 255] as string) + (HEX[hi & 255] as string) + (HEX[h1 >>> 24] as string) + (HEX[(h1 >>> 16) & 255] as string) + (HEX[(h1 >>> 8) & 255] as string) + (HEX[h1 & 255] as string);
}

/** The IR pointer's ancestors-or-self, deepest first ("" excluded). */
function lineage(p: string): string[] {
  const out: string[] = [];
  for (let q = p; q !== ""; q = q.slice(0, q.lastIndexOf("/"))) out.push(q);
  return out;
}

/** Builds the guards of one stash from the target's own reading of its output. */
export class GuardBuilder {
  readonly written: Written = {};
  /**
   * Digests already taken, by output pointer and by IR pointer of the reading: many entries share
   * one guard (every part of a prompt joined into one string), and neither document changes while
   * the stash is built.
   */
  private readonly ofDocument = new Map<string, string>();
  private readonly ofReading = new Map<string, string>();
  /** Whether the reading has a value at an IR pointer, by pointer (entries share their ancestors). */
  private readonly inReading = new Map<string, boolean>();
  /**
   * `derived` names the output place an emitter reported writing an IR value to
   * (a transformed-value's target pointer), for values the reading has no place for
   * (an empty knowledge list written as `sources: []`, which reads back as none).
   */
  constructor(
    private readonly back: JsonObject,
    private readonly sourceMap: Readonly<Record<string, string>>,
    private readonly document: JsonValue,
    private readonly derived: (p: string) => string | undefined = () => undefined,
  ) {}

  private reads(q: string): boolean {
    let has = this.inReading.get(q);
    if (has === undefined) this.inReading.set(q, (has = get(this.back, q) !== undefined));
    return has;
  }

  /** The deepest ancestor-or-self of `p` that the target's reading has and maps to a place in the output. */
  private anchor(p: string): string | undefined {
    for (let q = p; q !== ""; q = q.slice(0, q.lastIndexOf("/"))) if (this.sourceMap[q] !== undefined && this.reads(q)) return q;
    return undefined;
  }

  /** The digest of what was written at output pointer `at`. */
  private atDocument(at: string): string {
    let d = this.ofDocument.get(at);
    if (d === undefined) this.ofDocument.set(at, (d = digest(get(this.document, at))));
    return d;
  }

  private byTarget(q: string): void {
    const at = this.sourceMap[q] as string;
    this.written[q] = { at, digest: this.atDocument(at) };
  }

  private byReading(q: string): void {
    let d = this.ofReading.get(q);
    if (d === undefined) this.ofReading.set(q, (d = digest(get(this.back, q))));
    this.written[q] = { digest: d };
  }

  /**
   * An IR value the stash sets at `p`: guarded by the output value it is read
   * from; for a value the target does not carry, by the value that holds its
   * nearest carried ancestor (a prompt joined from chunks, a list the item was
   * left out of). A value with no carried ancestor needs no guard: nothing in the
   * target can hold it, so nothing there can have been edited, unless the emitter
   * reported writing it somewhere in a changed form (`derived`).
   */
  set(p: string): void {
    let held: string | undefined;
    for (let q = p; q !== ""; q = q.slice(0, q.lastIndexOf("/"))) if (this.reads(q)) {
      held = q;
      break;
    }
    const a = held === undefined ? undefined : this.anchor(held);
    const into = held !== p ? this.derived(p) : undefined;
    if (a !== undefined) {
      this.byTarget(a);
      // Written elsewhere than its carried ancestor (an alternate model in blueprint.modelPolicy, under the
      // primary model's place): that place guards it too, so removing it there stops the entry.
      if (into !== undefined && into !== this.sourceMap[a] && this.written[p] === undefined) this.written[p] = { at: into, digest: this.atDocument(into), reported: true };
    } else if (held === p) this.byReading(p);
    else if (into !== undefined) this.written[p] = { at: into, digest: this.atDocument(into), reported: true };
  }

  /** A value the target added, which the stash removes: only while it reads back exactly as written. */
  absent(p: string): void {
    // Read from a place of the output (a provider split from a mas model string): guarded by that place,
    // so an edit of the place stops the removal, as it stops the entries derived from the same value.
    if (this.sourceMap[p] !== undefined && this.reads(p)) this.byTarget(p);
    else this.byReading(p);
  }

  /** A value carried under IR path `q`, which the stash moves back: guarded by what was written there. */
  moved(q: string): void {
    const a = this.anchor(q);
    if (a !== undefined) this.byTarget(a);
    else this.byReading(q);
  }

  /** One of the target format's own values (kept in extensions at its output pointer `rel`). */
  extension(irPointer: string, rel: string): void {
    this.written[irPointer] = { at: rel, digest: this.atDocument(rel) };
  }
}

/** The `written` member as read from a file: undefined unless every guard has the shape written. */
export function readWritten(raw: JsonValue | undefined): Written | undefined {
  if (!isObject(raw)) return undefined;
  const out: Written = {};
  for (const [k, g] of Object.entries(raw)) {
    if (!isObject(g) || typeof g["digest"] !== "string" || (g["at"] !== undefined && typeof g["at"] !== "string") || (g["reported"] !== undefined && g["reported"] !== true)) return undefined;
    if (Object.keys(g).some((m) => m !== "at" && m !== "digest" && m !== "reported")) return undefined;
    const guard: Guard = typeof g["at"] === "string" ? { at: g["at"], digest: g["digest"] } : { digest: g["digest"] };
    if (g["reported"] === true) guard.reported = true;
    Object.defineProperty(out, k, { value: guard, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Which guards of a stash no longer hold, given the target document and its reading. */
export class GuardCheck {
  private readonly stale = new Set<string>();
  private readonly keys: string[];
  constructor(
    private readonly written: Written | undefined,
    reading: JsonObject,
    document: JsonValue,
    sourceMap: Readonly<Record<string, string>> = {},
  ) {
    this.keys = Object.keys(written ?? {});
    for (const k of this.keys) {
      const g = (written as Written)[k] as Guard;
      const now = g.at !== undefined ? get(document, g.at) : get(reading, k);
      // Read from another place now (a list item after a removed one: a mas chunk keyed by name), it is another value.
      const moved = g.at !== undefined && g.reported !== true && !k.startsWith("/extensions/") && sourceMap[k] !== g.at;
      if (moved || digest(now) !== g.digest) this.stale.add(k);
    }
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

  /** A guard's target pointer (where the edited value is), if it names one. */
  at(k: string): string | undefined {
    return this.written?.[k]?.at;
  }
}

/** True when applying `value` at `p` would change the reading (else leaving it out loses nothing). */
export function wouldChange(reading: JsonObject, p: string, value: JsonValue | undefined): boolean {
  return !deepEqual(get(reading, p), value);
}
