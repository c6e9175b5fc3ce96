// The direct YAML writer (src/adapters/yaml-writer.ts) must write exactly the bytes the yaml
// package writes for yamlText, or leave the document to the package (undefined).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { packageYaml, yaml11Ambiguous, yamlText } from "../src/adapters/serialize.js";
import { writeYaml } from "../src/adapters/yaml-writer.js";
import type { JsonObject } from "../src/ir/json.js";
import { mulberry32 as random } from "./helpers/random.js";

const none = new Map<object, readonly string[]>();

function yamlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yamlFiles(p, out);
    else if (/\.ya?ml$/.test(e)) out.push(p);
  }
  return out;
}


// Pieces that change how YAML writes a scalar: indicators, spaces and line breaks at either end,
// comment and mapping markers, quotes, document markers, numbers, YAML 1.1 words, control characters.
const PIECES = [" ", "  ", "\n", "\n\n", "\t", ":", ": ", " #", "#", "-", "- ", "?", "? ", "'", '"', "%", "---", "...", "|", ">", "{", "}", "[", "]", ",", "&", "*", "!", "@", "`", "0", "1", "07", "0x1F", "0o7", "1e5", ".5", "1_000", "12:30", "2024-01-01", "yes", "No", "on", "null", "~", "true", "inf", ".nan", "a", "text", "é", "\u0085", "\u00a0", "\r", "\u2028", "\\", "x".repeat(30)];

function str(next: () => number): string {
  let s = "";
  const n = Math.floor(next() * 5);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)];
  return s;
}

function value(next: () => number, depth: number): unknown {
  const r = next();
  if (depth > 2 || r < 0.45) return str(next);
  if (r < 0.5) return [null, true, false, 0, -1, 2.5, -0.125, 1e21, 42][Math.floor(next() * 9)];
  if (r < 0.75) return Array.from({ length: Math.floor(next() * 3) }, () => value(next, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(next() * 4); i > 0; i--) o[str(next)] = value(next, depth + 1);
  return o;
}

describe("the direct YAML writer", () => {
  it("writes every golden YAML document as the yaml package does", () => {
    let written = 0;
    const files = yamlFiles(join(import.meta.dirname, "..", "golden"));
    for (const f of files) {
      const data = parse(readFileSync(f, "utf8")) as unknown;
      if (typeof data !== "object" || data === null || Array.isArray(data)) continue;
      const direct = writeYaml(data, none, yaml11Ambiguous);
      if (direct === undefined) continue;
      written++;
      expect(direct, f).toBe(packageYaml(data as JsonObject));
    }
    // The goldens are what converters write: the writer, not the package, must write nearly all of them.
    expect(written).toBeGreaterThan(files.length * 0.8);
  });

  it("writes generated documents as the yaml package does, or leaves them to it", () => {
    const next = random(7);
    let written = 0;
    for (let i = 0; i < 4000; i++) {
      const data: Record<string, unknown> = {};
      for (let k = 1 + Math.floor(next() * 3); k > 0; k--) data[str(next)] = value(next, 0);
      const direct = writeYaml(data, none, yaml11Ambiguous);
      if (direct === undefined) continue;
      written++;
      expect(direct, JSON.stringify(data)).toBe(packageYaml(data as JsonObject));
    }
    expect(written).toBeGreaterThan(1000);
  });

  it("writes pointer-like and hex strings (a stash's keys, places and digests) as the package does", () => {
    // The writer's shortcuts for a slash-first pointer and for lowercase hex must give the package's
    // bytes, as keys and as values: plain, or quoted where YAML reads a number (digits, 1e5, 0b101).
    const pieces = ["/", "/", "~0", "~1", "a", "Z", "f", "e", "b", "x", "0", "1", "7", "9", "0b", "_", ".", "-", "..", "e1"];
    const next = random(11);
    const strings = ["/", "//", "/-", "/.", "/...", "/~", "0", "00", "0b1", "0b012", "0e5", "1e", "e1", "1e5e", "deadbeef", "09448f57965549", "0be22f22a9a8af", "12345678901234", "0b101010101010"];
    for (let i = 0; i < 3000; i++) {
      let s = next() < 0.5 ? "/" : "";
      for (let n = Math.floor(next() * 6); n > 0; n--) s += pieces[Math.floor(next() * pieces.length)];
      strings.push(s);
    }
    let shortcut = 0;
    for (const s of strings) {
      const short = /^\/[A-Za-z0-9_.~/-]*$|^[0-9a-f]+$/.test(s);
      if (short) shortcut++;
      const data = { [s]: s, list: [s], nested: { at: s, digest: s } };
      const direct = writeYaml(data, none, yaml11Ambiguous);
      // Another string (a document marker "..." first) may be left to the package; a shortcut one never is.
      if (direct === undefined && !short) continue;
      expect(direct, JSON.stringify(s)).toBe(packageYaml(data as JsonObject));
    }
    expect(shortcut).toBeGreaterThan(1000);
  });

  it("writes words that start as YAML's bool and null words do as the package does", () => {
    // Up to five characters the full tests decide (`false` is the longest such word); a longer word is plain.
    const words = ["y", "Y", "n", "N", "o", "O", "t", "T", "f", "F", "yes", "Yes", "YES", "yES", "no", "No", "NO", "nO", "on", "On", "ON", "oN", "off", "Off", "OFF", "true", "True", "TRUE", "tRUE", "false", "False", "FALSE", "null", "Null", "NULL", "Nope", "often", "nulls", "falsey", "Falsehood", "nullable", "offset", "online", "Yesterday", "The guest asks", "You are the front desk", "true story", "no.", "off-by-one", "Tom's", 'Type "x"'];
    const next = random(5);
    const letters = "yYnNtTfFoOaeslru ";
    for (let i = 0; i < 2000; i++) {
      let w = "yYnNtTfFoO"[Math.floor(next() * 10)] as string;
      for (let n = Math.floor(next() * 8); n > 0; n--) w += letters[Math.floor(next() * letters.length)];
      words.push(w);
    }
    for (const w of words) {
      const data = { [w]: w, list: [w] };
      const direct = writeYaml(data, none, yaml11Ambiguous);
      expect(direct, JSON.stringify(w)).toBe(packageYaml(data as JsonObject));
    }
  });

  it("orders the keys of the objects yamlText's order names, as the package does", () => {
    const data = { spec: { context: { "2": "b", z: "c", "1": "a", y: "d" } }, list: [{ "1": "x", k: "y" }] } as unknown as JsonObject;
    const order = { "/spec/context": ["z", "2", "y", "1"], "/list/0": ["k"], "/missing": ["a"] };
    expect(yamlText(data, order)).toBe(packageYaml(data, order));
    expect(yamlText(data, order)).toContain("context:\n    z: c\n    \"2\": b\n    \"y\": d\n    \"1\": a\n");
  });

  it("leaves to the package what only it writes: an object met twice (an alias), a map of nulls (? keys), a control character", () => {
    const shared = { a: 1 };
    expect(writeYaml({ x: shared, y: shared }, none, yaml11Ambiguous)).toBeUndefined();
    expect(writeYaml({ m: { a: null, b: null } }, none, yaml11Ambiguous)).toBeUndefined();
    expect(writeYaml({ s: "a\rb" }, none, yaml11Ambiguous)).toBeUndefined();
    expect(yamlText({ x: shared, y: shared } as unknown as JsonObject)).toBe(packageYaml({ x: shared, y: shared } as unknown as JsonObject));
  });
});
