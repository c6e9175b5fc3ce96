// JSON comments are refused by name (src/text/parse.ts), but only in JSON: YAML flow text that
// starts like JSON may hold `//` and `/*` in its plain and quoted scalars, and stays YAML.
import { describe, expect, it } from "vitest";
import { parseText } from "../src/text/parse.js";
import { convert, detect } from "../src/index.js";

const FLOW = "{ apiVersion: mas/v1, kind: Agent, metadata: { name: 'a // b' }, spec: { description: 'Use /* globs' } }\n";

describe("a // or /* in YAML flow text is text", () => {
  it("a .yaml file in flow style reads its quoted scalars whole", () => {
    const r = parseText(FLOW, "a.yaml");
    expect(r.diagnostics).toEqual([]);
    expect(r.data).toMatchObject({ metadata: { name: "a // b" }, spec: { description: "Use /* globs" } });
    expect(convert(FLOW, "caplo", { file: "a.yaml" }).diagnostics.filter((d) => d.code === "invalid-syntax")).toEqual([]);
    expect(detect(FLOW).format).toBe("mas");
  });

  it("a single-quoted scalar is a string when the file is not named (stdin)", () => {
    expect(parseText(FLOW).diagnostics).toEqual([]);
  });

  it("a plain scalar of a .yml file keeps its slashes, where an unnamed text is told of the comment", () => {
    const plain = "{ a: 1 /* one */ }\n";
    expect(parseText(plain, "x.yml").data).toEqual({ a: "1 /* one */" });
    expect(parseText(plain).diagnostics[0]?.message).toMatch(/^JSON syntax: a \/\* comment;/);
    expect(parseText(plain, "x.json").diagnostics[0]?.message).toMatch(/^JSON syntax: a \/\* comment;/);
  });
});

// fresh10 finding 13: `echo '{bad' | agentport convert -` said "JSON syntax: Flow map must end with a }", YAML's words.
describe("text that opens as JSON and is neither JSON nor YAML flow text", () => {
  it("is told in JSON's words, at the place JSON.parse stopped", () => {
    const [d] = parseText("{bad").diagnostics;
    // V8's words (Node 20); older engines say "Unexpected token b".
    expect(d?.message).toMatch(/^JSON syntax: (Expected property name or '\}'|Unexpected token b)$/);
    expect(d?.source).toMatchObject({ line: 1, column: 2 });
    const [e] = parseText('{\n  "a": 1,\n  "b" 2\n}\n', "x.json").diagnostics;
    expect(e?.message).toMatch(/^JSON syntax: (Unexpected number|Expected ':' after property name)$/);
    expect(e?.source).toMatchObject({ file: "x.json", line: 3, column: 7 });
  });

  it("YAML flow text that opens like JSON is still read, and a .yaml file keeps YAML's words", () => {
    expect(parseText("{a: 1, b: }").data).toEqual({ a: 1, b: null });
    expect(parseText("{bad", "x.yaml").diagnostics[0]?.message).toMatch(/^JSON syntax: (?!Expected)/);
  });
});
