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
