// Plain JSON values and the few operations every layer needs on them.
// Keys such as "__proto__" are ordinary data here: every write goes through
// defineProperty, so no input can reach Object.prototype.
import { escapeToken } from "./pointer.js";

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Sets an own, enumerable property even when the key is "__proto__". */
export function setKey<T>(obj: Record<string, T>, key: string, value: T): void {
  // Only "__proto__" assignment reaches a prototype on a plain object; every other
  // key (including "constructor", "prototype") becomes an own property. defineProperty
  // is several times slower, so it is kept for the one key that needs it.
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A deep copy that keeps only JSON data (drops undefined, functions) and never pollutes prototypes. */
export function cloneJson<T extends JsonValue>(v: T): T;
export function cloneJson(v: unknown): JsonValue;
export function cloneJson(v: unknown): JsonValue {
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : cloneJson(x)));
  if (isObject(v)) {
    const out: JsonObject = {};
    for (const k of Object.keys(v)) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) setKey(out, k, cloneJson(x));
    }
    return out;
  }
  return v as JsonPrimitive;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b);
}

/** Drops keys whose value is undefined, so optional fields never show up as `undefined`. */
export function compact<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) if (o[k] !== undefined) setKey(out, k, o[k]);
  return out as T;
}

/** Orders the keys of `o` by `order` first (schema order), then the rest in their original order. */
export function orderKeys<T extends Record<string, unknown>>(o: T, order: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (const k of order) if (Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined) setKey(out, k, o[k]);
  for (const k of Object.keys(o)) if (!order.includes(k) && o[k] !== undefined) setKey(out, k, o[k]);
  return out as T;
}

/** Every leaf (primitive, empty array, empty object) of a JSON value with its pointer. */
export function leaves(v: unknown, base = ""): { pointer: string; value: JsonValue }[] {
  const out: { pointer: string; value: JsonValue }[] = [];
  const walk = (x: unknown, p: string): void => {
    if (Array.isArray(x)) {
      if (x.length === 0) out.push({ pointer: p, value: [] });
      x.forEach((y, i) => walk(y, `${p}/${i}`));
    } else if (isObject(x)) {
      const keys = Object.keys(x);
      if (keys.length === 0) out.push({ pointer: p, value: {} });
      for (const k of keys) walk(x[k], `${p}/${escapeToken(k)}`);
    } else if (x !== undefined) {
      out.push({ pointer: p, value: x as JsonPrimitive });
    }
  };
  walk(v, base);
  return out;
}
