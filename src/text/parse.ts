// Text → data, for JSON and YAML alike, with a locator that turns a JSON Pointer
// into line:column. yaml's Document API keeps the safe defaults (unique keys,
// alias-count limit) and never writes "__proto__" through to a prototype.
import { LineCounter, parseDocument, isMap, isSeq, isScalar, isPair, visit, type Document, type Node as YamlNode } from "yaml";
import { diagnostic, type Diagnostic } from "../ir/diagnostics.js";
import { escapeToken, get as getPointer, parsePointer } from "../ir/pointer.js";
import { indexJson, keysAt, lineColumn, lineStartsOf, offsetsOf, scanJson, type JsonScan } from "./json-scan.js";
import { offsetFinder } from "./json-index.js";
import { mayReorder } from "./key-order.js";
import type { JsonValue } from "../ir/json.js";

export type Syntax = "json" | "yaml";

export interface Position {
  line: number;
  column: number;
}

/** line:column (1-based) of the value at a pointer, or of its nearest existing ancestor. */
export type Locate = (pointer: string) => Position | undefined;

export interface ParsedText {
  data?: JsonValue;
  syntax: Syntax;
  diagnostics: Diagnostic[];
  /** line:column (1-based) of the value at `pointer`, or of its nearest existing ancestor. */
  locate: Locate;
  /**
   * The keys of the object at `pointer` in the order the text has them (JavaScript objects list
   * integer-like keys such as "2" first, whatever the text says); undefined when it is no object.
   */
  keyOrder?(pointer: string): string[] | undefined;
}

const MAX_ALIAS_COUNT = 100;
/** No manifest nests this deep; refusing deeper input keeps every later recursive walk (ajv, adapters) safe. */
export const MAX_DEPTH = 256;

export function sniffSyntax(text: string): Syntax {
  // Most texts open with their first character (every output agentport writes as JSON): no match array.
  const first = text.charCodeAt(0);
  if (first === 0x7b || first === 0x5b) return "json";
  const m = /^[\s\uFEFF]*(.)/.exec(text);
  return m && (m[1] === "{" || m[1] === "[") ? "json" : "yaml";
}

export function parseText(text: string, file?: string): ParsedText {
  // A UTF-8 byte-order mark is not content.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const syntax = sniffSyntax(body);
  if (syntax === "json") {
    const fast = parseJsonFast(body, file);
    if (fast) return fast;
  }
  const lineCounter = new LineCounter();
  const src = (pointer: string, pos?: Position) => (file === undefined ? { pointer, ...pos } : { file, pointer, ...pos });
  // JSON with // or /* comments (JSONC, JSON5): the YAML parser either fails with flow-collection
  // messages that do not say why, or reads `1 /* one */` as the string "1 /* one */". Name the comment.
  // A file named .yaml/.yml is YAML, whose flow text may hold `//` or `/*` in plain or quoted scalars.
  const yamlNamed = file !== undefined && /\.ya?ml$/i.test(file);
  const comment = syntax === "json" && !yamlNamed ? firstJsonComment(body) : undefined;
  if (comment !== undefined) {
    const kind = body.startsWith("//", comment) ? "//" : "/*";
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem: `JSON syntax: a ${kind} comment; JSON has no comments (JSONC and JSON5 are not read): remove them, or write the file as YAML, whose comments start with #` }, { source: src("", lineColumn(body, lineStartsOf(body), comment)) })], locate: () => undefined };
  }
  let doc: Document.Parsed;
  try {
    doc = parseDocument(body, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true, stringKeys: false });
  } catch (e) {
    return failed(syntax, [diagnostic("invalid-syntax", { problem: `cannot parse ${syntax.toUpperCase()}: ${errorText(e)}` }, { source: src("", { line: 1, column: 1 }) })]);
  }
  const locate = (pointer: string): Position | undefined => locateIn(doc, lineCounter, pointer);
  // A file named as JSON (.json, .json5, AgentMug's .agent) is JSON: text JSON.parse refuses and YAML reads
  // as flow text (JSON5's trailing commas, single quotes, bare keys) is not taken as YAML, which reads some
  // of its values otherwise ('\n' is two characters in YAML's single quotes, Infinity a string).
  if (doc.errors.length === 0 && syntax === "json" && file !== undefined && /\.(?:json5?|agent)$/i.test(file)) {
    const json = jsonError(body);
    if (json) return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem: `JSON syntax: ${json.text} (a file named ${file.slice(file.lastIndexOf("."))} is read as JSON; trailing commas, single quotes and unquoted keys are JSON5 or YAML: remove them, or name the file .yaml to have it read as YAML)` }, { source: src("", lineColumn(body, lineStartsOf(body), json.offset)) })], locate: () => undefined };
  }
  // Text that opens as JSON and is neither JSON nor YAML flow text: JSON's own words say what is
  // wrong (YAML's "Flow map must end with a }" under "JSON syntax" read as another language's).
  if (doc.errors.length > 0 && syntax === "json" && !yamlNamed) {
    const json = jsonError(body);
    if (json) return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem: `JSON syntax: ${json.text}` }, { source: src("", lineColumn(body, lineStartsOf(body), json.offset)) })], locate };
  }
  // Text the YAML parser fails on whose first line of content cannot open a YAML manifest (Markdown
  // prose under a # heading, a text file) is not YAML at all: one line says so, where that text starts,
  // instead of the parser's complaint about every line after it (docs/decisions.md, session 18).
  const textLine = doc.errors.length > 0 && syntax === "yaml" ? firstTextLine(body) : undefined;
  if (textLine !== undefined) {
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem: `the input is neither JSON nor YAML: line ${textLine} is text, not a YAML key, list item or collection (a Markdown or text file?)` }, { source: src("", { line: textLine, column: 1 }) })], locate };
  }
  // A file named as prose (README.md, notes.txt) that YAML cannot read is prose, however it opens (a
  // "Note: …" line, a SKILL.md's front matter): one line, at YAML's first error, in YAML's words.
  if (doc.errors.length > 0 && syntax === "yaml" && file !== undefined && PROSE_NAMED.test(file)) {
    const e = doc.errors[0]!;
    const at = e.linePos?.[0] ?? { line: lineCounter.linePos(e.pos[0]).line, col: lineCounter.linePos(e.pos[0]).col };
    const why = e.code === "MULTIPLE_DOCS" ? MULTIPLE_DOCS : e.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "");
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem: `the input is neither JSON nor YAML: a ${file.slice(file.lastIndexOf("."))} file, which YAML cannot read (line ${at.line}: ${why})` }, { source: src("", { line: at.line, column: at.col }) })], locate };
  }
  if (doc.errors.length > 0) {
    const diagnostics = doc.errors.slice(0, 20).map((e) => {
      // yaml places a missing closing quote where the text ran out (e.pos and e.linePos alike: the end of
      // the file, or of the flow collection); the writer's mistake is where the quote opens.
      const open = e.code === "MISSING_CHAR" && /closing .?quote/.test(e.message) ? quoteOpening(doc, e.pos[0]) : undefined;
      const lp = lineCounter.linePos(open ?? e.pos[0]);
      const at = open !== undefined ? { line: lp.line, col: lp.col } : e.linePos?.[0] ?? { line: lp.line, col: lp.col };
      const dup = e.code === "DUPLICATE_KEY" ? keyStartingAt(doc, e.pos[0]) : undefined;
      const text = /call stack/i.test(e.message) ? "the document is nested too deeply" : e.code === "MULTIPLE_DOCS" ? MULTIPLE_DOCS : dup !== undefined ? duplicateKey(dup) : e.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "");
      return diagnostic("invalid-syntax", { problem: `${syntax.toUpperCase()} syntax: ${text}` }, { source: src("", at ? { line: at.line, column: at.col } : { line: 1, column: 1 }) });
    });
    return { syntax, diagnostics, locate };
  }
  if (doc.contents === null || body.trim() === "") {
    // A file of YAML comments only (a README.md of # headings) holds no document, but it is not empty.
    const problem = /^\s*#/m.test(body) ? "the input holds no document, only comments" : "the input is empty";
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem }, { source: src("", { line: 1, column: 1 }) })], locate };
  }
  // A key that is a map or a list has no JSON form (yaml would stringify it, warning on stderr).
  const collectionKey = firstCollectionKey(doc);
  if (collectionKey !== undefined) {
    const pos = lineCounter.linePos(collectionKey);
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { subject: syntax.toUpperCase(), problem: "a mapping key is a map or a list, which has no JSON form; keys must be strings" }, { source: src("", { line: pos.line, column: pos.col }) })], locate };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { subject: syntax.toUpperCase(), problem: errorText(e) }, { source: src("", { line: 1, column: 1 }) })], locate };
  }
  const bad = firstNonJson(data, "");
  if (bad) {
    return { syntax, diagnostics: [diagnostic("invalid-syntax", { problem: bad.what }, { source: src(bad.pointer, locate(bad.pointer)) })], locate };
  }
  return { data: data as JsonValue, syntax, diagnostics: [], locate, keyOrder: (pointer) => keysIn(doc, pointer) };
}

/** A line that carries nothing (blank), or only YAML's own marks: a comment, a document marker, a directive. */
const NO_CONTENT = /^\s*(?:#.*|---.*|\.\.\.\s*|%.*)?$/;
/**
 * How a YAML manifest's first line of content opens: a key (`name:`, one word, or quoted: `"a b":`,
 * `? x`), a list item (`-`), a flow collection (`{`, `[`), or a tag or anchor before one. A line of
 * words (Markdown's prose, a text file's first sentence, "On your machine: …") opens none of them.
 */
const YAML_OPENING = /^\s*(?:[-?](?:\s|$)|[{["'&!]|[^\s#:][^\s:]*:(?:\s|$))/;
/** A file named as a document of prose: Markdown or plain text. */
const PROSE_NAMED = /\.(?:md|markdown|mdx|txt|rst)$/i;

/** The 1-based line of the first content of `body` when that line cannot open a YAML manifest. */
function firstTextLine(body: string): number | undefined {
  let line = 0;
  for (const l of body.split(/\r?\n/, 200)) {
    line++;
    if (NO_CONTENT.test(l)) continue;
    return YAML_OPENING.test(l) ? undefined : line;
  }
  return undefined;
}

/** JSON.parse's own account of why `body` is no JSON: its words, and where (the end of the text when it names no position). */
function jsonError(body: string): { text: string; offset: number } | undefined {
  try {
    JSON.parse(body);
    return undefined;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const at = / in JSON at position (\d+)/.exec(message);
    const text = message.replace(/ in JSON at position \d+.*$/, "").replace(/ of JSON input$/, " of the input");
    return { text, offset: at ? Math.min(Number(at[1]), body.length) : body.length };
  }
}

/** The offset of the first // or /* comment outside a string ("…", or '…' as JSON5 and YAML quote) of JSON-like text, if any. */
function firstJsonComment(body: string): number | undefined {
  let quote: string | undefined;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote !== undefined) {
      // YAML's '' inside '…' closes and reopens, which reads the same.
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    // After a space or JSON punctuation only: `{url: http://x}` is YAML flow text, not a comment.
    else if (c === "/" && (body[i + 1] === "/" || body[i + 1] === "*") && (i === 0 || /[\s,{}[\]]/.test(body[i - 1]!))) return i;
  }
  return undefined;
}

/**
 * JSON through JSON.parse (two orders of magnitude faster than a YAML parser) plus
 * one scan for duplicate keys and positions. Text JSON.parse rejects goes down the
 * YAML path, which locates the error (and accepts JSON-with-comments leniently).
 */
function parseJsonFast(body: string, file?: string): ParsedText | undefined {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  // JSON.parse keeps the last of duplicate keys, so the text has more members than the data
  // exactly when a key repeats. The one pass that counts them also records where each value
  // starts; the full scan (the duplicate's pointer, every value's pointer) runs only when the
  // text and the data disagree.
  const counted = indexJson(body);
  const inData = valuesOf(data, counted.depth);
  let scan: JsonScan | undefined;
  const scanned = (): JsonScan => (scan ??= scanJson(body));
  if (counted.members !== inData.members || counted.starts.length !== inData.values) scanned();
  const offsetOf = offsetFinder(data, counted, (pointer) => offsetsOf(body, [pointer]).get(pointer));
  let starts: number[] | undefined;
  const locate: Locate = (pointer: string): Position | undefined => {
    let p = pointer;
    for (;;) {
      const at = scan ? scan.offsets.get(p) : offsetOf(p);
      if (at !== undefined) return lineColumn(body, (starts ??= lineStartsOf(body)), at);
      if (p === "") return { line: 1, column: 1 };
      p = p.slice(0, p.lastIndexOf("/"));
    }
  };
  const src = (pointer: string) => ({ ...(file === undefined ? {} : { file }), pointer, ...locate(pointer) });
  if (scan) {
    const duplicate = scan.duplicate;
    if (duplicate) {
      const key = parsePointer(duplicate.pointer).pop();
      return { syntax: "json", diagnostics: [diagnostic("invalid-syntax", { problem: `JSON syntax: ${key === undefined ? "Map keys must be unique" : duplicateKey(key)}` }, { source: src(duplicate.pointer) })], locate };
    }
  }
  // JSON.parse yields only JSON values, so depth is the one thing left to check.
  const bad = counted.depth >= MAX_DEPTH ? firstNonJson(data, "") : undefined;
  if (bad) return { syntax: "json", diagnostics: [diagnostic("invalid-syntax", { problem: bad.what }, { source: src(bad.pointer) })], locate };
  // JSON.parse inserts keys in the text's order, and Object.keys lists them so but for array
  // indexes ("2" before "1" comes out "1", "2"): only an object holding one is read again, alone.
  const keyOrder = (pointer: string): string[] | undefined => {
    let value: unknown;
    try {
      value = getPointer(data, pointer);
    } catch {
      return undefined;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const own = Object.keys(value);
    if (!mayReorder(own)) return own;
    const at = scan ? scan.offsets.get(pointer) : offsetOf(pointer);
    return at === undefined ? undefined : keysAt(body, at);
  };
  return { data: data as JsonValue, syntax: "json", diagnostics: [], locate, keyOrder };
}

/** Object members and values in parsed JSON data (iterative: depth is bounded only by the text). */
function valuesOf(data: unknown, depth: number): { members: number; values: number } {
  if (depth >= MAX_DEPTH) return { members: -1, values: -1 }; // too deep to walk here; the depth check refuses it
  let members = 0;
  let values = 0;
  const stack: unknown[] = [data];
  while (stack.length) {
    const x = stack.pop();
    values++;
    if (typeof x !== "object" || x === null) continue;
    if (Array.isArray(x)) {
      for (const y of x) stack.push(y);
      continue;
    }
    for (const k of Object.keys(x)) {
      members++;
      stack.push((x as Record<string, unknown>)[k]);
    }
  }
  return { members, values };
}

/** The offset of the first mapping key that is a collection, if any. */
function firstCollectionKey(doc: Document.Parsed): number | undefined {
  let at: number | undefined;
  visit(doc, {
    Pair(_, pair) {
      if (isPair(pair) && (isMap(pair.key) || isSeq(pair.key))) {
        at = rangeStart(pair.key) ?? 0;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return at;
}

function failed(syntax: Syntax, diagnostics: Diagnostic[]): ParsedText {
  return { syntax, diagnostics, locate: () => undefined };
}

function errorText(e: unknown): string {
  if (e instanceof RangeError) return "the document is nested too deeply";
  return e instanceof Error ? e.message.split("\n")[0] ?? "error" : String(e);
}

/** YAML can hold values JSON cannot (dates, binary, non-string keys turned into "[object Object]"); refuse them. */
/** The first place where `v` is not plain JSON data (or nests too deeply), with a message; undefined when it is fine. */
export function firstNonJson(v: unknown, pointer = ""): { pointer: string; what: string } | undefined {
  const stack: [unknown, string, number][] = [[v, pointer, 0]];
  while (stack.length) {
    const [x, p, depth] = stack.pop()!;
    if (depth > MAX_DEPTH) return { pointer: p, what: `the document nests deeper than ${MAX_DEPTH} levels` };
    if (x === null || typeof x === "string" || typeof x === "boolean") continue;
    if (typeof x === "number") {
      if (!Number.isFinite(x)) return { pointer: p, what: "a non-finite number has no JSON form" };
      continue;
    }
    if (Array.isArray(x)) {
      x.forEach((y, i) => stack.push([y, `${p}/${i}`, depth + 1]));
      continue;
    }
    if (typeof x === "object" && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null)) {
      for (const k of Object.keys(x)) stack.push([(x as Record<string, unknown>)[k], `${p}/${escapeToken(k)}`, depth + 1]);
      continue;
    }
    return { pointer: p, what: x instanceof Date ? "an unquoted timestamp has no JSON form; quote it" : `a value of type ${typeof x} has no JSON form` };
  }
  return undefined;
}

/** Several YAML documents (`---`) in one file: one file is one manifest (user trial 16, F12: the yaml library's text named its own API). */
const MULTIPLE_DOCS = "the file holds several documents (---), and a file holds one manifest: put each agent in a file of its own, or list them in a multi-agent app or a bundle";

/** A repeated key, named: a manifest pasted twice into one file repeats every top-level key, and the message says which. */
function duplicateKey(key: string): string {
  return `Map keys must be unique (${JSON.stringify(key)} is already a key of this mapping)`;
}

/** The text of the mapping key whose source starts at `offset`, if one does. */
/** The offset of the opening quote of the quoted scalar that an unclosed-quote error at `end` is about. */
function quoteOpening(doc: Document.Parsed, end: number): number | undefined {
  let open: number | undefined;
  visit(doc, {
    Scalar(_, node) {
      if ((node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") && node.range?.[1] === end) {
        open = node.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return open;
}

function keyStartingAt(doc: Document.Parsed, offset: number): string | undefined {
  let key: string | undefined;
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.range?.[0] === offset) {
        key = keyText(pair.key);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return key;
}

/**
 * Follows a pointer into the document: the deepest node it reaches, where that node's key (or
 * list item) starts, and whether the whole pointer was found. Undefined for a malformed pointer.
 */
function follow(doc: Document.Parsed, pointer: string): { node: unknown; at: number | undefined; found: boolean } | undefined {
  let node: unknown = doc.contents;
  let at: number | undefined = rangeStart(node);
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return undefined;
  }
  for (const t of tokens) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === t);
      if (!pair) return { node, at, found: false };
      // Point at the key: that is the line a person looks for.
      at = rangeStart(pair.key) ?? rangeStart(pair.value) ?? at;
      node = pair.value;
    } else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(t) && node.items[Number(t)] !== undefined) {
      node = node.items[Number(t)];
      at = rangeStart(node) ?? at;
    } else {
      return { node, at, found: false };
    }
  }
  return { node, at, found: true };
}

/** line:column of the value at `pointer`, or of its nearest existing ancestor. */
function locateIn(doc: Document.Parsed, lc: LineCounter, pointer: string): Position | undefined {
  const at = follow(doc, pointer)?.at;
  if (at === undefined) return undefined;
  const pos = lc.linePos(at);
  return { line: pos.line, column: pos.col };
}

/** The keys of the map at `pointer`, in the text's order. */
function keysIn(doc: Document.Parsed, pointer: string): string[] | undefined {
  const reached = follow(doc, pointer);
  if (!reached?.found || !isMap(reached.node)) return undefined;
  const keys = reached.node.items.map((p) => (isPair(p) ? keyText(p.key) : undefined));
  return keys.every((k): k is string => k !== undefined) ? keys : undefined;
}

function keyText(k: unknown): string | undefined {
  if (isScalar(k)) return String(k.value);
  return undefined;
}

function rangeStart(n: unknown): number | undefined {
  const r = (n as YamlNode | null)?.range;
  return r ? r[0] : undefined;
}
