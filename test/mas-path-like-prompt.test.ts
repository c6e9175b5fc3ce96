// A prompt that begins with ./ or ../ written into mas: inline, the mas runtime reads it as a file
// path and fails when no such file exists (agentport's own parse refused the output). It is written
// to a prompt file and referenced, so the model sees the text (schema fuzz seed 1212, session 12).
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { memoryReadFile } from "./helpers/memory-read-file.js";
import type { JsonObject } from "../src/ir/json.js";

const agent = (instructions: string) => JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "Helper", instructions, greeting: "Hi.", model: { provider: "OpenAI", name: "gpt-4o" } });

describe("a prompt that reads as a path, into mas", () => {
  for (const text of ["./", "../notes are below: answer briefly."]) {
    it(`${JSON.stringify(text)} is a prompt file, said, and comes back as the text`, () => {
      const r = convert(agent(text), "mas");
      expect(r.ok).toBe(true);
      const o = r.outputs[0]!;
      expect(((o.document as JsonObject)["spec"] as JsonObject)["context"]).toEqual({ role: { ref: "prompts/helper/role.md" } });
      expect(o.files).toEqual([{ path: "prompts/helper/role.md", text: `${text}\n` }]);
      expect(r.diagnostics.some((d) => d.message.includes("would read it as a file path"))).toBe(true);
      const back = convert(o.text, "caplo", { file: o.name, readFile: memoryReadFile(new Map(o.files!.map((f) => [f.path, f.text]))) });
      expect(back.ok).toBe(true);
      expect((back.outputs[0]!.document as JsonObject)["instructions"]).toBe(text);
    });
  }

  it("two agents of a bundle, each with such a prompt, get a prompt file each", () => {
    const bundle = JSON.stringify({ apiVersion: "v2", kind: "AgentBundle", agents: ["a", "b"].map((key) => ({ key, name: key.toUpperCase(), instructions: `./${key}`, greeting: "Hi.", model: { provider: "OpenAI", name: "gpt-4o" } })) });
    const r = convert(bundle, "mas");
    expect(r.ok).toBe(true);
    expect(r.outputs.flatMap((o) => (o.files ?? []).map((f) => [o.name, f.path, f.text]))).toEqual([["a.yaml", "prompts/a/role.md", "./a\n"], ["b.yaml", "prompts/b/role.md", "./b\n"]]);
  });

  it("other text stays inline", () => {
    const r = convert(agent("Answer briefly. See ./docs for more."), "mas");
    expect(((r.outputs[0]!.document as JsonObject)["spec"] as JsonObject)["context"]).toEqual({ role: "Answer briefly. See ./docs for more." });
  });
});
