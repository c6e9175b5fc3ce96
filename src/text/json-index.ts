// Where a value of parsed JSON starts in its text, from indexJson's offsets (src/text/json-scan.ts):
// the values of a walk of the data in the text's order are the values of the text in order, so
// a pointer's offset is found by counting the values before it, with no second pass over the text,
// and each container's end (indexJson's spans) says how many values to skip for a sibling.
import { escapeToken, unescapeToken } from "../ir/pointer.js";
import { mayReorder } from "./key-order.js";
import type { JsonIndex } from "./json-scan.js";

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * The offset of the value at `pointer` (an object member's: its key's), or undefined when no
 * value is there (a pointer that is not one as escapeToken spells it names none). `index`:
 * indexJson's, for the text JSON.parse made `data` of, with no key repeated. An object with an
 * array-index key ("2") lists its keys in another order than the text's: `reordered` answers
 * for a pointer that passes through one. `data` must stay as JSON.parse made it while the
 * finder is in use (adapters read their input and copy what they keep): an edit in place
 * would move every count after it.
 */
export function offsetFinder(data: unknown, index: Pick<JsonIndex, "starts" | "spans">, reordered: (pointer: string) => number | undefined): (pointer: string) => number | undefined {
  const { starts, spans } = index;
  // Where each container's values end (the index after its last one), 0 for a scalar: made on
  // the first lookup, from the pairs indexJson recorded, so no walk of the data counts them.
  let ends: Int32Array | undefined;
  const endsOf = (): Int32Array => {
    const out = new Int32Array(starts.length);
    for (let i = 0; i < spans.length; i += 2) out[spans[i]!] = spans[i + 1]!;
    return out;
  };
  // Where each child of a container starts (its index in `starts`), worked out once per container
  // on the way to a pointer, with the children's own layouts as they are asked for: a token costs
  // one lookup of its key (none for an item), not one in a map of containers and another in the
  // value. An object of a few keys is searched in its key list (a Map for them would cost more to
  // build than the document's few lookups save); null stands for an object whose keys JavaScript
  // lists in another order than the text's.
  const layoutOf = (node: object, at: number): Layout | null => {
    const end = (ends ??= endsOf());
    const own = Array.isArray(node) ? undefined : Object.keys(node);
    if (own !== undefined && mayReorder(own)) return null;
    const count = own === undefined ? (node as unknown[]).length : own.length;
    // The first child follows its container; each next one follows the one before and what it holds.
    const firsts = new Array<number>(count);
    for (let k = 0, child = at + 1; k < count; k++) {
      firsts[k] = child;
      child = end[child] || child + 1;
    }
    const layout: Layout = { node, at: firsts, subs: [] };
    if (own !== undefined) {
      layout.keys = own;
      if (own.length > FEW_KEYS) layout.index = new Map(own.map((key, k) => [key, k]));
    }
    return layout;
  };
  let root: Layout | null | undefined;
  return (pointer) => {
    if (pointer === "") return starts[0];
    if (pointer.charCodeAt(0) !== 0x2f) return undefined;
    if (typeof data !== "object" || data === null) return undefined;
    let layout = root === undefined ? (root = layoutOf(data, 0)) : root;
    for (let from = 1; ; ) {
      if (layout === null) return reordered(pointer);
      const slash = pointer.indexOf("/", from);
      const raw = slash === -1 ? pointer.slice(from) : pointer.slice(from, slash);
      let k: number | undefined;
      if (layout.keys === undefined) {
        if (!INDEX.test(raw)) return undefined;
        k = Number(raw);
      } else {
        const key = unescapeToken(raw);
        if (key !== raw && escapeToken(key) !== raw) return undefined;
        k = layout.index ? layout.index.get(key) : layout.keys.indexOf(key);
      }
      const at = k === undefined ? undefined : layout.at[k];
      if (at === undefined) return undefined;
      if (slash === -1) return starts[at];
      const node = layout.keys === undefined ? (layout.node as unknown[])[k!] : (layout.node as Record<string, unknown>)[layout.keys[k!]!];
      if (typeof node !== "object" || node === null) return undefined;
      let sub = layout.subs[k!];
      if (sub === undefined) layout.subs[k!] = sub = layoutOf(node, at);
      layout = sub;
      from = slash + 1;
    }
  };
}

/** A container's children as offsetFinder reads them: where each starts, and each one's own layout once asked. */
interface Layout {
  node: object;
  /** An object's keys in the order of its values; absent for an array (an item's position is its index). */
  keys?: string[];
  /** The keys' positions, for an object of more than FEW_KEYS keys. */
  index?: Map<string, number>;
  /** Each child's index in `starts`. */
  at: number[];
  subs: (Layout | null | undefined)[];
}

/** Up to this many keys, an object's key is found by searching its key list. */
const FEW_KEYS = 16;
