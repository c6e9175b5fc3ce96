// AgentMug v1 facts: id, label, suffix, the schema URLs and the schema's member order, which
// emitters follow so output is deterministic and reads like a hand-written file.

export const FORMAT = "agentmug";
export const LABEL = "AgentMug v1";
/** File-name suffix of emitted documents. */
export const SUFFIX = ".agent.json";

/** The URL producers MUST write (spec: "Producers must emit the current $schema URL"). */
export const SCHEMA_URL = "https://agentmug.com/schemas/agent.v1.json";
/** The legacy alias readers still accept. */
export const LEGACY_SCHEMA_URL = "https://agentlit.dahshanlabs.com/schemas/agent.v1.json";
export const V1_URLS: readonly string[] = [SCHEMA_URL, LEGACY_SCHEMA_URL];

/** AgentMug-looking schema URLs of any version: a match that is not v1 is an unsupported version. */
export const AGENTMUG_URL = /^https?:\/\/(?:www\.)?(?:agentmug\.com|agentlit\.dahshanlabs\.com)\/schemas\/agent\.v[0-9][^/]*\.json$/;

/** Fallback when the IR names no model at all (documented in docs/adapters/agentmug.md). */
export const DEFAULT_PRIMARY_MODEL = "claude-sonnet-4-6";
export const DEFAULT_VERSION = "0.1.0";
/** Fixed, documented stand-in for exportedAt: the clock would make output non-deterministic. */
export const DEFAULT_EXPORTED_AT = "1970-01-01T00:00:00Z";

export const ROOT_ORDER = [
  "$schema", "id", "name", "description", "emoji", "version", "exportedAt", "execution", "blueprint",
  "inputs", "outputs", "parameters", "triggers", "connectivity", "sources", "evaluation", "metadata", "brain", "memory",
] as const;

export const BLUEPRINT_ORDER = [
  "primaryModel", "systemPrompt", "modelPolicy", "outcomeContract", "capabilityPlan", "maxTokens",
  "extendedThinkingBudget", "guardrails", "tools", "thinkingPatterns", "architecture", "skills", "caveats",
] as const;

export const METADATA_ORDER = ["sourceUrl", "sourceUserId", "tags", "pricing"] as const;

export const SKILL_ORDER = ["name", "trigger", "recipe", "verified", "proof", "librarySkillId", "librarySkillVersion"] as const;

export const SOURCE_ORDER = [
  "id", "label", "description", "role", "kind", "required", "accepts", "structure", "freshness", "truth", "access", "approval", "sharing",
] as const;

export const EVALUATION_ORDER = ["version", "failurePolicy", "minimumScore", "checks"] as const;
export const CHECK_ORDER = ["id", "name", "description", "type", "phase", "severity", "sourceIds", "assertion", "config"] as const;

export const TOOL_ORDER: Readonly<Record<string, readonly string[]>> = {
  builtin: ["kind", "name", "description"],
  mcp: ["kind", "name", "server", "toolName", "inputSchema", "scopes", "requiresUserAuth", "provider", "description"],
  webhook: ["kind", "name", "url", "method", "requiresUserAuth", "description"],
  nango: [
    "kind", "name", "provider", "endpoint", "method", "inputSchema", "argMapping", "baseUrlOverride", "headers", "bodyEncoding",
    "staticBody", "bodyParamRename", "queryParamRename", "folderRouting", "scopes", "requiresUserAuth", "description",
  ],
};

/** Capabilities that change a source (spec coherence rules: they need approval.write). */
export const WRITE_CAPABILITIES: readonly string[] = ["write", "append", "create", "delete"];
