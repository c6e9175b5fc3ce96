// A file named as JSON is read as JSON only: JSON5's trailing commas, single quotes and bare keys
// were read as YAML flow text (which accepts them, and reads some of their values otherwise), so
// `validate` called such a .json file valid (fresh-user finding 6, session 12).
import { describe, expect, it } from "vitest";
import { parseText } from "../src/text/parse.js";
import { validate } from "../src/index.js";

const agent = (tail: string) => `{\n  "apiVersion": "v2",\n  "kind": "Agent",\n  "name": "x",\n  "instructions": "hi",\n  "greeting": "hey",\n  "model": {"provider": "OpenAI", "name": "gpt-4o"}${tail}\n}\n`;

describe("a file named .json, .json5 or .agent", () => {
  for (const [what, text] of [["a trailing comma", agent(",")], ["single quotes", agent("").replace('"name": "x"', "'name': 'x'")], ["a bare key", agent("").replace('"name": "x"', 'name: "x"')]] as const) {
    it(`with ${what} is an invalid-syntax error with its line, named as JSON`, () => {
      for (const file of ["a.caplo.json", "a.json5", "a.agent"]) {
        const r = parseText(text, file);
        expect(r.data).toBeUndefined();
        expect(r.diagnostics).toHaveLength(1);
        expect(r.diagnostics[0]).toMatchObject({ code: "invalid-syntax", source: { file, line: expect.any(Number) } });
        expect(r.diagnostics[0]!.message).toContain("is read as JSON");
        expect(validate(text, { file }).ok).toBe(false);
      }
    });
  }

  it("is read as YAML when named .yaml, or given unnamed (stdin), as before", () => {
    const text = agent(",");
    expect(parseText(text, "a.yaml").data).toMatchObject({ name: "x" });
    expect(parseText(text).data).toMatchObject({ name: "x" });
    expect(parseText(agent(""), "a.json").data).toMatchObject({ name: "x" });
  });
});
