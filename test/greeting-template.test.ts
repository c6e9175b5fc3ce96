// Caplo's greeting template (docs/adapters/caplo.md "The greeting"): an agent without a greeting gets
// it on the way into Caplo, with a warning; on the way out of Caplo the template is the Caplo spelling
// of "no greeting" (declared inert), so its loss is a note, while any other greeting stays a warning.
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult, type Diagnostic } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { loadCase, convertOptions } from "./helpers/cases.js";

const TEMPLATE = "Hello! How can I help you today?";
const listing = (r: ConvertResult) => r.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? ""}: ${d.message}`).join("\n");
const aboutGreeting = (r: ConvertResult): Diagnostic[] => r.diagnostics.filter((d) => d.source?.pointer === "/greeting");
const judged = (ds: readonly Diagnostic[]) => ds.map((d) => [d.code, d.severity, d.effect]);

for (const [name, back] of [["mas-tool-forms", "mas"], ["agentspec-ollama-minimal", "agentspec"]] as const) {
  describe(`${back} → Caplo → ${back}: the greeting template`, () => {
    const c = loadCase(name);
    const caplo = convert(c.text, "caplo", convertOptions(c));
    const file = caplo.outputs[0]!;
    const withGreeting = (greeting: string) => {
      const doc = JSON.parse(file.text) as JsonObject;
      doc["greeting"] = greeting;
      return JSON.stringify(doc, null, 2);
    };

    it("is written into Caplo, with a warning that the source had none", () => {
      expect(caplo.ok, listing(caplo)).toBe(true);
      expect((file.document as JsonObject)["greeting"]).toBe(TEMPLATE);
      const warned = caplo.diagnostics.filter((d) => d.code === "defaulted-required" && d.target?.pointer === "/greeting");
      expect(warned.map((d) => d.severity)).toEqual(["warning"]);
    });

    it(`unedited, going back to ${back} is a note that the template rides in the stash, not a warning`, () => {
      const home = convert(file.text, back, { file: file.name });
      expect(home.ok, listing(home)).toBe(true);
      expect(judged(aboutGreeting(home)), listing(home)).toEqual([["stashed-value", "info", "representation"]]);
      expect(home.diagnostics.filter((d) => d.severity === "warning" && /greeting/.test(d.message)), listing(home)).toEqual([]);
      // Into Caplo again, the same file, and no second warning about a greeting.
      const out = home.outputs.find((o) => o.text.includes(TEMPLATE)) ?? home.outputs[0]!;
      const again = convert(out.text, "caplo", { file: out.name, readFile: c.readFile });
      expect(again.outputs[0]!.text).toBe(file.text);
      expect(again.diagnostics.filter((d) => d.target?.pointer === "/greeting"), listing(again)).toEqual([]);
    });

    it(`edited, going back to ${back} its loss is still a behaviour warning`, () => {
      for (const greeting of ["Hi! I plan trip budgets.", `${TEMPLATE} `, "Hello! How can I help you?"]) {
        const home = convert(withGreeting(greeting), back, { file: file.name });
        expect(judged(aboutGreeting(home)), `${JSON.stringify(greeting)}\n${listing(home)}`).toEqual([["stashed-value", "warning", "behaviour"]]);
      }
    });

    it("without the stash the template is a dropped note, an edited greeting a dropped warning", () => {
      expect(judged(aboutGreeting(convert(file.text, back, { file: file.name, stash: false })))).toEqual([["dropped-field", "info", "representation"]]);
      expect(judged(aboutGreeting(convert(withGreeting("Hi there"), back, { file: file.name, stash: false })))).toEqual([["dropped-field", "warning", "behaviour"]]);
    });
  });
}
