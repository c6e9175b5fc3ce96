// AgentMug v1 documents from schemas/agentmug/agent.v1.json and the prose MUST rules
// (src/adapters/agentmug/validate.ts): every optional member present with p ~0.6,
// all four tool kinds plus bare strings, skills, triggers, parameters, coherent
// sources, evaluation checks naming declared sources, private brain/memory
// sometimes, and unknown members where the schema allows them.
import fc from "fast-check";
import type { JsonObject, JsonValue } from "../../ir/json.js";
import { plainJson, defined, ident, jsonObject, jsonValue, maybe, nonEmpty, text } from "../fuzz-strings.js";

const URL_CURRENT = "https://agentmug.com/schemas/agent.v1.json";
const URL_LEGACY = "https://agentlit.dahshanlabs.com/schemas/agent.v1.json";

const uri = fc.oneof(fc.constantFrom("https://example.com/hook", "https://api.example.org/v1/items?x=1", "http://localhost:8080/cb"), fc.webUrl());
const dateTime = fc.oneof(
  fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom("2026-05-19T12:00:00Z", "2025-01-02T03:04:05+02:00", "2024-02-29T23:59:59.123-07:30"),
);

/** Unknown members, for objects with additionalProperties: true. Keys avoid every schema name. */
const unknownMembers = maybe(fc.dictionary(ident.map((k) => `x_${k}`), jsonValue, { minKeys: 1, maxKeys: 2 }), 0.2).map((o) => o ?? {});

function withUnknown(arb: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<JsonObject> {
  return fc.tuple(arb, unknownMembers).map(([o, extra]) => ({ ...extra, ...defined(o) }) as JsonObject);
}

const strings = (max = 3) => fc.array(text, { maxLength: max });
const nonEmptyStrings = (max = 3) => fc.array(nonEmpty, { maxLength: max });

const builtinTool = withUnknown(fc.record({ kind: fc.constant("builtin"), name: nonEmpty, description: maybe(text) }));
const mcpTool = withUnknown(
  fc.record({
    kind: fc.constant("mcp"),
    name: nonEmpty,
    server: nonEmpty,
    toolName: maybe(nonEmpty),
    inputSchema: maybe(jsonObject),
    scopes: maybe(strings()),
    requiresUserAuth: fc.boolean(),
    provider: maybe(text),
    description: maybe(text),
  }),
);
const webhookTool = withUnknown(
  fc.record({
    kind: fc.constant("webhook"),
    name: nonEmpty,
    url: uri,
    method: maybe(fc.constantFrom("GET", "POST", "PUT", "DELETE")),
    requiresUserAuth: maybe(fc.boolean()),
    description: maybe(text),
  }),
);
const stringMap = fc.dictionary(ident.map((k) => `h-${k}`), text, { maxKeys: 2 });
const nangoTool = withUnknown(
  fc.record({
    kind: fc.constant("nango"),
    name: nonEmpty,
    provider: nonEmpty,
    endpoint: nonEmpty,
    method: maybe(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE")),
    inputSchema: maybe(jsonObject),
    argMapping: maybe(fc.constantFrom("query", "body", "path", "path+query", "path+body"), 0.4),
    baseUrlOverride: maybe(uri, 0.3),
    headers: maybe(stringMap, 0.3),
    bodyEncoding: maybe(fc.constantFrom("json", "form"), 0.3),
    staticBody: maybe(jsonObject, 0.3),
    bodyParamRename: maybe(stringMap, 0.3),
    queryParamRename: maybe(stringMap, 0.3),
    folderRouting: maybe(fc.record({ arg: nonEmpty, template: nonEmpty }), 0.3),
    scopes: maybe(strings()),
    requiresUserAuth: fc.boolean(),
    description: maybe(text),
  }),
);
const tool: fc.Arbitrary<JsonValue> = fc.oneof(nonEmpty, builtinTool, mcpTool, webhookTool, nangoTool);

const hex64 = fc.stringMatching(/^[a-f0-9]{64}$/);
const s128 = nonEmpty.map((s) => [...s].slice(0, 128).join(""));
const proof = fc.constantFrom(1, 2).chain((version) =>
  fc
    .record({
      version: fc.constant(version),
      receiptId: s128,
      status: fc.constant("passed"),
      capabilityKind: s128.map((s) => [...s].slice(0, 64).join("")),
      harnessId: s128,
      sandboxId: s128,
      contractMatched: fc.constant(true),
      criteriaPassed: fc.integer({ min: 1, max: 20 }),
      criteriaTotal: fc.integer({ min: 1, max: 20 }),
      judgeId: s128,
      judgeModel: s128,
      verifiedAt: dateTime,
      artifactDigest: version === 2 ? hex64.map((h) => `sha256:${h}`) : maybe(hex64.map((h) => `sha256:${h}`), 0.3),
      reusableInputVerified: version === 2 ? fc.constant(true) : maybe(fc.constant(true), 0.3),
    })
    .map((p) => defined(p)),
);
const skill = withUnknown(
  fc.record({
    name: nonEmpty,
    trigger: text,
    recipe: text,
    verified: maybe(fc.boolean(), 0.4),
    proof: maybe(proof, 0.3),
    library: maybe(fc.tuple(nonEmpty, fc.integer({ min: 1, max: 99 })), 0.3),
  }).map(({ library, ...s }) => ({ ...s, ...(library ? { librarySkillId: library[0], librarySkillVersion: library[1] } : {}) })),
);

const caveat = withUnknown(
  fc.record({
    requested: text,
    doing: text,
    why: text,
    options: maybe(fc.array(withUnknown(fc.record({ label: text, detail: text, recommended: maybe(fc.boolean()) })), { maxLength: 2 }), 0.5),
  }),
);

const modelPolicy = withUnknown(
  fc.record({
    mode: fc.constantFrom("host_choice", "preferred", "pinned"),
    preferredModels: maybe(nonEmptyStrings()),
    requiredCapabilities: maybe(fc.array(fc.constantFrom("tool_use", "vision", "long_context", "reasoning"), { maxLength: 3 })),
    minimumContextTokens: maybe(fc.integer({ min: 1, max: 2_000_000 })),
    allowLocal: maybe(fc.boolean()),
  }),
);

const tokenNumber = fc.oneof(fc.integer({ min: 1, max: 200000 }), fc.constantFrom(0, 1024.5, 64, 8000), fc.double({ min: -10, max: 1e6, noNaN: true }).filter((x) => !Object.is(x, -0)));

const blueprint = withUnknown(
  fc.record({
    primaryModel: fc.oneof(fc.constantFrom("claude-sonnet-4-6", "claude-opus-4-7", "gpt-4.1", "gpt-4o-mini", "o3", "gemini-2.5-pro", "mistral-large", "local/llama3", "azure/gpt-4o", ""), text),
    systemPrompt: text,
    modelPolicy: maybe(modelPolicy, 0.4),
    outcomeContract: maybe(jsonObject, 0.3),
    capabilityPlan: maybe(jsonObject, 0.3),
    maxTokens: maybe(tokenNumber),
    extendedThinkingBudget: maybe(tokenNumber, 0.4),
    guardrails: maybe(withUnknown(fc.record({ sideEffectGate: maybe(fc.constantFrom("off", "confirm", "refuse")) })), 0.4),
    tools: fc.array(tool, { maxLength: 5 }),
    thinkingPatterns: maybe(strings(), 0.4),
    architecture: maybe(fc.oneof(fc.constantFrom("solo", "orchestrator_workers", "pipeline"), text), 0.4),
    skills: maybe(fc.array(skill, { maxLength: 3 })),
    caveats: maybe(fc.array(caveat, { maxLength: 2 }), 0.4),
  }),
);

const inputs = withUnknown(
  fc.record({
    accepts: fc.array(fc.constantFrom("text", "audio", "image"), { minLength: 1, maxLength: 3 }),
    placeholder: maybe(text),
    schema: maybe(jsonObject, 0.4),
  }),
);
const outputs = withUnknown(fc.record({ shape: fc.constantFrom("text", "json", "void"), schema: maybe(jsonObject, 0.4), description: maybe(text) }));

const paramName = fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/);
function parameter(name: string): fc.Arbitrary<JsonObject> {
  return fc.constantFrom("string", "text", "number", "boolean", "email", "url", "select", "file").chain((type) =>
    withUnknown(
      fc.record({
        name: fc.constant(name),
        label: nonEmpty,
        description: maybe(text),
        type: fc.constant(type),
        options: type === "select" ? fc.array(fc.record({ value: text, label: text }), { minLength: 1, maxLength: 3 }) : maybe(fc.array(fc.record({ value: text, label: text }), { maxLength: 2 }), 0.2),
        default: type === "file" ? fc.constant(undefined) : maybe(jsonValue, 0.4),
        required: fc.boolean(),
        placeholder: maybe(text),
        artifact: type === "file"
          ? withUnknown(fc.record({ kind: fc.constantFrom("document", "table", "image"), accepts: fc.array(nonEmpty, { minLength: 1, maxLength: 3 }), structure: maybe(nonEmptyStrings()) }))
          : fc.constant(undefined),
      }),
    ),
  );
}
/** Parameter names are unique case-insensitively (a prose rule). */
const parameters = fc.uniqueArray(paramName, { maxLength: 3, selector: (n) => n.toLowerCase() }).chain((names) => fc.tuple(...names.map(parameter)));

const trigger: fc.Arbitrary<JsonObject> = fc.oneof(
  fc.constant({ type: "manual" }),
  fc.record({ type: fc.constant("schedule"), cron: fc.constantFrom("0 9 * * 1-5", "*/5 * * * *", "@daily"), prompt: maybe(text), timezone: maybe(fc.constantFrom("UTC", "Europe/Zurich")), label: maybe(text) }).map((t) => defined(t) as JsonObject),
  fc.record({ type: fc.constant("webhook"), path: text }),
  fc.record({ type: fc.constant("api"), endpoint: text }),
  fc.tuple(fc.stringMatching(/^[a-z][a-z_]{2,10}$/).filter((t) => !["manual", "schedule", "webhook", "api"].includes(t)), jsonObject).map(([type, extra]) => ({ ...extra, type })),
);

const connectivity = withUnknown(
  fc.record({
    identities: maybe(fc.array(withUnknown(fc.record({ role: maybe(fc.constantFrom("owner", "assistant")), channel: text })), { maxLength: 2 })),
    reads: maybe(fc.array(fc.record({ provider: text, resource: text }), { maxLength: 2 })),
    delivers: maybe(fc.array(withUnknown(fc.record({ channel: text, to: maybe(fc.constantFrom("owner")), via: text })), { maxLength: 2 })),
  }),
);

const sourceId = fc.stringMatching(/^[a-z][a-z0-9._-]{0,15}$/);
const WRITES = ["write", "append", "create", "delete"] as const;
const CAPS = ["read", "list", "search", "cite", "sync", "watch", "write", "append", "create", "delete", "version"] as const;

/** One source satisfying the spec's coherence rules: the capabilities are widened to what role, freshness and truth need. */
function source(id: string): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      label: nonEmpty,
      description: maybe(text),
      role: fc.constantFrom("knowledge", "knowledge", "brain", "working", "template", "inbox", "output"),
      kind: fc.constantFrom("file", "folder", "workspace", "klypix", "provider"),
      required: fc.boolean(),
      accepts: maybe(fc.record({ extensions: maybe(fc.array(fc.constantFrom(".md", ".csv", ".xlsx", ".tar.gz", ".c++"), { maxLength: 2 })), mediaTypes: maybe(nonEmptyStrings(2)), providerTypes: maybe(nonEmptyStrings(2)) }).map((a) => defined(a)), 0.4),
      structure: maybe(fc.record({ required: maybe(nonEmptyStrings(2)), optional: maybe(nonEmptyStrings(2)), schema: maybe(jsonObject) }).map((s) => defined(s)), 0.3),
      freshness: maybe(fc.record({ mode: fc.constantFrom("snapshot", "on-run", "watch"), maxAgeSeconds: maybe(fc.nat(86400)), onStale: fc.constantFrom("fail", "warn") }).map((f) => defined(f)), 0.4),
      truth: maybe(fc.record({ authority: fc.constantFrom("authoritative", "supporting", "reference", "example"), priority: maybe(fc.integer({ min: 0, max: 100 })), conflictPolicy: fc.constantFrom("fail", "ask", "prefer-authority", "prefer-newer"), citations: fc.constantFrom("required", "preferred", "none") }).map((t) => defined(t)), 0.4),
      caps: fc.uniqueArray(fc.constantFrom(...CAPS), { minLength: 1, maxLength: 4 }),
      boundaries: maybe(nonEmptyStrings(2), 0.3),
      approval: maybe(fc.record({ read: maybe(fc.constantFrom("not-required", "on-bind", "every-run", "every-action")), write: maybe(fc.constantFrom("not-required", "on-bind", "every-run", "every-action")), destructive: maybe(fc.constantFrom("forbidden", "every-action")) }).map((a) => defined(a)), 0.4),
      sharing: maybe(fc.record({ strategy: fc.constantFrom("rebind", "exclude", "snapshot"), derivedKnowledge: maybe(fc.constantFrom("exclude", "approved-only", "include")), recipientMayOverride: maybe(fc.boolean()) }).map((s) => defined(s)), 0.4),
    })
    .map(({ caps, boundaries, approval, ...s }) => {
      const set = new Set<string>(caps);
      if (s.role === "output" && !WRITES.some((w) => set.has(w))) set.add("write");
      if (s.freshness?.mode === "on-run") set.add("sync");
      if (s.freshness?.mode === "watch") set.add("watch");
      if (s.truth?.citations === "required") set.add("cite");
      const capabilities = CAPS.filter((c) => set.has(c));
      const appr: Record<string, string> = { ...(approval ?? {}) };
      if (WRITES.some((w) => set.has(w)) && appr["write"] === undefined) appr["write"] = "every-action";
      if (set.has("delete")) appr["destructive"] = "every-action";
      return defined({
        id,
        ...s,
        access: defined({ capabilities, boundaries }),
        approval: approval === undefined && Object.keys(appr).length === 0 ? undefined : appr,
      }) as JsonObject;
    });
}
const sources = fc.uniqueArray(sourceId, { maxLength: 3 }).chain((ids) => fc.tuple(...ids.map(source)));

const CHECK_TYPES = ["source-ready", "freshness", "citation", "output-schema", "write-boundary", "invariant", "custom"] as const;
function evaluation(sourceIds: readonly string[]): fc.Arbitrary<JsonObject> {
  const check = (id: string) =>
    fc.constantFrom(...CHECK_TYPES).chain((type) =>
      fc
        .record({
          id: fc.constant(id),
          name: nonEmpty.map((s) => [...s].slice(0, 280).join("")),
          description: maybe(text.map((s) => [...s].slice(0, 4000).join("")), 0.4),
          type: fc.constant(type),
          phase: fc.constantFrom("bind", "pre-run", "post-run"),
          severity: fc.constantFrom("error", "warning"),
          sourceIds: sourceIds.length ? maybe(fc.uniqueArray(fc.constantFrom(...sourceIds), { maxLength: 2 }), 0.5) : fc.constant(undefined),
          assertion: type === "custom" || type === "invariant" ? text : maybe(text, 0.4),
          config: type === "output-schema" ? jsonObject.map((c) => ({ ...c, schema: { type: "object" } })) : maybe(jsonObject, 0.3),
        })
        .map((c) => defined(c)),
    );
  return fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_-]{0,12}$/), { minLength: 1, maxLength: 3 }).chain((ids) =>
    fc
      .record({
        version: fc.constant(1),
        failurePolicy: fc.constantFrom("block", "require-approval", "warn"),
        minimumScore: maybe(fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true }).filter((x) => !Object.is(x, -0)))),
        checks: fc.tuple(...ids.map(check)),
      })
      .map((e) => defined(e) as JsonObject),
  );
}

const pricing = fc.oneof(fc.constant({ kind: "free" }), fc.record({ kind: fc.constant("one-time"), amountUsd: fc.oneof(fc.constantFrom(0, 4.99), fc.integer({ min: 0, max: 500 })) }));
const metadata = withUnknown(fc.record({ sourceUrl: maybe(uri, 0.4), sourceUserId: maybe(text, 0.4), tags: maybe(strings()), pricing: maybe(pricing, 0.4) }));

const brain = fc.array(withUnknown(fc.record({ title: nonEmpty, content: text, slug: maybe(text), summary: maybe(text), links: maybe(strings(2)), sources: maybe(strings(2)) })), { maxLength: 2 });
const memory = fc.array(withUnknown(fc.record({ key: nonEmpty, value: text, importance: maybe(fc.oneof(fc.constantFrom(0, 0.5, 1), fc.integer({ min: 0, max: 10 }))) })), { maxLength: 2 });

const execution = withUnknown(fc.record({ target: fc.constantFrom("cloud", "browser", "desktop", "self_hosted", "hybrid"), cloudRunnable: fc.boolean(), requiresUserPresence: maybe(fc.boolean()), reason: maybe(text) }));

/** Unknown top-level members: the root has additionalProperties: true. */
const topUnknown = maybe(fc.dictionary(ident.map((k) => `custom_${k}`), jsonValue, { minKeys: 1, maxKeys: 2 }), 0.2).map((o) => o ?? {});

export const documents: fc.Arbitrary<JsonObject> = sources.chain((srcs) =>
  fc
    .record({
      $schema: fc.oneof({ arbitrary: fc.constant(URL_CURRENT), weight: 9 }, { arbitrary: fc.constant(URL_LEGACY), weight: 1 }),
      id: nonEmpty,
      name: nonEmpty,
      description: nonEmpty,
      emoji: maybe(fc.constantFrom("📧", "🤖", "🧾", "")),
      version: fc.oneof(fc.constantFrom("1.0.0", "0.1.0", "2.3"), nonEmpty),
      exportedAt: dateTime,
      execution: maybe(execution, 0.4),
      blueprint,
      inputs,
      outputs: maybe(outputs),
      parameters: maybe(parameters),
      triggers: maybe(fc.array(trigger, { maxLength: 3 })),
      connectivity: maybe(connectivity, 0.4),
      sources: srcs.length ? fc.constant(srcs) : maybe(fc.constant(srcs), 0.3),
      evaluation: maybe(evaluation(srcs.map((s) => s["id"] as string)), 0.5),
      metadata: maybe(metadata),
      brain: maybe(brain, 0.25),
      memory: maybe(memory, 0.25),
      unknown: topUnknown,
    })
    .map(({ unknown, ...doc }) => plainJson({ ...unknown, ...defined(doc) }) as JsonObject),
);
