// One pass over JSON text that JSON.parse has already accepted: finds duplicate
// keys (JSON.parse silently keeps the last) and records where each value starts,
// so diagnostics get line:column without a second, YAML-speed parse.
import { escapeToken, parsePointer } from "../ir/pointer.js";

export interface JsonScan {
  duplicate?: { pointer: string; offset: number };
  /** Deepest nesting of arrays and objects. */
  depth: number;
  /** Pointer → offset of the value (for object members: of the member's key). */
  offsets: Map<string, number>;
}

const esc = escapeToken;

interface Frame {
  pointer: string;
  array: boolean;
  index: number;
  keys?: Set<string>;
  /** Pointer of the member whose value comes next (objects). */
  member?: string;
}

export function scanJson(text: string, start = 0): JsonScan {
  const offsets = new Map<string, number>();
  const stack: Frame[] = [];
  let duplicate: JsonScan["duplicate"];
  let expectKey = false;
  let depth = 0;
  // Where the next value lands: the root, an array slot, or an object member.
  const valuePointer = (): string | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return "";
    if (top.array) return `${top.pointer}/${top.index}`;
    return top.member;
  };
  const beginValue = (at: number): string | undefined => {
    const p = valuePointer();
    const top = stack[stack.length - 1];
    if (p !== undefined && (top === undefined || top.array)) offsets.set(p, at);
    return p;
  };
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (c === 0x22 /* " */) {
      let j = i + 1;
      let escaped = false;
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        if (d === 0x5c) {
          escaped = true;
          j++;
        } else if (d === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top && !top.array) {
        const raw = text.slice(i + 1, j);
        const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : raw;
        const member = `${top.pointer}/${esc(key)}`;
        if (top.keys!.has(key) && !duplicate) duplicate = { pointer: member, offset: i };
        top.keys!.add(key);
        top.member = member;
        offsets.set(member, i);
        expectKey = false;
      } else {
        beginValue(i);
      }
      i = j;
    } else if (c === 0x7b /* { */) {
      const p = beginValue(i) ?? "";
      stack.push({ pointer: p, array: false, index: 0, keys: new Set() });
      if (stack.length > depth) depth = stack.length;
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      const p = beginValue(i) ?? "";
      stack.push({ pointer: p, array: true, index: 0 });
      if (stack.length > depth) depth = stack.length;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else expectKey = true;
    } else if (c === 0x3a /* : */) {
      continue;
    } else {
      // number, true, false, null
      beginValue(i);
      while (i + 1 < text.length && !/[\s,\]}]/.test(text[i + 1]!)) i++;
    }
  }
  return duplicate ? { duplicate, offsets, depth } : { offsets, depth };
}

/** A node of the tree of wanted pointers: the pointer it stands for and its wanted children by token. */
interface Wanted {
  pointer: string;
  children: Map<string, Wanted>;
}

/**
 * The offsets scanJson would give for `pointers` and each of their ancestors, and no others:
 * one pass that builds no pointer string and decodes no key outside the wanted paths, so
 * locating the few values diagnostics name costs little more than indexJson. Text JSON.parse
 * accepted; pointers that are not JSON Pointers are left out.
 */
export function offsetsOf(text: string, pointers: Iterable<string>): Map<string, number> {
  const root: Wanted = { pointer: "", children: new Map() };
  for (const p of pointers) {
    let tokens: string[];
    try {
      tokens = parsePointer(p);
    } catch {
      continue;
    }
    let node = root;
    for (const t of tokens) {
      let next = node.children.get(t);
      if (!next) node.children.set(t, (next = { pointer: `${node.pointer}/${esc(t)}`, children: new Map() }));
      node = next;
    }
  }
  const offsets = new Map<string, number>();
  // Each open container: whether it is an array, its next index, and its node in the tree (undefined off the wanted paths).
  const arrays: boolean[] = [];
  const indexes: number[] = [];
  const nodes: (Wanted | undefined)[] = [];
  /** The node of the value that comes next in an object (set by its key). */
  let member: Wanted | undefined;
  let expectKey = false;
  let top = -1;
  const valueNode = (at: number): Wanted | undefined => {
    if (top === -1) {
      offsets.set("", at);
      return root;
    }
    if (!arrays[top]) return member;
    const n = nodes[top]?.children.get(String(indexes[top]));
    if (n) offsets.set(n.pointer, at);
    return n;
  };
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a) continue;
    if (c === 0x22 /* " */) {
      let j = i + 1;
      let escaped = false;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 0x5c) {
          escaped = true;
          j++;
        } else if (d === 0x22) break;
      }
      if (expectKey && top !== -1 && !arrays[top]) {
        const holder = nodes[top];
        member = undefined;
        if (holder && holder.children.size > 0) {
          const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
          member = holder.children.get(key);
          if (member) offsets.set(member.pointer, i);
        }
        expectKey = false;
      } else {
        valueNode(i);
      }
      i = j;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const node = valueNode(i);
      top++;
      arrays[top] = c === 0x5b;
      indexes[top] = 0;
      nodes[top] = node;
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      top--;
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      if (top !== -1 && arrays[top]) indexes[top]!++;
      else expectKey = true;
    } else {
      // number, true, false, null
      valueNode(i);
      while (i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d === 0x2c || d === 0x5d || d === 0x7d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break;
        i++;
      }
    }
  }
  return offsets;
}

/** What indexJson finds in JSON text JSON.parse has accepted. */
export interface JsonIndex {
  /** Object members (a colon outside strings is one member). */
  members: number;
  /** The deepest nesting of arrays and objects. */
  depth: number;
  /** Where every value starts, in the text's order (pre-order: a container, then what it holds); an object member's place is its key's. */
  starts: number[];
  /**
   * Each array and object as a pair: its index in `starts`, then the index after the last value
   * it holds (in the order they close). A value's subtree is `starts[k]` up to that end, so a
   * sibling's place is found by skipping, without walking the parsed data to count it.
   */
  spans: number[];
}

/**
 * Object members, the deepest nesting of text JSON.parse has accepted (what it takes to know
 * there is no duplicate key), where every value starts, as scanJson records it, and where each
 * container's values end.
 * One pass that builds no string: with the data JSON.parse made from the same text (no key
 * repeated), the n-th value of a walk of the data in the text's order starts at starts[n].
 */
export function indexJson(text: string): JsonIndex {
  const starts: number[] = [];
  const spans: number[] = [];
  // Per open container, whether it is an object (an object's member values are placed at their
  // keys), and its index in `starts`.
  const objects: boolean[] = [];
  const opened: number[] = [];
  let members = 0;
  let depth = 0;
  let level = 0;
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (c === 0x22) {
      if (expectKey) {
        starts.push(i);
        expectKey = false;
      } else if (level === 0 || !objects[level - 1]) starts.push(i);
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x3a) members++;
    else if (c === 0x7b || c === 0x5b) {
      if (level === 0 || !objects[level - 1]) starts.push(i);
      // A member's value is placed at its key, the last place pushed.
      opened[level] = starts.length - 1;
      objects[level] = c === 0x7b;
      if (++level > depth) depth = level;
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      level--;
      spans.push(opened[level]!, starts.length);
      expectKey = false;
    } else if (c === 0x2c) expectKey = level > 0 && objects[level - 1] === true;
    else if (level === 0 || !objects[level - 1]) {
      // A number, true, false or null that is the root or an item: its place, then its end.
      starts.push(i);
      while (i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d === 0x2c || d === 0x5d || d === 0x7d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break;
        i++;
      }
    }
  }
  return { members, depth, starts, spans };
}

/**
 * The keys, in the text's order, of the object at `offset` of text JSON.parse accepted: where
 * offsetsOf or scanJson put a value (an object member's offset is its key's, skipped here).
 * Undefined when no object starts there.
 */
export function keysAt(text: string, offset: number): string[] | undefined {
  const n = text.length;
  let i = offset;
  const skipString = (): boolean => {
    // i at the opening quote; leaves i at the closing one; true when the string holds an escape.
    let escaped = false;
    for (i++; i < n; i++) {
      const d = text.charCodeAt(i);
      if (d === 0x5c) {
        escaped = true;
        i++;
      } else if (d === 0x22) break;
    }
    return escaped;
  };
  if (text.charCodeAt(i) === 0x22) {
    skipString();
    for (i++; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0x3a) break;
    }
  }
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  const keys: string[] = [];
  let level = 0;
  let expectKey = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      const escaped = skipString();
      if (level === 1 && expectKey) {
        keys.push(escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i));
        expectKey = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      level++;
      expectKey = level === 1;
    } else if (c === 0x7d || c === 0x5d) {
      if (--level === 0) break;
    } else if (c === 0x2c && level === 1) expectKey = true;
  }
  return keys;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, lineStarts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  // indexOf, not a loop over char codes: the search is native, and the first locate pays for it.
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
