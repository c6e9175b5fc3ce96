// Open Agent Spec documents from schemas/agentspec/agentspec_json_spec_26_2_0.json,
// one component type at a time: an Agent (every LLM config kind, every tool kind,
// inputs named in the prompt, toolboxes, transforms-free), a ManagerWorkers and a
// Swarm of 2-3 agents, sometimes sharing one llm_config by $component_ref.
// agentspec_version is the one agentport writes, so identity holds byte for data.
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../ir/json.js";
import { defined, ident, jsonObject, maybe, nonEmpty, plainJson, text, upTo } from "../fuzz-strings.js";
import { resolveRefs } from "./refs.js";

const VERSION = "26.2.0";
const id = fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/));
const modelId = fc.oneof({ arbitrary: fc.constantFrom("gpt-4.1", "llama3.1:8b", "claude-sonnet-4-6", "meta-llama/Llama-3.3-70B", "gemini-2.5-flash"), weight: 4 }, { arbitrary: nonEmpty, weight: 1 });
const url = fc.constantFrom("https://llm.example.com/v1", "http://localhost:11434", "https://tools.example.com/api");
const unit = fc.oneof(fc.constantFrom(0, 0.2, 0.7, 1), fc.double({ min: 0, max: 2, noNaN: true }).filter((x) => !Object.is(x, -0)));

const generation: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constant(null),
  fc.record({ max_tokens: maybe(fc.integer({ min: 1, max: 100000 })), temperature: maybe(unit), top_p: maybe(unit) }).map((g) => defined(g) as JsonObject),
);

const common = { id: maybe(id, 0.5), description: maybe(fc.oneof(text, fc.constant(null)), 0.5), metadata: maybe(jsonObject, 0.3) };

const llm: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.record({ component_type: fc.constant("OpenAiConfig"), name: nonEmpty, model_id: modelId, ...common, api_type: maybe(fc.constantFrom("chat_completions", "responses")), default_generation_parameters: maybe(generation) }),
  fc.record({ component_type: fc.constantFrom("VllmConfig", "OllamaConfig"), name: nonEmpty, model_id: modelId, url, ...common, default_generation_parameters: maybe(generation) }),
  fc.record({ component_type: fc.constant("OpenAiCompatibleConfig"), name: nonEmpty, model_id: modelId, url, ...common }),
  fc.record({ component_type: fc.constant("LlmConfig"), name: nonEmpty, model_id: modelId, provider: maybe(fc.constantFrom("openai", "anthropic", "mistral", "Acme AI")), api_provider: maybe(text, 0.3), ...common, default_generation_parameters: maybe(generation) }),
).map((c) => defined(c as Record<string, unknown>) as JsonObject);

const property = fc.record({ title: ident, type: fc.constantFrom("string", "number", "integer", "boolean"), description: maybe(text, 0.4) }).map((p) => defined(p) as JsonObject);
const properties = fc.uniqueArray(property, { maxLength: 3, selector: (p) => p["title"] });

const toolBase = { name: nonEmpty, description: maybe(text), id: maybe(id, 0.4), inputs: maybe(properties, 0.5), outputs: maybe(properties, 0.3), requires_confirmation: maybe(fc.boolean(), 0.3) };
const tool: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.record({ component_type: fc.constantFrom("ServerTool", "ClientTool"), ...toolBase }),
  fc.record({ component_type: fc.constant("BuiltinTool"), ...toolBase, tool_type: ident, configuration: maybe(jsonObject, 0.3) }),
  fc.record({ component_type: fc.constant("RemoteTool"), ...toolBase, url, http_method: fc.constantFrom("GET", "POST", "PUT"), headers: maybe(fc.dictionary(ident, text, { maxKeys: 2 }), 0.3) }),
  fc.record({
    component_type: fc.constant("MCPTool"),
    ...toolBase,
    client_transport: fc.record({ component_type: fc.constantFrom("SSETransport", "StreamableHTTPTransport"), name: nonEmpty, url }),
  }),
).map((t) => defined(t as Record<string, unknown>) as JsonObject);

/** An Agent; its prompt names each input as {{title}}. `llmConfig` replaces its own (a shared reference). */
function agent(llmConfig?: JsonValue): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      name: nonEmpty,
      id: maybe(id, 0.6),
      description: maybe(fc.oneof(upTo(text, 200), fc.constant(null)), 0.6),
      metadata: maybe(jsonObject, 0.3),
      inputs: maybe(properties, 0.5),
      llm_config: llm,
      prompt: nonEmpty,
      tools: maybe(fc.uniqueArray(tool, { maxLength: 4, selector: (t) => t["name"] }), 0.6),
      human_in_the_loop: maybe(fc.boolean(), 0.3),
    })
    .map((a) => {
      const inputs = a.inputs as JsonObject[] | undefined;
      const named = inputs?.length ? ` ${inputs.map((p) => `{{${String(p["title"])}}}`).join(" ")}` : "";
      const { prompt, ...rest } = a;
      return defined({ component_type: "Agent", ...rest, ...(llmConfig === undefined ? {} : { llm_config: llmConfig }), system_prompt: `${prompt}${named}` } as Record<string, unknown>) as JsonObject;
    });
}

const single: fc.Arbitrary<JsonObject> = agent().map((a) => ({ ...a, agentspec_version: VERSION }));

/** 2-3 agents with distinct ids, some sharing one llm_config through the document's $referenced_components. */
const team = fc.tuple(fc.boolean(), llm, fc.uniqueArray(id, { minLength: 2, maxLength: 3 })).chain(([shared, config, ids]) => {
  const ref = { $component_ref: "shared-llm" };
  return fc.tuple(...ids.map((i) => agent(shared ? ref : undefined).map((a) => ({ ...a, id: i })))).map((agents) => ({
    agents,
    defs: shared ? { "shared-llm": { ...config, id: "shared-llm" } } : undefined,
  }));
});

const managerWorkers: fc.Arbitrary<JsonObject> = fc.tuple(nonEmpty, team).map(([name, t]) =>
  defined({ component_type: "ManagerWorkers", name, group_manager: t.agents[0], workers: t.agents.slice(1), $referenced_components: t.defs, agentspec_version: VERSION } as Record<string, unknown>) as JsonObject,
);

const swarm: fc.Arbitrary<JsonObject> = fc.tuple(nonEmpty, team, fc.constantFrom(undefined, "optional", "always", "never")).map(([name, t, handoff]) => {
  const defs: JsonObject = { ...(t.defs ?? {}) };
  for (const a of t.agents) defs[a["id"] as string] = a;
  const ref = (a: JsonObject) => ({ $component_ref: a["id"] as string });
  // The first agent calls every other one; the second calls the third when there is one.
  const relationships = t.agents.slice(1).map((a) => [ref(t.agents[0] as JsonObject), ref(a)]);
  if (t.agents.length > 2) relationships.push([ref(t.agents[1] as JsonObject), ref(t.agents[2] as JsonObject)]);
  return defined({ component_type: "Swarm", name, first_agent: ref(t.agents[0] as JsonObject), relationships, handoff, $referenced_components: defs, agentspec_version: VERSION } as Record<string, unknown>) as JsonObject;
});

/** An Agent, a ManagerWorkers or a Swarm. */
export const documents: fc.Arbitrary<JsonObject> = fc.oneof({ arbitrary: single, weight: 3 }, { arbitrary: managerWorkers, weight: 1 }, { arbitrary: swarm, weight: 1 }).map(plainJson);

/**
 * The same data, for the round-trip properties: every `$component_ref` replaced by its definition,
 * with where each object was read. A component written once and referenced from several places
 * is what pyagentspec reads as that component at each place, and the emitter shares equal
 * components on purpose (share.ts), so a round trip may write them either way.
 */
export function canonical(doc: JsonValue): { value: JsonValue; at: Map<object, string> } {
  const r = resolveRefs(doc);
  return { value: r.value, at: r.at };
}
