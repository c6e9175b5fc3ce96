// Open Agent Spec coverage, as data: how parse.ts (with llm.ts, tools.ts,
// parameters.ts) maps every path an Agent, its llm_config and tools, and a
// ManagerWorkers or Swarm can hold, and how emit.ts treats every canonical IR
// field. Read with src/ir/coverage.ts; docs/mapping.md is generated from it.
//
// The schema walked is the published 26.2.0 schema with every
// $referenced_components member made opaque: a reference's definition is any
// component (the full union, 148,000 paths), while what it resolves to is the
// component the referring place declares, whose paths are walked there.
import type { EmitDecl, FormatCoverage, ParseRule, SchemaSpec } from "../../ir/coverage.js";
import { agentspecSchema } from "./schema.generated.js";
import { FORMAT, LABEL } from "./spec.js";
import { REFS } from "./refs.js";

function opaqueDefinitions(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(opaqueDefinitions);
  if (typeof n !== "object" || n === null) return n;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(n)) {
    if (k === "properties" && typeof v === "object" && v !== null) {
      const props: Record<string, unknown> = {};
      for (const [p, s] of Object.entries(v)) props[p] = p === REFS ? { type: "object" } : opaqueDefinitions(s);
      out[k] = props;
    } else out[k] = opaqueDefinitions(v);
  }
  return out;
}

const ext = { extension: true } as const;
const extMeta = { extension: true, effect: "metadata" } as const;
const credential = { extension: true, private: true, note: "a credential: only Agent Spec → Agent Spec carries it (and the secret sentinel checks it)" } as const;
// A resolved reference is a spelling: the component it names is read in its place. One that names no definition is
// kept whole at the referring place (the llm_config, the tool list), which is judged as that place.
const reference = {
  extension: true,
  effect: "metadata",
  read: [
    { code: "ref-kept", when: "it names no definition of the document (a configuration split over several files)" },
    { code: "transformed-value", when: "it names one: read as the component it names, said once at the reference" },
  ],
  note: "resolved when an enclosing $referenced_components defines it; an unresolved one is kept whole at the place that refers",
} as const;
const definitions = { ignored: "definitions of shared components: resolved where they are referenced (and written once again for a value several components share)" } as const;

const parse: Record<string, ParseRule> = {
  "/component_type": { ignored: "the component marker: Agent, ManagerWorkers or Swarm (other types are refused)" },
  "/id": { ir: ["/id", "/key"], note: "in a ManagerWorkers or Swarm a key-shaped id is also the agent's bundle key; a ManagerWorkers' or Swarm's own id is kept at document level" , effect: "metadata" },
  "/name": { ir: ["/name", "/key"], note: "in a ManagerWorkers or Swarm the bundle key is derived from it when the id is not key-shaped; a ManagerWorkers' or Swarm's own name is kept at document level" , effect: "metadata" },
  "/description": { ir: "/description", extensionWhen: "null" , effect: "metadata" },
  "/metadata": { extension: true, note: "the extension slot: each member kept; its x-agentport member is the stash" , effect: "metadata" },
  "/inputs": { container: true, kept: "an empty list, or one with a property without a title" },
  "/inputs/[]": { ir: "/parameters/[]", note: "title → name; type, description, default; other JSON-schema members → schema. The prompt names it {{title}}" },
  "/outputs/**": ext,
  "/llm_config": { container: true },
  "/llm_config/component_type": { extension: true, part: { ir: "/models/0/provider", when: "OpenAiConfig, OllamaConfig, GeminiConfig, OciGenAiConfig: the type names the provider" } },
  "/llm_config/$component_ref": reference,
  "/llm_config/$referenced_components": definitions,
  "/llm_config/id": extMeta,
  "/llm_config/name": extMeta,
  "/llm_config/description": extMeta,
  "/llm_config/metadata": extMeta,
  "/llm_config/model_id": { ir: "/models/0/id" },
  "/llm_config/provider": { ir: "/models/0/provider", extensionWhen: "OpenAiConfig's constant openai, or a spelling other than the provider key" },
  "/llm_config/api_provider": ext,
  "/llm_config/api_type": ext,
  "/llm_config/url": ext,
  "/llm_config/api_key": credential,
  // null or {}: the runtime's own sampling; where a target assumes other values, default-differs says so.
  "/llm_config/default_generation_parameters": { container: true, kept: "null or {}", effect: "metadata" },
  "/llm_config/default_generation_parameters/max_tokens": { ir: "/models/0/maxTokens", extensionWhen: "null" },
  "/llm_config/default_generation_parameters/temperature": { ir: "/models/0/temperature", extensionWhen: "null" },
  "/llm_config/default_generation_parameters/top_p": ext,
  "/llm_config/retry_policy/**": ext,
  "/llm_config/auth/**": ext,
  "/llm_config/auth/api_key": credential,
  "/llm_config/compartment_id": ext,
  "/llm_config/serving_mode": ext,
  "/llm_config/client_config/**": ext,
  "/llm_config/conversation_store_id": ext,
  "/llm_config/key_file": ext,
  "/llm_config/cert_file": ext,
  "/llm_config/ca_file": ext,
  "/system_prompt": { ir: "/instructions/chunks/0/text", note: "{{name}} placeholders name the inputs" },
  "/tools": { container: true, kept: "an empty list, or one with a tool the IR cannot hold (an unresolved reference): kept whole, in order" },
  "/tools/[]": { container: true },
  "/tools/[]/component_type": { extension: true, part: { ir: "/tools/[]/kind", when: "always: ServerTool and ClientTool → named, BuiltinTool → builtin, RemoteTool → webhook, MCPTool → mcp (the type itself is kept)" } },
  "/tools/[]/$component_ref": reference,
  "/tools/[]/$referenced_components": definitions,
  "/tools/[]/id": extMeta,
  "/tools/[]/name": { ir: ["/tools/[named]/name", "/tools/[builtin]/name", "/tools/[webhook]/name", "/tools/[mcp]/name"], note: "named: ServerTool, ClientTool; builtin: BuiltinTool; webhook: RemoteTool; mcp: MCPTool" },
  "/tools/[]/description": { ir: "/tools/[]/description", extensionWhen: "null" },
  "/tools/[]/metadata": extMeta,
  "/tools/[]/inputs/**": ext,
  "/tools/[]/outputs/**": ext,
  "/tools/[]/requires_confirmation": ext,
  "/tools/[]/tool_type": ext,
  "/tools/[]/configuration": ext,
  "/tools/[]/executor_name/**": ext,
  "/tools/[]/tool_version": extMeta,
  "/tools/[]/url": { ir: "/tools/[webhook]/url" },
  "/tools/[]/http_method": { ir: "/tools/[webhook]/method" },
  "/tools/[]/api_spec_uri": ext,
  "/tools/[]/data": ext,
  "/tools/[]/query_params": ext,
  "/tools/[]/headers": ext,
  "/tools/[]/sensitive_headers": credential,
  "/tools/[]/url_allow_list/**": ext,
  "/tools/[]/retry_policy/**": ext,
  "/tools/[]/client_transport": { container: true },
  "/tools/[]/client_transport/url": { ir: "/tools/[mcp]/server", extensionWhen: "a stdio transport (no url): the tool is kept whole" },
  "/tools/[]/client_transport/sensitive_headers/**": credential,
  "/tools/[]/client_transport/id": extMeta,
  "/tools/[]/client_transport/name": extMeta,
  "/tools/[]/client_transport/description": extMeta,
  "/tools/[]/client_transport/metadata": extMeta,
  "/tools/[]/client_transport/session_parameters/**": ext,
  "/tools/[]/client_transport/auth/**": ext,
  "/tools/[]/client_transport/headers/**": ext,
  "/tools/[]/client_transport/retry_policy/**": ext,
  "/tools/[]/client_transport/key_file": ext,
  "/tools/[]/client_transport/cert_file": ext,
  "/tools/[]/client_transport/ca_file": ext,
  "/tools/[]/client_transport/$referenced_components": definitions,
  "/tools/[]/client_transport/component_type": ext,
  "/tools/[]/client_transport/$component_ref": reference,
  "/tools/[]/client_transport/command": ext,
  "/tools/[]/client_transport/args/**": ext,
  "/tools/[]/client_transport/env/**": ext,
  "/tools/[]/client_transport/cwd": ext,
  "/toolboxes/**": ext,
  "/human_in_the_loop": ext,
  "/transforms/**": ext,
  "/$referenced_components": definitions,
  // A ManagerWorkers' or Swarm's own members (document level).
  "/group_manager": { ignored: "the manager: the bundle's first agent, whose links are the workers" },
  "/workers": { ir: ["/subAgents/[]/local", "/subAgents/[]/external"], note: "each Agent worker is an agent of the bundle and a local link of the manager; a remote agent (A2AAgent, OciAgent) an external link (its URL), its other members kept at document level" },
  "/first_agent": { ignored: "the bundle's first agent" },
  "/relationships": { ir: ["/subAgents/[]/local", "/subAgents/[]/external"], note: "each [caller, callee] pair is a link of the caller" },
  "/handoff": ext,
};

// With the stash on (the default) what an Agent component cannot hold rides in its metadata's
// x-agentport and comes back: those losses and changes are reported as stashed-value.
const stashed = { stashed: "stashed-value" } as const;
const notPrimary = { stashed: "stashed-value", when: "not the primary row: an agent has one llm_config" } as const;
const providerDecl: EmitDecl = [
  "exact",
  { transformed: "stashed-value", when: "not implied by the config type: a plain LlmConfig names it" },
  { transformed: "transformed-value", when: "inferred from the model id: the config type states it" },
];

const emit: Record<string, EmitDecl> = {
  "/key": [
    { transformed: "transformed-value", when: "without an id: the key becomes the component id (read back, the key again)" },
    { transformed: "stashed-value", when: "next to an id that is not the key: read back, the key is derived from the id or the name" },
    { transformed: "stashed-value", when: "no name: the key becomes the name" },
  ],
  "/id": "exact",
  "/name": "exact",
  "/description": "exact",
  "/routingDescription": [stashed, { transformed: "stashed-value", when: "there is no description: it becomes it" }],
  "/version": stashed,
  "/tags/**": stashed,
  "/instructions/chunks/0/text": ["exact", { transformed: "stashed-value", when: "another format's parameter placeholders are respelled {{name}}" }],
  "/instructions/chunks/[]/key": { transformed: "stashed-value", when: "named parts are joined as \"[key] text\"" },
  "/instructions/chunks/[]/text": { transformed: "stashed-value", when: "named parts are joined as \"[key] text\"" },
  "/instructions/chunks/[]/raw": { transformed: "stashed-value", when: "the text is written" },
  "/instructions/chunks/[]/ref": [{ transformed: "stashed-value", when: "its text was read: written inline" }, { stashed: "stashed-value", when: "the file was not read" }],
  "/greeting": stashed,
  "/models/0/id": "exact",
  "/models/0/provider": providerDecl,
  "/models/0/providerSource": stashed,
  "/models/0/raw": { transformed: "stashed-value", when: "the bare id is written as model_id" },
  "/models/0/temperature": "exact",
  "/models/0/maxTokens": ["exact", { transformed: "stashed-value", when: "not an integer: rounded (clamped-value without the stash)" }],
  "/models/0/role": stashed,
  "/models/[]/id": ["exact", notPrimary],
  "/models/[]/provider": [...providerDecl, notPrimary],
  "/models/[]/providerSource": stashed,
  "/models/[]/raw": [{ transformed: "stashed-value", when: "the bare id is written as model_id" }, notPrimary],
  "/models/[]/role": stashed,
  "/models/[]/temperature": ["exact", notPrimary],
  "/models/[]/maxTokens": ["exact", { transformed: "stashed-value", when: "not an integer: rounded" }, notPrimary],
  "/reasoning/**": stashed,
  "/tools/[named]/**": "exact",
  "/tools/[builtin]/**": ["exact", { transformed: "stashed-value", when: "not read from Agent Spec: written as a ServerTool" }],
  "/tools/[webhook]/**": ["exact", { stashed: "stashed-value", when: "requiresUserAuth" }],
  "/tools/[mcp]/**": ["exact", { stashed: "stashed-value", when: "toolName, scopes, provider, requiresUserAuth" }],
  "/tools/[http]/**": { transformed: "stashed-value", when: "written as a ServerTool; the provider call rides in the stash" },
  "/tools/[manifest-ref]/**": { transformed: "stashed-value", when: "written as a ServerTool" },
  "/tools/[module]/**": { transformed: "stashed-value", when: "written as a ServerTool" },
  "/tools/[system]/**": { transformed: "stashed-value", when: "written as a ServerTool" },
  "/tools/[]/extra": ["exact", { stashed: "stashed-value", when: "set by another format" }],
  "/tools/[]/**": "exact",
  "/knowledge/**": stashed,
  "/subAgents/[]/local": ["exact", { transformed: "transformed-value", when: "ManagerWorkers when the first agent delegates to every other, else a Swarm relationship" }],
  "/subAgents/[]/external": ["exact", { dropped: "dropped-link", when: "not a URL: Agent Spec reaches a served agent by URL (A2AAgent)" }],
  "/subAgents/[]/useWhen": stashed,
  "/subAgents/[]/doNotUseWhen": stashed,
  "/subAgents/[]/release": stashed,
  "/subAgents/[]/mode": stashed,
  "/routing/**": stashed,
  "/skills/**": stashed,
  "/limits/**": stashed,
  "/triggers/**": stashed,
  "/inputs": stashed,
  "/outputs": stashed,
  "/parameters/**": ["exact", { transformed: "stashed-value", when: "a form type written as a JSON-schema type; members an input cannot hold (label, options…) ride in the stash" }],
  "/placeholders/**": { transformed: "transformed-value", when: "another format's spelling: the prompt is respelled {{name}}" },
  "/evals/**": stashed,
  "/provenance/**": stashed,
};

let schemaSpec: SchemaSpec | undefined;

export const agentspecCoverage: FormatCoverage = {
  format: FORMAT,
  label: LABEL,
  relativeTo: "an Agent Spec Agent component (a ManagerWorkers' or Swarm's own members are marked *(document)*)",
  privateValues: "Agent Spec credentials",
  // Built on first use: a conversion takes its effects from effects.generated.ts and never walks the schema.
  get schema(): SchemaSpec {
    if (schemaSpec) return schemaSpec;
    const document = opaqueDefinitions(agentspecSchema()) as Record<string, unknown>;
    return (schemaSpec = {
      roots: [
        { document, pointer: "/$defs/BaseAgent" },
        // A ManagerWorkers' and a Swarm's own members; their agents are enumerated as Agent objects above.
        { document, pointer: "/$defs/BaseManagerWorkers", depth: 1 },
        { document, pointer: "/$defs/BaseSwarm", depth: 1 },
      ],
      documentLevel: ["/group_manager", "/workers", "/first_agent", "/relationships", "/handoff"],
    });
  },
  parse,
  emit,
  stash: true,
};
