// A credential member that holds null (Agent Spec's api_key: null, the schema's default, which
// pyagentspec writes) is no private data: it was reported as "the private llm_config.api_key value
// left out", a behaviour warning that failed --strict over a null, and the way back lost the null
// (fresh-user finding 7, session 12). A credential that holds a value is still left out.
import { describe, expect, it } from "vitest";
import { convert } from "../src/index.js";
import type { JsonObject } from "../src/ir/json.js";

const agent = (apiKey: string | null) => JSON.stringify({
  component_type: "Agent", name: "helper", agentspec_version: "26.2.0", system_prompt: "Help.",
  llm_config: { component_type: "OpenAiConfig", name: "m", model_id: "gpt-4o", api_key: apiKey },
});

describe("a null credential", () => {
  it("is carried as an ordinary value, a note, and comes back", () => {
    const r = convert(agent(null), "agentmug");
    expect(r.ok).toBe(true);
    expect(r.diagnostics.filter((d) => d.code === "private-omitted")).toEqual([]);
    const at = r.diagnostics.filter((d) => d.source?.pointer === "/llm_config/api_key");
    expect(at.map((d) => [d.code, d.severity])).toEqual([["stashed-value", "info"]]);
    const back = convert(r.outputs[0]!.text, "agentspec", { file: r.outputs[0]!.name });
    expect(((back.outputs[0]!.document as JsonObject)["llm_config"] as JsonObject)["api_key"]).toBeNull();
  });

  it("a credential with a value is still left out, and never stashed", () => {
    const r = convert(agent("not-a-real-key-but-private"), "agentmug");
    expect(r.diagnostics.filter((d) => d.code === "private-omitted").map((d) => d.source?.pointer)).toEqual(["/llm_config/api_key"]);
    expect(r.outputs[0]!.text).not.toContain("not-a-real-key-but-private");
  });
});
