// mas/v1 kind: Agent documents from schemas/mas/agent.schema.yaml and its fragments.
// Context chunks are inline text only (a string starting ./ or ../ is a file by the
// runtime's rule, so none is generated); tools use every form, with Form A refs
// that need no file (bundle://, samples:); x- keys sit top-level and in metadata.
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../ir/json.js";
import { plainJson, defined, ident, jsonObject, jsonValue, maybe, nonEmpty, text } from "../fuzz-strings.js";

const EFFORTS = ["none", "disable", "minimal", "low", "medium", "high", "xhigh", "max"] as const;

/** Inline chunk text: never an explicit ./ or ../ path (those must be files). */
const chunkText = fc.oneof(
  { arbitrary: text, weight: 6 },
  { arbitrary: fc.constantFrom("Prefer A/B answers over essays", "see notes.md", "Use the and/or rule."), weight: 1 },
).filter((s) => !/^\s*\.\.?\//.test(s));

const contextKey = fc.oneof(fc.constantFrom("role", "intent", "tool_usage", "style", "rules"), ident);
const context = fc.dictionary(contextKey, chunkText, { minKeys: 1, maxKeys: 4 });

const modelString = fc.oneof(
  { arbitrary: fc.constantFrom("gpt-4o", "gpt-4o-mini", "azure/gpt-4o", "openai/gpt-4.1", "anthropic/claude-sonnet-4-6", "vertex_ai/gemini-2.5-flash", "claude-haiku-4-5", "generic-model", "ollama/llama3", "acme/model-x", "any"), weight: 5 },
  { arbitrary: nonEmpty, weight: 1 },
);

const reasoning = fc
  .record({
    effort: maybe(fc.constantFrom(...EFFORTS)),
    budget_tokens: maybe(fc.oneof(fc.constantFrom(0, 1024, 4000), fc.nat(64000)), 0.4),
    exclude: maybe(fc.boolean(), 0.3),
    mode: maybe(fc.constantFrom("standard", "pro"), 0.2),
    think: maybe(fc.oneof(fc.boolean(), fc.constantFrom("low", "medium", "high")), 0.2),
    include: maybe(fc.array(text, { maxLength: 2 }), 0.2),
  })
  .map((r) => defined(r));

const temperature = fc.oneof(fc.constantFrom(0, 0.2, 0.7, 1, 1.5, 2), fc.double({ min: 0, max: 2, noNaN: true }).filter((x) => !Object.is(x, -0)));
const unit = fc.oneof(fc.constantFrom(0, 0.9, 1), fc.double({ min: 0, max: 1, noNaN: true }).filter((x) => !Object.is(x, -0)));
const penalty = fc.oneof(fc.constantFrom(-2, 0, 0.5, 2), fc.double({ min: -2, max: 2, noNaN: true }).filter((x) => !Object.is(x, -0)));
const truncation = fc.oneof(
  fc.constantFrom("ignore", "warn", "error", "escalate"),
  fc.record({ action: maybe(fc.constantFrom("ignore", "warn", "error", "escalate")), factor: maybe(fc.constantFrom(1.5, 2, 3)), max_tokens: maybe(fc.integer({ min: 1, max: 64000 })), retries: maybe(fc.integer({ min: 0, max: 5 })) }).map((t) => defined(t)),
);

/** Sampling members shared by model rows and spec.llm. */
const sampling = {
  extra: maybe(jsonObject, 0.2),
  reasoning_effort: maybe(fc.constantFrom(...EFFORTS), 0.2),
  reasoning: maybe(reasoning, 0.4),
  temperature: maybe(temperature),
  max_tokens: maybe(fc.oneof(fc.constantFrom(1, 700, 2000, 4096), fc.integer({ min: 1, max: 200000 }))),
  max_completion_tokens: maybe(fc.integer({ min: 1, max: 100000 }), 0.15),
  top_p: maybe(unit, 0.2),
  top_k: maybe(fc.nat(100), 0.15),
  presence_penalty: maybe(penalty, 0.15),
  frequency_penalty: maybe(penalty, 0.15),
  seed: maybe(fc.integer({ min: -1000, max: 1000 }), 0.15),
  stop: maybe(fc.oneof(text, fc.array(text, { maxLength: 2 })), 0.15),
  service_tier: maybe(text, 0.1),
  store: maybe(fc.boolean(), 0.1),
  logit_bias: maybe(fc.dictionary(fc.stringMatching(/^[0-9]{1,5}$/), fc.integer({ min: -100, max: 100 }), { maxKeys: 2 }), 0.1),
  verbosity: maybe(fc.constantFrom("low", "medium", "high"), 0.1),
  parallel_tool_calls: maybe(fc.boolean(), 0.15),
};

function modelRow(id: fc.Arbitrary<string | undefined>): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      id,
      model: modelString,
      kind: maybe(fc.constantFrom("openai", "bedrock"), 0.2),
      context_window: maybe(fc.integer({ min: 1, max: 1_000_000 }), 0.2),
      on_truncation: maybe(truncation, 0.15),
      ...sampling,
    })
    .map((m) => defined(m) as JsonObject);
}

/** Zero, one or two rows: a primary (no id, or id main) and sometimes a second role. */
const models = fc.oneof(
  fc.constant([] as JsonObject[]),
  fc.tuple(modelRow(maybe(fc.constant("main"), 0.3))),
  fc.tuple(modelRow(maybe(fc.constant("main"), 0.5)), modelRow(fc.constantFrom("summarizer", "judge", "fast", "main"))),
);

const llm = fc.record({ model: maybe(modelString, 0.8), provider: maybe(fc.constantFrom("openai", "azure", "anthropic"), 0.4), ...sampling }).map((l) => defined(l));

const pluginShorthand = fc.constantFrom("react", "cot", "plan_execute", "summarising", "stack", "assembler", "sample");
const pluginObject = (params: fc.Arbitrary<JsonObject>) =>
  fc.oneof(
    fc.record({ type: pluginShorthand, params: maybe(params, 0.5) }).map((p) => defined(p)),
    fc.record({ ref: fc.constantFrom("./plugins/custom", "module://pkg.Class", "oci://reg/img:1"), params: maybe(params, 0.5) }).map((p) => defined(p)),
  );
const designParams = fc.record({ max_steps: maybe(fc.integer({ min: 1, max: 1024 })), max_cot_pass: maybe(fc.nat(3)), parallel: maybe(fc.boolean()), max_rounds: maybe(fc.integer({ min: 1, max: 9 })) }).map((p) => defined(p) as JsonObject);
const designPattern = fc.oneof(fc.constant(null), pluginShorthand, pluginObject(designParams));
const contextManager = fc.oneof(
  fc.constantFrom("summarising", "sliding-window", "stack", "full-history"),
  fc.record({ type: fc.constantFrom("summarising", "sliding-window", "stack", "custom"), memory: maybe(fc.array(fc.constantFrom("semantic", "episodic"), { maxLength: 2 })) }).map((c) => defined(c)),
);
const assembler = fc.oneof(
  fc.constant(null),
  fc.constant("assembler"),
  fc.record({ type: maybe(fc.constant("assembler")), params: maybe(fc.record({ token_budget: maybe(fc.integer({ min: 1, max: 100000 })), always_reassemble: maybe(fc.boolean()), emit_segments: maybe(fc.boolean()) }).map((p) => defined(p))) }).map((a) => defined(a)),
);
const contract = fc.oneof(nonEmpty, fc.record({ type: maybe(text), ref: maybe(text), params: maybe(jsonObject) }).map((c) => defined(c)));

const memory = fc.oneof(
  fc.constantFrom("semantic", "episodic"),
  fc.array(fc.constantFrom("semantic", "episodic", "procedural"), { maxLength: 3 }),
  fc
    .record({
      enabled: maybe(fc.boolean()),
      types: maybe(fc.array(fc.record({ name: fc.constantFrom("session", "episodic", "semantic", "working"), backend: maybe(fc.constantFrom("in-memory", "file", "sqlite-vec")), params: maybe(fc.record({ path: maybe(text), port: maybe(fc.integer({ min: 1, max: 65535 })) }).map((p) => defined(p))) }).map((t) => defined(t)), { maxLength: 2 })),
      persistence: maybe(fc.record({ backend: maybe(fc.constantFrom("none", "file", "sqlite")), path: maybe(text), auto_save: maybe(fc.boolean()), auto_load: maybe(fc.boolean()) }).map((p) => defined(p)), 0.4),
      search: maybe(fc.record({ enabled: maybe(fc.boolean()), max_results: maybe(fc.integer({ min: 1, max: 20 })), min_score: maybe(unit) }).map((s) => defined(s)), 0.4),
      citations: maybe(fc.record({ mode: maybe(fc.constantFrom("auto", "on", "off")), max_snippet_chars: maybe(fc.integer({ min: 1, max: 2000 })) }).map((c) => defined(c)), 0.4),
    })
    .map((m) => defined(m)),
);
const memorySeed = fc.array(fc.record({ key: maybe(text), source: maybe(text), id: maybe(text, 0.2), content: text, text: maybe(text, 0.2) }).map((s) => defined(s)), { maxLength: 2 });
const workingMemory = fc
  .record({
    persistent: maybe(fc.boolean()),
    compaction: maybe(fc.record({ strategy: maybe(fc.constantFrom("keep_recent", "sliding_window", "summarize")), max_messages: maybe(fc.integer({ min: 1, max: 100 })), keep_turns: maybe(fc.integer({ min: 1, max: 20 })), model: maybe(text, 0.3) }).map((c) => defined(c))),
  })
  .map((w) => defined(w));

const toolName = fc.stringMatching(/^[a-z][a-z0-9_-]{0,12}$/);
// The object forms carry optional members the `defined()` maps drop; the union is JSON once built.
const tool: fc.Arbitrary<JsonValue> = (fc.oneof as (...a: unknown[]) => fc.Arbitrary<JsonValue>)(
  { arbitrary: fc.oneof(fc.constantFrom("web-search", "calculator", "memory-search"), text), weight: 3 },
  {
    arbitrary: fc
      .record({
        ref: fc.oneof(fc.tuple(toolName, toolName).map(([b, t]) => `bundle://${b}/${t}`), toolName.map((t) => `samples:tools/${t}.tool.yaml`)),
        priority: maybe(fc.integer({ min: -10, max: 500 }), 0.3),
        params: maybe(jsonObject, 0.3),
      })
      .map((t) => defined(t)),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("system"), name: fc.oneof(fc.constantFrom("request_human_input", "inform_user", "activate_skill", "run_skill_script", "create_subagent"), nonEmpty), enabled: maybe(fc.boolean(), 0.3), params: maybe(jsonObject, 0.3) }).map((t) => defined(t)), weight: 2 },
  {
    arbitrary: fc
      .record({
        kind: maybe(fc.constantFrom("python", "remote_tool", "openapi"), 0.3),
        module_path: fc.oneof(fc.constantFrom("library-samples/tools/calc.py", "./tools/my_tool.py", "pkg.tools.search"), text),
        class_name: maybe(fc.constantFrom("CalcTool", "SearchTool"), 0.5),
        priority: maybe(fc.integer({ min: 0, max: 500 }), 0.3),
        params: maybe(jsonObject, 0.3),
      })
      .map((t) => defined(t)),
    weight: 2,
  },
);

const checkpoint = fc
  .record({
    mode: maybe(fc.constantFrom("none", "in_memory", "on_event", "every_turn")),
    storage: maybe(fc.oneof(fc.constantFrom("memory", "disk", "hybrid"), fc.record({ kind: maybe(fc.constantFrom("memory", "disk", "hybrid")), path: maybe(text) }).map((s) => defined(s)))),
    triggers: maybe(fc.array(fc.constantFrom("after_llm_call", "after_tool_call", "before_destructive_tool", "every_n_turns"), { maxLength: 2 })),
    every_n_turns: maybe(fc.integer({ min: 1, max: 10 }), 0.3),
    retention: maybe(fc.record({ mode: maybe(fc.constantFrom("all", "single", "last_n")), n: maybe(fc.integer({ min: 1, max: 9 })) }).map((r) => defined(r)), 0.4),
    portability: maybe(fc.constantFrom("self_contained", "reference", "deep", "shallow"), 0.3),
    auto_resume_latest: maybe(fc.boolean(), 0.3),
  })
  .map((c) => defined(c));

const governance = fc.array(fc.oneof(fc.constantFrom("gov_no_undeclared_tool", "audit"), fc.tuple(ident, jsonObject).map(([k, v]) => ({ [k]: v }))), { maxLength: 3 });
const retryPolicy = fc.record({ max_attempts: maybe(fc.integer({ min: 1, max: 5 })), backoff_s: maybe(fc.constantFrom(0, 0.5, 1.5)), backoff_multiplier: maybe(fc.constantFrom(1, 2)), jitter: maybe(fc.boolean()) }).map((r) => defined(r));
const control = fc
  .record({
    budget: maybe(fc.oneof(fc.constant(null), fc.record({ max_tokens: maybe(fc.nat(1_000_000)), max_cost_usd: maybe(fc.constantFrom(0, 5, 12.5)) }).map((b) => defined(b)))),
    retry: maybe(fc.record({ llm: maybe(retryPolicy), tools: maybe(retryPolicy) }).map((r) => defined(r))),
    circuit_breaker: maybe(fc.oneof(fc.constant(null), fc.record({ enabled: maybe(fc.boolean()), failure_threshold: maybe(fc.integer({ min: 1, max: 10 })), reset_timeout_s: maybe(fc.constantFrom(0, 30, 2.5)), plugin: maybe(text) }).map((c) => defined(c)))),
    rate_limiter: maybe(fc.oneof(fc.constant(null), fc.record({ requests_per_minute: maybe(fc.integer({ min: 1, max: 600 })) }).map((r) => defined(r)))),
  })
  .map((c) => defined(c));
const observability = fc.array(fc.oneof(fc.constantFrom("native", "otel"), fc.record({ native: fc.record({ path: maybe(text), categories: maybe(fc.array(text, { maxLength: 2 })) }).map((n) => defined(n)) }), fc.record({ otel: fc.record({ service_name: maybe(text), realtime: maybe(fc.boolean()) }).map((o) => defined(o)) })), { maxLength: 2 });
const contextSources = fc.array(fc.oneof(fc.constantFrom("native", "adk", "langchain"), fc.record({ adk: fc.record({ base_dir: maybe(text), auto_inject: maybe(fc.boolean()) }).map((a) => defined(a)) })), { maxLength: 2 });

const xKey = ident.map((k) => `x-${k}`).filter((k) => k !== "x-agentport");
const xMembers = (p: number) => maybe(fc.dictionary(xKey, jsonValue, { minKeys: 1, maxKeys: 2 }), p).map((o) => o ?? {});

const spec = fc
  .record({
    context: maybe(context, 0.85),
    params: maybe(fc.dictionary(ident, text, { maxKeys: 3 }), 0.3),
    description: nonEmpty,
    models: maybe(models, 0.8),
    design_pattern: maybe(designPattern, 0.3),
    context_manager: maybe(contextManager, 0.3),
    assembler: maybe(assembler, 0.2),
    memory_seed: maybe(memorySeed, 0.2),
    memory: maybe(memory, 0.3),
    working_memory: maybe(workingMemory, 0.2),
    skills: maybe(fc.array(fc.oneof(fc.constantFrom("triage-protocol", "@web-skills/search-protocol"), text), { maxLength: 3 }), 0.4),
    tools_ref: maybe(fc.oneof(fc.constant(null), fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,10}$/)), 0.2),
    tools: maybe(fc.array(tool, { maxLength: 5 })),
    behavior: maybe(fc.record({ share_reasoning: maybe(fc.boolean()), delegation_style: maybe(fc.constant("typed")) }).map((b) => defined(b)), 0.3),
    checkpoint: maybe(checkpoint, 0.2),
    debug: maybe(fc.record({ script_file: maybe(text), script: maybe(text) }).map((d) => defined(d)), 0.15),
    governance: maybe(governance, 0.3),
    hitl_contract: maybe(contract, 0.15),
    user_io_contract: maybe(contract, 0.15),
    llm: maybe(llm, 0.25),
    budget: maybe(fc.record({ max_llm_calls: maybe(fc.nat(500)), max_tool_calls: maybe(fc.nat(500)) }).map((b) => defined(b)), 0.4),
    control: maybe(control, 0.25),
    observability: maybe(observability, 0.15),
    context_sources: maybe(contextSources, 0.15),
  })
  .map((s) => defined(s) as JsonObject);

const metadataName = nonEmpty.filter((s) => !/[/\\]/.test(s));
const version = fc.oneof(fc.constantFrom("0.1.0", "1.4.0", "2.0.1-beta", "1.0.0+build.5"), fc.tuple(fc.nat(30), fc.nat(30), fc.nat(300)).map(([a, b, c]) => `${a}.${b}.${c}`));

const metadata = fc
  .tuple(
    fc.record({ name: metadataName, description: maybe(text), version: maybe(version), tags: maybe(fc.array(text, { maxLength: 3 })) }),
    xMembers(0.3),
  )
  .map(([m, x]) => ({ ...x, ...defined(m) }) as JsonObject);

export const documents: fc.Arbitrary<JsonObject> = fc
  .tuple(metadata, spec, xMembers(0.4))
  .map(([metadata, spec, x]) => plainJson({ apiVersion: "mas/v1", kind: "Agent", metadata, spec, ...x }) as JsonObject);
