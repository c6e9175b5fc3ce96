// Caplo v2 documents from schemas/caplo/manifest.schema.json, one $defs branch at a
// time: kind Agent, and kind AgentBundle with 1-4 agents whose local links name
// existing keys. The prose rules are honoured: fast routing puts doNotUseWhen on
// every link, and a thinking budget stays below an explicit responseLimit.
import fc from "fast-check";
import type { JsonObject } from "../../ir/json.js";
import { plainJson, defined, maybe, nonEmpty, text, upTo } from "../fuzz-strings.js";

const apiVersion = fc.constantFrom("v2", "v2", "v2", "v2.0", "v2.0.0");

const provider = fc.oneof(
  { arbitrary: fc.constantFrom("OpenAI", "Anthropic", "Azure", "Google", "Mistral AI", "openai", "AWS Bedrock", "Groq"), weight: 4 },
  { arbitrary: text, weight: 1 },
);
const modelName = fc.oneof(
  { arbitrary: fc.constantFrom("gpt-4o", "gpt-4.1", "GPT-4.1", "claude-sonnet-4-6", "o3-mini", "gemini-2.5-flash", "mistral-large", "llama3"), weight: 4 },
  { arbitrary: text, weight: 1 },
);
const unitDouble = fc.oneof(fc.constantFrom(0, 0.2, 0.4, 1), fc.double({ min: 0, max: 1, noNaN: true }).filter((x) => !Object.is(x, -0)));

const model = fc
  .record({
    provider,
    name: modelName,
    temperature: maybe(unitDouble),
    responseLimit: maybe(fc.oneof(fc.constantFrom(64, 1024, 4096, 128000), fc.integer({ min: 64, max: 128000 }))),
  })
  .map((m) => defined(m));

const uuid = fc.oneof(fc.uuid(), fc.uuid().map((u) => u.toUpperCase()));

const evalCase = fc
  .record({
    id: uuid,
    name: upTo(nonEmpty, 80),
    input: upTo(nonEmpty, 8000),
    desiredOutcome: upTo(nonEmpty, 4000),
    uncertainty: maybe(text, 0.2),
    prohibitedAction: maybe(text, 0.2),
    toolFailure: maybe(text, 0.2),
    answerContains: maybe(text, 0.3),
    answerExcludes: maybe(text, 0.2),
    subAgent: maybe(text, 0.2),
    avoidSubAgent: maybe(text, 0.2),
    tool: maybe(text, 0.2),
    routedBy: maybe(fc.constantFrom("fast", "model", "any"), 0.3),
  })
  .map((c) => defined(c));

const evals = fc.record({ cases: fc.array(evalCase, { maxLength: 3 }) });

/** policy; `limit` is the explicit responseLimit, which a thinking budget must stay below. */
function policy(limit: number | undefined): fc.Arbitrary<JsonObject> {
  const budgetMax = limit === undefined ? 32000 : Math.min(32000, limit - 1);
  const budget = budgetMax >= 1024 ? maybe(fc.integer({ min: 1024, max: budgetMax }), 0.5) : fc.constant(undefined);
  const reasoning = fc
    .record({ effort: maybe(fc.constantFrom("low", "medium", "high")), thinkingBudgetTokens: budget })
    .map((r) => defined(r))
    .filter((r) => Object.keys(r).length > 0);
  return fc
    .record({
      guidance: maybe(upTo(text, 4000), 0.4),
      chatStyle: maybe(upTo(text, 2000), 0.3),
      voiceStyle: maybe(upTo(text, 2000), 0.3),
      history: maybe(fc.record({ maxTokens: fc.integer({ min: 2000, max: 400000 }) }), 0.4),
      knowledgePassages: maybe(fc.integer({ min: 1, max: 16 }), 0.4),
      maxModelCalls: maybe(fc.integer({ min: 1, max: 48 }), 0.4),
      maxReads: maybe(fc.integer({ min: 1, max: 32 }), 0.4),
      maxSearches: maybe(fc.integer({ min: 1, max: 16 }), 0.4),
      maxDepth: maybe(fc.integer({ min: 1, max: 4 }), 0.4),
      maxParallelReads: maybe(fc.integer({ min: 1, max: 8 }), 0.4),
      reasoning: maybe(reasoning, 0.4),
    })
    .map((p) => defined(p) as JsonObject);
}

const release = fc.oneof(fc.constant("latest"), fc.tuple(fc.nat(20), fc.nat(20), fc.nat(200)).map(([a, b, c]) => `${a}.${b}.${c}`));

/** One sub-agent link; `locals` are the keys a local link may name (none in a single Agent). */
function link(locals: readonly string[], fast: boolean): fc.Arbitrary<JsonObject> {
  const target = locals.length > 0
    ? fc.oneof(fc.constantFrom(...locals).map((local) => ({ local })), nonEmpty.map((agentId) => ({ agentId })))
    : nonEmpty.map((agentId) => ({ agentId }));
  return fc
    .record({
      target,
      release: maybe(release, 0.4),
      useWhen: nonEmpty,
      doNotUseWhen: fast ? text : maybe(text, 0.4),
      mode: maybe(fc.constantFrom("task_tool", "active_conversation"), 0.4),
    })
    .map(({ target: t, ...rest }) => defined({ ...("agentId" in t ? { agentId: t.agentId } : {}), ...("local" in t ? { local: t.local } : {}), ...rest }) as JsonObject);
}

const minConfidence = fc.integer({ min: 60, max: 99 }).map((n) => n / 100);

/** The members of one agent (agentFields). */
function agentFields(locals: readonly string[]): fc.Arbitrary<JsonObject> {
  const routing = maybe(fc.record({ mode: fc.constantFrom("model", "fast"), minConfidence: maybe(minConfidence, 0.5) }).map((r) => defined(r)), 0.4);
  return fc.tuple(model, routing).chain(([m, r]) => {
    const fast = r?.mode === "fast";
    return fc
      .record({
        name: upTo(nonEmpty, 80),
        description: maybe(upTo(text, 240)),
        instructions: nonEmpty,
        greeting: nonEmpty,
        tools: maybe(fc.uniqueArray(text, { maxLength: 4 })),
        knowledgeBases: maybe(fc.uniqueArray(text, { maxLength: 3 })),
        actions: maybe(fc.uniqueArray(fc.constantFrom("transfer", "end"), { maxLength: 2 }), 0.4),
        subAgents: maybe(fc.array(link(locals, fast), { maxLength: 3 }), 0.5),
        evals: maybe(evals, 0.4),
        policy: maybe(policy(m["responseLimit"] as number | undefined), 0.5),
        suggestedReplies: maybe(fc.record({ maxCount: maybe(fc.integer({ min: 1, max: 4 })) }).map((s) => defined(s)), 0.3),
        visitorFeedback: maybe(fc.boolean(), 0.3),
      })
      .map((f) => defined({ ...f, model: m, routing: r }) as JsonObject);
  });
}

export const caploAgent: fc.Arbitrary<JsonObject> = fc
  .tuple(apiVersion, agentFields([]))
  .map(([v, f]) => ({ apiVersion: v, kind: "Agent", ...f }));

const bundleKey = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);

export const caploBundle: fc.Arbitrary<JsonObject> = fc
  .tuple(apiVersion, fc.uniqueArray(bundleKey, { minLength: 1, maxLength: 4 }))
  .chain(([v, keys]) =>
    fc.tuple(...keys.map((k) => agentFields(keys).map((f) => ({ key: k, ...f })))).map((agents) => ({ apiVersion: v, kind: "AgentBundle", agents })),
  );

/** Either branch of the Caplo schema's root oneOf. */
export const documents: fc.Arbitrary<JsonObject> = fc.oneof(caploAgent, caploBundle).map(plainJson);
