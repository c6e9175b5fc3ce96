// A parser's note about a value read in another form (a mas model name with no provider prefix)
// is not raised at a place that still holds what agentport wrote for a value its stash restores:
// Agent Spec → mas → Agent Spec gives the original llm_config back, so an unknown-provider warning
// about the mas spelling is about a value the output does not use. An edited place keeps it.
import { describe, expect, it } from "vitest";
import { convert, type ConvertResult } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "./helpers/cases.js";

const codes = (r: ConvertResult) => r.diagnostics.map((d) => d.code);

describe("Agent Spec (VllmConfig) → mas → Agent Spec", () => {
  // pyagentspec's howto_agents example (test/fixtures/agentspec/SOURCES.md).
  const text = readFileSync(join(PROJECT_ROOT, "test/fixtures/agentspec/howto_agents.json"), "utf8");
  const mas = convert(text, "mas", { file: "howto_agents.json" });
  const file = mas.outputs.find((o) => (o.document as JsonObject)["kind"] === "Agent")!;
  const model = (((file.document as JsonObject)["spec"] as JsonObject)["models"] as JsonObject[])[0]!["model"] as string;

  it("the mas file names the model without a provider agentport can tell (the premise)", () => {
    expect(mas.ok).toBe(true);
    const alone = convert(file.text.replace(/\nx-agentport:[\s\S]*$/, "\n"), "agentspec", { file: file.name });
    expect(codes(alone)).toContain("unknown-provider");
  });

  it("with its stash, the way back raises no unknown-provider and gives the llm_config back", () => {
    const back = convert(file.text, "agentspec", { file: file.name });
    expect(back.ok).toBe(true);
    expect(codes(back)).not.toContain("unknown-provider");
    expect((back.outputs[0]!.document as JsonObject)["llm_config"]).toEqual((JSON.parse(text) as JsonObject)["llm_config"]);
  });

  it("edited, the model name is the file's again, and the note is raised", () => {
    const edited = convert(file.text.replace(`model: ${model}`, "model: some-other-model"), "agentspec", { file: file.name });
    expect(codes(edited)).toContain("unknown-provider");
  });
});
