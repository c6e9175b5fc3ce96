// RFC 6901 JSON Pointers: the one way every diagnostic names a place in a document.

export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapeToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Joins tokens (raw, unescaped) onto a pointer. */
export function join(base: string, ...tokens: (string | number)[]): string {
  return base + tokens.map((t) => "/" + escapeToken(t)).join("");
}

/** Appends an already-escaped relative pointer ("/a/b") to a base pointer. */
export function concat(base: string, relative: string): string {
  return relative === "" ? base : base + relative;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`not a JSON Pointer: ${pointer}`);
  return pointer.slice(1).split("/").map(unescapeToken);
}

/** True when `ancestor` is `pointer` itself or one of its ancestors. */
export function isAncestorOrSelf(ancestor: string, pointer: string): boolean {
  return pointer === ancestor || pointer.startsWith(ancestor + "/") || ancestor === "";
}

/** The value at a pointer, or undefined. Reads own properties only. */
export function get(doc: unknown, pointer: string): unknown {
  let cur: unknown = doc;
  for (const t of parsePointer(pointer)) {
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(t)) return undefined;
      cur = cur[Number(t)];
    } else if (typeof cur === "object" && cur !== null && Object.prototype.hasOwnProperty.call(cur, t)) {
      cur = (cur as Record<string, unknown>)[t];
    } else {
      return undefined;
    }
  }
  return cur;
}

/** A pointer written as the format's own dotted key path: "/policy/voiceStyle" → "policy.voiceStyle", "/tools/2" → "tools[2]". */
export function dotted(pointer: string): string {
  let out = "";
  for (const t of parsePointer(pointer)) {
    if (/^(0|[1-9][0-9]*)$/.test(t)) out += `[${t}]`;
    else out += (out ? "." : "") + t;
  }
  return out || "(document)";
}
