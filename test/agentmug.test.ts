// The AgentMug v1 adapter: detection, the prose MUST rules, identity on real
// files, privacy of brain/memory, and what the emitter fills in or reports when
// the IR comes from another format.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { convert, emit, parse } from "../src/index.js";
import { agentmugAdapter } from "../src/adapters/agentmug/index.js";
import { mapSource, newAgent } from "../src/ir/agent.js";
import { deepEqual, type JsonObject } from "../src/ir/json.js";
import type { IrAgent, IrDocument } from "../src/ir/model.js";
import type { Diagnostic } from "../src/ir/diagnostics.js";
import { PROJECT_ROOT } from "./helpers/cases.js";

const V1 = "https://agentmug.com/schemas/agent.v1.json";
const LEGACY = "https://agentlit.dahshanlabs.com/schemas/agent.v1.json";
const FIXTURES = join(PROJECT_ROOT, "test/fixtures/agentmug");

function minimal(extra: JsonObject = {}): JsonObject {
  return {
    $schema: V1,
    id: "helper",
    name: "Helper",
    description: "Helps.",
    version: "1.0.0",
    exportedAt: "2026-01-01T00:00:00Z",
    blueprint: { primaryModel: "claude-sonnet-4-6", systemPrompt: "Be brief.", tools: [] },
    inputs: { accepts: ["text"] },
    ...extra,
  };
}

function text(v: unknown): string {
  return JSON.stringify(v, null, 2) + "\n";
}

function at(ds: readonly Diagnostic[], code: string, pointer: string): Diagnostic[] {
  return ds.filter((d) => d.code === code && d.source?.pointer === pointer);
}

function list(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `${d.code} @ ${d.source?.pointer ?? "-"}: ${d.message}`).join("\n");
}

describe("detect", () => {
  it("recognises both v1 URLs", () => {
    expect(agentmugAdapter.detect(minimal()).confidence).toBe(1);
    expect(agentmugAdapter.detect(minimal({ $schema: LEGACY })).confidence).toBe(1);
  });
  it("flags another AgentMug version as unsupported", () => {
    const d = agentmugAdapter.detect(minimal({ $schema: "https://agentmug.com/schemas/agent.v2.json" }));
    expect(d.confidence).toBe(0.9);
    expect(d.unsupported).toMatch(/v1/);
    const r = convert(text(minimal({ $schema: "https://agentmug.com/schemas/agent.v2.json" })), "caplo");
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((x) => x.code)).toEqual(["unsupported-document"]);
  });
  it("ignores other documents", () => {
    expect(agentmugAdapter.detect({ $schema: "https://json-schema.org/draft/2020-12/schema" }).confidence).toBe(0);
    expect(agentmugAdapter.detect({ apiVersion: "v2", kind: "Agent" }).confidence).toBe(0);
    expect(agentmugAdapter.detect(["x"]).confidence).toBe(0);
  });
});

describe("validate: the prose MUST rules, located", () => {
  const pointers = (data: JsonObject) => agentmugAdapter.validate(data).map((i) => i.pointer);
  const source = (id: string, more: JsonObject = {}): JsonObject => ({
    id, label: id, role: "knowledge", kind: "workspace", required: true, access: { capabilities: ["read"] }, ...more,
  });

  it("accepts a minimal file", () => {
    expect(agentmugAdapter.validate(minimal())).toEqual([]);
  });
  it("parameter names are unique, case-insensitively", () => {
    const p = (name: string) => ({ name, label: name, type: "string", required: false });
    expect(pointers(minimal({ parameters: [p("tone"), p("size"), p("tone")] }))).toEqual(["/parameters/2/name"]);
  });
  it("source ids are unique and there are at most 30 sources", () => {
    expect(pointers(minimal({ sources: [source("a"), source("b"), source("a")] }))).toEqual(["/sources/2/id"]);
    const many = Array.from({ length: 31 }, (_, i) => source(`s${i}`));
    expect(pointers(minimal({ sources: many }))).toEqual(["/sources"]);
  });
  it("sources obey the coherence rules", () => {
    expect(pointers(minimal({ sources: [source("a", { truth: { authority: "reference", conflictPolicy: "ask", citations: "required" } })] })))
      .toEqual(["/sources/0/access/capabilities"]);
    expect(pointers(minimal({ sources: [source("a", { freshness: { mode: "on-run", onStale: "warn" } })] }))).toEqual(["/sources/0/access/capabilities"]);
    expect(pointers(minimal({ sources: [source("out", { role: "output" })] }))).toEqual(["/sources/0/access/capabilities"]);
    expect(pointers(minimal({ sources: [source("w", { access: { capabilities: ["write"] } })] }))).toEqual(["/sources/0/approval"]);
    const del = source("d", { access: { capabilities: ["delete"] }, approval: { write: "on-bind", destructive: "forbidden" } });
    expect(pointers(minimal({ sources: [del] }))).toEqual(["/sources/0/approval"]);
  });
  it("checks: unique ids, assertions for custom and invariant, declared sourceIds", () => {
    const check = (id: string, more: JsonObject = {}): JsonObject => ({ id, name: id, type: "citation", phase: "post-run", severity: "error", ...more });
    const evaluation = {
      version: 1,
      failurePolicy: "warn",
      checks: [check("a"), check("a"), check("c", { type: "custom" }), check("d", { type: "invariant", assertion: "ok" }), check("e", { sourceIds: ["nope"] })],
    };
    expect(pointers(minimal({ evaluation }))).toEqual(["/evaluation/checks/1/id", "/evaluation/checks/2", "/evaluation/checks/4/sourceIds/0"]);
  });
  it("the schema itself rejects executable skills and unknown tool kinds", () => {
    const skill = { name: "s", trigger: "t", recipe: "r", executable: "rm -rf" };
    expect(pointers(minimal({ blueprint: { primaryModel: "m", systemPrompt: "", tools: [], skills: [skill] } }))).toContain("/blueprint/skills/0/executable");
    const tool = { kind: "shell", name: "run" };
    expect(pointers(minimal({ blueprint: { primaryModel: "m", systemPrompt: "", tools: [tool] } })).some((p) => p.startsWith("/blueprint/tools/0"))).toBe(true);
  });
  it("the hub reports them as invalid-input with pointer and line", () => {
    const r = convert(text(minimal({ evaluation: { version: 1, failurePolicy: "warn", checks: [{ id: "x", name: "x", type: "custom", phase: "bind", severity: "error" }] } })), "agentmug");
    expect(r.ok).toBe(false);
    const d = at(r.diagnostics, "invalid-input", "/evaluation/checks/0");
    expect(d).toHaveLength(1);
    expect(d[0]!.source!.line).toBeGreaterThan(1);
  });
});

describe("AgentMug → AgentMug is identity on the data", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".agent"));
  it("has the corpus fixtures", () => {
    expect(files.length).toBe(4);
  });
  for (const f of files) {
    it(f, () => {
      const input = readFileSync(join(FIXTURES, f), "utf8");
      const r = convert(input, "agentmug", { file: f });
      expect(r.ok, list(r.diagnostics)).toBe(true);
      expect(r.diagnostics).toEqual([]);
      expect(r.outputs).toHaveLength(1);
      expect(deepEqual(r.outputs[0]!.document, JSON.parse(input))).toBe(true);
    });
  }

  it("keeps unknown members everywhere they may appear", () => {
    const input = minimal({
      "x-future": { nested: [1, { a: null }] },
      blueprint: {
        primaryModel: "local/llama-3.3",
        systemPrompt: "",
        planner: "v3",
        tools: ["a", { kind: "builtin", name: "b", color: "red" }, { kind: "mcp", name: "c", server: "srv", requiresUserAuth: false, retries: 2 }],
        skills: [{ name: "s", trigger: "t", recipe: "r", origin: "imported" }],
      },
      inputs: { accepts: ["text"], hint: "x" },
      metadata: { owner: "team-a" },
      evaluation: { version: 1, failurePolicy: "block", checks: [{ id: "c", name: "C", type: "citation", phase: "post-run", severity: "warning" }] },
    });
    const r = convert(input, "agentmug");
    expect(r.ok, list(r.diagnostics)).toBe(true);
    expect(r.diagnostics).toEqual([]);
    expect(r.outputs[0]!.document).toEqual(input);
    // Unknown members follow the schema's members, in their own order.
    expect(Object.keys(r.outputs[0]!.document).at(-1)).toBe("x-future");
  });

  it("writes the current $schema URL for a legacy file, and says so", () => {
    const r = convert(text(minimal({ $schema: LEGACY })), "agentmug", { file: "old.agent.json" });
    expect(r.outputs[0]!.document["$schema"]).toBe(V1);
    const d = at(r.diagnostics, "transformed-value", "/$schema");
    expect(d).toHaveLength(1);
    expect(d[0]!.source!.file).toBe("old.agent.json");
    expect(r.diagnostics).toHaveLength(1);
  });

  it("writes objects in the schema's member order", () => {
    const shuffled = { inputs: { accepts: ["text"] }, blueprint: { tools: [], systemPrompt: "x", primaryModel: "gpt-4.1" }, version: "1", exportedAt: "2026-01-01T00:00:00Z", description: "d", name: "n", id: "i", $schema: V1 };
    const doc = convert(shuffled, "agentmug").outputs[0]!.document;
    expect(Object.keys(doc)).toEqual(["$schema", "id", "name", "description", "version", "exportedAt", "blueprint", "inputs"]);
    expect(Object.keys(doc["blueprint"] as JsonObject)).toEqual(["primaryModel", "systemPrompt", "tools"]);
  });
});

describe("private data: brain and memory", () => {
  const secretPage = "The spare key is under the third flowerpot";
  const secretFact = "allergic to penicillin";
  const personal = minimal({
    brain: [{ title: "Home", content: secretPage }],
    memory: [{ key: "health", value: secretFact }, { key: "pet", value: "cat" }],
  });

  it("are never canonical IR fields", () => {
    const { doc } = parse(personal);
    const agent = doc!.agents[0]!;
    const { extensions, sourceMap, ...canonical } = agent;
    expect(JSON.stringify(canonical)).not.toContain(secretPage);
    expect(Object.keys(extensions["agentmug"]!)).toEqual(expect.arrayContaining(["/brain", "/memory"]));
    expect(Object.values(sourceMap)).not.toContain("/brain");
  });

  it("are left out by default, with one private-omitted per array that never quotes them", () => {
    const r = convert(personal, "agentmug");
    expect(r.ok).toBe(true);
    expect(r.outputs[0]!.document).not.toHaveProperty("brain");
    expect(r.outputs[0]!.document).not.toHaveProperty("memory");
    expect(r.outputs[0]!.text).not.toContain(secretPage);
    expect(at(r.diagnostics, "private-omitted", "/brain")[0]!.message).toBe("1 private brain entry left out");
    expect(at(r.diagnostics, "private-omitted", "/memory")[0]!.message).toBe("2 private memory entries left out");
    expect(r.diagnostics).toHaveLength(2);
    expect(JSON.stringify(r.diagnostics)).not.toContain(secretFact);
  });

  it("are kept with includePrivate", () => {
    const r = convert(personal, "agentmug", { includePrivate: true });
    expect(r.diagnostics).toEqual([]);
    expect(r.outputs[0]!.document).toEqual(personal);
  });

  it("never reach another format, even with includePrivate", () => {
    for (const to of ["caplo", "mas"]) {
      const r = convert(personal, to, { includePrivate: true });
      const everything = JSON.stringify(r);
      expect(everything, to).not.toContain(secretPage);
      expect(everything, to).not.toContain(secretFact);
    }
  });
});

/** An IR agent as another format's parser would leave it, with its own source pointers. */
function foreign(format: string, fill: (a: IrAgent) => void): IrDocument {
  const a = newAgent(format, "", "in.src");
  fill(a);
  return { format, bundle: false, file: "in.src", agents: [a], extensions: {} };
}

/** Emits without the x-agentport stash: these tests are about what the file itself holds and how each loss is reported. */
function emitOne(doc: IrDocument, options: Parameters<typeof emit>[2] = {}) {
  const r = emit(doc, "agentmug", { stash: false, ...options });
  expect(r.diagnostics.filter((d) => d.severity === "error"), list(r.diagnostics)).toEqual([]);
  expect(r.outputs).toHaveLength(1);
  expect(agentmugAdapter.validate(r.outputs[0]!.document)).toEqual([]);
  return { doc: r.outputs[0]!.document, name: r.outputs[0]!.name, diagnostics: r.diagnostics };
}

describe("emit from another format's IR", () => {
  it("fills every required member and reports each filled value", () => {
    const { doc, name, diagnostics } = emitOne(foreign("mas", (a) => { a.name = "Trip Planner"; }));
    expect(name).toBe("trip-planner.agent.json");
    expect(doc).toMatchObject({
      $schema: V1, id: "trip-planner", name: "Trip Planner", description: "Trip Planner", version: "0.1.0", exportedAt: "1970-01-01T00:00:00Z",
      blueprint: { primaryModel: "claude-sonnet-4-6", systemPrompt: "", tools: [], modelPolicy: { mode: "host_choice" } },
      inputs: { accepts: ["text"] },
    });
    const defaulted = diagnostics.filter((d) => d.code === "defaulted-required").map((d) => d.target?.pointer).sort();
    expect(defaulted).toEqual(["/description", "/exportedAt", "/id", "/inputs", "/version"]);
    const model = diagnostics.filter((d) => d.code === "defaulted-placeholder");
    expect(model.map((d) => [d.severity, d.target?.pointer])).toEqual([["warning", "/blueprint/primaryModel"]]);
    expect(diagnostics.every((d) => d.target?.file === name)).toBe(true);
  });

  it("takes exportedAt from the option, else the source, and reports a replaced one", () => {
    const src = foreign("agentmug", (a) => { a.id = "x"; a.provenance = { exportedAt: "2026-02-02T00:00:00Z" }; mapSource(a, "/provenance/exportedAt", "/exportedAt"); });
    expect(emitOne(src).doc["exportedAt"]).toBe("2026-02-02T00:00:00Z");
    const r = emitOne(src, { exportedAt: "2026-09-09T09:09:09Z" });
    expect(r.doc["exportedAt"]).toBe("2026-09-09T09:09:09Z");
    expect(at(r.diagnostics, "transformed-value", "/exportedAt")).toHaveLength(1);
  });

  it("maps model rows: alternates to modelPolicy, other roles, providers and temperature reported", () => {
    const { doc, diagnostics } = emitOne(foreign("mas", (a) => {
      a.id = "m";
      a.models = [
        { role: "main", id: "gpt-4o", provider: "azure", providerSource: "explicit", raw: "azure/gpt-4o", temperature: 0.2, maxTokens: 900 },
        { id: "claude-haiku-4-5", provider: "anthropic", providerSource: "inferred" },
        { role: "summarizer", id: "gpt-4o-mini" },
      ];
      a.models.forEach((_, i) => mapSource(a, `/models/${i}`, `/spec/models/${i}`));
      mapSource(a, "/models/0/temperature", "/spec/models/0/temperature");
    }));
    expect(doc["blueprint"]).toMatchObject({ primaryModel: "gpt-4o", maxTokens: 900, modelPolicy: { mode: "preferred", preferredModels: ["gpt-4o", "claude-haiku-4-5"] } });
    expect(at(diagnostics, "dropped-field", "/spec/models/0/temperature")).toHaveLength(1);
    expect(at(diagnostics, "dropped-field", "/spec/models/0")[0]!.message).toContain("azure");
    expect(at(diagnostics, "transformed-value", "/spec/models/1")).toHaveLength(1);
    expect(at(diagnostics, "dropped-field", "/spec/models/2")[0]!.message).toContain("summarizer");
  });

  it("keeps a non-integer maxTokens and the thinking budget; drops reasoning effort", () => {
    const { doc, diagnostics } = emitOne(foreign("caplo", (a) => {
      a.name = "R";
      a.models = [{ id: "claude-opus-4-7", maxTokens: 1500.5 }];
      a.reasoning = { effort: "high", budgetTokens: 4096 };
      mapSource(a, "/reasoning/effort", "/policy/reasoning/effort");
    }));
    expect(doc["blueprint"]).toMatchObject({ maxTokens: 1500.5, extendedThinkingBudget: 4096 });
    expect(at(diagnostics, "dropped-field", "/policy/reasoning/effort")).toHaveLength(1);
  });

  it("joins keyed prompt chunks into systemPrompt and says so", () => {
    const { doc, diagnostics } = emitOne(foreign("mas", (a) => {
      a.id = "p";
      a.instructions = { chunks: [{ key: "role", text: "You plan trips." }, { key: "intent", text: "Be concise." }] };
      mapSource(a, "/instructions", "/spec/context");
    }));
    expect((doc["blueprint"] as JsonObject)["systemPrompt"]).toBe("[role] You plan trips.\n\n[intent] Be concise.");
    expect(at(diagnostics, "transformed-value", "/spec/context")).toHaveLength(1);
  });

  it("tools: named and system kinds become names; what is lost is reported per item", () => {
    const { doc, diagnostics } = emitOne(foreign("mas", (a) => {
      a.id = "t";
      a.tools = [
        { kind: "named", name: "web_search" },
        { kind: "manifest-ref", name: "calc", ref: "../tools/calc.tool.yaml" },
        { kind: "system", name: "request_human_input" },
        { kind: "http", name: "crm.find", provider: "hubspot", endpoint: "/contacts", requiresUserAuth: true },
      ];
      a.tools.forEach((_, i) => mapSource(a, `/tools/${i}`, `/spec/tools/${i}`));
    }));
    expect((doc["blueprint"] as JsonObject)["tools"]).toEqual([
      "web_search", "calc", "request_human_input",
      { kind: "nango", name: "crm.find", provider: "hubspot", endpoint: "/contacts", requiresUserAuth: true },
    ]);
    expect(diagnostics.filter((d) => d.code === "dropped-field").map((d) => d.source?.pointer)).toEqual(["/spec/tools/1", "/spec/tools/2"]);
  });

  it("knowledge becomes coherent source requirements; ids are slugged and reported", () => {
    const { doc, diagnostics } = emitOne(foreign("caplo", (a) => {
      a.name = "K";
      a.knowledge = [{ id: "KB_01HX9" }, { id: "product-docs", label: "Product docs" }];
      a.knowledge.forEach((_, i) => mapSource(a, `/knowledge/${i}`, `/knowledgeBases/${i}`));
    }));
    expect(doc["sources"]).toEqual([
      { id: "kb_01hx9", label: "KB_01HX9", role: "knowledge", kind: "workspace", required: true, access: { capabilities: ["read", "search"] }, sharing: { strategy: "rebind" } },
      { id: "product-docs", label: "Product docs", role: "knowledge", kind: "workspace", required: true, access: { capabilities: ["read", "search"] }, sharing: { strategy: "rebind" } },
    ]);
    expect(at(diagnostics, "transformed-value", "/knowledgeBases/0")[0]!.message).toContain('"kb_01hx9"');
    expect(at(diagnostics, "transformed-value", "/knowledgeBases/1")).toHaveLength(1);
  });

  it("eval cases ride as custom checks and come back as the same cases", () => {
    const cases = [
      { id: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", name: "Refund", input: "I want my money back", desiredOutcome: "Explains the refund policy", expectations: { answerContains: "30 days" } },
      { name: "No id", input: "hi", desiredOutcome: "greets" },
    ];
    const { doc, diagnostics } = emitOne(foreign("caplo", (a) => {
      a.name = "E";
      a.evals = cases;
      cases.forEach((_, i) => mapSource(a, `/evals/${i}`, `/evals/cases/${i}`));
    }));
    const evaluation = doc["evaluation"] as JsonObject;
    expect(evaluation).toMatchObject({ version: 1, failurePolicy: "warn" });
    expect((evaluation["checks"] as JsonObject[])[0]).toEqual({
      id: "case-1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", name: "Refund", type: "custom", phase: "post-run", severity: "error",
      assertion: "Explains the refund policy",
      config: { evalCase: { id: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", name: "Refund", input: "I want my money back", desiredOutcome: "Explains the refund policy", answerContains: "30 days" } },
    });
    expect(at(diagnostics, "transformed-value", "/evals/cases/1")).toHaveLength(1);
    const back = parse(doc).doc!.agents[0]!;
    expect(back.evals).toEqual(cases);
  });

  it("reports what AgentMug cannot hold: links, greeting, skills without recipes, other formats' extensions", () => {
    const { diagnostics } = emitOne(foreign("caplo", (a) => {
      a.name = "L";
      a.greeting = "Hi!";
      a.subAgents = [{ local: "billing", useWhen: "money" }, { external: "agt_9", useWhen: "other" }];
      a.skills = [{ name: "weather" }, { name: "chase", trigger: "overdue", recipe: "1. list 2. mail" }];
      a.extensions["caplo"] = { "/actions": ["transfer"] };
      mapSource(a, "/greeting", "/greeting");
      a.subAgents.forEach((_, i) => mapSource(a, `/subAgents/${i}`, `/subAgents/${i}`));
      a.skills.forEach((_, i) => mapSource(a, `/skills/${i}`, `/spec/skills/${i}`));
    }));
    expect(at(diagnostics, "dropped-field", "/greeting")).toHaveLength(1);
    expect(at(diagnostics, "dropped-link", "/subAgents/0")).toHaveLength(1);
    expect(at(diagnostics, "dropped-link", "/subAgents/1")).toHaveLength(1);
    expect(at(diagnostics, "dropped-field", "/spec/skills/0")).toHaveLength(1);
    expect(at(diagnostics, "dropped-field", "/spec/skills/1")).toHaveLength(0);
    expect(at(diagnostics, "dropped-field", "/actions")).toHaveLength(1);
  });

  it("writes one file per agent of a bundle", () => {
    const two: IrDocument = { format: "caplo", bundle: true, agents: [newAgent("caplo", "/agents/0"), newAgent("caplo", "/agents/1")], extensions: {} };
    two.agents[0]!.key = "triage";
    two.agents[1]!.key = "billing";
    const r = emit(two, "agentmug");
    expect(r.outputs.map((o) => o.name)).toEqual(["triage.agent.json", "billing.agent.json"]);
    expect(r.outputs.map((o) => o.document["id"])).toEqual(["triage", "billing"]);
  });
});

describe("each lost value is reported once, at its most precise pointer", () => {
  it("Caplo policy: limits, guidance and chatStyle each at their own member, never also the whole policy", () => {
    const text = readFileSync("golden/caplo-support-bundle/input.caplo.json", "utf8");
    for (const stash of [true, false]) {
      const r = convert(text, "agentmug", { stash });
      // A setting the source leaves unset (policy.maxReads: Caplo's 8) is reported at the object it would go in: not a value of the input.
      const pointers = r.diagnostics.filter((d) => d.severity !== "error" && d.code !== "default-lost" && d.code !== "default-differs").map((d) => d.source?.pointer ?? "");
      const triage = pointers.filter((p) => p.startsWith("/agents/0/policy"));
      expect(triage.sort()).toEqual(["/agents/0/policy/chatStyle", "/agents/0/policy/guidance", "/agents/0/policy/maxDepth", "/agents/0/policy/maxModelCalls"]);
      // No reported pointer is an ancestor of another reported pointer of the same agent member.
      for (const p of pointers) for (const q of pointers) if (p !== q && p !== "" && !/^\/agents\/\d+$/.test(p)) expect(q.startsWith(p + "/"), `${p} and ${q}`).toBe(false);
    }
  });
});
