// The canonical intermediate representation. Every adapter parses into it and
// emits from it; no adapter ever sees another format. Canonical fields hold the
// concepts two or more formats share; `extensions[format]` holds, per agent, the
// values only that format has, keyed by their pointer relative to the agent, so
// a same-format round trip loses nothing and a cross-format one can report each
// value it drops by its own source pointer. See docs/ir.md.
import { z } from "zod";

export const FORMAT_IDS = ["caplo", "agentmug", "mas"] as const;
export const FormatId = z.string().min(1);
export type FormatId = string;

const json: z.ZodType<import("./json.js").JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]),
);
export const JsonObjectSchema = z.record(z.string(), json);

/** One named piece of the prompt. Single-prompt formats produce one chunk without a key. */
export const IrChunk = z.object({
  /** mas context key ("role", "intent"); absent for a plain prompt. */
  key: z.string().optional(),
  /** The text, when known (inline, or read from the referenced file). */
  text: z.string().optional(),
  /** A file reference the text came from (mas `{ref: path}` or a path-like string). */
  ref: z.string().optional(),
  /** The source's exact spelling when it differs from `text` (mas: unstripped or path-like string), for a same-format round trip. */
  raw: z.string().optional(),
});
export type IrChunk = z.infer<typeof IrChunk>;

export const IrInstructions = z.object({ chunks: z.array(IrChunk) });
export type IrInstructions = z.infer<typeof IrInstructions>;

export const IrModel = z.object({
  /** Role of the row (mas `models[].id`: main, summarizer…); absent = the primary role. */
  role: z.string().optional(),
  /** Canonical lowercase provider key (LiteLLM prefix): openai, anthropic, azure… */
  provider: z.string().optional(),
  providerSource: z.enum(["explicit", "inferred"]).optional(),
  /** Bare model id, e.g. gpt-4.1. */
  id: z.string(),
  /** The source's original spelling ("azure/gpt-4o", "OpenAI" + "GPT-4.1"). */
  raw: z.string().optional(),
  temperature: z.number().optional(),
  /** Answer token cap. */
  maxTokens: z.number().optional(),
});
export type IrModel = z.infer<typeof IrModel>;

export const IrReasoning = z.object({
  effort: z.enum(["none", "minimal", "low", "medium", "high", "max"]).optional(),
  budgetTokens: z.number().optional(),
});
export type IrReasoning = z.infer<typeof IrReasoning>;

/** Tools as a typed union; `extra` keeps members the IR does not name (AgentMug keeps unknown fields). */
const toolBase = { name: z.string(), description: z.string().optional(), extra: JsonObjectSchema.optional() };
export const IrTool = z.discriminatedUnion("kind", [
  /** An opaque tool id or semantic name (Caplo id, mas bare string). */
  z.object({ kind: z.literal("named"), ...toolBase }),
  z.object({ kind: z.literal("builtin"), ...toolBase, shorthand: z.boolean().optional() }),
  z.object({ kind: z.literal("mcp"), ...toolBase, server: z.string(), requiresUserAuth: z.boolean(), toolName: z.string().optional(), scopes: z.array(z.string()).optional(), provider: z.string().optional(), inputSchema: JsonObjectSchema.optional() }),
  z.object({ kind: z.literal("webhook"), ...toolBase, url: z.string(), method: z.string().optional(), requiresUserAuth: z.boolean().optional() }),
  z.object({ kind: z.literal("http"), ...toolBase, provider: z.string(), endpoint: z.string(), method: z.string().optional(), requiresUserAuth: z.boolean(), scopes: z.array(z.string()).optional(), inputSchema: JsonObjectSchema.optional() }),
  /** mas Form A: a reference to a `kind: Tool` manifest. */
  z.object({ kind: z.literal("manifest-ref"), ...toolBase, ref: z.string() }),
  /** mas Form B: a Python module. */
  z.object({ kind: z.literal("module"), ...toolBase, modulePath: z.string() }),
  /** mas Form D: a runtime system tool. */
  z.object({ kind: z.literal("system"), ...toolBase }),
]);
export type IrTool = z.infer<typeof IrTool>;

export const IrKnowledge = z.object({
  /** Workspace knowledge-base id or portable source role id. */
  id: z.string(),
  label: z.string().optional(),
  description: z.string().optional(),
});
export type IrKnowledge = z.infer<typeof IrKnowledge>;

export const IrLink = z.object({
  /** Key of another agent in the same document… */
  local: z.string().optional(),
  /** …or the stable id of an agent outside it. Exactly one of local/external is set. */
  external: z.string().optional(),
  useWhen: z.string().optional(),
  doNotUseWhen: z.string().optional(),
  /** "latest" or a pinned x.y.z release of the child. */
  release: z.string().optional(),
  mode: z.enum(["task_tool", "active_conversation"]).optional(),
});
export type IrLink = z.infer<typeof IrLink>;

export const IrRouting = z.object({ mode: z.enum(["model", "fast"]), minConfidence: z.number().optional() });

export const IrSkill = z.object({
  name: z.string(),
  trigger: z.string().optional(),
  recipe: z.string().optional(),
  extra: JsonObjectSchema.optional(),
});
export type IrSkill = z.infer<typeof IrSkill>;

export const IrLimits = z.object({
  maxModelCalls: z.number().optional(),
  maxToolCalls: z.number().optional(),
  maxSearches: z.number().optional(),
  maxParallelToolCalls: z.number().optional(),
  maxDepth: z.number().optional(),
  knowledgePassages: z.number().optional(),
  historyTokens: z.number().optional(),
});
export type IrLimits = z.infer<typeof IrLimits>;

export const IrEvalCase = z.object({
  id: z.string().optional(),
  name: z.string(),
  input: z.string(),
  desiredOutcome: z.string(),
  /** Further expectations, keyed by their Caplo names (uncertainty, answerContains, subAgent…). */
  expectations: z.record(z.string(), z.string()).optional(),
});
export type IrEvalCase = z.infer<typeof IrEvalCase>;

/** Where an agent came from: its format and its pointer inside the source document. */
export const IrOrigin = z.object({ format: FormatId, pointer: z.string(), file: z.string().optional() });
export type IrOrigin = z.infer<typeof IrOrigin>;

/**
 * Where an agent was first read, when it came back through another format's
 * x-agentport stash (src/ir/stash.ts): that format, the agent's pointer there,
 * and the source-map entries that format's emitter uses to put values back in
 * their original places (list indexes, spellings). Diagnostics never use it.
 */
export const IrHome = z.object({ format: FormatId, pointer: z.string(), sourceMap: z.record(z.string(), z.string()) });
export type IrHome = z.infer<typeof IrHome>;

export const IrAgent = z.object({
  origin: IrOrigin,
  /** Local key within a document (Caplo bundle key). */
  key: z.string().optional(),
  /** Stable id (AgentMug id, mas metadata.name). */
  id: z.string().optional(),
  name: z.string().optional(),
  /** Human description. */
  description: z.string().optional(),
  /** What a delegator reads to decide to call this agent (mas spec.description). */
  routingDescription: z.string().optional(),
  version: z.string().optional(),
  tags: z.array(z.string()).optional(),
  instructions: IrInstructions.optional(),
  greeting: z.string().optional(),
  /** Model rows; the first is the primary model. */
  models: z.array(IrModel).optional(),
  reasoning: IrReasoning.optional(),
  tools: z.array(IrTool).optional(),
  knowledge: z.array(IrKnowledge).optional(),
  subAgents: z.array(IrLink).optional(),
  routing: IrRouting.optional(),
  skills: z.array(IrSkill).optional(),
  limits: IrLimits.optional(),
  triggers: z.array(JsonObjectSchema).optional(),
  inputs: JsonObjectSchema.optional(),
  outputs: JsonObjectSchema.optional(),
  parameters: z.array(JsonObjectSchema).optional(),
  evals: z.array(IrEvalCase).optional(),
  provenance: z.object({ exportedAt: z.string().optional() }).optional(),
  /**
   * Values only one format has: extensions[format][relativePointer] = raw value,
   * where relativePointer is the value's RFC 6901 pointer relative to the agent's origin.
   */
  extensions: z.record(z.string(), JsonObjectSchema),
  /** IR pointer (e.g. "/greeting", "/models/0/temperature") → source pointer relative to the origin. */
  sourceMap: z.record(z.string(), z.string()),
  /** Set only for an agent restored from a stash: its first format and placement hints. */
  home: IrHome.optional(),
});
export type IrAgent = z.infer<typeof IrAgent>;

export const IrDocument = z.object({
  /** Format the document was parsed from. */
  format: FormatId,
  /** A document holding several agents and the links between them is a bundle. */
  bundle: z.boolean(),
  file: z.string().optional(),
  agents: z.array(IrAgent),
  /** Document-level values only one format has (e.g. Caplo's apiVersion spelling), keyed like agent extensions. */
  extensions: z.record(z.string(), JsonObjectSchema),
});
export type IrDocument = z.infer<typeof IrDocument>;
