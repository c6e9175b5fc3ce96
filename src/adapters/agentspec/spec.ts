// Oracle Open Agent Spec facts: id, label, suffix, versions read and written, the component
// types agentport converts, and the schema's member order, which the emitter
// follows so output is deterministic and reads like pyagentspec's own.

export const FORMAT = "agentspec";
export const LABEL = "Open Agent Spec";
/** File-name suffix of emitted documents. */
export const SUFFIX = ".agentspec.json";

/** Written into every document (the newest version the vendored schema knows). */
export const WRITE_VERSION = "26.2.0";
/** Read: every version of AgentSpecVersionEnum in the vendored 26.2.0 schema. */
export const READ_VERSIONS: readonly string[] = ["25.4.1", "25.4.2", "26.1.0", "26.1.2", "26.2.0"];

/** Documents agentport converts: one agent, or several agents that call each other. */
export const CONVERTED = ["Agent", "ManagerWorkers", "Swarm"] as const;
export type ConvertedType = (typeof CONVERTED)[number];

/** Components that point at an agent served elsewhere: external links inside a multi-agent document. */
export const REMOTE_AGENTS: readonly string[] = ["A2AAgent", "OciAgent", "RemoteAgent"];

/** LLM config component types and the canonical provider key each implies (LlmConfig: its provider member). */
export const LLM_PROVIDER: Readonly<Record<string, string | undefined>> = {
  OpenAiConfig: "openai",
  OpenAiCompatibleConfig: undefined,
  VllmConfig: undefined,
  OllamaConfig: "ollama",
  OciGenAiConfig: "oci",
  GeminiConfig: "gemini",
  LlmConfig: undefined,
};

export const TOOL_TYPES: readonly string[] = ["ServerTool", "ClientTool", "RemoteTool", "MCPTool", "BuiltinTool"];

export const AGENT_ORDER = [
  "component_type", "id", "name", "description", "metadata", "inputs", "outputs", "llm_config", "system_prompt",
  "tools", "toolboxes", "human_in_the_loop", "transforms", "$referenced_components", "agentspec_version",
] as const;

export const MANAGER_ORDER = [
  "component_type", "id", "name", "description", "metadata", "inputs", "outputs", "group_manager", "workers", "$referenced_components", "agentspec_version",
] as const;

export const SWARM_ORDER = [
  "component_type", "id", "name", "description", "metadata", "inputs", "outputs", "first_agent", "relationships", "handoff", "$referenced_components", "agentspec_version",
] as const;

export const LLM_ORDER = [
  "component_type", "id", "name", "description", "metadata", "model_id", "provider", "api_provider", "api_type", "url", "api_key",
  "default_generation_parameters", "retry_policy", "key_file", "cert_file", "ca_file", "compartment_id", "serving_mode", "client_config",
  "conversation_store_id", "auth",
] as const;

export const TOOL_ORDER = [
  "component_type", "id", "name", "description", "metadata", "inputs", "outputs", "requires_confirmation", "url", "http_method",
  "api_spec_uri", "data", "query_params", "headers", "sensitive_headers", "url_allow_list", "client_transport", "tool_type",
  "configuration", "executor_name", "tool_version", "retry_policy",
] as const;

export const A2A_ORDER = ["component_type", "id", "name", "description", "metadata", "inputs", "outputs", "agent_url", "connection_config", "session_parameters"] as const;

/** Members that hold credentials (api_key, sensitive_headers, client secrets and passwords): kept in an Agent Spec → Agent Spec conversion, never stashed, never written from another format. */
export const CREDENTIAL = /(?:^|\/)(?:api_key|sensitive_headers|client_secret|password|wallet_password)(?:\/|$)/;

export const STASH_MEMBER = "x-agentport";
