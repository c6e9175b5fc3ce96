// Caplo v2 facts the adapter needs beyond what ajv checks: key orders (emitters
// write in schema order), numeric ranges (to clamp into), and the documented
// defaults used when a required value has no source (docs/adapters/caplo.md).

export const FORMAT = "caplo";
export const LABEL = "Caplo v2";
/** File-name suffix of emitted documents (.caplo.yaml when written as YAML). */
export const SUFFIX = ".caplo.json";

export const API_VERSION_RE = /^v2(?:\.0(?:\.0)?)?$/;
export const KEY_RE = /^[a-z][a-z0-9-]*$/;
export const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const RELEASE_RE = /^[0-9]+\.[0-9]+\.[0-9]+$/;

export const DOC_ORDER = ["apiVersion", "kind", "agents"] as const;
export const AGENT_ORDER = [
  "key", "name", "description", "instructions", "greeting", "model", "tools", "knowledgeBases", "actions",
  "subAgents", "routing", "evals", "policy", "suggestedReplies", "visitorFeedback",
] as const;
export const MODEL_ORDER = ["provider", "name", "temperature", "responseLimit"] as const;
export const LINK_ORDER = ["agentId", "local", "release", "useWhen", "doNotUseWhen", "mode"] as const;
export const ROUTING_ORDER = ["mode", "minConfidence"] as const;
export const POLICY_ORDER = [
  "guidance", "chatStyle", "voiceStyle", "history", "knowledgePassages", "maxModelCalls", "maxReads",
  "maxSearches", "maxDepth", "maxParallelReads", "reasoning",
] as const;
export const CASE_ORDER = [
  "id", "name", "input", "desiredOutcome", "uncertainty", "prohibitedAction", "toolFailure", "answerContains",
  "answerExcludes", "subAgent", "avoidSubAgent", "tool", "routedBy",
] as const;
/** Eval case members beyond the four the IR names; they travel as IR `expectations`. */
export const CASE_EXPECTATIONS = CASE_ORDER.slice(4);
export const ROUTED_BY = ["fast", "model", "any"] as const;

export const MAX = { name: 80, description: 240, caseName: 80, caseInput: 8000, caseOutcome: 4000, cases: 100 } as const;

export interface Range {
  min: number;
  max: number;
  integer: boolean;
}
export const TEMPERATURE: Range = { min: 0, max: 1, integer: false };
export const RESPONSE_LIMIT: Range = { min: 64, max: 128000, integer: true };
export const THINKING_BUDGET: Range = { min: 1024, max: 32000, integer: true };
export const MIN_CONFIDENCE = { min: 0.6, max: 0.99, step: 0.01 } as const;

/** IR limit → Caplo policy member and range. historyTokens lives in policy.history.maxTokens. */
export const LIMITS = [
  { ir: "maxModelCalls", caplo: "maxModelCalls", range: { min: 1, max: 48, integer: true } },
  { ir: "maxToolCalls", caplo: "maxReads", range: { min: 1, max: 32, integer: true } },
  { ir: "maxSearches", caplo: "maxSearches", range: { min: 1, max: 16, integer: true } },
  { ir: "maxParallelToolCalls", caplo: "maxParallelReads", range: { min: 1, max: 8, integer: true } },
  { ir: "maxDepth", caplo: "maxDepth", range: { min: 1, max: 4, integer: true } },
  { ir: "knowledgePassages", caplo: "knowledgePassages", range: { min: 1, max: 16, integer: true } },
  { ir: "historyTokens", caplo: "history/maxTokens", range: { min: 2000, max: 400000, integer: true } },
] as const;

/** Members Caplo alone has; they ride in extensions.caplo under these pointers. */
export const CAPLO_ONLY_AGENT = ["/actions", "/suggestedReplies", "/visitorFeedback"] as const;
export const CAPLO_ONLY_POLICY = ["guidance", "chatStyle", "voiceStyle"] as const;

/**
 * Text the Caplo platform adds to the prompt after the instructions: in the IR, prompt chunks with
 * these keys (agentport's convention, which mas writes as context chunks and AgentMug as labelled
 * parts of the system prompt). "" turns the platform's block off; absent leaves its default.
 */
export const PLATFORM_TEXT = [
  { member: "guidance", key: "guidance", max: 4000 },
  { member: "chatStyle", key: "chat_style", max: 2000 },
  { member: "voiceStyle", key: "voice_style", max: 2000 },
] as const;

/** Extension pointer that keeps a provider spelling the provider table would not reproduce. */
export const PROVIDER_SPELLING = "/model/provider";
/** Extension pointer that keeps an empty `policy: {}` (it has no member to carry it). */
export const EMPTY_POLICY = "/policy";

export const DEFAULT_GREETING = "Hello! How can I help you today?";
export const DEFAULT_MODEL = { provider: "OpenAI", name: "gpt-4o" } as const;
/** Shown when a model row names no provider and none can be inferred from its id. */
export const UNKNOWN_PROVIDER = "Unknown";
