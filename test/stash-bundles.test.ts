// A Caplo bundle split into one file per agent and merged back with --bundle keeps
// its keys, order and local links, through either slot format.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { convert, convertMany } from "../src/index.js";

const bundles = readdirSync("golden")
  .filter((c) => statSync(`golden/${c}`).isDirectory() && c.startsWith("caplo-"))
  .map((c) => ({ c, file: readdirSync(`golden/${c}`).find((f) => f.startsWith("input."))! }))
  .map(({ c, file }) => ({ c, text: readFileSync(`golden/${c}/${file}`, "utf8") }))
  .filter(({ text }) => /AgentBundle/.test(text));
bundles.push({ c: "examples/support-bundle", text: readFileSync("examples/support-bundle.caplo.json", "utf8") });

describe("Caplo bundle → N files → --bundle back", () => {
  it("has bundles to test", () => expect(bundles.length).toBeGreaterThanOrEqual(2));
  for (const { c, text } of bundles) {
    for (const via of ["agentmug", "mas"]) {
      it(`${c} via ${via}`, () => {
        const original = convert(text, "caplo");
        const forward = convert(text, via);
        expect(forward.ok).toBe(true);
        expect(forward.outputs.length).toBeGreaterThan(1);
        // files arrive in name order, as a shell glob gives them
        // The agent files alone (a mas kind: MAS manifest among them is the other way back, below)
        const agents = forward.outputs.filter((o) => o.document["kind"] !== "MAS");
        const files = [...agents].sort((a, b) => a.name.localeCompare(b.name)).map((o) => ({ text: o.text, file: o.name }));
        const back = convertMany(files, "caplo", { bundle: true });
        expect(back.ok, JSON.stringify(back.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
        expect(back.outputs[0]!.document).toEqual(original.outputs[0]!.document);
        const system = forward.outputs.find((o) => o.document["kind"] === "MAS");
        expect(system === undefined, "a bundle with local links goes to mas with a kind: MAS manifest").toBe(via !== "mas");
        if (system) {
          const texts = new Map(agents.map((o) => [o.name, o.text]));
          const readFile = (p: string) => {
            const t = texts.get(p.replace(/^\.\//, ""));
            return t === undefined ? { ok: false as const, code: "ref-not-found" as const, message: p } : { ok: true as const, text: t };
          };
          const viaSystem = convert(system.text, "caplo", { file: system.name, readFile });
          expect(viaSystem.ok, JSON.stringify(viaSystem.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
          expect(viaSystem.outputs[0]!.document).toEqual(original.outputs[0]!.document);
        }
      });
    }
  }
});
