// The canonical intermediate representation. Every adapter parses into it and
// emits from it; no adapter ever sees another format. Canonical fields hold the
// concepts two or more formats share; `extensions[format]` holds, per agent, the
// values only that format has, keyed by their pointer relative to the agent, so
// a same-format round trip loses nothing and a cross-format one can report each
// value it drops by its own source pointer. See docs/ir.md.
import * as z from "zod/mini";

/**
 * The IR's zod schemas, built on first use: building them is a few per cent of a one-file CLI
 * run, and a conversion needs them only to check an agent a stash restored (src/ir/stash.ts).
 * The types below are read from them.
 */
export function irSchemas(): IrSchemas {
  return (built ??= buildSchemas());
}

let built: IrSchemas | undefined;

type IrSchemas = ReturnType<typeof buildSchemas>;

function buildSchemas() {
  const FormatId = z.string().check(z.minLength(1));

  const json: z.ZodMiniType<import("./json.js").JsonValue> = z.lazy(() =>
    z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]),
  );
  const JsonObjectSchema = z.record(z.string(), json);

  /** One named piece of the prompt. Single-prompt formats produce one chunk without a key. */
  const IrChunk = z.object({
    /** mas context key ("role", "intent"); absent for a plain prompt. */
    key: z.optional(z.string()),
    /** The text, when known (inline, or read from the referenced file). */
    text: z.optional(z.string()),
    /** A file reference the text came from (mas `{ref: path}` or a path-like string). */
    ref: z.optional(z.string()),
    /** The source's exact spelling when it differs from `text` (mas: unstripped or path-like string), for a same-format round trip. */
    raw: z.optional(z.string()),
  });

  const IrInstructions = z.object({ chunks: z.array(IrChunk) });

  const IrModel = z.object({
    /** Role of the row (mas `models[].id`: main, summarizer…); absent = the primary role. */
    role: z.optional(z.string()),
    /** Canonical lowercase provider key (LiteLLM prefix): openai, anthropic, azure… */
    provider: z.optional(z.string()),
    providerSource: z.optional(z.enum(["explicit", "inferred"])),
    /** Bare model id, e.g. gpt-4.1. */
    id: z.string(),
    /** The source's original spelling ("azure/gpt-4o", "OpenAI" + "GPT-4.1"). */
    raw: z.optional(z.string()),
    temperature: z.optional(z.number()),
    /** Answer token cap. */
    maxTokens: z.optional(z.number()),
  });

  const IrReasoning = z.object({
    effort: z.optional(z.enum(["none", "minimal", "low", "medium", "high", "max"])),
    budgetTokens: z.optional(z.number()),
  });

  /** Tools as a typed union; `extra` keeps members the IR does not name (AgentMug keeps unknown fields). */
  const toolBase = { name: z.string(), description: z.optional(z.string()), extra: z.optional(JsonObjectSchema) };
  const IrTool = z.discriminatedUnion("kind", [
    /** An opaque tool id or semantic name (Caplo id, mas bare string). */
    z.object({ kind: z.literal("named"), ...toolBase }),
    z.object({ kind: z.literal("builtin"), ...toolBase, shorthand: z.optional(z.boolean()) }),
    z.object({ kind: z.literal("mcp"), ...toolBase, server: z.string(), requiresUserAuth: z.boolean(), toolName: z.optional(z.string()), scopes: z.optional(z.array(z.string())), provider: z.optional(z.string()), inputSchema: z.optional(JsonObjectSchema) }),
    z.object({ kind: z.literal("webhook"), ...toolBase, url: z.string(), method: z.optional(z.string()), requiresUserAuth: z.optional(z.boolean()) }),
    z.object({ kind: z.literal("http"), ...toolBase, provider: z.string(), endpoint: z.string(), method: z.optional(z.string()), requiresUserAuth: z.boolean(), scopes: z.optional(z.array(z.string())), inputSchema: z.optional(JsonObjectSchema) }),
    /** mas Form A: a reference to a `kind: Tool` manifest. */
    /** `inputSchema`: the parameters the manifest declares, as an object JSON schema (read from it; the manifest keeps them). */
    /** `document`: the Tool manifest's text as read, so an output written in another folder can write the file the ref names. */
    z.object({ kind: z.literal("manifest-ref"), ...toolBase, ref: z.string(), inputSchema: z.optional(JsonObjectSchema), document: z.optional(z.string()) }),
    /** mas Form B: a Python module. */
    z.object({ kind: z.literal("module"), ...toolBase, modulePath: z.string() }),
    /** mas Form D: a runtime system tool. */
    z.object({ kind: z.literal("system"), ...toolBase }),
  ]);

  const IrKnowledge = z.object({
    /** Workspace knowledge-base id or portable source role id. */
    id: z.string(),
    label: z.optional(z.string()),
    description: z.optional(z.string()),
  });

  /** A link that was a template of a tool spawning one-shot copies of other agents (IrLink.spawn). */
  const IrSpawn = z.object({
    /** The tool's name ("create_subagent"). */
    tool: z.string(),
    /** The tool's index in the agent's tool list as read; tools of several links share it. */
    at: z.number(),
    /** The template entry as read (its id, ref, description…); the link's target and useWhen are what is written. */
    template: JsonObjectSchema,
    /** The tool's other params (max_spawns…), as read; the same on every link of one tool. */
    params: z.optional(JsonObjectSchema),
    /** The tool entry's other members (enabled, priority…), as read. */
    extra: z.optional(JsonObjectSchema),
    /** The name (as the source spells it) of the setting among `params` that capped how many copies the tool spawned, when it had one. */
    callLimit: z.optional(z.string()),
  });

  const IrLink = z.object({
    /** Key of another agent in the same document… */
    local: z.optional(z.string()),
    /** …or the stable id of an agent outside it. Exactly one of local/external is set. */
    external: z.optional(z.string()),
    useWhen: z.optional(z.string()),
    doNotUseWhen: z.optional(z.string()),
    /** "latest" or a pinned x.y.z release of the child. */
    release: z.optional(z.string()),
    mode: z.optional(z.enum(["task_tool", "active_conversation"])),
    /**
     * Set when the source did not call the child but spawned a one-shot copy of it through a tool
     * (mas create_subagent/spawn_subagent, whose template named the child's file): what that tool was,
     * so the source's emitter can write the link back as the tool. See docs/ir.md.
     */
    spawn: z.optional(IrSpawn),
  });

  const IrRouting = z.object({ mode: z.enum(["model", "fast"]), minConfidence: z.optional(z.number()) });

  const IrSkill = z.object({
    name: z.string(),
    /** When to use it (AgentMug trigger; a mas SKILL.md's front-matter description). */
    trigger: z.optional(z.string()),
    /** The procedure (AgentMug recipe; a mas SKILL.md's body). */
    recipe: z.optional(z.string()),
    /** The file the skill was read from (mas: the SKILL.md the runtime resolves), relative to the manifest. */
    ref: z.optional(z.string()),
    /** The skill's whole document as the runtime injects it into the prompt (mas: the SKILL.md, stripped). */
    document: z.optional(z.string()),
    extra: z.optional(JsonObjectSchema),
  });

  const IrLimits = z.object({
    maxModelCalls: z.optional(z.number()),
    maxToolCalls: z.optional(z.number()),
    maxSearches: z.optional(z.number()),
    maxParallelToolCalls: z.optional(z.number()),
    maxDepth: z.optional(z.number()),
    knowledgePassages: z.optional(z.number()),
    historyTokens: z.optional(z.number()),
  });

  const IrEvalCase = z.object({
    id: z.optional(z.string()),
    name: z.string(),
    input: z.string(),
    desiredOutcome: z.string(),
    /** Further expectations, by the IR's names for them (uncertainty, prohibitedAction, toolFailure, answerContains, answerExcludes, subAgent, avoidSubAgent, tool, routedBy); an adapter maps its own keys onto these. */
    expectations: z.optional(z.record(z.string(), z.string())),
  });

  /**
   * Where an agent came from: its format and its pointer inside the source document. `places`:
   * where parts of its definition sit when they are not below `pointer` at their own place (an
   * Agent Spec component defined in a $referenced_components, an llm_config several agents
   * share), each absolute source pointer with the place, relative to an agent of the format,
   * that it stands for (`""` for the agent's own component, `/llm_config`): the hub judges a
   * diagnostic there by that place's declared effect.
   *
   * `outside`: IR paths of the agent that were written in another document than the agent's own,
   * each with that document's file and the absolute pointer there (a mas kind: MAS manifest's
   * workflow `delegates_to` entries are the links of agents read from their own files). A
   * diagnostic about such a path points there, where the user wrote it.
   *
   * `unresolved`: IR paths (`/models`) the source states by a reference nothing read resolves (IrUnresolved).
   *
   * `setAside`: IR paths the source states a value of that the parse did not take as it (IrSetAside).
   */
  const IrSourcePlace = z.object({ file: z.optional(z.string()), pointer: z.string() });
  /**
   * A part of the agent the source states by a reference that no document read defines (an Agent Spec
   * llm_config `$component_ref` naming no component of the document): `at`, the source pointer (relative
   * to the origin) of the reference; `ref`, the name it gives; `near`, a name the document defines within
   * two edits of it (a likely typo). The reading holds nothing at that IR path; only a target of the
   * origin's format writes the reference back (it is kept in the origin format's extensions at `at`).
   */
  const IrUnresolved = z.object({ at: z.string(), ref: z.string(), near: z.optional(z.string()) });
  /**
   * A value of the source at the place of an IR field that the parse set aside on purpose, leaving the
   * field unset (an Agent Spec generated id, a UUID that names the component for references, not for
   * people): `at`, its source pointer (relative to the origin; the value is kept in the origin format's
   * extensions there); `is`, what it is ("a generated id"); `instead`, what the field is in its stead
   * ("is derived from its name"). A target that cannot hold the value says so, not that it lacks the field.
   */
  const IrSetAside = z.object({ at: z.string(), is: z.string(), instead: z.string() });
  const IrOrigin = z.object({ format: FormatId, pointer: z.string(), file: z.optional(z.string()), places: z.optional(z.record(z.string(), z.string())), outside: z.optional(z.record(z.string(), IrSourcePlace)), unresolved: z.optional(z.record(z.string(), IrUnresolved)), setAside: z.optional(z.record(z.string(), IrSetAside)) });

  /**
   * Where an agent was first read, when it came back through another format's
   * x-agentport stash (src/ir/stash.ts): that format, the agent's pointer there,
   * and the source-map entries that format's emitter uses to put values back in
   * their original places (list indexes, spellings). Diagnostics never use it.
   */
  const IrHome = z.object({
    format: FormatId,
    pointer: z.string(),
    sourceMap: z.record(z.string(), z.string()),
    /** The agent's position among its home document's agents, where `pointer` does not say it (an Agent Spec team's members all sit at ""). */
    index: z.optional(z.number()),
    /**
     * IR paths of settings the file held as agentport wrote them and the user has removed there, and
     * of model settings the file leaves unset in a main model row the user edited into another model
     * (restoreStash): the file's runtime now runs them with its own default, so their defaults are
     * the file's format's, not the home's (src/checks/defaults.ts).
     */
    removed: z.optional(z.array(z.string())),
  });

  const IrAgent = z.object({
    origin: IrOrigin,
    /** Local key within a document (Caplo bundle key). */
    key: z.optional(z.string()),
    /** Stable id (AgentMug id, mas metadata.name). */
    id: z.optional(z.string()),
    name: z.optional(z.string()),
    /** Human description. */
    description: z.optional(z.string()),
    /** What a delegator reads to decide to call this agent (mas spec.description). */
    routingDescription: z.optional(z.string()),
    version: z.optional(z.string()),
    tags: z.optional(z.array(z.string())),
    instructions: z.optional(IrInstructions),
    greeting: z.optional(z.string()),
    /** Model rows; the first is the primary model. */
    models: z.optional(z.array(IrModel)),
    reasoning: z.optional(IrReasoning),
    tools: z.optional(z.array(IrTool)),
    knowledge: z.optional(z.array(IrKnowledge)),
    subAgents: z.optional(z.array(IrLink)),
    routing: z.optional(IrRouting),
    skills: z.optional(z.array(IrSkill)),
    limits: z.optional(IrLimits),
    triggers: z.optional(z.array(JsonObjectSchema)),
    inputs: z.optional(JsonObjectSchema),
    outputs: z.optional(JsonObjectSchema),
    /**
     * Values the user supplies when the agent runs, each { name, type?, description?, default?, required?, … }
     * (type: a JSON-schema type or a form type: text, email, url, select, file). See docs/ir.md.
     */
    parameters: z.optional(z.array(JsonObjectSchema)),
    /** How the instructions name a parameter: prefix + name + suffix ("{{params." "}}", "{{" "}}"). */
    placeholders: z.optional(z.object({ prefix: z.string(), suffix: z.string() })),
    evals: z.optional(z.array(IrEvalCase)),
    provenance: z.optional(z.object({ exportedAt: z.optional(z.string()) })),
    /**
     * Values only one format has: extensions[format][relativePointer] = raw value,
     * where relativePointer is the value's RFC 6901 pointer relative to the agent's origin.
     */
    extensions: z.record(z.string(), JsonObjectSchema),
    /** IR pointer (e.g. "/greeting", "/models/0/temperature") → source pointer relative to the origin. */
    sourceMap: z.record(z.string(), z.string()),
    /** Set only for an agent restored from a stash: its first format and placement hints. */
    home: z.optional(IrHome),
  });

  const IrDocument = z.object({
    /** Format the document was parsed from. */
    format: FormatId,
    /** A document holding several agents and the links between them is a bundle. */
    bundle: z.boolean(),
    file: z.optional(z.string()),
    agents: z.array(IrAgent),
    /**
     * The key of the agent that receives the user's request, where the document names one (a mas
     * workflow's entry, an Agent Spec ManagerWorkers' manager or Swarm's first_agent). Unset, an
     * emitter that needs one derives it from the links (an agent no other delegates to).
     */
    entry: z.optional(z.string()),
    /** Document-level values only one format has (e.g. Caplo's apiVersion spelling), keyed like agent extensions. */
    extensions: z.record(z.string(), JsonObjectSchema),
    /**
     * Which file each document-level value was read from when it is not the document's own, keyed
     * like `extensions`: in a document merged from several (--bundle), the input it came from; in a
     * document whose agents sit in files of their own (a MAS manifest's), the agent file whose stash
     * brought it back. A diagnostic about the value names that file.
     */
    extensionFiles: z.optional(z.record(z.string(), z.record(z.string(), z.string()))),
    /**
     * Where in its file (the document's, or extensionFiles') each document-level value was read when
     * that is not its own pointer, keyed like `extensions`: a value an x-agentport stash brought back
     * sits in the stash (`/x-agentport/document/mas/~1intent`), and a diagnostic about it points there.
     */
    extensionPlaces: z.optional(z.record(z.string(), z.record(z.string(), z.string()))),
  });
  return { FormatId, JsonObjectSchema, IrChunk, IrInstructions, IrModel, IrReasoning, IrTool, IrKnowledge, IrSpawn, IrLink, IrRouting, IrSkill, IrLimits, IrEvalCase, IrSourcePlace, IrOrigin, IrHome, IrAgent, IrDocument };
}

export type FormatId = string;
export type IrChunk = z.infer<IrSchemas["IrChunk"]>;
export type IrInstructions = z.infer<IrSchemas["IrInstructions"]>;
export type IrModel = z.infer<IrSchemas["IrModel"]>;
export type IrReasoning = z.infer<IrSchemas["IrReasoning"]>;
export type IrTool = z.infer<IrSchemas["IrTool"]>;
export type IrKnowledge = z.infer<IrSchemas["IrKnowledge"]>;
export type IrLink = z.infer<IrSchemas["IrLink"]>;
export type IrSpawn = z.infer<IrSchemas["IrSpawn"]>;
export type IrSkill = z.infer<IrSchemas["IrSkill"]>;
export type IrLimits = z.infer<IrSchemas["IrLimits"]>;
export type IrEvalCase = z.infer<IrSchemas["IrEvalCase"]>;
export type IrSourcePlace = z.infer<IrSchemas["IrSourcePlace"]>;
export type IrOrigin = z.infer<IrSchemas["IrOrigin"]>;
export type IrHome = z.infer<IrSchemas["IrHome"]>;
export type IrAgent = z.infer<IrSchemas["IrAgent"]>;
export type IrDocument = z.infer<IrSchemas["IrDocument"]>;
