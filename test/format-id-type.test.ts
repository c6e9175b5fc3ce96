// FormatId, the registry's ids as a type (fresh9 finding 16): derived from the adapters' own
// declarations, so a new adapter widens it and a typo is a type error (tsc checks this file).
import { describe, expect, it } from "vitest";
import { formats, type FormatId } from "../src/index.js";

describe("FormatId", () => {
  it("is the union of the registered ids, and nothing else", () => {
    const all: FormatId[] = ["caplo", "agentmug", "mas", "agentspec"];
    // @ts-expect-error: no format has this id (were FormatId a plain string, this line would fail the typecheck).
    const nope: FormatId = "nope";
    expect(nope).toBe("nope");
    expect(formats().map((f) => f.id).sort()).toEqual([...all].sort());
  });
});
