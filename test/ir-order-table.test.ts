// inIrOrder's schema table (src/ir/ir-paths.ts) keeps the model's path shapes only: a stash path
// through an extension bag or a free-form value is the user's own key, and a long-lived process
// (the library in a server, the playground) converting many documents kept every one.
import { describe, expect, it } from "vitest";
import { inIrOrder, schemaShapesKept } from "../src/ir/ir-paths.js";

describe("inIrOrder's schema table", () => {
  it("orders model values and keeps no shape of a user's key", () => {
    expect(Object.keys(inIrOrder("/limits", { historyTokens: 1, maxToolCalls: 2 }) as object)).toEqual(["maxToolCalls", "historyTokens"]);
    const before = schemaShapesKept();
    for (let i = 0; i < 500; i++) {
      expect(inIrOrder(`/extensions/mas/~1spec~1custom${i}`, { b: 1, a: 2 })).toEqual({ b: 1, a: 2 });
      inIrOrder(`/inputs/field${i}`, { z: 1 });
    }
    expect(schemaShapesKept() - before).toBeLessThanOrEqual(2);
  });
});
