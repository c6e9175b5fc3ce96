// A prompt the mas runtime strips (trailing newline or spaces) is written as it was and read back
// stripped; the stash must name the prompt as written instead of holding its text a second time, or a
// 1 MB prompt doubles the file. The round trip stays exact, and an edit in mas still wins.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

function bundle(instructions: string): string {
  return JSON.stringify({
    apiVersion: "v2",
    kind: "Agent",
    name: "Helper",
    greeting: "Hello.",
    instructions,
    model: { provider: "OpenAI", name: "gpt-4.1" },
  });
}

const stashOf = (doc: JsonObject) => doc["x-agentport"] as JsonObject;

describe("Caplo prompt with trailing whitespace → mas → Caplo", () => {
  for (const tail of ["\n", "  \n\n", " "]) {
    const prompt = `  You help.\nBe brief.${tail}`;
    const there = convert(bundle(prompt), "mas", { file: "helper.caplo.json" });
    const out = there.outputs[0]!;

    it(`${JSON.stringify(tail)}: the stash names the written prompt, not a second copy`, () => {
      expect(there.ok).toBe(true);
      const stash = stashOf(out.document);
      expect(Object.keys((stash["ir"] as JsonObject | undefined) ?? {})).not.toContain("/instructions/chunks/0/text");
      expect((stash["moved"] as JsonObject)["/instructions/chunks/0/text"]).toBe("/instructions/chunks/0/raw");
      expect(out.text.split("You help.").length - 1).toBe(1);
    });

    it(`${JSON.stringify(tail)}: the way back gives the prompt byte for byte`, () => {
      const back = convert(out.text, "caplo", { file: out.name });
      expect(back.ok).toBe(true);
      expect(back.outputs[0]!.document["instructions"]).toBe(prompt);
    });
  }

  it("an edit of the prompt in mas wins over the stash", () => {
    const there = convert(bundle("You help.\n"), "mas", { file: "helper.caplo.json" });
    const out = there.outputs[0]!;
    const edited = out.text.replace("You help.", "You help with invoices.");
    expect(edited).not.toBe(out.text);
    const back = convert(edited, "caplo", { file: out.name });
    expect(back.outputs[0]!.document["instructions"]).toMatch(/^You help with invoices\./);
    expect(back.diagnostics.map((d) => d.code)).toContain("stash-stale");
  });

  it("a 1 MB prompt ending in a newline is held once: the mas file stays near its size", () => {
    const big = "Read the request carefully and answer it. ".repeat(25_000) + "\n";
    const there = convert(bundle(big), "mas", { file: "helper.caplo.json" });
    expect(there.ok).toBe(true);
    const size = there.outputs[0]!.text.length;
    expect(size).toBeGreaterThan(big.length);
    expect(size).toBeLessThan(big.length * 1.1);
  });
});
