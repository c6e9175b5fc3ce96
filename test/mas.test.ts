// Unit behaviour of the mas/v1 adapter: chunk resolution, model strings, tool
// forms, plugin bindings, YAML style and prompt extraction.
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { readFileSync } from "node:fs";
import { convert, parse, type ReadFile } from "../src/index.js";
import { masAdapter } from "../src/adapters/mas/index.js";
import { emitWith } from "../src/ir/emit-phases.js";
import { splitModelString } from "../src/adapters/mas/models.js";
import { refBasename, moduleBasename } from "../src/adapters/mas/tools.js";
import { splitRendered } from "../src/adapters/mas/context.js";
import { yaml11Ambiguous } from "../src/adapters/mas/yaml.js";
import { newAgent, renderInstructions } from "../src/ir/agent.js";
import { resolveEffects } from "../src/ir/effects.js";
import { ADAPTERS } from "../src/adapters/registry.js";
import type { IrAgent, IrDocument } from "../src/ir/model.js";
import { parseText } from "../src/text/parse.js";
import { digest } from "../src/ir/stash-guard.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { convertFiles } from "../src/node/files.js";
import { tempDir } from "./helpers/tmp.js";

const files = (map: Record<string, string>, outside: string[] = []): ReadFile => (path) => {
  if (outside.includes(path)) return { ok: false, code: "ref-outside-root", message: `${path} escapes the manifest's folder` };
  const text = map[path.replace(/^\.\//, "")];
  return text === undefined ? { ok: false, code: "ref-not-found", message: `${path} does not exist` } : { ok: true, text };
};

function manifest(spec: string, extra = ""): string {
  return `apiVersion: mas/v1\nkind: Agent\nmetadata:\n  name: t\n${extra}spec:\n  description: Test agent.\n${spec}`;
}

const sameData = (out: string, input: string) => expect(parseText(out).data).toEqual(parseText(input).data);

function irDoc(fill: Partial<IrAgent>, format = "caplo"): IrDocument {
  const a: IrAgent = { ...newAgent(format, ""), ...fill };
  return { format, bundle: false, agents: [a], extensions: {} };
}

describe("detect", () => {
  it("recognises kind: Agent and names the other mas kinds as unsupported", () => {
    expect(masAdapter.detect({ apiVersion: "mas/v1", kind: "Agent" }).confidence).toBe(1);
    const tool = masAdapter.detect({ apiVersion: "mas/v1", kind: "Tool" });
    expect(tool.confidence).toBe(0.95);
    expect(tool.unsupported).toBe("mas/v1 kind: Tool is not an agent manifest; agentport converts kind: Agent and kind: MAS (with spec.agency)");
    expect(masAdapter.detect({ apiVersion: "mas/v1", kind: "MAS", metadata: { name: "x" }, spec: { agency: { agents: [] } } }).confidence).toBe(1);
    expect(masAdapter.detect({ apiVersion: "v2", kind: "Agent" }).confidence).toBe(0);
    const r = convert("apiVersion: mas/v1\nkind: MAS\nmetadata: {name: x}\n", "caplo");
    expect(r.diagnostics.map((d) => d.code)).toEqual(["unsupported-document"]);
  });
});

describe("context chunks", () => {
  const text = manifest("  context:\n    role:\n      ref: prompts/role.md\n    intent: |\n      Help.\n");

  it("{ref} loads the file (stripped) and mas output keeps the reference", () => {
    const readFile = files({ "prompts/role.md": "\n  You are a tester.  \n" });
    const p = parse(text, { readFile });
    expect(p.doc!.agents[0]!.instructions!.chunks).toEqual([
      { key: "role", ref: "prompts/role.md", text: "You are a tester." },
      { key: "intent", text: "Help.", raw: "Help.\n" },
    ]);
    const r = convert(text, "mas", { readFile });
    expect(r.ok).toBe(true);
    sameData(r.outputs[0]!.text, text);
  });

  it("without file access a prompt that needs a file is an error, not an agent with an empty prompt", () => {
    const p = parse(text);
    expect(p.doc!.agents[0]!.instructions!.chunks[0]).toEqual({ key: "role", ref: "prompts/role.md" });
    for (const to of ["mas", "caplo", "agentmug"]) {
      const r = convert(text, to);
      expect(r.ok).toBe(false);
      expect(r.outputs).toEqual([]);
      const e = r.diagnostics.find((d) => d.code === "ref-not-found");
      expect(e?.source?.pointer).toBe("/spec/context/role");
      expect(e?.hint).toMatch(/readFile/);
    }
    // A ./ path needs its file just as much.
    expect(convert(manifest("  context:\n    role: ./prompts/role.md\n"), "caplo").ok).toBe(false);
    // With the file, mas → mas keeps the reference.
    sameData(convert(text, "mas", { readFile: files({ "prompts/role.md": "Be kind." }) }).outputs[0]!.text, text);
  });

  it("a missing ./ path is an error at the chunk, with line and column", () => {
    const t = manifest("  context:\n    role: ./prompts/missing.md\n");
    const r = convert(t, "mas", { readFile: files({}) });
    expect(r.ok).toBe(false);
    const e = r.diagnostics.find((d) => d.code === "ref-not-found");
    expect(e?.severity).toBe("error");
    expect(e?.source).toMatchObject({ pointer: "/spec/context/role", line: 8, column: 5 });
  });

  it("a path-like string that names no file is inline text (ref-kept info)", () => {
    const t = manifest("  context:\n    role: Prefer A/B tests\n");
    const p = parse(t, { readFile: files({}) });
    expect(p.doc!.agents[0]!.instructions!.chunks[0]).toEqual({ key: "role", text: "Prefer A/B tests" });
    expect(p.diagnostics.map((d) => `${d.code} ${d.source?.pointer}`)).toEqual(["ref-kept /spec/context/role"]);
  });

  it("a path-like string that names a file is read", () => {
    const t = manifest("  context:\n    role: prompts/role.md\n");
    const p = parse(t, { readFile: files({ "prompts/role.md": "From file.\n" }) });
    expect(p.doc!.agents[0]!.instructions!.chunks[0]).toMatchObject({ key: "role", text: "From file.", ref: "prompts/role.md" });
    sameData(convert(t, "mas", { readFile: files({ "prompts/role.md": "x" }) }).outputs[0]!.text, t);
  });

  it("a reference escaping the folder surfaces the reader's error at the chunk", () => {
    const t = manifest("  context:\n    role:\n      ref: ../../etc/secret.md\n");
    const r = convert(t, "caplo", { readFile: files({}, ["../../etc/secret.md"]) });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.source?.pointer}`)).toEqual(["ref-outside-root /spec/context/role"]);
  });

  it("renders chunks as the runtime does: [key] text, stripped, empty ones gone, joined by a blank line", () => {
    expect(renderInstructions({ chunks: [{ key: "role", text: "A" }, { key: "empty", text: "" }, { key: "intent", text: "B" }] })).toBe("[role] A\n\n[intent] B");
  });

  it("one prompt becomes spec.context.role; agentport's own rendering is split back", () => {
    const single = emitWith(masAdapter, irDoc({ name: "Helper", instructions: { chunks: [{ text: "Be kind." }] } }), { stash: false });
    expect(single.outputs[0]!.document["spec"]).toMatchObject({ context: { role: "Be kind." } });
    expect(single.diagnostics.some((d) => d.code === "transformed-value" && d.message.includes("spec.context.role"))).toBe(true);
    const rendered = emitWith(masAdapter, irDoc({ name: "Helper", instructions: { chunks: [{ text: "[role] A\n\n[intent] B" }] } }), { stash: false });
    expect(rendered.outputs[0]!.document["spec"]).toMatchObject({ context: { role: "A", intent: "B" } });
    expect(rendered.diagnostics.some((d) => d.code === "transformed-value" && d.message.includes("split back"))).toBe(true);
    expect(splitRendered("[role] A\n\n[role] B")).toBeUndefined();
    expect(splitRendered("plain text")).toBeUndefined();
  });
});

describe("models", () => {
  it("splits LiteLLM strings at the first slash and infers bare ids", () => {
    expect(splitModelString("azure/gpt-4o")).toEqual({ provider: "azure", providerSource: "explicit", id: "gpt-4o", known: true });
    expect(splitModelString("openrouter/anthropic/claude-x")).toMatchObject({ provider: "openrouter", id: "anthropic/claude-x" });
    expect(splitModelString("gpt-4o-mini")).toEqual({ provider: "openai", providerSource: "inferred", id: "gpt-4o-mini", known: true });
    expect(splitModelString("generic-model")).toEqual({ id: "generic-model", known: false });
    expect(splitModelString("acme/m1")).toMatchObject({ provider: "acme", known: false });
  });

  it("reads two rows, the primary's reasoning, and keeps the rest for mas", () => {
    const t = manifest("  models:\n    - id: main\n      model: gpt-4o\n      temperature: 0.2\n      max_tokens: 900\n      top_p: 0.9\n      reasoning:\n        effort: xhigh\n        budget_tokens: 2048\n        exclude: false\n    - id: summarizer\n      model: azure/gpt-4o-mini\n      reasoning_effort: low\n");
    const p = parse(t);
    const a = p.doc!.agents[0]!;
    expect(a.models).toEqual([
      { id: "gpt-4o", provider: "openai", providerSource: "inferred", raw: "gpt-4o", temperature: 0.2, maxTokens: 900 },
      { role: "summarizer", id: "gpt-4o-mini", provider: "azure", providerSource: "explicit", raw: "azure/gpt-4o-mini" },
    ]);
    expect(a.reasoning).toEqual({ effort: "max", budgetTokens: 2048 });
    expect(Object.keys(a.extensions["mas"]!).sort()).toEqual(["/spec/models/0/id", "/spec/models/0/reasoning/effort", "/spec/models/0/reasoning/exclude", "/spec/models/0/top_p", "/spec/models/1/reasoning_effort"]);
    sameData(convert(t, "mas").outputs[0]!.text, t);
  });

  it("warns about placeholder models and keeps `any` unpinned", () => {
    const t = manifest("  models:\n    - model: generic-model\n    - id: helper\n      model: any\n");
    const p = parse(t);
    expect(p.diagnostics.map((d) => `${d.code} ${d.source?.pointer}`)).toEqual(["unknown-provider /spec/models/0/model"]);
    expect(p.doc!.agents[0]!.models).toHaveLength(1);
    sameData(convert(t, "mas").outputs[0]!.text, t);
  });

  it("uses the deprecated spec.llm only without models, and says so when both are set", () => {
    const llmOnly = manifest("  llm:\n    model: gpt-4o\n    provider: openai\n    temperature: 0.3\n");
    expect(parse(llmOnly).doc!.agents[0]!.models).toEqual([{ id: "gpt-4o", provider: "openai", providerSource: "inferred", raw: "gpt-4o", temperature: 0.3 }]);
    sameData(convert(llmOnly, "mas").outputs[0]!.text, llmOnly);
    const both = manifest("  models:\n    - model: gpt-4o\n  llm:\n    model: gpt-4o-mini\n");
    const p = parse(both);
    expect(p.doc!.agents[0]!.models!.map((m) => m.id)).toEqual(["gpt-4o"]);
    expect(p.diagnostics.some((d) => d.code === "dropped-field" && d.severity === "warning" && d.source?.pointer === "/spec/llm")).toBe(true);
    sameData(convert(both, "mas").outputs[0]!.text, both);
  });

  it("writes provider/id for explicit providers, the bare id for inferred ones, and clamps temperature to 0..2", () => {
    const r = emitWith(masAdapter, irDoc({ id: "x", models: [{ provider: "openai", providerSource: "explicit", id: "gpt-4.1", temperature: 3 }, { provider: "anthropic", providerSource: "inferred", id: "claude-sonnet-4-6", role: "helper" }] }), { stash: false });
    expect((r.outputs[0]!.document["spec"] as Record<string, unknown>)["models"]).toEqual([{ model: "openai/gpt-4.1", temperature: 2 }, { id: "helper", model: "claude-sonnet-4-6" }]);
    expect(r.diagnostics.some((d) => d.code === "clamped-value")).toBe(true);
  });
});

describe("tools", () => {
  const t = manifest(
    "  tools:\n    - web-search\n    - ref: ../tools/calc.tool.yaml\n      priority: 5\n    - ref: bundle://web-tools/fetch-page\n    - ref: samples:tools/calc.tool.yaml\n" +
      "    - kind: system\n      name: spawn_subagent\n      params:\n        max_depth: 2\n    - module_path: mas.plugins.letta_core\n    - module_path: ./tools/x.py\n      class_name: XTool\n      kind: python\n  tools_ref: web-tools\n",
  );
  const tool = "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calculator\nspec:\n  description: Adds numbers.\n  impl:\n    kind: python\n    module_path: ./calc.py\n";

  it("maps each form to its IR kind, naming refs from the Tool manifest when readable", () => {
    const p = parse(t, { readFile: files({ "../tools/calc.tool.yaml": tool }) });
    expect(p.doc!.agents[0]!.tools).toEqual([
      { kind: "named", name: "web-search" },
      { kind: "manifest-ref", name: "calculator", ref: "../tools/calc.tool.yaml", description: "Adds numbers.", document: tool },
      { kind: "manifest-ref", name: "fetch-page", ref: "bundle://web-tools/fetch-page" },
      { kind: "manifest-ref", name: "calc", ref: "samples:tools/calc.tool.yaml" },
      { kind: "system", name: "spawn_subagent" },
      { kind: "module", name: "letta_core", modulePath: "mas.plugins.letta_core" },
      { kind: "module", name: "XTool", modulePath: "./tools/x.py" },
    ]);
    sameData(convert(t, "mas", { readFile: files({ "../tools/calc.tool.yaml": tool }) }).outputs[0]!.text, t);
  });

  it("a manifest that cannot be read is a warning: the converted tool lacks what the runtime shows the model (user trial)", () => {
    const r = convert(t, "agentmug", { readFile: files({}) });
    const kept = r.diagnostics.filter((d) => d.code === "ref-kept" && d.source?.pointer === "/spec/tools/1/ref");
    expect(kept.map((d) => d.severity)).toEqual(["warning"]);
    expect(kept[0]!.effect).toBe("behaviour");
    expect(kept[0]!.message).toContain('the tool is named "calc" after the file name, without the description and parameters the manifest gives it');
    // Read, it is no finding at all.
    const tool = "apiVersion: mas/v1\nkind: Tool\nmetadata:\n  name: calc\nspec:\n  description: Adds.\n";
    expect(convert(t, "agentmug", { readFile: files({ "../tools/calc.tool.yaml": tool }) }).diagnostics.filter((d) => d.code === "ref-kept")).toEqual([]);
  });

  it("falls back to the file name when the ref is unreadable or not a Tool", () => {
    const p = parse(t, { readFile: files({ "../tools/calc.tool.yaml": "apiVersion: mas/v1\nkind: Agent\n" }) });
    expect(p.doc!.agents[0]!.tools![1]!.name).toBe("calc");
    // Located in the tool file (no agent file here: the ref names it), which holds the fault.
    expect(p.diagnostics.filter((d) => d.code === "ref-kept").map((d) => [d.source?.file, d.severity])).toEqual([["../tools/calc.tool.yaml", "warning"]]);
    expect(refBasename("../x/get_fares.tool.yaml")).toBe("get_fares");
    expect(moduleBasename("library-samples/tools/calc.py")).toBe("calc");
  });

  it("writes other formats' typed tools as bare names and reports what is lost", () => {
    const r = emitWith(masAdapter, irDoc({ id: "x", tools: [{ kind: "mcp", name: "search", server: "https://mcp.example", requiresUserAuth: false }, { kind: "builtin", name: "calc" }] }, "agentmug"), { stash: false });
    expect((r.outputs[0]!.document["spec"] as Record<string, unknown>)["tools"]).toEqual(["search", "calc"]);
    expect(r.diagnostics.filter((d) => d.code === "dropped-field").map((d) => d.message)).toEqual([expect.stringContaining("server https://mcp.example")]);
  });
});

describe("plugin bindings and other mas-only members", () => {
  it("keeps string shorthands and objects exactly", () => {
    for (const dp of ["  design_pattern: cot\n", "  design_pattern:\n    type: react\n    params:\n      max_steps: 3\n", "  design_pattern: null\n"]) {
      const t = manifest(dp + "  context_manager: sliding-window\n  hitl_contract:\n    type: console\n  memory:\n    - semantic\n    - episodic\n");
      const r = convert(t, "mas");
      expect(r.ok).toBe(true);
      sameData(r.outputs[0]!.text, t);
    }
  });

  it("moves schema-invalid spec members of lenient inputs to the x-agentport stash, and back on the next read", () => {
    const t = manifest("  x-text-input: hello\n  plugins:\n    - module_path: a.b\n");
    const r = convert(t, "mas", { lenient: true });
    expect(r.ok).toBe(true);
    const out = parseText(r.outputs[0]!.text).data as Record<string, Record<string, unknown>>;
    expect(out["spec"]).not.toHaveProperty("plugins");
    // The file holds neither value where it belongs (written records that), so adding one there later wins over the stash.
    const nothing = digest(undefined);
    const written = { "/extensions/mas/~1spec~1x-text-input": { at: "/spec/x-text-input", digest: nothing }, "/extensions/mas/~1spec~1plugins": { at: "/spec/plugins", digest: nothing } };
    expect(out["x-agentport"]).toEqual({ version: 1, from: "mas", extensions: { mas: { "/spec/x-text-input": "hello", "/spec/plugins": [{ module_path: "a.b" }] } }, written });
    expect(r.diagnostics.filter((d) => d.code === "stashed-value").map((d) => d.source?.pointer).sort()).toEqual(["/spec/plugins", "/spec/x-text-input"]);
    // The stashed values come back into the IR (and into the stash again), so nothing is lost on a second pass.
    const again = parse(r.outputs[0]!.text, {});
    expect(again.doc!.agents[0]!.extensions["mas"]).toMatchObject({ "/spec/x-text-input": "hello", "/spec/plugins": [{ module_path: "a.b" }] });
    const off = convert(t, "mas", { lenient: true, stash: false });
    expect(off.outputs[0]!.document).not.toHaveProperty("x-agentport");
    expect(off.diagnostics.filter((d) => d.code === "dropped-field").map((d) => d.source?.pointer).sort()).toEqual(["/spec/plugins", "/spec/x-text-input"]);
  });
});

describe("YAML output", () => {
  it("writes block literals and quotes what YAML 1.1 would misread", () => {
    const t = manifest("  context:\n    role: \"Line one.\\nLine two.\\n\"\n  params:\n    flag: \"yes\"\n    level: \"1.0\"\n    \"on\": \"off\"\n  memory:\n    citations:\n      mode: \"on\"\n");
    const r = convert(t, "mas");
    expect(r.ok).toBe(true);
    const text = r.outputs[0]!.text;
    expect(text).toContain("    role: |\n      Line one.\n      Line two.\n");
    expect(text).toContain('flag: "yes"');
    expect(text).toContain('level: "1.0"');
    expect(text).toContain('"on": "off"');
    expect(text).toContain('mode: "on"');
    // A YAML 1.1 reader would turn these into booleans; the output keeps them strings under 1.1 too.
    expect(parseYaml(text, { version: "1.1" })).toEqual(parseText(t).data);
    expect(["on", "No", "~", "1.0", "1_000", "2024-01-01", "0o", "1:20"].map(yaml11Ambiguous)).toEqual([true, true, true, true, true, true, false, true]);
  });

  it("writes keys in schema order", () => {
    const t = "x-ui: 1\nspec:\n  tools: [a]\n  description: D\n  context: {role: R}\nmetadata:\n  tags: [t]\n  name: nm\nkind: Agent\napiVersion: mas/v1\n";
    const out = convert(t, "mas").outputs[0]!.text;
    expect(out.split("\n").filter((l) => /^\S/.test(l) || /^ {2}\S/.test(l))).toEqual(["apiVersion: mas/v1", "kind: Agent", "metadata:", "  name: nm", "  tags:", "spec:", "  context:", "  description: D", "  tools:", "x-ui: 1"]);
  });
});

describe("emitting from other formats", () => {
  it("extracts prompts to files referenced from spec.context", () => {
    const doc = irDoc({ id: "helper", instructions: { chunks: [{ key: "role", text: "Be kind." }, { key: "intent", text: "Help." }] } });
    const r = emitWith(masAdapter, doc, { extractPrompts: "prompts" });
    const o = r.outputs[0]!;
    expect((o.document["spec"] as Record<string, unknown>)["context"]).toEqual({ role: { ref: "prompts/role.md" }, intent: { ref: "prompts/intent.md" } });
    expect(o.files).toEqual([{ path: "prompts/role.md", text: "Be kind.\n" }, { path: "prompts/intent.md", text: "Help.\n" }]);
    const back = parse(o.text, { readFile: files({ "prompts/role.md": "Be kind.\n", "prompts/intent.md": "Help.\n" }) });
    expect(renderInstructions(back.doc!.agents[0]!.instructions)).toBe("[role] Be kind.\n\n[intent] Help.");
  });

  it("fills metadata.name and spec.description, normalises versions and reports the display name", () => {
    const r = emitWith(masAdapter, irDoc({ name: "Trip Helper", description: "Plans trips.", version: "1.2", greeting: "Hi!" }), { stash: false });
    const d = r.outputs[0]!.document as Record<string, Record<string, unknown>>;
    expect(d["metadata"]).toEqual({ name: "trip-helper", description: "Plans trips.", version: "1.2.0" });
    expect(d["spec"]!["description"]).toBe("Plans trips.");
    expect(d).not.toHaveProperty("x-agentport");
    expect(r.outputs[0]!.name).toBe("trip-helper.yaml");
    expect(r.diagnostics.map((x) => x.code).sort()).toEqual(["defaulted-required", "defaulted-required", "dropped-field", "dropped-field", "transformed-value"]);
    expect(masAdapter.validate(r.outputs[0]!.document)).toEqual([]);
  });

  it("with the stash, the display name, greeting and version spelling ride in x-agentport and every diagnostic names the file", () => {
    const sourceMap = { "/name": "/name", "/description": "/description", "/version": "/version", "/greeting": "/greeting" };
    const r = emitWith(masAdapter, irDoc({ name: "Trip Helper", description: "Plans trips.", version: "1.2", greeting: "Hi!", sourceMap }), {});
    const d = r.outputs[0]!.document as Record<string, Record<string, unknown>>;
    expect(d["x-agentport"]).toMatchObject({ version: 1, from: "caplo", ir: { "/name": "Trip Helper", "/version": "1.2", "/greeting": "Hi!" } });
    expect(r.diagnostics.filter((x) => x.code === "stashed-value").map((x) => x.source?.pointer).sort()).toEqual(["/greeting", "/name", "/version"]);
    // Judged by the declared effects of their Caplo paths: the greeting changes what the agent does on mas; the name is metadata, 1.2 written as 1.2.0 a reshape.
    const judged = resolveEffects(r.diagnostics, ADAPTERS.flatMap((a) => (a.coverage ? [a.coverage] : [])), [{ pointer: "", format: "caplo" }]);
    expect(judged.filter((x) => x.severity === "warning").map((x) => `${x.effect} ${x.source?.pointer}`)).toEqual(["behaviour /greeting"]);
    expect(judged.filter((x) => x.code === "stashed-value" && x.severity === "info").map((x) => `${x.effect} ${x.source?.pointer}`).sort()).toEqual(["metadata /name", "representation /version"]);
    expect(r.diagnostics.every((x) => x.target?.file === "trip-helper.yaml")).toBe(true);
    expect(masAdapter.validate(r.outputs[0]!.document)).toEqual([]);
  });
});

describe("review fixes", () => {
  const spawn = manifest([
    "  tools:",
    "    - kind: system",
    "      name: spawn_subagent",
    "      params:",
    "        templates:",
    "          - id: reviewer",
    "            ref: ./reviewer.yaml",
    "            description: Review a proposed change.",
    "        max_spawns: 8",
    "        max_depth: 6",
    "",
  ].join("\n"));

  it("every diagnostic of the mas emitter names the file it is about", () => {
    const r = convert(JSON.stringify({ apiVersion: "v2", kind: "Agent", name: "Trip Helper", instructions: "Plan.", greeting: "Hi!", model: { provider: "OpenAI", name: "gpt-4.1", temperature: 0.4 } }), "mas", { stash: false });
    expect(r.ok).toBe(true);
    expect(r.diagnostics.length).toBeGreaterThan(0);
    for (const d of r.diagnostics) expect(d.target?.file, `${d.code}: ${d.message}`).toBe("trip-helper.yaml");
  });

  it("a spawn_subagent max_depth is the agent's IR maxDepth; its other settings stay mas-only; mas → mas keeps them in place", () => {
    const p = parse(spawn, {});
    const a = p.doc!.agents[0]!;
    expect(a.limits).toEqual({ maxDepth: 6 });
    expect(a.sourceMap["/limits/maxDepth"]).toBe("/spec/tools/0/params/max_depth");
    expect(Object.keys(a.extensions["mas"] ?? {}).sort()).toEqual(["/spec/tools/0/params/max_spawns", "/spec/tools/0/params/templates"]);
    const same = convert(spawn, "mas");
    expect(same.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    sameData(same.outputs[0]!.text, spawn);
  });

  it("mas → Caplo: the templates are reported as lost links, max_depth becomes policy.maxDepth clamped to 1..4", () => {
    const r = convert(spawn, "caplo");
    expect(r.ok).toBe(true);
    expect((r.outputs[0]!.document["policy"] as Record<string, unknown>)["maxDepth"]).toBe(4);
    const at = (p: string) => r.diagnostics.filter((d) => d.source?.pointer === p).map((d) => d.code);
    expect(at("/spec/tools/0/params/templates")).toEqual(["dropped-link"]);
    expect(at("/spec/tools/0/params/max_spawns")).toEqual(["dropped-link"]);
    expect(at("/spec/tools/0/params/max_depth")).toEqual(["clamped-value"]);
    expect(r.diagnostics.some((d) => d.code === "dropped-field" && d.source?.pointer.startsWith("/spec/tools/0/params"))).toBe(false);
  });

  it("mas → AgentMug without the stash reports the templates as lost links too", () => {
    const r = convert(spawn, "agentmug", { stash: false });
    expect(r.diagnostics.filter((d) => d.source?.pointer === "/spec/tools/0/params/templates").map((d) => d.code)).toEqual(["dropped-link"]);
    expect(r.diagnostics.filter((d) => d.source?.pointer === "/spec/tools/0/params/max_depth").map((d) => d.code)).toEqual(["dropped-field"]);
  });

  it("a missing prompt file is named relative to the manifest's folder, never by an absolute path", () => {
    const dir = tempDir("agentport-refs-");
    const file = join(dir, "agent.yaml");
    writeFileSync(file, manifest("  context:\n    role: ./prompts/missing.md\n"));
    const r = convertFiles([file], "caplo", {});
    const d = r.diagnostics.find((x) => x.code === "ref-not-found");
    expect(d?.message).toContain("prompts/missing.md");
    expect(d?.message).not.toContain(dir);
    expect(d?.message).not.toMatch(/(^|[\s(])\//);
  });
});

describe("skills, as the mas runtime resolves and injects them", () => {
  const agent = (skills: string[]) => manifest(`  skills:\n${skills.map((s) => `    - ${s}`).join("\n")}\n`);
  const withFront = "<!-- licence -->\n---\nname: trip-orchestration\ndescription: Use for multi-leg trips.\n---\n# Trips\n\nAsk for every leg.\n";

  it("a name resolves under skills/, with _ and - variants, and its text is what the runtime appends", () => {
    const readFile = files({ "skills/trip-orchestration/SKILL.md": withFront, "../skills/answer-formatting/SKILL.md": "# Answer Formatting\n\n## When to use\n\nAlways.\n" });
    const p = parse(agent(["trip_orchestration", "answer_formatting"]), { readFile });
    expect(p.doc!.agents[0]!.skills).toEqual([
      { name: "trip_orchestration", ref: "skills/trip-orchestration/SKILL.md", document: withFront.trim(), trigger: "Use for multi-leg trips.", recipe: "# Trips\n\nAsk for every leg." },
      { name: "answer_formatting", ref: "../skills/answer-formatting/SKILL.md", document: "# Answer Formatting\n\n## When to use\n\nAlways.", trigger: "Always.", recipe: "# Answer Formatting\n\n## When to use\n\nAlways." },
    ]);
    const caplo = convert(agent(["trip_orchestration"]), "caplo", { readFile });
    expect(String(caplo.outputs[0]!.document["instructions"])).toMatch(/\n\n\[skill:trip_orchestration\]\n<!-- licence -->\n---\nname: trip-orchestration/);
    const mug = convert(agent(["trip_orchestration"]), "agentmug", { readFile });
    expect((mug.outputs[0]!.document["blueprint"] as Record<string, unknown>)["skills"]).toEqual([{ name: "trip_orchestration", trigger: "Use for multi-leg trips.", recipe: "# Trips\n\nAsk for every leg." }]);
    // mas → mas: the file stays where it is; only the name is written.
    sameData(convert(agent(["trip_orchestration"]), "mas", { readFile }).outputs[0]!.text, agent(["trip_orchestration"]));
  });

  it("a skill that cannot be read (no file, a workspace library) is an unresolved-skill warning at its name", () => {
    const r = convert(agent(["missing-skill", "\"@lib/formatting\""]), "caplo", { readFile: files({}) });
    expect(r.ok).toBe(true);
    const w = r.diagnostics.filter((d) => d.code === "unresolved-skill");
    expect(w.map((d) => [d.severity, d.source?.pointer])).toEqual([["warning", "/spec/skills/0"], ["warning", "/spec/skills/1"]]);
    expect(w[1]!.message).toMatch(/workspace library/);
  });

  it("an AgentMug recipe becomes skills/<name>/SKILL.md beside the agent file, and comes back whole", () => {
    const mug = readFileSync("golden/agentmug-skills-provenance/input.agent.json", "utf8");
    const r = convert(mug, "mas", { file: "input.agent.json" });
    const out = r.outputs[0]!;
    const skill = out.files!.find((f) => f.path === "skills/file_receipt/SKILL.md");
    expect(skill?.text).toBe('---\nname: "file_receipt"\ndescription: "when the user shares a receipt photo"\n---\n\n1. Read merchant, date, total. 2. Append one row. 3. Reply with the row number.\n');
    expect(((parseText(out.text).data as Record<string, Record<string, unknown>>)["spec"]!)["skills"]).toEqual(["file_receipt", "flag_unreadable", "monthly_total"]);
    const back = convert(out.text, "agentmug", { file: out.name, readFile: files(Object.fromEntries(out.files!.map((f) => [f.path, f.text]))) });
    expect(back.outputs[0]!.document["blueprint"]).toEqual((JSON.parse(mug) as Record<string, unknown>)["blueprint"]);
  });
});
