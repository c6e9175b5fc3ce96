// A direct writer of the YAML that serialize.ts's yamlText asks the yaml package for (block style,
// lineWidth 0, indentSeq, the YAML 1.1 quoting of serialize.ts), for the documents emitters build:
// plain JSON data. Building the yaml package's node tree, visiting it and stringifying it was a
// third of a conversion into mas; this writes the same bytes in one walk. It covers the forms
// those documents hold and says so by returning undefined for anything else (an alias the package
// would write for an object met twice, a `? key` map, a control character, a multi-line string it
// would double-quote, a document marker at a line's start, a key over 1024 characters): the
// caller then asks the package, so a rare form costs time, never different bytes.
// test/yaml-writer.test.ts compares both on the golden outputs and on generated strings.
import { Document } from "yaml";

/** The core schema's tests of a plain scalar that reads back as another type (null, bool, int, float). */
const OTHER_TYPES: readonly RegExp[] = new Document({}).schema.tags.flatMap((t) => (t.default === true && t.tag !== "tag:yaml.org,2002:str" && t.test instanceof RegExp ? [t.test] : []));

/** Characters after which the package forces double quotes (and a multi-line string it would fold). */
const FORCED_DOUBLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const LITERAL_SAFE = /^[^\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u2028\u2029\ufeff]*$/;
const BLOCK_END_NEWLINES = /(^|(?<!\n))\n+(?!\n|$)/g;

/**
 * Most strings are words and sentences: a letter first, then letters, digits, spaces and
 * punctuation no YAML rule looks at, and no space last. Such a string is plain unless it is one of
 * the words YAML reads as a bool or null; only a string of at most five characters (`false`, the
 * longest of them) starting with one of those words' first letters needs the full tests (a number,
 * date, .inf or .nan starts with a digit, sign or dot): "The guest asks…" and "You are…" do not.
 */
const WORDS = /^[A-Za-z](?:[A-Za-z0-9 _.,;()/+=$'"-]*[A-Za-z0-9_.,;()/+=$'"-])?$/;
const WORD_FIRST = /^[yYnNtTfFoO]/;
/** A `"` or `'` can start no plain scalar, but inside one they change which quotes a quoted one takes: here they are plain. */
const isPlainWord = (s: string): boolean => WORDS.test(s) && (s.length > 5 || !WORD_FIRST.test(s));

/**
 * A JSON pointer (the stash's keys, the places its guards name, its `absent` list): a slash first,
 * then letters, digits and `_ . ~ / -`. No YAML rule reads such a string as anything but itself
 * (every other type starts with a digit, sign, dot, tilde, letter or an indicator): plain.
 */
const POINTER = /^\/[A-Za-z0-9_.~/-]*$/;
/** Lowercase hex (a stash guard's digest): plain, unless it reads as a number (digits, `1e5`, a YAML 1.1 `0b101`), then double-quoted. */
const HEX = /^[0-9a-f]+$/;
const HEX_NUMBER = /^(?:[0-9]+(?:e[0-9]+)?|0b[01]+)$/;

/** Thrown inside the walk: a form this writer leaves to the yaml package. */
class Unsupported extends Error {}
const unsupported = (): never => {
  throw new Unsupported();
};

/** A single-line string the package quotes: single quotes when it holds `"` and no `'`, else JSON's double quotes. */
function quoted(s: string): string {
  if (s.includes('"') && !s.includes("'")) return `'${s}'`;
  return JSON.stringify(s);
}

/** A key (an implicit key), as stringifyPair and plainString write it. */
function keyText(k: string, ambiguous: (s: string) => boolean): string {
  if (k.length <= 1024 && (isPlainWord(k) || POINTER.test(k))) return k;
  if (k.includes("\n") || FORCED_DOUBLE.test(k) || DOCUMENT_MARKER.test(k)) unsupported();
  const text = ambiguous(k) ? JSON.stringify(k) : NOT_PLAIN.test(k) || OTHER_TYPES.some((re) => re.test(k)) ? quoted(k) : k;
  // A longer key is written as an explicit `? key`.
  return text.length > 1024 ? unsupported() : text;
}

/** A `|` literal block of a multi-line string at `indent` (stringifyString's blockString, literal). */
function literal(value: string, indent: string): string {
  if (/\n[\t ]+$/.test(value)) unsupported();
  let endStart = value.length;
  for (; endStart > 0; --endStart) {
    const ch = value[endStart - 1];
    if (ch !== "\n" && ch !== "\t" && ch !== " ") break;
  }
  let end = value.substring(endStart);
  const endNlPos = end.indexOf("\n");
  const chomp = endNlPos === -1 ? "-" : value === end || endNlPos !== end.length - 1 ? "+" : "";
  if (end) {
    value = value.slice(0, -end.length);
    if (end[end.length - 1] === "\n") end = end.slice(0, -1);
    end = end.replace(BLOCK_END_NEWLINES, `$&${indent}`);
  }
  let startWithSpace = false;
  let startEnd = 0;
  let startNlPos = -1;
  for (; startEnd < value.length; ++startEnd) {
    const ch = value[startEnd];
    if (ch === " ") startWithSpace = true;
    else if (ch === "\n") startNlPos = startEnd;
    else break;
  }
  let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
  if (start) {
    value = value.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startWithSpace ? "2" : "") + chomp;
  value = value.replace(/\n+/g, `$&${indent}`);
  return `|${header}\n${indent}${start}${value}${end}`;
}

/** A string value at `indent` (the indent of its own lines), as serialize.ts's visitor types it and the package writes it. */
function stringText(s: string, indent: string, ambiguous: (s: string) => boolean): string {
  if (isPlainWord(s) || POINTER.test(s)) return s;
  if (HEX.test(s)) return HEX_NUMBER.test(s) ? `"${s}"` : s;
  if (FORCED_DOUBLE.test(s) || DOCUMENT_MARKER.test(s)) unsupported();
  if (s.includes("\n")) {
    // serialize.ts: a literal block when it can be one, double quotes (folded over lines) otherwise.
    if (LITERAL_SAFE.test(s) && !/^[ \t]/.test(s)) return literal(s, indent);
    return unsupported();
  }
  if (ambiguous(s)) return JSON.stringify(s);
  if (NOT_PLAIN.test(s) || OTHER_TYPES.some((re) => re.test(s))) return quoted(s);
  return s;
}

const isPlainObject = (v: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Writes `data` as yamlText does, or returns undefined for a form left to the yaml package. */
export function writeYaml(data: object, order: ReadonlyMap<object, readonly string[]>, ambiguous: (s: string) => boolean): string | undefined {
  const seen = new Set<object>();
  /** The keys in the order they are written: as the object holds them, unless `order` names its order. */
  const keysOf = (o: Record<string, unknown>): string[] => {
    const keys = order.get(o);
    if (keys === undefined) return Object.keys(o);
    const rank = (k: string) => {
      const i = keys.indexOf(k);
      return i === -1 ? keys.length : i;
    };
    return Object.keys(o).sort((a, b) => rank(a) - rank(b));
  };
  /** A collection's text and whether it is a non-empty block (written on the lines after its key). */
  const node = (v: unknown, indent: string): { text: string; block: boolean } => {
    if (v === null) return { text: "null", block: false };
    switch (typeof v) {
      case "string":
        return { text: stringText(v, indent, ambiguous), block: false };
      case "number":
        return Number.isFinite(v) ? { text: JSON.stringify(v), block: false } : unsupported();
      case "boolean":
        return { text: v ? "true" : "false", block: false };
      case "object":
        break;
      default:
        return unsupported();
    }
    const o = v as object;
    if (seen.has(o)) unsupported();
    seen.add(o);
    if (Array.isArray(o)) {
      if (o.length === 0) return { text: "[]", block: false };
      const inner = indent + "  ";
      let text = "";
      for (let i = 0; i < o.length; i++) {
        const x: unknown = o[i];
        if (x === undefined) unsupported();
        text += (i === 0 ? "- " : `\n${indent}- `) + node(x, inner).text;
      }
      return { text, block: true };
    }
    if (!isPlainObject(o)) unsupported();
    const text = mapText(o as Record<string, unknown>, indent);
    return { text, block: text !== "{}" };
  };
  /** A map's pairs at `indent` ("{}" when empty). */
  const mapText = (o: Record<string, unknown>, indent: string): string => {
    const inner = indent + "  ";
    let text = "";
    let written = 0;
    let nulls = 0;
    for (const k of keysOf(o)) {
      const x = o[k];
      if (x === undefined) continue;
      if (x === null) nulls++;
      const value = node(x, inner);
      const head = (written++ === 0 ? "" : `\n${indent}`) + keyText(k, ambiguous) + ":";
      // A block collection starts on the next line, at the pair's indent (a sequence too: indentSeq).
      text += value.block ? `${head}\n${inner}${value.text}` : `${head} ${value.text}`;
    }
    if (written === 0) return "{}";
    // A map whose values are all null is written with `? key` entries.
    if (nulls === written) unsupported();
    return text;
  };
  try {
    if (!isPlainObject(data) || Array.isArray(data)) return undefined;
    seen.add(data);
    return mapText(data as Record<string, unknown>, "") + "\n";
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}
