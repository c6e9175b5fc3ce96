// The diagnostic catalog: docs/diagnostics.md documents exactly the codes of
// src/ir/diagnostics.ts with their severities, and every code is raised through
// the public library by a small input (or, where the public API cannot reach it,
// at the lowest honest level).
import { afterEach, describe, expect, it, vi } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convert, convertMany, emit, type ConvertResult, type Diagnostic, type DiagnosticCode } from "../src/index.js";
import { makeReadFile } from "../src/node/refs.js";
import { runBatch, type BatchFileResult } from "../src/cli/batch.js";
import { ADAPTERS, adapterFor } from "../src/adapters/registry.js";
import { DIAGNOSTIC_CODES, EFFECTS, severityOf, type CatalogEntry, type Effect } from "../src/ir/diagnostics.js";
import { PROJECT_ROOT } from "./helpers/cases.js";
import { cli } from "./helpers/cli.js";
import { CAPLO_AGENT as CAPLO } from "./helpers/manifests.js";

const AGENTMUG = {
  $schema: "https://agentmug.com/schemas/agent.v1.json",
  id: "helper",
  name: "Helper",
  description: "Helps with questions.",
  version: "1.0.0",
  exportedAt: "2025-01-01T00:00:00Z",
  blueprint: { primaryModel: "gpt-4.1", systemPrompt: "Be helpful.", tools: [] },
  inputs: { accepts: ["text"] },
};

function masYaml(extra: { context?: string; model?: string } = {}): string {
  return [
    "apiVersion: mas/v1",
    "kind: Agent",
    "metadata:",
    "  name: helper",
    "spec:",
    "  description: Answers questions.",
    "  context:",
    `    role: ${extra.context ?? "Be helpful."}`,
    "  models:",
    `    - ${extra.model ?? "model: openai/gpt-4.1"}`,
    "",
  ].join("\n");
}

/** A Caplo agent whose prompt holds an OpenAI-shaped key, assembled at run time so this file holds none. */
function withSecret(): typeof CAPLO {
  const key = ["sk-", "proj-", "abcDEF123456ghiJKL7890mn"].join("");
  return { ...CAPLO, instructions: `Call the API with ${key} when asked.` };
}

function json(v: unknown): string {
  return JSON.stringify(v, null, 2) + "\n";
}

/** Finds the diagnostic with `code` and checks its catalog severity and, for text inputs, its location. */
function expectRaised(result: { diagnostics: Diagnostic[] }, code: DiagnosticCode, opts: { pointer?: string; text?: boolean } = {}): Diagnostic {
  const hits = result.diagnostics.filter((d) => d.code === code && (opts.pointer === undefined || d.source?.pointer === opts.pointer));
  const listing = result.diagnostics.map((d) => `  ${d.severity} ${d.code} @ ${d.source?.pointer ?? "(none)"}: ${d.message}`).join("\n");
  expect(hits.length, `no ${code}${opts.pointer === undefined ? "" : ` at ${opts.pointer}`} among:\n${listing}`).toBeGreaterThan(0);
  const d = hits[0]!;
  expect(EFFECTS).toContain(d.effect);
  expect(d.severity, "the severity follows from the effect").toBe(severityOf(code, d.effect));
  expect(d.message.length).toBeGreaterThan(0);
  if (opts.text !== false) {
    expect(d.source, `${code} has no source location`).toBeDefined();
    expect(typeof d.source!.pointer).toBe("string");
    expect(d.source!.line, `${code} has no line`).toBeGreaterThanOrEqual(1);
    expect(d.source!.column, `${code} has no column`).toBeGreaterThanOrEqual(1);
  }
  if ((DIAGNOSTIC_CODES[code] as CatalogEntry).severity === "error") {
    expect((result as ConvertResult).ok ?? false).toBe(false);
  }
  return d;
}

let tmp: string | undefined;
function tempCase(files: Record<string, string>): string {
  tmp = mkdtempSync(join(tmpdir(), "agentport-catalog-"));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(tmp, p, ".."), { recursive: true });
    writeFileSync(join(tmp, p), text);
  }
  return tmp;
}

afterEach(() => {
  vi.restoreAllMocks();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

type Raiser = () => void | Promise<void>;

/** Codes no adapter raises yet: their raiser is written but runs as it.todo until the feature lands. */
const NOT_IMPLEMENTED = new Set<DiagnosticCode>([]);

/** One raiser per catalog code; "todo" marks a code with no raiser yet. */
const RAISERS: Record<DiagnosticCode, Raiser | "todo"> = {
  "invalid-syntax": () => {
    const d = expectRaised(convert('{\n  "apiVersion": "v2",\n  "kind":', "agentmug", { file: "broken.json" }), "invalid-syntax");
    expect(d.source!.file).toBe("broken.json");
  },
  "invalid-input": () => {
    const bad = { ...CAPLO, model: { ...CAPLO.model, temperature: 3 } };
    const d = expectRaised(convert(json(bad), "mas"), "invalid-input", { pointer: "/model/temperature" });
    // The text puts "temperature" on line 9 of the pretty-printed input.
    expect(d.source!.line).toBe(json(bad).split("\n").findIndex((l) => l.includes('"temperature"')) + 1);
  },
  "unknown-format": () => {
    expectRaised(convert('{"hello": "world"}', "caplo"), "unknown-format");
  },
  "ref-rewritten": () => {
    // An agent file of a MAS manifest, written beside the new MAS manifest: ../tools from agents/ becomes tools/.
    const dir = tempCase({
      "tools/calc.tool.yaml": "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: Adds numbers.\n",
      "agents/a.yaml": "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\nspec:\n  description: Answers.\n  tools:\n    - ref: ../tools/calc.tool.yaml\n",
    });
    const mas = "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: a\n        ref: agents/a.yaml\n  workflow:\n    entry: a\n    nodes:\n      - id: a\n";
    const r = convert(mas, "mas", { file: "mas.yaml", readFile: makeReadFile(dir) });
    expectRaised(r, "ref-rewritten", { pointer: "/spec/tools/0/ref", text: false });
    expect(r.outputs.find((o) => o.name === "a.yaml")!.text).toContain("ref: tools/calc.tool.yaml");
  },
  "skipped-document": async () => {
    // A folder run skips a mas kind: Tool with one info line, and converts an app's agent file once, with its MAS manifest.
    const dir = tempCase({
      "tools/calc.tool.yaml": "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: Adds numbers.\n",
      "agents/a.yaml": "apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: a\nspec:\n  description: Answers.\n  tools:\n    - ref: ../tools/calc.tool.yaml\n",
      "mas.yaml": "apiVersion: mas/v1\nkind: MAS\nmetadata:\n  name: app\nspec:\n  agency:\n    agents:\n      - id: a\n        ref: agents/a.yaml\n  workflow:\n    entry: a\n    nodes:\n      - id: a\n",
    });
    // an info line: printed with --verbose (the default report lists what needs action)
    const r = await cli(["convert", dir, "--to", "caplo", "-o", join(dir, "out"), "--jobs", "1", "--verbose"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/calc\.tool\.yaml info skipped-document not converted: mas\/v1 kind: Tool is not an agent manifest/);
    expect(r.stderr).toMatch(/agents\/a\.yaml info skipped-document not converted on its own: .*mas\.yaml reads it as its part/);
    expect(r.stderr).toMatch(/^agentport: converted 1, with warnings \d+, failed 0, skipped 2(; --verbose lists the \d+ notes)?$/m);
  },
  "unsupported-document": () => {
    const tool = "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: Adds numbers.\n";
    expectRaised(convert(tool, "caplo"), "unsupported-document");
  },
  "input-too-large": () => {
    const r = convert(json(CAPLO), "agentmug", { maxBytes: 16 });
    expectRaised(r, "input-too-large", { text: false });
    expect(r.diagnostics[0]!.source?.pointer).toBe("");
  },
  "key-clash": () => {
    const a = { text: json(AGENTMUG), file: "a.agent.json" };
    const b = { text: json({ ...AGENTMUG, name: "Other helper" }), file: "b.agent.json" };
    const r = convertMany([a, b], "caplo", { bundle: true });
    const d = expectRaised(r, "key-clash", { text: false });
    expect(d.source?.file).toBe("b.agent.json");
    expect(r.outputs).toEqual([]);
  },
  "ref-outside-root": () => {
    const dir = tempCase({ "agent/x.txt": "x" });
    const text = masYaml({ context: "{ ref: ../../etc/passwd }" });
    const r = convert(text, "caplo", { file: "agent.yaml", readFile: makeReadFile(join(dir, "agent")) });
    expectRaised(r, "ref-outside-root", { pointer: "/spec/context/role" });
  },
  "ref-not-found": () => {
    const dir = tempCase({ "prompts/other.md": "x" });
    const text = masYaml({ context: "{ ref: prompts/missing.md }" });
    const r = convert(text, "caplo", { file: "agent.yaml", readFile: makeReadFile(dir) });
    expectRaised(r, "ref-not-found", { pointer: "/spec/context/role" });
  },
  "usage-error": () => {
    // Typed string, as a value read at run time is: a literal must be a FormatId (test/format-id-type.test.ts).
    const r = convert(json(CAPLO), "no-such-format" as string);
    expectRaised(r, "usage-error", { text: false });
    expect(r.outputs).toEqual([]);
  },
  "output-invalid": () => {
    // No correct adapter emits an invalid document, so a broken emitter stands in: the hub must catch it.
    const caplo = adapterFor("caplo")!;
    vi.spyOn(caplo, "emit").mockReturnValue({
      outputs: [{ name: "broken.caplo.json", format: "caplo", document: { apiVersion: "v2", kind: "Agent" }, text: '{"apiVersion":"v2","kind":"Agent"}\n' }],
      diagnostics: [],
    });
    const r = emit({ format: "agentmug", bundle: false, agents: [], extensions: {} }, "caplo");
    const d = expectRaised(r, "output-invalid", { text: false });
    expect(d.target?.format).toBe("caplo");
    expect(d.target?.file).toBe("broken.caplo.json");
  },
  "secret-in-output": () => {
    const target = ADAPTERS.find((a) => a.publishable === true);
    expect(target, "no adapter declares itself publishable").toBeDefined();
    const r = convert(json(withSecret()), target!.id);
    expectRaised(r, "secret-in-output", { pointer: "/instructions" });
    expect(r.outputs).toEqual([]);
    // --allow-secrets turns the refusal into a warning.
    const allowed = convert(json(withSecret()), target!.id, { allowSecrets: true });
    expect(allowed.diagnostics.map((d) => d.code)).not.toContain("secret-in-output");
    expectRaised(allowed, "secret-detected", { pointer: "/instructions" });
  },
  "dropped-field": () => {
    expectRaised(convert(json({ ...AGENTMUG, emoji: "🤖" }), "caplo"), "dropped-field", { pointer: "/emoji" });
  },
  "default-lost": () => {
    // Caplo runs an agent without a temperature at 0.4; AgentMug cannot state a temperature at all.
    const noTemp = { ...CAPLO, model: { provider: "OpenAI", name: "gpt-4.1" } };
    const d = expectRaised(convert(json(noTemp), "agentmug"), "default-lost", { pointer: "/model" });
    expect(d.message).toMatch(/model\.temperature is not set, so Caplo v2 runs the agent with 0\.4/);
  },
  "unresolved-skill": () => {
    // The runtime appends a skill's SKILL.md to the prompt; with no such file its text cannot be carried.
    const r = convert(masYaml() + "  skills:\n    - trip-orchestration\n", "caplo", { readFile: () => ({ ok: false, code: "ref-not-found", message: "no such file" }) });
    expectRaised(r, "unresolved-skill", { pointer: "/spec/skills/0" });
  },
  "model-display-name": () => {
    // Caplo's model.name may be a display name; a mas LiteLLM string may not.
    const display = { ...CAPLO, model: { provider: "OpenAI", name: "GPT-4.1 Turbo" } };
    const d = expectRaised(convert(json(display), "mas"), "model-display-name", { pointer: "/model/name" });
    expect(d.message).toMatch(/"openai\/GPT-4\.1 Turbo"/);
  },
  "unfilled-placeholder": () => {
    // AgentMug fills {{params.x}}; Caplo has no parameters, so the model would see the placeholder itself.
    const withParam = { ...AGENTMUG, blueprint: { ...AGENTMUG.blueprint, systemPrompt: "File receipts under {{params.sheet_name}}." }, parameters: [{ name: "sheet_name", label: "Sheet", type: "text", required: true }] };
    const d = expectRaised(convert(json(withParam), "caplo"), "unfilled-placeholder", { pointer: "/blueprint/systemPrompt" });
    expect(d.message).toMatch(/\{\{params\.sheet_name\}\}/);
  },
  "dropped-link": () => {
    const withLink = { ...CAPLO, subAgents: [{ agentId: "billing-agent-7", useWhen: "The user asks about invoices." }] };
    // Without the stash (which would carry the link in x-agentport) the link is lost.
    expectRaised(convert(json(withLink), "agentmug", { stash: false }), "dropped-link", { pointer: "/subAgents/0" });
  },
  "clamped-value": () => {
    expectRaised(convert(masYaml({ model: "{ model: openai/gpt-4.1, temperature: 1.5 }" }), "caplo"), "clamped-value", { pointer: "/spec/models/0/temperature" });
  },
  "truncated-value": () => {
    expectRaised(convert(json({ ...AGENTMUG, name: "N".repeat(100) }), "caplo"), "truncated-value", { pointer: "/name" });
  },
  "unresolved-link": () => {
    const bundle = {
      apiVersion: "v2",
      kind: "AgentBundle",
      agents: [{ key: "front", name: "Front", instructions: "Route.", greeting: "Hi!", model: CAPLO.model, subAgents: [{ local: "nobody", useWhen: "Never." }] }],
    };
    expectRaised(convert(json(bundle), "caplo"), "unresolved-link", { pointer: "/agents/0/subAgents/0/local" });
  },
  "unknown-provider": () => {
    const odd = { ...CAPLO, model: { provider: "FooCloud", name: "foo-large" } };
    expectRaised(convert(json(odd), "mas"), "unknown-provider", { pointer: "/model/provider" });
  },
  "lenient-input": () => {
    const bad = { ...CAPLO, model: { ...CAPLO.model, temperature: 3 } };
    const r = convert(json(bad), "mas", { lenient: true });
    expectRaised(r, "lenient-input", { pointer: "/model/temperature" });
    expect(r.diagnostics.some((d) => d.severity === "error")).toBe(false);
  },
  "secret-detected": () => {
    const target = ADAPTERS.find((a) => a.publishable !== true);
    expect(target, "every adapter is publishable").toBeDefined();
    const r = convert(json(withSecret()), target!.id);
    expectRaised(r, "secret-detected", { pointer: "/instructions" });
    expect(r.ok).toBe(true);
  },
  "transformed-value": () => {
    // The legacy $schema URL is normalised to the one producers must write.
    const legacy = { ...AGENTMUG, $schema: "https://agentlit.dahshanlabs.com/schemas/agent.v1.json" };
    const r = convert(json(legacy), "agentmug");
    expectRaised(r, "transformed-value", { pointer: "/$schema" });
    expect(r.outputs[0]!.document["$schema"]).toBe("https://agentmug.com/schemas/agent.v1.json");
  },
  "defaulted-required": () => {
    const d = expectRaised(convert(json(AGENTMUG), "caplo"), "defaulted-required", { pointer: "" });
    expect(d.target?.pointer).toBe("/greeting");
  },
  "default-differs": () => {
    // Caplo leaves temperature unset (it assumes 0.4); mas assumes 0.7.
    const noTemp = { ...CAPLO, model: { provider: "OpenAI", name: "gpt-4.1" } };
    const d = expectRaised(convert(json(noTemp), "mas"), "default-differs");
    expect(d.message).toMatch(/model\.temperature is not set: Caplo v2 assumes 0\.4, while mas\/v1 assumes 0\.7/);
  },
  "stashed-value": () => {
    // mas has only an id (metadata.name); the display name rides in x-agentport and comes back.
    const r = convert(json(CAPLO), "mas");
    expectRaised(r, "stashed-value", { pointer: "/name" });
    const back = convert(r.outputs[0]!.text, "caplo");
    expect(back.outputs[0]!.document["name"]).toBe("Helper");
  },
  "stash-stale": () => {
    // azure/gpt-4o rides to AgentMug as the bare "gpt-4o" with the provider stashed; an edited model wins over the stash.
    const there = convert(masYaml({ model: "model: azure/gpt-4o" }), "agentmug");
    const edited = there.outputs[0]!.text.replace('"primaryModel": "gpt-4o"', '"primaryModel": "claude-sonnet-4-6"');
    expect(edited).not.toBe(there.outputs[0]!.text);
    expectRaised(convert(edited, "mas"), "stash-stale", { pointer: "/blueprint/primaryModel" });
  },
  "defaulted-placeholder": () => {
    const noModel = masYaml().replace(/ {2}models:\n.*\n/, "");
    expect(noModel).not.toContain("models");
    const d = expectRaised(convert(noModel, "agentmug"), "defaulted-placeholder", { pointer: "" });
    expect(d.target?.pointer ?? d.message).toContain("primaryModel");
  },
  "internal-error": async () => {
    // A bug (here: a parser that throws) fails that one file of a batch, never the whole run.
    const dir = tempCase({ "a.caplo.json": json(CAPLO) });
    vi.spyOn(adapterFor("caplo")!, "parse").mockImplementation(() => {
      throw new Error("simulated bug");
    });
    const results: BatchFileResult[] = [];
    const summary = await runBatch([{ file: join(dir, "a.caplo.json"), outDir: join(dir, "out") }], "agentmug", {}, 1, (r) => results.push(r));
    expect(summary.failed).toBe(1);
    expectRaised(results[0]!, "internal-error", { text: false });
    expect(results[0]!.diagnostics[0]!.message).toContain("simulated bug");
  },
  "private-omitted": () => {
    const personal = { ...AGENTMUG, memory: [{ key: "answer-length", value: "Owner prefers short answers." }] };
    const r = convert(json(personal), "agentmug");
    expectRaised(r, "private-omitted", { pointer: "/memory" });
    expect(r.outputs[0]!.text).not.toContain("short answers");
  },
  "ref-kept": () => {
    // A string that may name a file is inline text when there is no file access to tell.
    expectRaised(convert(masYaml({ context: "prompts/role.md" }), "mas"), "ref-kept", { pointer: "/spec/context/role" });
  },
};

describe("docs/diagnostics.md documents the catalog", () => {
  const doc = readFileSync(join(PROJECT_ROOT, "docs/diagnostics.md"), "utf8");
  const rows = [...doc.matchAll(/^\|\s*`([a-z-]+)`\s*\|\s*([\w ]+?)\s*\|\s*([\w ]+?)\s*\|\s*(.+?)\s*\|\s*$/gm)].map((m) => ({ code: m[1]!, severity: m[2]!, effect: m[3]!, meaning: m[4]! }));

  it("has one table row per code, each code once", () => {
    const codes = rows.map((r) => r.code);
    expect(new Set(codes).size, "a code is listed twice").toBe(codes.length);
    expect([...codes].sort()).toEqual(Object.keys(DIAGNOSTIC_CODES).sort());
  });

  it("gives each code its catalog severity, effect rule and a meaning", () => {
    const RULE_WORDS = { value: "of the value", reshape: "reshape" } as Record<string, string>;
    for (const r of rows) {
      const entry = DIAGNOSTIC_CODES[r.code as DiagnosticCode] as CatalogEntry;
      const fixed = entry.effect !== "value" && entry.effect !== "reshape";
      expect(r.effect, r.code).toBe(RULE_WORDS[entry.effect] ?? entry.effect);
      expect(r.severity, r.code).toBe(entry.severity ?? (fixed ? severityOf(r.code as DiagnosticCode, entry.effect as Effect) : "by effect"));
      expect(r.meaning.length, r.code).toBeGreaterThan(10);
    }
  });

  it("describes the public diagnostic shape and the honesty rule", () => {
    for (const word of ["severity", "code", "effect", "behaviour", "metadata", "representation", "message", "source", "pointer", "line", "column", "target", "hint", "RFC 6901", "1-based", "honesty"]) {
      expect(doc).toContain(word);
    }
  });
});

describe("every diagnostic code is raised", () => {
  it("every catalog code has a raiser", () => {
    expect(Object.keys(RAISERS).sort()).toEqual(Object.keys(DIAGNOSTIC_CODES).sort());
  });

  for (const [code, raise] of Object.entries(RAISERS)) {
    if (raise === "todo" || NOT_IMPLEMENTED.has(code as DiagnosticCode)) it.todo(`${code} (feature not implemented yet)`);
    else it(code, raise);
  }
});
