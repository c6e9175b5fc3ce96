// "Nothing outside src/adapters/<format>/ names a format" (hub and spoke), checked: every
// TypeScript file under src/ outside the adapters' own folders, and every script under
// scripts/, is scanned for the registered formats' ids (read from the registry, never
// listed here) in string literals, template texts, regular expressions and identifiers.
//
// A name matches when the words of a literal or identifier (split at non-alphanumerics
// and camelCase humps, compared case-insensitively) spell an id on their own or as a
// run of consecutive words: "mas", "x-caplo", `masAdapter`, "AgentMug", "Agent Spec" all
// name a format; "schemas" or "thomas" do not.
//
// Allowed: the registry's one import line per format and its list of adapters
// (src/adapters/registry.ts), and generated files (*.generated.ts). Comments are not
// scanned: a comment that gives a format as an example ("a mas kind: MAS manifest")
// explains the contract to a reader and changes nothing the code does, so it is harmless;
// any knowledge the code runs on lives in literals and names, which are scanned.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { ADAPTERS } from "../src/adapters/registry.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const IDS = ADAPTERS.map((a) => a.id);

interface Token { text: string; line: number; kind: "string" | "identifier" | "regexp" }

/** Words of a token: split at non-alphanumerics, then at camelCase humps ("agentMug", "XMLFile"). */
export function wordsOf(text: string): string[] {
  return text
    .split(/[^A-Za-z0-9]+/)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter((w) => w !== "")
    .map((w) => w.toLowerCase());
}

/** The ids a token names: an id spelled by one word or a run of consecutive words. */
export function idsNamed(text: string, ids: readonly string[]): string[] {
  const words = wordsOf(text);
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let run = "";
    for (let j = i; j < words.length; j++) {
      run += words[j];
      if (ids.includes(run)) found.add(run);
      if (!ids.some((id) => id.startsWith(run))) break;
    }
  }
  return [...found];
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
// After these a `/` starts a regular expression, not a division.
const BEFORE_REGEXP_WORDS = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]);

/** A small lexer for TypeScript/JavaScript: the string, template, regexp and identifier tokens; comments skipped. */
export function tokens(source: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let last: { kind: "word" | "value" | "punct"; text: string } = { kind: "punct", text: "" };
  // Nesting of `${ … }` inside templates: the brace depth at which each template resumes.
  const templateDepths: number[] = [];
  let depth = 0;
  const count = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (source[k] === "\n") line++;
  };
  const readTemplate = (start: number): void => {
    // From just after "`" or "}" of a substitution to the next "${" or closing "`".
    let k = start;
    let text = "";
    const startLine = line;
    while (k < source.length) {
      const c = source[k]!;
      if (c === "\\") { text += source.slice(k, k + 2); k += 2; continue; }
      if (c === "`") { k++; break; }
      if (c === "$" && source[k + 1] === "{") { k += 2; templateDepths.push(depth); depth++; break; }
      text += c;
      k++;
    }
    out.push({ text, line: startLine, kind: "string" });
    count(start, k);
    i = k;
    last = { kind: "value", text: "`" };
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\n") { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === "/" && source[i + 1] === "/") { while (i < source.length && source[i] !== "\n") i++; continue; }
    if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      count(i, stop);
      i = stop;
      continue;
    }
    if (c === "'" || c === '"') {
      let k = i + 1;
      let text = "";
      while (k < source.length && source[k] !== c && source[k] !== "\n") {
        if (source[k] === "\\") { text += source.slice(k, k + 2); k += 2; continue; }
        text += source[k];
        k++;
      }
      out.push({ text, line, kind: "string" });
      i = k + 1;
      last = { kind: "value", text: c };
      continue;
    }
    if (c === "`") { readTemplate(i + 1); continue; }
    if (c === "}" && templateDepths.length > 0 && templateDepths[templateDepths.length - 1] === depth - 1) {
      templateDepths.pop();
      depth--;
      readTemplate(i + 1);
      continue;
    }
    if (c === "/" && (last.kind === "punct" ? last.text !== ")" && last.text !== "]" && last.text !== "}" : last.kind === "word" && BEFORE_REGEXP_WORDS.has(last.text))) {
      let k = i + 1;
      let inClass = false;
      while (k < source.length && source[k] !== "\n") {
        const r = source[k]!;
        if (r === "\\") { k += 2; continue; }
        if (r === "[") inClass = true;
        else if (r === "]") inClass = false;
        else if (r === "/" && !inClass) break;
        k++;
      }
      out.push({ text: source.slice(i + 1, k), line, kind: "regexp" });
      i = k + 1;
      while (i < source.length && /[a-z]/.test(source[i]!)) i++;
      last = { kind: "value", text: "/" };
      continue;
    }
    if (IDENT_START.test(c)) {
      let k = i + 1;
      while (k < source.length && IDENT_PART.test(source[k]!)) k++;
      const text = source.slice(i, k);
      out.push({ text, line, kind: "identifier" });
      i = k;
      last = { kind: "word", text };
      continue;
    }
    if (/[0-9]/.test(c)) {
      while (i < source.length && /[0-9A-Za-z_.]/.test(source[i]!)) i++;
      last = { kind: "value", text: "0" };
      continue;
    }
    if (c === "{") depth++;
    if (c === "}") depth--;
    last = { kind: "punct", text: c };
    i++;
  }
  return out;
}

function walk(dir: string, accept: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...walk(path, accept));
    else if (accept(path)) found.push(path);
  }
  return found.sort();
}

/** Lines of src/adapters/registry.ts that may name a format: one import per adapter folder, and the list. */
function registryLineAllowed(text: string): boolean {
  return /^import \{ \w+ \} from "\.\/[\w-]+\/index\.js";$/.test(text.trim()) || /^export const ADAPTERS\b/.test(text.trim());
}

/** Every place outside the adapters' folders that names a registered format, as "file:line: id in `token`". */
function findings(): string[] {
  const adapterDirs = readdirSync(join(PROJECT_ROOT, "src/adapters"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(PROJECT_ROOT, "src/adapters", e.name) + sep);
  const files = [
    ...walk(join(PROJECT_ROOT, "src"), (p) => p.endsWith(".ts") && !p.endsWith(".generated.ts") && !adapterDirs.some((d) => p.startsWith(d))),
    ...walk(join(PROJECT_ROOT, "scripts"), (p) => p.endsWith(".mjs")),
  ];
  const out: string[] = [];
  for (const file of files) {
    const rel = relative(PROJECT_ROOT, file).split(sep).join("/");
    const source = readFileSync(file, "utf8");
    const lines = source.split("\n");
    for (const token of tokens(source)) {
      const named = idsNamed(token.text, IDS);
      if (named.length === 0) continue;
      if (rel === "src/adapters/registry.ts" && registryLineAllowed(lines[token.line - 1] ?? "")) continue;
      out.push(`${rel}:${token.line}: ${named.join(", ")} in ${token.kind} ${JSON.stringify(token.text.slice(0, 80))}`);
    }
  }
  return out;
}

describe("format ids", () => {
  it("the registry has formats to look for", () => {
    expect(IDS.length).toBeGreaterThan(1);
  });

  it("the matcher finds ids in literals and names, not inside other words", () => {
    const ids = ["mas", "agentmug", "caplo"];
    expect(idsNamed("masAdapter", ids)).toEqual(["mas"]);
    expect(idsNamed("AgentMug v1", ids)).toEqual(["agentmug"]);
    expect(idsNamed("/extensions/caplo/~1x", ids)).toEqual(["caplo"]);
    expect(idsNamed("kind: MAS", ids)).toEqual(["mas"]);
    expect(idsNamed("schemas", ids)).toEqual([]);
    expect(idsNamed("agent mugs", ids)).toEqual([]);
  });

  it("the lexer skips comments and reads strings, templates, regexps and names", () => {
    const src = [
      "// a mas comment",
      "const a = 'caplo'; /* agentmug */",
      "const b = `x${masThing}y${`z`}` + c / 2;",
      "const r = /\\.agent\\.json$/;",
    ].join("\n");
    const toks = tokens(src).map((t) => `${t.line}:${t.kind}:${t.text}`);
    expect(toks).toContain("2:string:caplo");
    expect(toks).toContain("3:identifier:masThing");
    expect(toks).toContain("3:string:y");
    expect(toks).toContain("3:string:z");
    expect(toks).toContain("4:regexp:\\.agent\\.json$");
    expect(toks.some((t) => t.includes("mas comment") || t.includes("agentmug"))).toBe(false);
  });

  it("nothing outside src/adapters/<format>/ names a format", () => {
    // One line per finding (file:line), so the failure says what to move into which adapter.
    expect(findings().join("\n")).toBe("");
  });
});
