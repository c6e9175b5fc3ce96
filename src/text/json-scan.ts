// One pass over JSON text that JSON.parse has already accepted: finds duplicate
// keys (JSON.parse silently keeps the last) and records where each value starts,
// so diagnostics get line:column without a second, YAML-speed parse.
import { escapeToken } from "../ir/pointer.js";

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

/**
 * Object members (a colon outside strings is one member) and the deepest nesting of text
 * JSON.parse has accepted: what it takes to know there is no duplicate key, without the
 * allocations of a full scan.
 */
export function countJson(text: string): { members: number; depth: number } {
  let members = 0;
  let depth = 0;
  let level = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x3a) members++;
    else if (c === 0x7b || c === 0x5b) {
      if (++level > depth) depth = level;
    } else if (c === 0x7d || c === 0x5d) level--;
  }
  return { members, depth };
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
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0x0a) starts.push(i + 1);
  return starts;
}
