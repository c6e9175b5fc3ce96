// The default root's search (src/node/roots.ts) parses a file above the input only when its text
// may be a manifest with parts (Adapter.mayHaveParts): mas asks for a `kind: MAS` member, so a large
// JSON file that merely names MAS in its text (a test report, a log) is not parsed.
import { describe, expect, it } from "vitest";
import { adapterFor } from "../src/adapters/registry.js";

const mayHaveParts = adapterFor("mas")!.mayHaveParts!;

describe("mas's pre-check for a manifest with parts", () => {
  it("passes a kind: MAS member however it is written", () => {
    for (const t of ["apiVersion: mas/v1\nkind: MAS\n", "kind: 'MAS' # the app\n", 'kind: "MAS"\n', '{"apiVersion":"mas/v1","kind":"MAS"}', '{\n  "kind" : "MAS",\n  "spec": {}\n}', "{apiVersion: mas/v1, kind: MAS, spec: {}}"]) {
      expect(mayHaveParts(t), t).toBe(true);
    }
  });
  it("refuses text that only names MAS", () => {
    for (const t of ['{"testResults": [{"name": "a kind: MAS manifest lists its agents"}]}', "apiVersion: mas/v1\nkind: Agent\nspec:\n  description: Part of a MAS app.\n", "kind: MASTER\n"]) {
      expect(mayHaveParts(t), t).toBe(false);
    }
  });
});
