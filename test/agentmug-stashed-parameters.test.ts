// An AgentMug file agentport wrote from an Open Agent Spec agent with inputs is converted again,
// to AgentMug or elsewhere: its stash gives back the parameters as Agent Spec had them (no label, no
// required flag), and AgentMug requires both. Converted to AgentMug it was output-invalid ("a bug"),
// and the CLI exited 2, not the 3 its contract gives a bug.
import { describe, expect, it } from "vitest";
import { convert, validate } from "../src/index.js";
import { errorExit, EXIT } from "../src/cli/exit.js";
import type { JsonObject } from "../src/ir/json.js";

describe("an AgentMug file written from Agent Spec inputs, converted again", () => {
  it("to AgentMug: its parameters get the label and required flag AgentMug needs, and it validates", () => {
    const first = convert(JSON.stringify({
      component_type: "Agent", name: "helper", agentspec_version: "26.2.0", system_prompt: "Greet {{user_name}} briefly.",
      inputs: [{ title: "user_name", type: "string" }],
      llm_config: { component_type: "VllmConfig", name: "m", model_id: "m", url: "http://localhost:8000" },
    }), "agentmug");
    expect(first.ok).toBe(true);
    const file = first.outputs[0]!;
    const again = convert(file.text, "agentmug", { file: file.name });
    expect(again.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const params = ((again.outputs[0]!.document as JsonObject)["parameters"] ?? ((again.outputs[0]!.document as JsonObject)["blueprint"] as JsonObject)["parameters"]) as JsonObject[];
    expect(params[0]).toMatchObject({ name: "user_name", label: "user_name", required: true });
    expect(validate(again.outputs[0]!.text).ok).toBe(true);
    // And the way home is still the input's.
    const home = convert(file.text, "agentspec", { file: file.name });
    expect((home.outputs[0]!.document as JsonObject)["inputs"]).toEqual([{ title: "user_name", type: "string" }]);
  });

  it("an error that is agentport's own bug exits 3, bad input 2", () => {
    expect(errorExit([{ code: "output-invalid" }])).toBe(EXIT.internal);
    expect(errorExit([{ code: "invalid-input" }, { code: "internal-error" }])).toBe(EXIT.internal);
    expect(errorExit([{ code: "invalid-input" }])).toBe(EXIT.invalid);
  });
});
