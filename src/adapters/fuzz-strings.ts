// String and JSON arbitraries shared by the schema-driven generators. The awkward
// values are the point: unicode, YAML 1.1 look-alikes a PyYAML reader would turn
// into booleans or numbers, padding whitespace, multi-line text and empty strings.
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../ir/json.js";

/** Strings a YAML 1.1 reader would not read back as strings if written bare. */
export const YAML_LOOKALIKES = [
  "on", "off", "yes", "no", "y", "n", "Y", "NO", "On", "true", "False", "null", "Null", "~", "",
  "1.0", "1.2.0", "0.1", "1e3", "012", "0o17", "0x1F", "0b101", "1_000", "1:20", "-1", ".5", ".inf", "-.Inf", ".NaN",
  "2001-12-14", "2001-12-14t21:59:43.10-05:00", "=", "<<", "- item", "key: value", "# not a comment", "'quoted'", "\"dq\"",
  "@at", "`tick`", "!tag", "&anchor", "*alias", "%directive", "|", ">", "[a, b]", "{a: b}", "a #b", "tab\there",
] as const;

const words = ["agent", "support", "billing", "triage", "route", "answer", "ticket", "refund", "Zürich", "naïve", "日本語", "emoji 🙂", "ünïcödé", "Ω", "x"];

const word = fc.constantFrom(...words);
const unicode = fc.string({ unit: "grapheme", maxLength: 16 });
const ascii = fc.string({ unit: "grapheme-ascii", maxLength: 16 });
const sentence = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(" "));
const multiLine = fc
  .tuple(fc.array(fc.oneof(sentence, fc.constant(""), unicode), { minLength: 2, maxLength: 5 }), fc.constantFrom("", "\n", "\n\n"))
  .map(([ls, tail]) => ls.join("\n") + tail);
const padded = fc
  .tuple(fc.constantFrom(" ", "  ", "\t", "\n", " \n "), fc.oneof(sentence, fc.constantFrom(...YAML_LOOKALIKES)), fc.constantFrom("", " ", "\n", "\t "))
  .map(([a, b, c]) => a + b + c);

/** Any string, empty included. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: sentence, weight: 4 },
  { arbitrary: fc.constantFrom(...YAML_LOOKALIKES), weight: 2 },
  { arbitrary: unicode, weight: 2 },
  { arbitrary: ascii, weight: 1 },
  { arbitrary: multiLine, weight: 2 },
  { arbitrary: padded, weight: 2 },
);

/** A string with at least one character (schema minLength: 1). */
export const nonEmpty: fc.Arbitrary<string> = text.filter((s) => s.length > 0);

/** At most `n` code points (JSON Schema maxLength counts code points). */
export function upTo(arb: fc.Arbitrary<string>, n: number): fc.Arbitrary<string> {
  return arb.map((s) => [...s].slice(0, n).join(""));
}

/** Identifiers: snake/kebab words plus the odd unicode or YAML-ish name. */
export const ident: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/), weight: 5 },
  { arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/), weight: 2 },
  { arbitrary: fc.constantFrom("on", "yes", "null", "1.0", "Straße", "工具", "tool name"), weight: 1 },
);

/** A small JSON value, shallow enough to keep documents readable. */
export const jsonValue: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.integer({ min: -1000, max: 100000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((x) => !Object.is(x, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(ident, tie("v"), { maxKeys: 3 }),
  ),
})).v;

export const jsonObject: fc.Arbitrary<JsonObject> = fc.dictionary(ident, jsonValue, { maxKeys: 3 });

/** Drops members whose value is undefined (optional fields of a record). */
export function defined<T extends Record<string, unknown>>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

/** `arb` or absent (present with probability p); shrinks towards absent. */
export function maybe<T>(arb: fc.Arbitrary<T>, p = 0.6): fc.Arbitrary<T | undefined> {
  const w = Math.round(p * 10);
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 10 - w }, { arbitrary: arb, weight: w });
}

/**
 * Plain JSON data: fast-check builds some records and dictionaries without a
 * prototype, which the library's data entry refuses ("no JSON form"); a manifest
 * read from text never has them, so documents are normalised through JSON.
 */
export function plainJson<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}
