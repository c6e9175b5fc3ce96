// The Caplo v2 adapter, through the library hub and directly: detection, schema and
// prose-rule validation, caplo → caplo identity, the IR it produces, and every
// clamp, truncation, default and link problem reported at the right pointer.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { convert, convertMany, emit, parse } from "../src/index.js";
import type { Diagnostic, IrAgent, IrDocument } from "../src/index.js";
import { caploAdapter } from "../src/adapters/caplo/index.js";
import { caploSchema } from "../src/adapters/caplo/schema.generated.js";
import { uuidV5 } from "../src/adapters/caplo/uuid.js";
import { parseText } from "../src/text/parse.js";
import { isObject, type JsonObject, type JsonValue } from "../src/ir/json.js";
import { renderInstructions } from "../src/ir/agent.js";

const GOLDEN = join(import.meta.dirname, "..", "golden");
const goldenCases = readdirSync(GOLDEN).filter((d) => d.startsWith("caplo-"));
function goldenText(c: string): { file: string; text: string } {
  const file = readdirSync(join(GOLDEN, c)).find((f) => f.startsWith("input."));
  if (!file) throw new Error(`no input in ${c}`);
  return { file, text: readFileSync(join(GOLDEN, c, file), "utf8") };
}
function data(text: string): JsonObject {
  const d = parseText(text).data;
  if (!isObject(d)) throw new Error("not an object");
  return d;
}

const minimal = (): JsonObject => ({
  apiVersion: "v2",
  kind: "Agent",
  name: "Helper",
  instructions: "Help.",
  greeting: "Hi!",
  model: { provider: "OpenAI", name: "gpt-4o-mini" },
});
const bundleAgent = (key: string, extra: JsonObject = {}): JsonObject => {
  const { apiVersion: _a, kind: _k, ...fields } = minimal();
  return { key, ...fields, name: key, ...extra };
};
const bundle = (...agents: JsonObject[]): JsonObject => ({ apiVersion: "v2", kind: "AgentBundle", agents });

const codes = (ds: readonly Diagnostic[]) => ds.map((d) => d.code);
const only = (ds: readonly Diagnostic[], code: string) => ds.filter((d) => d.code === code);

describe("detect", () => {
  it("claims every v2 spelling of both kinds with certainty", () => {
    for (const apiVersion of ["v2", "v2.0", "v2.0.0"]) {
      expect(caploAdapter.detect({ ...minimal(), apiVersion })).toEqual({ confidence: 1 });
      expect(caploAdapter.detect({ apiVersion, kind: "AgentBundle", agents: [] })).toEqual({ confidence: 1 });
    }
  });

  it("recognises other Caplo versions as unsupported, and leaves mas and AgentMug alone", () => {
    const v3 = caploAdapter.detect({ ...minimal(), apiVersion: "v3" });
    expect(v3.confidence).toBe(0.9);
    expect(v3.unsupported).toBe("Caplo apiVersion v3 is not supported (only v2)");
    expect(caploAdapter.detect({ ...minimal(), apiVersion: "v1" }).unsupported).toMatch(/v1 is not supported/);
    expect(caploAdapter.detect({ apiVersion: "mas/v1", kind: "Agent", metadata: { name: "x" } }).confidence).toBe(0);
    expect(caploAdapter.detect({ $schema: "https://agentmug.com/schemas/agent.v1.json", id: "x" }).confidence).toBe(0);
    expect(caploAdapter.detect({ apiVersion: "v2", kind: "Tool" }).confidence).toBe(0);
    expect(caploAdapter.detect([minimal()]).confidence).toBe(0);
  });

  it("makes the hub refuse a v3 document as unsupported", () => {
    const r = convert({ ...minimal(), apiVersion: "v3" }, "caplo");
    expect(r.ok).toBe(false);
    expect(codes(r.diagnostics)).toEqual(["unsupported-document"]);
  });
});

describe("validate", () => {
  it("gives one located error for one unknown member of a bundle agent", () => {
    const r = convert(bundle(bundleAgent("a", { colour: "blue" })), "caplo");
    expect(r.ok).toBe(false);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: "invalid-input", source: { pointer: "/agents/0/colour" } });
  });

  it("locates a missing required member and a value out of range", () => {
    const { greeting: _g, ...noGreeting } = minimal();
    const missing = caploAdapter.validate(noGreeting);
    expect(missing).toEqual([expect.objectContaining({ pointer: "", keyword: "required", message: expect.stringContaining("greeting") })]);
    const low = caploAdapter.validate({ ...minimal(), routing: { mode: "fast", minConfidence: 0.57 } });
    expect(low).toEqual([expect.objectContaining({ pointer: "/routing/minConfidence", keyword: "minimum" })]);
  });

  it("accepts 0.94 for minConfidence although 0.94 / 0.01 is not an integer in floating point", () => {
    expect(Number.isInteger(0.94 / 0.01)).toBe(false);
    expect(caploAdapter.validate({ ...minimal(), routing: { mode: "model", minConfidence: 0.94 } })).toEqual([]);
  });

  it("rejects duplicate bundle keys once, at the second key", () => {
    const issues = caploAdapter.validate(bundle(bundleAgent("a"), bundleAgent("b"), bundleAgent("a")));
    expect(issues).toEqual([expect.objectContaining({ pointer: "/agents/2/key", message: expect.stringContaining("/agents/0") })]);
  });

  it("rejects fast routing when a sub-agent lacks doNotUseWhen", () => {
    const links = [
      { agentId: "agt_1", useWhen: "billing", doNotUseWhen: "not billing" },
      { agentId: "agt_2", useWhen: "tech" },
    ];
    const fast = caploAdapter.validate({ ...minimal(), subAgents: links, routing: { mode: "fast" } });
    expect(fast.map((i) => i.pointer)).toEqual(["/subAgents/1"]);
    expect(caploAdapter.validate({ ...minimal(), subAgents: links, routing: { mode: "model" } })).toEqual([]);
  });

  it("rejects a thinking budget not smaller than an explicit response limit", () => {
    const doc = (responseLimit?: number): JsonObject => ({
      ...minimal(),
      model: { provider: "OpenAI", name: "o3", ...(responseLimit === undefined ? {} : { responseLimit }) },
      policy: { reasoning: { thinkingBudgetTokens: 2048 } },
    });
    expect(caploAdapter.validate(doc(2048)).map((i) => i.pointer)).toEqual(["/policy/reasoning/thinkingBudgetTokens"]);
    expect(caploAdapter.validate(doc(4096))).toEqual([]);
    expect(caploAdapter.validate(doc())).toEqual([]);
  });

  it("converts an invalid input in lenient mode, reports the value, and still writes a valid document", () => {
    const r = convert({ ...minimal(), colour: "blue", actions: ["transfer", "fly"] }, "caplo", { lenient: true });
    expect(r.ok).toBe(true);
    expect(only(r.diagnostics, "lenient-input").map((d) => d.source?.pointer).sort()).toEqual(["/actions/1", "/colour"]);
    expect(only(r.diagnostics, "dropped-field").map((d) => d.source?.pointer).sort()).toEqual(["/actions", "/colour"]);
    expect(caploAdapter.validate(r.outputs[0]?.document)).toEqual([]);
  });
});

describe("golden inputs", () => {
  it("has at least five Caplo cases, one of them YAML, all schema-valid", () => {
    expect(goldenCases.length).toBeGreaterThanOrEqual(5);
    expect(goldenCases.some((c) => goldenText(c).file.endsWith(".yaml"))).toBe(true);
    for (const c of goldenCases) expect(caploAdapter.validate(data(goldenText(c).text)), c).toEqual([]);
  });

  it("together use every member the Caplo schema defines", () => {
    const used = new Set<string>();
    const walk = (v: JsonValue, path: string): void => {
      if (path) used.add(path);
      if (Array.isArray(v)) v.forEach((x) => walk(x, path + "[]"));
      else if (isObject(v)) for (const k of Object.keys(v)) walk(v[k] as JsonValue, path ? `${path}.${k}` : k);
    };
    for (const c of goldenCases) {
      const d = data(goldenText(c).text);
      if (d["kind"] === "AgentBundle") {
        walk({ apiVersion: d["apiVersion"] ?? null, kind: d["kind"] ?? null }, "");
        used.add("agents");
        for (const a of d["agents"] as JsonValue[]) walk(a, "");
      } else walk(d, "");
    }
    expect([...schemaPaths()].filter((p) => !used.has(p))).toEqual([]);
    const texts = goldenCases.map((c) => goldenText(c).text);
    expect(texts.some((t) => /"mode": "fast"/.test(t) && /"minConfidence": 0\.94/.test(t))).toBe(true);
  });

  it("include the support bundle: triage → billing, triage → tech, billing → an external agent", () => {
    const d = data(goldenText("caplo-support-bundle").text);
    const agents = d["agents"] as JsonObject[];
    const links = (key: string) => (agents.find((a) => a["key"] === key)?.["subAgents"] as JsonObject[] | undefined) ?? [];
    expect(agents.map((a) => a["key"])).toEqual(["triage", "billing", "tech"]);
    expect(links("triage").map((l) => l["local"])).toEqual(["billing", "tech"]);
    expect(links("billing").map((l) => typeof l["agentId"])).toEqual(["string"]);
  });
});

/** Every property path the schema allows in an agent (plus the document members), dotted, arrays as []. */
function schemaPaths(): Set<string> {
  const defs = caploSchema()["$defs"] as Record<string, JsonObject>;
  const out = new Set<string>(["apiVersion", "kind", "agents", "key"]);
  const deref = (s: JsonValue | undefined): JsonObject | undefined => {
    if (!isObject(s)) return undefined;
    const ref = s["$ref"];
    return typeof ref === "string" ? defs[ref.replace("#/$defs/", "")] : s;
  };
  const walk = (schema: JsonObject | undefined, prefix: string): void => {
    const props = schema?.["properties"];
    if (!isObject(props)) return;
    for (const k of Object.keys(props)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.add(p);
      const sub = deref(props[k]);
      walk(sub, p);
      if (isObject(sub?.["items"])) walk(deref(sub["items"]), p + "[]");
    }
  };
  walk(defs["agentFields"], "");
  return out;
}

describe("caplo → caplo", () => {
  for (const c of goldenCases) {
    it(`is identity on the data of ${c}, without diagnostics`, () => {
      const { file, text } = goldenText(c);
      const r = convert(text, "caplo", { file });
      expect(r.ok).toBe(true);
      expect(r.diagnostics).toEqual([]);
      expect(r.outputs).toHaveLength(1);
      expect(r.outputs[0]?.document).toEqual(data(text));
    });
  }

  it("writes a schema-ordered document byte for byte when the input is one", () => {
    const { text } = goldenText("caplo-support-bundle");
    const r = convert(text, "caplo");
    expect(r.outputs[0]?.name).toBe("triage-bundle.caplo.json");
    expect(r.outputs[0]?.text).toBe(text);
  });

  it("keeps an empty policy, the apiVersion spelling and a provider alias", () => {
    const input = { ...minimal(), apiVersion: "v2.0", model: { provider: "azure", name: "gpt-4o" }, policy: {} };
    const r = convert(input, "caplo");
    expect(r.outputs[0]?.document).toEqual(input);
    expect(r.outputs[0]?.name).toBe("helper.caplo.json");
  });

  it("writes a single agent as a one-agent bundle when asked, deriving its key", () => {
    const r = convert(minimal(), "caplo", { bundle: true });
    expect(r.ok).toBe(true);
    expect(r.outputs[0]?.document).toMatchObject({ kind: "AgentBundle", agents: [{ key: "helper", name: "Helper" }] });
    expect(only(r.diagnostics, "defaulted-required")).toEqual([expect.objectContaining({ source: { pointer: "" }, target: expect.objectContaining({ pointer: "/agents/0/key" }) })]);
  });
});

describe("parse", () => {
  const doc = (): IrDocument => {
    const p = parse(goldenText("caplo-support-bundle").text);
    if (!p.doc) throw new Error("no IR");
    return p.doc;
  };

  it("maps shared concepts to the IR and records where each came from", () => {
    const d = doc();
    expect(d.bundle).toBe(true);
    expect(d.extensions).toEqual({});
    const [triage, billing, tech] = d.agents as [IrAgent, IrAgent, IrAgent];
    expect(triage.origin).toEqual({ format: "caplo", pointer: "/agents/0" });
    expect(triage.models).toEqual([{ provider: "openai", providerSource: "explicit", id: "gpt-4.1-mini", temperature: 0.2, maxTokens: 800 }]);
    expect(triage.subAgents?.[0]).toEqual({ local: "billing", useWhen: expect.any(String), doNotUseWhen: expect.any(String), mode: "active_conversation" });
    expect(billing.subAgents?.[0]).toMatchObject({ external: "agt_01HZX4PAYMENTSDISPUTES", release: "2.3.1", mode: "task_tool" });
    expect(billing.sourceMap["/subAgents/0/external"]).toBe("/subAgents/0/agentId");
    expect(billing.limits).toEqual({ knowledgePassages: 8, maxToolCalls: 10, maxSearches: 6, maxParallelToolCalls: 2 });
    expect(billing.sourceMap["/limits/maxToolCalls"]).toBe("/policy/maxReads");
    expect(billing.reasoning).toEqual({ effort: "medium", budgetTokens: 1536 });
    expect(billing.knowledge).toEqual([{ id: "kb_billing_policies" }, { id: "kb_price_list" }]);
    expect(tech.models?.[0]?.provider).toBe("azure");
    expect(tech.limits).toEqual({ historyTokens: 24000, maxToolCalls: 16 });
    expect(tech.sourceMap["/limits/historyTokens"]).toBe("/policy/history/maxTokens");
    expect(triage.evals?.[0]?.expectations).toEqual({
      uncertainty: expect.any(String), prohibitedAction: expect.any(String), answerExcludes: "refund has been issued",
      subAgent: "billing", avoidSubAgent: "tech", routedBy: "fast",
    });
    expect(triage.tools).toEqual([{ kind: "named", name: "tool_account_lookup" }]);
    // The platform's prompt texts follow the instructions as named parts; "" (the block turned off) is kept apart from absent.
    // guidance "" (the platform block turned off) is an empty part, in the member order of the file.
    expect(triage.instructions?.chunks.map((c) => c.key)).toEqual([undefined, "guidance", "chat_style"]);
    expect(triage.instructions?.chunks[1]?.text).toBe("");
    expect(triage.sourceMap["/instructions/chunks/1"]).toBe("/policy/guidance");
    expect(triage.sourceMap["/instructions/chunks/2"]).toBe("/policy/chatStyle");
  });

  it("keeps Caplo-only members in extensions.caplo, one entry per member", () => {
    const triage = doc().agents[0] as IrAgent;
    // guidance "" turns the platform block off: an empty prompt part (session 17), not Caplo's own.
    expect(Object.keys(triage.extensions["caplo"] ?? {}).sort()).toEqual(["/actions", "/suggestedReplies", "/visitorFeedback"]);
  });

  it("platform texts: mas chunks guidance/chat_style/voice_style and AgentMug's labelled parts come back as policy texts", () => {
    const text = readFileSync("golden/caplo-support-bundle/input.caplo.json", "utf8");
    for (const via of ["mas", "agentmug"]) {
      const fwd = convert(text, via, { stash: false });
      const back = convertMany(fwd.outputs.map((o) => ({ text: o.text, file: o.name })), "caplo", { bundle: true });
      const triage = (back.outputs[0]!.document["agents"] as Record<string, unknown>[])[0]!;
      // The instructions come back (mas labels them "[role]"), without the platform texts.
      expect(String(triage["instructions"]), via).toMatch(/You are the first point of contact[\s\S]*delivery dates yourself\.$/);
      expect(String(triage["instructions"]), via).not.toMatch(/\[(guidance|chat_style)\]/);
      // AgentMug cannot say "turned off" (""): without a stash, only the text comes back.
      expect(triage["policy"], via).toMatchObject({ chatStyle: "Short, friendly sentences. One question at a time." });
    }
  });

  it("warns about an unknown provider and keeps its spelling for the way back", () => {
    const input = { ...minimal(), model: { provider: "Foo Cloud", name: "foo-1" } };
    const p = parse(input);
    expect(p.doc?.agents[0]?.models?.[0]?.provider).toBe("foo_cloud");
    expect(p.diagnostics).toEqual([expect.objectContaining({ code: "unknown-provider", severity: "warning", source: { pointer: "/model/provider" } })]);
    const r = convert(input, "caplo");
    expect(r.outputs[0]?.document).toEqual(input);
  });

  it("warns about a local link that names no bundle key", () => {
    const p = parse(bundle(bundleAgent("a", { subAgents: [{ local: "b", useWhen: "x" }, { local: "a", useWhen: "self" }] })));
    expect(only(p.diagnostics, "unresolved-link")).toEqual([expect.objectContaining({ source: { pointer: "/agents/0/subAgents/0/local" } })]);
    const single = parse({ ...minimal(), subAgents: [{ local: "b", useWhen: "x" }] });
    expect(only(single.diagnostics, "unresolved-link").map((d) => d.source?.pointer)).toEqual(["/subAgents/0/local"]);
  });
});

// IR documents as another format's parser would build them: origin pointers and
// source maps point into that format, so the diagnostics must land there.
const BASE_MAP = { "/id": "/metadata/name", "/name": "/metadata/x-name", "/instructions": "/spec/context", "/models/0": "/spec/models/0" };
function irAgent(fields: Partial<IrAgent>, sourceMap: Record<string, string> = {}, pointer = ""): IrAgent {
  return { origin: { format: "mas", pointer }, extensions: {}, sourceMap: { ...BASE_MAP, ...sourceMap }, ...fields };
}
function irDoc(agents: IrAgent[], bundled = false): IrDocument {
  return { format: "mas", bundle: bundled, agents, extensions: {} };
}
function emitOk(d: IrDocument, options = {}) {
  const r = emit(d, "caplo", options);
  expect(codes(r.diagnostics)).not.toContain("output-invalid");
  expect(r.outputs).toHaveLength(1);
  const out = r.outputs[0];
  if (!out) throw new Error("no output");
  return { doc: out.document, diagnostics: r.diagnostics, name: out.name };
}
/** Every diagnostic except the fill-ins of required values must point below the agent's root. */
function expectLocated(ds: readonly Diagnostic[], root = ""): void {
  // Fill-ins and default differences concern values the source does not have, so they may sit at the root.
  for (const d of ds) if (d.code !== "defaulted-required" && d.code !== "defaulted-placeholder" && d.code !== "default-differs") expect(d.source?.pointer, d.message).not.toBe(root);
}
const base = (): Partial<IrAgent> => ({
  id: "helper",
  name: "Helper",
  instructions: { chunks: [{ text: "Help." }] },
  models: [{ provider: "openai", providerSource: "explicit", id: "gpt-4o" }],
});

describe("emit from another format's IR", () => {
  it("fills greeting and derives nothing else for a complete agent", () => {
    const { doc, diagnostics, name } = emitOk(irDoc([irAgent(base(), { "/id": "/metadata/name", "/instructions": "/spec/context" })]));
    expect(name).toBe("helper.caplo.json");
    expect(doc).toMatchObject({ apiVersion: "v2", kind: "Agent", greeting: "Hello! How can I help you today?", model: { provider: "OpenAI", name: "gpt-4o" } });
    // The template greeting is words the source's agent never said: a warning (fresh9 finding 13).
    expect(only(diagnostics, "defaulted-required")).toEqual([expect.objectContaining({ severity: "warning", source: { pointer: "" }, target: expect.objectContaining({ pointer: "/greeting" }) })]);
    // A single Agent document has no key, so the id is lost.
    expect(only(diagnostics, "dropped-field")).toEqual([expect.objectContaining({ source: { pointer: "/metadata/name" } })]);
    expectLocated(diagnostics);
  });

  it("clamps numbers into Caplo's ranges and reports each at its source pointer", () => {
    const a = irAgent({
      ...base(),
      models: [{ provider: "openai", id: "o3", temperature: 1.4, maxTokens: 200000.4 }],
      reasoning: { budgetTokens: 500 },
      limits: { maxModelCalls: 0, maxToolCalls: 100, historyTokens: 1000, maxDepth: 2.6 },
      routing: { mode: "model", minConfidence: 0.57 },
    }, {
      "/models/0": "/spec/models/0",
      "/models/0/temperature": "/spec/models/0/temperature",
      "/models/0/maxTokens": "/spec/models/0/max_tokens",
      "/reasoning/budgetTokens": "/spec/models/0/reasoning/budget_tokens",
      "/limits/maxModelCalls": "/spec/budget/max_llm_calls",
      "/limits/maxToolCalls": "/spec/budget/max_tool_calls",
      "/limits/historyTokens": "/spec/context_manager/params/trimmer/max_tokens",
      "/limits/maxDepth": "/spec/tools/0/params/max_depth",
      "/routing/minConfidence": "/x/minConfidence",
    });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["model"]).toEqual({ provider: "OpenAI", name: "o3", temperature: 1, responseLimit: 128000 });
    expect(doc["policy"]).toEqual({ history: { maxTokens: 2000 }, maxModelCalls: 1, maxReads: 32, maxDepth: 3, reasoning: { thinkingBudgetTokens: 1024 } });
    expect(doc["routing"]).toEqual({ mode: "model", minConfidence: 0.6 });
    expect(only(diagnostics, "clamped-value").map((d) => [d.source?.pointer, d.target?.pointer])).toEqual([
      ["/spec/models/0/temperature", "/model/temperature"],
      ["/spec/models/0/max_tokens", "/model/responseLimit"],
      ["/x/minConfidence", "/routing/minConfidence"],
      ["/spec/budget/max_llm_calls", "/policy/maxModelCalls"],
      ["/spec/budget/max_tool_calls", "/policy/maxReads"],
      ["/spec/tools/0/params/max_depth", "/policy/maxDepth"],
      ["/spec/context_manager/params/trimmer/max_tokens", "/policy/history/maxTokens"],
      ["/spec/models/0/reasoning/budget_tokens", "/policy/reasoning/thinkingBudgetTokens"],
    ]);
    expect(only(diagnostics, "clamped-value").every((d) => d.severity === "warning")).toBe(true);
    expectLocated(diagnostics);
  });

  it("keeps the thinking budget below the response limit, or drops it when no budget fits", () => {
    const withLimit = (maxTokens: number) => irAgent({ ...base(), models: [{ provider: "anthropic", id: "claude-sonnet-4-6", maxTokens }], reasoning: { budgetTokens: 8000 } },
      { "/reasoning/budgetTokens": "/blueprint/extendedThinkingBudget", "/models/0/maxTokens": "/blueprint/maxTokens" });
    const lowered = emitOk(irDoc([withLimit(4096)]));
    expect((lowered.doc["policy"] as JsonObject)["reasoning"]).toEqual({ thinkingBudgetTokens: 4095 });
    expect(only(lowered.diagnostics, "clamped-value").map((d) => d.source?.pointer)).toEqual(["/blueprint/extendedThinkingBudget"]);
    const dropped = emitOk(irDoc([withLimit(1024)]));
    expect(dropped.doc["policy"]).toBeUndefined();
    expect(only(dropped.diagnostics, "dropped-field").map((d) => d.source?.pointer)).toContain("/blueprint/extendedThinkingBudget");
  });

  it("maps reasoning efforts Caplo lacks to the nearest one, or drops 'none'", () => {
    const effort = (e: "minimal" | "max" | "none") => emitOk(irDoc([irAgent({ ...base(), reasoning: { effort: e } }, { "/reasoning/effort": "/spec/models/0/reasoning/effort" })]));
    const minimalE = effort("minimal");
    expect(minimalE.doc["policy"]).toEqual({ reasoning: { effort: "low" } });
    expect(only(minimalE.diagnostics, "transformed-value")).toEqual([expect.objectContaining({ source: { pointer: "/spec/models/0/reasoning/effort" } })]);
    expect(effort("max").doc["policy"]).toEqual({ reasoning: { effort: "high" } });
    const none = effort("none");
    expect(none.doc["policy"]).toBeUndefined();
    expect(only(none.diagnostics, "dropped-field").map((d) => d.source?.pointer)).toContain("/spec/models/0/reasoning/effort");
  });

  it("shortens a long name and description at a word boundary", () => {
    const longName = "Quarterly Revenue Forecasting and Scenario Planning Assistant for Regional Finance Teams";
    const longDescription = "word ".repeat(60).trim();
    const { doc, diagnostics } = emitOk(irDoc([irAgent({ ...base(), name: longName, description: longDescription }, { "/name": "/name", "/description": "/metadata/description" })]));
    const name = doc["name"] as string;
    expect(name.length).toBeLessThanOrEqual(80);
    expect(longName.startsWith(name)).toBe(true);
    expect(longName[name.length]).toBe(" ");
    expect((doc["description"] as string).length).toBeLessThanOrEqual(240);
    expect((doc["description"] as string).endsWith("word")).toBe(true);
    expect(only(diagnostics, "truncated-value").map((d) => d.source?.pointer)).toEqual(["/name", "/metadata/description"]);
  });

  it("counts length in code points, as the schema does", () => {
    const emoji = "🙂".repeat(80);
    const ok = emitOk(irDoc([irAgent({ ...base(), name: emoji }, { "/name": "/name" })]));
    expect(ok.doc["name"]).toBe(emoji);
    expect(only(ok.diagnostics, "truncated-value")).toEqual([]);
    const long = emitOk(irDoc([irAgent({ ...base(), name: emoji + "🙂" }, { "/name": "/name" })]));
    expect(long.doc["name"]).toBe(emoji);
    expect(only(long.diagnostics, "truncated-value").map((d) => d.source?.pointer)).toEqual(["/name"]);
  });

  it("derives name, instructions and a documented default model when the IR has none", () => {
    const a = irAgent({ id: "planner", routingDescription: "Plans trips." }, { "/id": "/metadata/name", "/routingDescription": "/spec/description" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc).toMatchObject({ name: "planner", description: "Plans trips.", instructions: "Plans trips.", model: { provider: "OpenAI", name: "gpt-4o" } });
    // The id is the name: used, one note at the id, not "dropped" beside a filled-in name.
    expect(only(diagnostics, "defaulted-required").map((d) => d.target?.pointer).sort()).toEqual(["/greeting", "/instructions"]);
    expect(only(diagnostics, "dropped-field")).toEqual([]);
    expect(only(diagnostics, "defaulted-placeholder")).toEqual([expect.objectContaining({ severity: "warning", source: { pointer: "" }, target: expect.objectContaining({ pointer: "/model" }) })]);
    // The routing text becomes both the description and (for want of instructions) the instructions.
    expect(only(diagnostics, "transformed-value").map((d) => [d.source?.pointer, d.target?.pointer])).toEqual([["/metadata/name", "/name"], ["/spec/description", "/description"], ["/spec/description", "/instructions"]]);
    expectLocated(diagnostics);
  });

  it("joins named prompt chunks and says so", () => {
    const instructions = { chunks: [{ key: "role", text: "You plan trips." }, { key: "intent", text: "Keep it short." }] };
    const { doc, diagnostics } = emitOk(irDoc([irAgent({ ...base(), instructions }, { "/instructions": "/spec/context" })]));
    expect(doc["instructions"]).toBe(renderInstructions(instructions));
    expect(doc["instructions"]).toBe("[role] You plan trips.\n\n[intent] Keep it short.");
    expect(only(diagnostics, "transformed-value").map((d) => d.source?.pointer)).toEqual(["/spec/context"]);
  });

  it("keeps only tool ids, reporting what each richer tool loses", () => {
    const a = irAgent({
      ...base(),
      tools: [
        { kind: "builtin", name: "web_search", shorthand: true },
        { kind: "mcp", name: "calendar", server: "https://mcp.example/cal", requiresUserAuth: true },
        { kind: "builtin", name: "web_search", shorthand: true },
        { kind: "named", name: "calc", description: "adds numbers" },
      ],
    }, { "/tools": "/blueprint/tools", "/tools/0": "/blueprint/tools/0", "/tools/1": "/blueprint/tools/1", "/tools/2": "/blueprint/tools/2", "/tools/3": "/blueprint/tools/3" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["tools"]).toEqual(["web_search", "calendar", "calc"]);
    expect(only(diagnostics, "dropped-field").filter((d) => d.source?.pointer?.startsWith("/blueprint/tools")).map((d) => d.source?.pointer)).toEqual(["/blueprint/tools/1", "/blueprint/tools/2", "/blueprint/tools/3"]);
  });

  it("reports values of other formats' extensions and fields Caplo lacks", () => {
    const a = irAgent({ ...base(), version: "1.2.0", tags: ["travel"], extensions: { mas: { "/spec/design_pattern": "react" } } },
      { "/version": "/metadata/version", "/tags": "/metadata/tags" });
    const { diagnostics } = emitOk(irDoc([a]));
    expect(only(diagnostics, "dropped-field").map((d) => d.source?.pointer).sort()).toEqual(["/metadata/name", "/metadata/tags", "/metadata/version", "/spec/design_pattern"]);
    expectLocated(diagnostics);
  });

  it("gives eval cases without a UUID a deterministic one", () => {
    const a = () => irAgent({ ...base(), evals: [{ name: "greets", input: "hi", desiredOutcome: "greets back" }, { id: "check-1", name: "b", input: "x", desiredOutcome: "y" }] },
      { "/evals": "/evaluation/checks", "/evals/0": "/evaluation/checks/0", "/evals/1": "/evaluation/checks/1", "/evals/1/id": "/evaluation/checks/1/id" });
    const first = emitOk(irDoc([a()]));
    const second = emitOk(irDoc([a()]));
    const cases = (first.doc["evals"] as JsonObject)["cases"] as JsonObject[];
    expect(cases.map((c) => c["id"])).toEqual(((second.doc["evals"] as JsonObject)["cases"] as JsonObject[]).map((c) => c["id"]));
    expect(new Set(cases.map((c) => c["id"])).size).toBe(2);
    expect(only(first.diagnostics, "transformed-value").map((d) => d.source?.pointer)).toContain("/evaluation/checks/1/id");
    expect(only(first.diagnostics, "defaulted-required").map((d) => d.target?.pointer)).toContain("/evals/cases/0/id");
  });

  it("writes the RFC 9562 UUIDv5 test vector", () => {
    // RFC 9562 appendix A.4: name "www.example.com" in the DNS namespace.
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it("writes a placeholder provider, with a warning, when none is named or implied", () => {
    const a = irAgent({ ...base(), models: [{ id: "llama-3.1-70b" }] }, { "/models/0/id": "/blueprint/primaryModel" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["model"]).toEqual({ provider: "Unknown", name: "llama-3.1-70b" });
    expect(only(diagnostics, "defaulted-placeholder").map((d) => d.target?.pointer)).toEqual(["/model/provider"]);
    const inferred = emitOk(irDoc([irAgent({ ...base(), models: [{ id: "claude-sonnet-4-6" }] }, { "/models/0/id": "/blueprint/primaryModel" })]));
    expect(inferred.doc["model"]).toEqual({ provider: "Anthropic", name: "claude-sonnet-4-6" });
    expect(only(inferred.diagnostics, "defaulted-placeholder")).toEqual([]);
    expect(only(inferred.diagnostics, "transformed-value").map((d) => [d.source?.pointer, d.target?.pointer])).toContainEqual(["/blueprint/primaryModel", "/model/provider"]);
  });

  it("reports a provider the source only implied where the model was, since it becomes explicit", () => {
    const a = irAgent({ ...base(), models: [{ provider: "openai", providerSource: "inferred", id: "gpt-4o", raw: "gpt-4o" }] },
      { "/models/0/id": "/spec/models/0/model", "/models/0/provider": "/spec/models/0/model" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["model"]).toEqual({ provider: "OpenAI", name: "gpt-4o" });
    expect(only(diagnostics, "transformed-value").map((d) => d.source?.pointer)).toEqual(["/spec/models/0/model"]);
  });

  it("warns about a provider key the table does not know and writes it as is", () => {
    const a = irAgent({ ...base(), models: [{ provider: "acme_ai", providerSource: "explicit", id: "acme-1" }] }, { "/models/0/provider": "/spec/models/0/model" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["model"]).toEqual({ provider: "acme_ai", name: "acme-1" });
    expect(only(diagnostics, "unknown-provider")).toEqual([expect.objectContaining({ severity: "warning", source: { pointer: "/spec/models/0/model" } })]);
  });

  it("drops extra model rows and reports a split model string", () => {
    const a = irAgent({ ...base(), models: [{ role: "main", provider: "azure", id: "gpt-4o", raw: "azure/gpt-4o" }, { role: "summarizer", id: "gpt-4o-mini" }] },
      { "/models/0": "/spec/models/0", "/models/0/raw": "/spec/models/0/model", "/models/0/role": "/spec/models/0/id", "/models/1": "/spec/models/1" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["model"]).toEqual({ provider: "Azure OpenAI", name: "gpt-4o" });
    expect(only(diagnostics, "dropped-field").map((d) => d.source?.pointer)).toContain("/spec/models/1");
    expect(only(diagnostics, "transformed-value").map((d) => d.source?.pointer).sort()).toEqual(["/spec/models/0/id", "/spec/models/0/model"]);
  });
});

describe("emit bundles", () => {
  it("slugs and de-duplicates keys, rewrites local links, and reports each rename", () => {
    const a = irAgent({ ...base(), id: "schedule_agent", subAgents: [{ local: "schedule agent", useWhen: "always" }, { local: "missing", useWhen: "never" }] },
      { "/id": "/metadata/name", "/subAgents/0": "/x/0", "/subAgents/0/local": "/x/0/id", "/subAgents/1": "/x/1" }, "/agents/0");
    const b = irAgent({ ...base(), id: "schedule agent" }, { "/id": "/metadata/name" }, "/agents/1");
    const c = irAgent({ ...base(), id: "Schedule-Agent" }, { "/id": "/metadata/name" }, "/agents/2");
    const { doc, diagnostics, name } = emitOk(irDoc([a, b, c], true));
    const agents = doc["agents"] as JsonObject[];
    expect(agents.map((x) => x["key"])).toEqual(["schedule-agent", "schedule-agent-2", "schedule-agent-3"]);
    expect(name).toBe("schedule-agent-bundle.caplo.json");
    expect(agents[0]?.["subAgents"]).toEqual([{ local: "schedule-agent-2", useWhen: "always" }]);
    const renames = only(diagnostics, "transformed-value").filter((d) => d.target?.pointer?.endsWith("/key") || d.target?.pointer?.endsWith("/local")).map((d) => d.source?.pointer);
    expect(renames).toEqual(["/agents/0/metadata/name", "/agents/0/x/0/id", "/agents/1/metadata/name", "/agents/2/metadata/name"]);
    expect(only(diagnostics, "unresolved-link")).toEqual([expect.objectContaining({ severity: "warning", source: { pointer: "/agents/0/x/1" } })]);
    expectLocated(diagnostics, "/agents/0");
  });

  it("derives a missing useWhen from the child's description", () => {
    const parent = irAgent({ ...base(), key: "parent", subAgents: [{ local: "child" }, { external: "agt_9" }] }, {}, "/agents/0");
    const child = irAgent({ ...base(), key: "child", description: "Books flights." }, {}, "/agents/1");
    const { doc, diagnostics } = emitOk(irDoc([parent, child], true));
    expect((doc["agents"] as JsonObject[])[0]?.["subAgents"]).toEqual([{ local: "child", useWhen: "Books flights." }, { agentId: "agt_9", useWhen: "When the request concerns agt_9" }]);
    expect(only(diagnostics, "defaulted-required").map((d) => d.target?.pointer)).toEqual(expect.arrayContaining(["/agents/0/subAgents/0/useWhen", "/agents/0/subAgents/1/useWhen"]));
  });

  it("drops a local link from a single Agent document, and fast routing that no longer holds", () => {
    const input = { ...minimal(), subAgents: [{ local: "billing", useWhen: "bills" }], routing: { mode: "fast" } };
    const r = convert(input, "caplo", { lenient: true });
    expect(r.ok).toBe(true);
    const out = r.outputs[0]?.document as JsonObject;
    expect(out["subAgents"]).toEqual([]);
    // The link was dropped, so fast routing's rule holds vacuously and the routing survives.
    expect(out["routing"]).toEqual({ mode: "fast" });
    expect(only(r.diagnostics, "unresolved-link").map((d) => d.source?.pointer)).toEqual(["/subAgents/0/local", "/subAgents/0"]);
  });

  it("drops fast routing when an emitted sub-agent lacks doNotUseWhen", () => {
    const a = irAgent({ ...base(), subAgents: [{ external: "agt_1", useWhen: "x" }], routing: { mode: "fast", minConfidence: 0.9 } }, { "/routing": "/routing" });
    const { doc, diagnostics } = emitOk(irDoc([a]));
    expect(doc["routing"]).toBeUndefined();
    expect(only(diagnostics, "dropped-field").map((d) => d.source?.pointer)).toContain("/routing");
  });
});

describe("review fixes", () => {
  const mas = (spec: string, meta = "") => `apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: helper\n${meta}spec:\n${spec}  context:\n    role: Help.\n  models:\n    - model: openai/gpt-4.1\n`;

  it("a mas spec.description without metadata.description becomes the Caplo description, shortened to 240 and reported", () => {
    const r = convert(mas("  description: Answers billing questions.\n"), "caplo");
    expect(r.outputs[0]!.document["description"]).toBe("Answers billing questions.");
    const d = r.diagnostics.filter((x) => x.source?.pointer === "/spec/description");
    expect(d.map((x) => x.code)).toEqual(["transformed-value"]);
    const long = "Routes a request. ".repeat(20).trim();
    const t = convert(mas(`  description: ${long}\n`), "caplo");
    expect([...String(t.outputs[0]!.document["description"])].length).toBeLessThanOrEqual(240);
    expect(t.diagnostics.filter((x) => x.source?.pointer === "/spec/description").map((x) => x.code).sort()).toEqual(["transformed-value", "truncated-value"]);
    expect(caploAdapter.validate(t.outputs[0]!.document)).toEqual([]);
  });

  it("metadata.description, when present, stays the description and the routing text is reported as lost", () => {
    const r = convert(mas("  description: Routing text.\n", "  description: Human text.\n"), "caplo");
    expect(r.outputs[0]!.document["description"]).toBe("Human text.");
    expect(r.diagnostics.filter((x) => x.source?.pointer === "/spec/description").map((x) => x.code)).toEqual(["dropped-field"]);
  });
});
