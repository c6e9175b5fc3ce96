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
  // Where each child of a container starts (its index in `starts`) and its value, worked out once
  // per container on the way to a pointer, with the children's own layouts as they are asked for:
  // a token costs one lookup of its key (none for an item), not one in a map of containers and
  // another in the value. `keys` is absent for an array; null stands for an object whose keys
  // JavaScript lists in another order than the text's.
  const layoutOf = (node: object, at: number): Layout | null => {
    const end = (ends ??= endsOf());
    // The first child follows its container; each next one follows the one before and what it holds.
    let child = at + 1;
    const firsts: number[] = [];
    const values: unknown[] = [];
    if (Array.isArray(node)) {
      for (let k = 0; k < node.length; k++) {
        firsts.push(child);
        values.push(node[k]);
        child = end[child] || child + 1;
      }
      return { at: firsts, values, subs: [] };
    }
    const own = Object.keys(node);
    if (mayReorder(own)) return null;
    const keys = new Map<string, number>();
    for (let k = 0; k < own.length; k++) {
      const key = own[k]!;
      keys.set(key, k);
      firsts.push(child);
      values.push((node as Record<string, unknown>)[key]);
      child = end[child] || child + 1;
    }
    return { keys, at: firsts, values, subs: [] };
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
        k = layout.keys.get(key);
      }
      const at = k === undefined ? undefined : layout.at[k];
      if (at === undefined) return undefined;
      if (slash === -1) return starts[at];
      const node = layout.values[k!];
      if (typeof node !== "object" || node === null) return undefined;
      let sub = layout.subs[k!];
      if (sub === undefined) layout.subs[k!] = sub = layoutOf(node, at);
      layout = sub;
      from = slash + 1;
    }
  };
}

/** A container's children as offsetFinder reads them: where each starts, its value, its own layout once asked. */
interface Layout {
  /** An object's keys, each with its child's position; absent for an array (an item's position is its index). */
  keys?: Map<string, number>;
  /** Each child's index in `starts`. */
  at: number[];
  values: unknown[];
  subs: (Layout | null | undefined)[];
}
