// RFC 6901 JSON Pointers: the one way every diagnostic names a place in a document.

// Most tokens hold no "~" or "/": they are returned as they are, without a regular-expression pass
// (pointers are spelled and read for every diagnostic, stash entry and guard).
export function escapeToken(token: string | number): string {
  const s = typeof token === "string" ? token : String(token);
  if (s.indexOf("~") === -1 && s.indexOf("/") === -1) return s;
  return s.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeToken(token: string): string {
  if (token.indexOf("~") === -1) return token;
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Joins tokens (raw, unescaped) onto a pointer. */
export function join(base: string, ...tokens: (string | number)[]): string {
  let out = base;
  for (const t of tokens) out += "/" + escapeToken(t);
  return out;
}

/** Appends an already-escaped relative pointer ("/a/b") to a base pointer. */
export function concat(base: string, relative: string): string {
  return relative === "" ? base : base + relative;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON Pointer: ${pointer}`);
  const tokens = pointer.slice(1).split("/");
  return pointer.indexOf("~") === -1 ? tokens : tokens.map(unescapeToken);
}

/** True when `ancestor` is `pointer` itself or one of its ancestors. */
export function isAncestorOrSelf(ancestor: string, pointer: string): boolean {
  // Without `ancestor + "/"`: a string built for every test of every entry the stash and the reporter scan.
  if (ancestor === "" || pointer === ancestor) return true;
  return pointer.length > ancestor.length && pointer.charCodeAt(ancestor.length) === SLASH && pointer.startsWith(ancestor);
}

const SLASH = 47;

/** The value at a pointer, or undefined. Reads own properties only. */
export function get(doc: unknown, pointer: string): unknown {
  if (pointer === "") return doc;
  if (pointer.charCodeAt(0) !== SLASH) throw new Error(`not a JSON Pointer: ${pointer}`);
  // Token by token along the pointer, without a token array: the stash's guards read many places.
  const escaped = pointer.indexOf("~") !== -1;
  let cur: unknown = doc;
  for (let start = 1; ; ) {
    const end = pointer.indexOf("/", start);
    const raw = end === -1 ? pointer.slice(start) : pointer.slice(start, end);
    const t = escaped ? unescapeToken(raw) : raw;
    if (Array.isArray(cur)) {
      if (!isIndexToken(t)) return undefined;
      cur = cur[Number(t)];
    } else if (typeof cur === "object" && cur !== null && Object.prototype.hasOwnProperty.call(cur, t)) {
      cur = (cur as Record<string, unknown>)[t];
    } else {
      return undefined;
    }
    if (end === -1) return cur;
    start = end + 1;
  }
}

/** The first token of a pointer (unescaped), or undefined for the root. */
export function firstToken(pointer: string): string | undefined {
  if (pointer === "") return undefined;
  if (pointer.charCodeAt(0) !== SLASH) throw new Error(`not a JSON Pointer: ${pointer}`);
  const end = pointer.indexOf("/", 1);
  return unescapeToken(end === -1 ? pointer.slice(1) : pointer.slice(1, end));
}

/** A pointer written as the format's own dotted key path: "/policy/voiceStyle" → "policy.voiceStyle", "/tools/2" → "tools[2]". */
export function dotted(pointer: string): string {
  // Most pointers name no stash value and hold no escape: read token by token, without a token array.
  if (pointer === "") return "(document)";
  if (pointer.charCodeAt(0) !== SLASH || pointer.indexOf("~") !== -1 || pointer.indexOf("x-agentport") !== -1) return dottedTokens(pointer);
  let out = "";
  for (let start = 1; ; ) {
    const end = pointer.indexOf("/", start);
    const t = end === -1 ? pointer.slice(start) : pointer.slice(start, end);
    if (isIndexToken(t)) out += `[${t}]`;
    else out += (out ? "." : "") + t;
    if (end === -1) break;
    start = end + 1;
  }
  return out || "(document)";
}

/** "0", "12": an array index as a pointer token spells it (no sign, no leading zero). */
function isIndexToken(t: string): boolean {
  const n = t.length;
  if (n === 0 || (n > 1 && t.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function dottedTokens(pointer: string): string {
  const tokens = parsePointer(pointer);
  // A value the x-agentport stash holds is keyed by its IR pointer (/x-agentport/ir/~1greeting): name
  // the value ("greeting"), not the stash's own keys ("x-agentport.ir./greeting").
  const k = tokens.findIndex((t, i) => t === "x-agentport" && tokens[i + 1] === "ir" && tokens[i + 2]?.startsWith("/") === true);
  if (k !== -1) return `${dotted(tokens[k + 2]! + tokens.slice(k + 3).map((t) => "/" + escapeToken(t)).join(""))} (kept in x-agentport)`;
  let out = "";
  for (const t of tokens) {
    if (/^(0|[1-9][0-9]*)$/.test(t)) out += `[${t}]`;
    else out += (out ? "." : "") + t;
  }
  return out || "(document)";
}

/** "/models/0/id" and "/tools/[mcp]/name" as "/models/[]/id" and "/tools/[]/name": an IR pointer as the path its declarations name. */
export function generalIrPath(p: string): string {
  return p.replace(/\/\[[^\]/]*\]/g, "/[]").replace(/\/(0|[1-9][0-9]*)(?=\/|$)/g, "/[]");
}
