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
  // on the way to a pointer: item k at [k], a member at its key; null for an object whose keys
  // JavaScript lists in another order than the text's.
  const layouts = new Map<object, number[] | Map<string, number> | null>();
  const layoutOf = (node: object, at: number): number[] | Map<string, number> | null => {
    let layout = layouts.get(node);
    if (layout !== undefined) return layout;
    const end = (ends ??= endsOf());
    // The first child follows its container; each next one follows the one before and what it holds.
    let child = at + 1;
    if (Array.isArray(node)) {
      const items: number[] = [];
      for (let k = 0; k < node.length; k++) {
        items.push(child);
        child = end[child] || child + 1;
      }
      layout = items;
    } else {
      const keys = Object.keys(node);
      if (mayReorder(keys)) layout = null;
      else {
        const members = new Map<string, number>();
        for (const k of keys) {
          members.set(k, child);
          child = end[child] || child + 1;
        }
        layout = members;
      }
    }
    layouts.set(node, layout);
    return layout;
  };
  return (pointer) => {
    if (pointer === "") return starts[0];
    if (pointer.charCodeAt(0) !== 0x2f) return undefined;
    let node: unknown = data;
    let at = 0;
    for (let from = 1; ; ) {
      const slash = pointer.indexOf("/", from);
      const raw = slash === -1 ? pointer.slice(from) : pointer.slice(from, slash);
      if (typeof node !== "object" || node === null) return undefined;
      const layout = layoutOf(node, at);
      if (layout === null) return reordered(pointer);
      let child: number | undefined;
      if (Array.isArray(layout)) {
        if (!INDEX.test(raw)) return undefined;
        const k = Number(raw);
        child = layout[k];
        node = (node as unknown[])[k];
      } else {
        const key = unescapeToken(raw);
        if (key !== raw && escapeToken(key) !== raw) return undefined;
        child = layout.get(key);
        node = (node as Record<string, unknown>)[key];
      }
      if (child === undefined) return undefined;
      at = child;
      if (slash === -1) return starts[at];
      from = slash + 1;
    }
  };
}
