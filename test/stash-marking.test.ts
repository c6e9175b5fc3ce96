// A loss the stash undoes is marked by a field, never by rewriting its text: the same value
// converted with and without the stash gives the same message, the stashed one followed by
// what the stash does, with `stashed` naming the loss's code.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import { ADAPTERS } from "../src/adapters/registry.js";
import { DIAGNOSTIC_CODES, type CatalogEntry } from "../src/ir/diagnostics.js";
import { CAPLO_AGENT as CAPLO } from "./helpers/manifests.js";

describe("stashed losses", () => {
  const targets = ADAPTERS.filter((a) => a.slot !== undefined).map((a) => a.id);

  it("there are slot targets to convert into", () => {
    expect(targets.length).toBeGreaterThan(0);
  });

  it.each(targets)("into %s: each stashed loss is the --no-stash loss, marked, its message kept", (to) => {
    const lost = convert(CAPLO, to, { stash: false }).diagnostics;
    const kept = convert(CAPLO, to).diagnostics;
    const marked = kept.filter((d) => d.stashed !== undefined);
    expect(marked.length).toBeGreaterThan(0);
    for (const d of marked) {
      expect(d.code).toBe("stashed-value");
      const category: string = DIAGNOSTIC_CODES[d.stashed!].category;
      expect(["dropped", "changed"]).toContain(category);
      // One text, two endings from the renderers: "; dropped" without the stash (a loss nothing keeps), the stash's own with it.
      const ending = category === "dropped" ? "; kept in x-agentport for the way back" : "; the original is kept in x-agentport for the way back";
      const loss = lost.find((l) => {
        const entry: CatalogEntry = DIAGNOSTIC_CODES[l.code];
        const text = entry.ending === "dropped" ? l.message.replace(/; dropped$/, "") : l.message;
        return l.code === d.stashed && l.source?.pointer === d.source?.pointer && d.message === `${text}${ending}`;
      });
      expect(loss, `${d.source?.pointer}: ${d.message}`).toBeDefined();
    }
    // No unmarked stashed-value hides a rewritten loss: every loss --no-stash raises at the greeting is marked here.
    const greeting = lost.filter((l) => l.source?.pointer === "/greeting");
    expect(greeting.length).toBeGreaterThan(0);
    for (const d of marked) expect(d.message).not.toMatch(/dropped/);
    for (const l of greeting) expect(marked.some((d) => d.source?.pointer === "/greeting" && d.stashed === l.code)).toBe(true);
  });
});
