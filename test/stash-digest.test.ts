// The guards' digest is written into every stash (x-agentport.written): a file written by an earlier
// version must still check, so the digest's spelling may never change. This holds it to the
// reference spelling it was first written with (sorted-key JSON, cyrb53, the 53-bit number in hex).
import { describe, expect, it } from "vitest";
import { digest } from "../src/ir/stash-guard.js";
import { mulberry32 as rng } from "./helpers/random.js";

function referenceCanonical(v: unknown): string {
  if (v === undefined) return "";
  if (Array.isArray(v)) return `[${v.map(referenceCanonical).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${referenceCanonical(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

function referenceDigest(v: unknown): string {
  const s = referenceCanonical(v);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}


function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 5 : 7));
  // Mostly below U+3000 (control characters among them), some surrogates (pairs, and lone halves).
  const text = () => Array.from({ length: Math.floor(next() * 12) }, () => String.fromCharCode(next() < 0.9 ? Math.floor(next() * 0x3000) : 0xd800 + Math.floor(next() * 0x800))).join("");
  switch (pick) {
    case 0: return text();
    case 1: return Math.floor(next() * 2 ** 40) - 2 ** 39;
    case 2: return next() * 10 - 5;
    case 3: return next() < 0.5;
    case 4: return null;
    case 5: return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    default: return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [text(), randomValue(next, depth + 1)]));
  }
}

describe("the stash guards' digest", () => {
  it("spells every value as the reference spelling does", () => {
    const fixed: unknown[] = [undefined, "", "a", 0, -0, 1.5, 2 ** 53, true, null, [], {}, { b: 1, a: [2, "x"] }, { "": { "~": "/" } }, "é\u2028\ud83d\ude00", "x".repeat(5000), "a\"b\\c\n\u0001", "lone \ud800 and \udfff", { "k\"": ["\ud83d", "\t"] }, [undefined, 1, undefined], { a: undefined, b: 2 }, NaN, Infinity, -Infinity, "\b\f\r\t\u001f\u007f\u0085", "\ud83d\ude00\ud83d", "\udc00\ud800", "\ud800\ud800\udc00x", "line one\nline \"two\"\n\\"];
    for (const v of fixed) expect(digest(v)).toBe(referenceDigest(v));
    const next = rng(14);
    for (let i = 0; i < 3000; i++) {
      const v = randomValue(next, 0);
      expect(digest(v)).toBe(referenceDigest(v));
    }
  });

  it("keeps leading zeros: 14 hex digits", () => {
    const next = rng(7);
    for (let i = 0; i < 2000; i++) expect(digest(String(next()))).toMatch(/^[0-9a-f]{14}$/);
  });
});
