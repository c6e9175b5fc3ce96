// --verify-roundtrip lists what a user lost, not the stash's bookkeeping: the x-agentport member
// is not compared (docs/cli.md), while a value that did not come back still is.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import type { JsonObject, JsonValue } from "../src/ir/json.js";
import { verifyRoundTrip, withoutStash } from "../src/verify.js";
import { loadCase, convertOptions } from "./helpers/cases.js";

describe("an edited file's round trip", () => {
  const c = loadCase("mas-tool-forms");
  const out = convert(c.text, "agentmug", convertOptions(c)).outputs[0]!;
  const doc = JSON.parse(out.text) as JsonObject;
  (doc["blueprint"] as JsonObject)["systemPrompt"] = "You only say hello.";
  const text = JSON.stringify(doc, null, 2);
  const forward = convert(text, "mas", { file: out.name });
  const rt = verifyRoundTrip(doc, "agentmug", false, forward.outputs);

  it("lists no operation inside x-agentport, though the stash changed", () => {
    expect(forward.ok).toBe(true);
    expect(rt.failed).toBeUndefined();
    expect(rt.patch.filter((op) => op.path.includes("x-agentport"))).toEqual([]);
  });

  it("still lists a value the way back gives otherwise (the edited prompt, now led by mas's [role] key)", () => {
    expect(rt.patch, JSON.stringify(rt.patch)).toContainEqual({ op: "replace", path: "/blueprint/systemPrompt", value: "[role] You only say hello." });
  });
});

describe("withoutStash", () => {
  it("takes the member out at any depth, and a metadata that held only it", () => {
    const v: JsonValue = { a: 1, "x-agentport": { v: 1 }, tools: [{ metadata: { "x-agentport": {} } }, { metadata: { k: 2, "x-agentport": {} } }] };
    expect(withoutStash(v)).toEqual({ a: 1, tools: [{}, { metadata: { k: 2 } }] });
  });

  it("keeps an empty object the user wrote", () => {
    expect(withoutStash({ metadata: {} })).toEqual({ metadata: {} });
  });
});
