// Open Agent Spec coverage, as data: how parse.ts (with llm.ts, tools.ts,
// parameters.ts) maps every path an Agent, its llm_config and tools, and a
// ManagerWorkers or Swarm can hold; how emit.ts treats every canonical IR field is
// declared by its field handlers (emit.ts, emit-agent.ts: HANDLERS), and the emit
// table here is built from them. Read with src/ir/coverage.ts; docs/mapping.md is
// generated from it.
//
// The schema walked is the published 26.2.0 schema with every
// $referenced_components member made opaque: a reference's definition is any
// component (the full union, 148,000 paths), while what it resolves to is the
// component the referring place declares, whose paths are walked there.
import type { EmitDecls, FormatCoverage, ParseRule, SchemaSpec } from "../../ir/coverage.js";
import { emitTable } from "../../ir/field-handlers.js";
import { HANDLERS } from "./emit.js";
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
// null is the schema's default (pyagentspec writes it): no credential, so nothing private; carried as an ordinary value.
const credential = { extension: true, private: true, inert: [null], note: "a credential: only Agent Spec → Agent Spec carries it (and the secret sentinel checks it)" } as const;
// A resolved reference is a spelling: the component it names is read in its place. One that names no definition is
// kept whole at the referring place (the llm_config, the tool list), which is judged as that place.
const reference = {
  extension: true,
  effect: "metadata",
  read: [
    { code: "ref-kept", when: "it names no definition of the document (a configuration split over several files; a warning when the id is near one the document defines; one defined where the reference cannot see it is invalid-input)" },
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
  // null is the schema's default (pyagentspec writes it always): no API description, as no other format has one.
  "/tools/[]/api_spec_uri": { ...ext, inert: [null] },
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

let schemaSpec: SchemaSpec | undefined;
let emit: EmitDecls | undefined;

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
  // Built on first use, from the emitter's handlers (read at load, the emitter's imports would come round to the registry).
  get emit(): EmitDecls {
    return (emit ??= emitTable(HANDLERS));
  },
  stash: true,
  // The version a document was written as says which schema it follows, not what its agents do (the
  // runtime reads every version agentport reads alike): kept for the way home, never behaviour.
  // At a team's root (a document member) and at a lone Agent's, which the schema's BaseAgent lacks.
  documentEffects: { "/agentspec_version": "metadata" },
  undeclaredEffects: { "/agentspec_version": "metadata" },
};
