// Writing into JSON values by RFC 6901 pointer. The stash restores IR values with
// these; its pointers come from input files, so every key is written through
// setKey ("__proto__" stays data) and only own properties are ever followed.
import { isObject, setKey, type JsonObject, type JsonValue } from "./json.js";
import { parsePointer } from "./pointer.js";

const INDEX = /^(0|[1-9][0-9]*)$/;

type Container = JsonObject | JsonValue[];

function childOf(c: Container, token: string): JsonValue | undefined {
  if (Array.isArray(c)) return INDEX.test(token) ? c[Number(token)] : undefined;
  return Object.prototype.hasOwnProperty.call(c, token) ? c[token] : undefined;
}

/** Puts `value` under `token`; an array index past the end appends (arrays never get holes). Returns the value's container slot, or undefined. */
function putInto(c: Container, token: string, value: JsonValue): JsonValue | undefined {
  if (Array.isArray(c)) {
    if (!INDEX.test(token)) return undefined;
    const i = Math.min(Number(token), c.length);
    c[i] = value;
    return c[i];
  }
  setKey(c, token, value);
  return c[token];
}

/**
 * Sets the value at `pointer` inside `root`, creating the containers on the way
 * (an array when the next token is an index, else an object). False when a
 * scalar stands in the way or the pointer is the root itself.
 */
export function setAtPointer(root: JsonObject, pointer: string, value: JsonValue): boolean {
  const tokens = parsePointer(pointer);
  const last = tokens.pop();
  if (last === undefined) return false;
  let cur: Container = root;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    let next = childOf(cur, t);
    if (next === undefined) next = putInto(cur, t, INDEX.test(tokens[i + 1] ?? last) ? [] : {});
    if (!Array.isArray(next) && !isObject(next)) return false;
    cur = next;
  }
  return putInto(cur, last, value) !== undefined;
}

/** Removes the value at `pointer` (an array item is spliced out). False when nothing was there. */
export function removeAtPointer(root: JsonObject, pointer: string): boolean {
  const tokens = parsePointer(pointer);
  const last = tokens.pop();
  if (last === undefined) return false;
  let cur: Container = root;
  for (const t of tokens) {
    const next = childOf(cur, t);
    if (!Array.isArray(next) && !isObject(next)) return false;
    cur = next;
  }
  if (childOf(cur, last) === undefined) return false;
  if (Array.isArray(cur)) cur.splice(Number(last), 1);
  else delete cur[last];
  return true;
}
