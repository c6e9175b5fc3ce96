// The one provider table: canonical keys (LiteLLM prefixes) ⇄ display names, and
// model-family inference. Data, not code paths: extend the rows, not the logic.

export interface ProviderRow {
  /** Canonical key = LiteLLM prefix. */
  key: string;
  /** Display name as a workspace (Caplo) shows it. */
  display: string;
  /** Other spellings accepted on input (compared case-insensitively). */
  aliases?: readonly string[];
}

export const PROVIDERS: readonly ProviderRow[] = [
  { key: "openai", display: "OpenAI" },
  { key: "azure", display: "Azure OpenAI", aliases: ["Azure"] },
  { key: "anthropic", display: "Anthropic" },
  { key: "gemini", display: "Google", aliases: ["Gemini", "Google AI"] },
  { key: "vertex_ai", display: "Vertex AI", aliases: ["Google Vertex AI", "vertex"] },
  { key: "bedrock", display: "AWS Bedrock", aliases: ["Bedrock", "Amazon Bedrock"] },
  { key: "mistral", display: "Mistral", aliases: ["Mistral AI"] },
  { key: "cohere", display: "Cohere" },
  { key: "groq", display: "Groq" },
  { key: "deepseek", display: "DeepSeek" },
  { key: "xai", display: "xAI" },
  { key: "openrouter", display: "OpenRouter" },
  { key: "ollama", display: "Ollama" },
];

/** Model-id prefixes from which a provider may be inferred (AgentMug ids, bare mas strings). */
export const FAMILY_PREFIXES: readonly [prefix: string, key: string][] = [
  ["claude-", "anthropic"],
  ["gpt-", "openai"],
  ["o1", "openai"],
  ["o3", "openai"],
  ["o4", "openai"],
  ["gemini-", "gemini"],
  ["mistral-", "mistral"],
];

/** Canonical key for a display name or key; undefined when unknown. */
export function providerKey(name: string): string | undefined {
  const n = name.trim().toLowerCase();
  for (const p of PROVIDERS) {
    if (p.key === n || p.display.toLowerCase() === n || p.aliases?.some((a) => a.toLowerCase() === n)) return p.key;
  }
  return undefined;
}

/** Display name for a canonical key; undefined when unknown. */
export function providerDisplay(key: string): string | undefined {
  return PROVIDERS.find((p) => p.key === key)?.display;
}

/** A lowercase key for an unknown provider name: non-alphanumerics become "_". */
export function fallbackProviderKey(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "unknown";
}

/** Provider inferred from a bare model id's family, e.g. "claude-sonnet-4-6" → anthropic. */
export function inferProvider(modelId: string): string | undefined {
  const id = modelId.toLowerCase();
  for (const [prefix, key] of FAMILY_PREFIXES) if (id.startsWith(prefix)) return key;
  return undefined;
}
