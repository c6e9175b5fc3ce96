// Where a value of parsed JSON starts in its text, from indexJson's offsets (src/text/json-scan.ts):
// the values of a walk of the data in the text's order are the values of the text in order, so
// a pointer's offset is found by counting the values before it, with no second pass over the text.
import { escapeToken, unescapeToken } from "../ir/pointer.js";
import { mayReorder } from "./key-order.js";

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * The offset of the value at `pointer` (an object member's: its key's), or undefined when no
 * value is there (a pointer that is not one as escapeToken spells it names none). `starts`:
 * indexJson's, for the text JSON.parse made `data` of, with no key repeated. An object with an
 * array-index key ("2") lists its keys in another order than the text's: `reordered` answers
 * for a pointer that passes through one. `data` must stay as JSON.parse made it while the
 * finder is in use (adapters read their input and copy what they keep): an edit in place
 * would move every count after it.
 */
export function offsetFinder(data: unknown, starts: readonly number[], reordered: (pointer: string) => number | undefined): (pointer: string) => number | undefined {
  // Values in each container's subtree, itself included: counted once, when a sibling is skipped.
  const sizes = new Map<object, number>();
  const sizeOf = (v: unknown): number => {
    if (typeof v !== "object" || v === null) return 1;
    let s = sizes.get(v);
    if (s !== undefined) return s;
    s = 1;
    if (Array.isArray(v)) for (const x of v) s += sizeOf(x);
    else for (const k of Object.keys(v)) s += sizeOf((v as Record<string, unknown>)[k]);
    sizes.set(v, s);
    return s;
  };
  // Where each child of a container starts, relative to the container, worked out once per
  // container on the way to a pointer: item k at [k], a member at its key; null for an object
  // whose keys JavaScript lists in another order than the text's.
  const layouts = new Map<object, number[] | Map<string, number> | null>();
  const layoutOf = (node: object): number[] | Map<string, number> | null => {
    let layout = layouts.get(node);
    if (layout !== undefined) return layout;
    let at = 1;
    if (Array.isArray(node)) {
      const items: number[] = [];
      for (const x of node) {
        items.push(at);
        at += sizeOf(x);
      }
      layout = items;
    } else {
      const keys = Object.keys(node);
      if (mayReorder(keys)) layout = null;
      else {
        const members = new Map<string, number>();
        for (const k of keys) {
          members.set(k, at);
          at += sizeOf((node as Record<string, unknown>)[k]);
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
    let index = 0;
    for (let from = 1; ; ) {
      const slash = pointer.indexOf("/", from);
      const raw = slash === -1 ? pointer.slice(from) : pointer.slice(from, slash);
      if (typeof node !== "object" || node === null) return undefined;
      const layout = layoutOf(node);
      if (layout === null) return reordered(pointer);
      let at: number | undefined;
      if (Array.isArray(layout)) {
        if (!INDEX.test(raw)) return undefined;
        const k = Number(raw);
        at = layout[k];
        node = (node as unknown[])[k];
      } else {
        const key = unescapeToken(raw);
        if (key !== raw && escapeToken(key) !== raw) return undefined;
        at = layout.get(key);
        node = (node as Record<string, unknown>)[key];
      }
      if (at === undefined) return undefined;
      index += at;
      if (slash === -1) return starts[index];
      from = slash + 1;
    }
  };
}
