// AgentMug v1 document → one IR agent. Shared concepts become canonical fields
// (each recorded in the source map); every other member, including unknown ones,
// is kept verbatim in extensions.agentmug under its own pointer, so AgentMug →
// AgentMug is identity on the data. brain and memory are private: they live only
// in extensions.agentmug ("/brain", "/memory") and never in a canonical field.
import type { ParseOptions } from "../types.js";
import { refusedDraft, type ParseDraft } from "../../ir/parse-phases.js";
import type { IrAgent, IrDocument, IrEvalCase, IrKnowledge, IrModel, IrSkill, IrTool } from "../../ir/model.js";
import { keepExtension, mapSource, newAgent } from "../../ir/agent.js";
import { cloneJson, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { inferProvider } from "../../ir/providers.js";
import { diagnostic } from "../../ir/diagnostics.js";
import { mergeDocumentExtensions, STASH_KEY } from "../../ir/stash.js";
import { FORMAT, LEGACY_SCHEMA_URL } from "./spec.js";
import { parseTool } from "./tools.js";
import { checkToCase } from "./evals.js";
import { AGENTMUG_PLACEHOLDERS } from "./parameters.js";
import { SLOT } from "./slot.js";

/** Reads the file's one agent; the hub restores its stash (src/ir/parse-phases.ts), then the document is assembled. */
export function parseAgentmug(data: JsonValue, options: ParseOptions): ParseDraft {
  if (!isObject(data)) {
    const source = options.file === undefined ? { pointer: "" } : { file: options.file, pointer: "" };
    return refusedDraft([diagnostic("invalid-input", { problem: "an AgentMug file must be a JSON object" }, { source })]);
  }
  const a = newAgent(FORMAT, "", options.file);
  const keep = (pointer: string, v: JsonValue): void => keepExtension(a, FORMAT, pointer, cloneJson(v));
  let stash: JsonValue | undefined;
  for (const key of Object.keys(data)) {
    const v = data[key] as JsonValue;
    const at = join("", key);
    switch (key) {
      case "$schema":
        break;
      case STASH_KEY:
        stash = v;
        break;
      case "id":
      case "name":
      case "description":
      case "version":
        if (typeof v === "string") {
          a[key] = v;
          mapSource(a, at, at);
        } else keep(at, v);
        break;
      case "exportedAt":
        if (typeof v === "string") {
          a.provenance = { exportedAt: v };
          mapSource(a, "/provenance", at);
          mapSource(a, "/provenance/exportedAt", at);
        } else keep(at, v);
        break;
      case "inputs":
      case "outputs":
        if (isObject(v)) {
          a[key] = cloneJson(v);
          mapSource(a, at, at);
        } else keep(at, v);
        break;
      case "parameters":
      case "triggers":
        if (Array.isArray(v) && v.every(isObject)) {
          a[key] = v.map((x) => cloneJson(x as JsonObject));
          mapSource(a, at, at);
          // The system prompt names each parameter as {{params.<name>}}.
          if (key === "parameters") {
            a.placeholders = { ...AGENTMUG_PLACEHOLDERS };
            mapSource(a, "/placeholders", at);
          }
        } else keep(at, v);
        break;
      case "blueprint":
        if (isObject(v)) parseBlueprint(a, v, keep);
        else keep(at, v);
        break;
      case "sources":
        parseSources(a, v, keep);
        break;
      case "evaluation":
        parseEvaluation(a, v, keep);
        break;
      case "metadata":
        parseMetadata(a, v, keep);
        break;
      default:
        // emoji, execution, connectivity, brain, memory and members of newer files.
        keep(at, v);
    }
  }
  // A stash written by agentport brings back what this file could not hold (the hub's step); anything else of that name is kept as is.
  if (stash !== undefined) keep(`/${STASH_KEY}`, stash);
  return {
    agents: [{ agent: a, document: () => data }],
    assemble([restored]) {
      const docExtensions: IrDocument["extensions"] = {};
      // The legacy URL is a spelling of the document marker, not agent data: it lives
      // at document level so the AgentMug emitter can report that it rewrites it.
      if (data["$schema"] === LEGACY_SCHEMA_URL) docExtensions[FORMAT] = { "/$schema": LEGACY_SCHEMA_URL };
      if (restored === undefined) throw new Error("internal: the hub restored no agent of an AgentMug file");
      mergeDocumentExtensions(docExtensions, restored.document);
      const doc: IrDocument = { format: FORMAT, bundle: false, agents: [restored.agent], extensions: docExtensions };
      if (options.file !== undefined) doc.file = options.file;
      return { doc, diagnostics: [...restored.diagnostics] };
    },
  };
}

type Keep = (pointer: string, v: JsonValue) => void;

function parseBlueprint(a: IrAgent, bp: JsonObject, keep: Keep): void {
  const model = bp["primaryModel"];
  if (typeof model === "string") {
    const row: IrModel = { id: model, raw: model };
    const provider = inferProvider(model);
    if (provider !== undefined) {
      row.provider = provider;
      row.providerSource = "inferred";
    }
    a.models = [row];
    for (const p of ["/models", "/models/0", "/models/0/id", "/models/0/provider", "/models/0/raw"]) mapSource(a, p, "/blueprint/primaryModel");
  }
  for (const key of Object.keys(bp)) {
    const v = bp[key] as JsonValue;
    if (key === "primaryModel" && a.models) continue;
    if (!takeBlueprintMember(a, key, v)) keep(join("/blueprint", key), v);
  }
}

/** Maps one blueprint member onto the IR; false when it is not canonical (or not of the expected type). */
function takeBlueprintMember(a: IrAgent, key: string, v: JsonValue): boolean {
  const at = join("/blueprint", key);
  const row = a.models?.[0];
  switch (key) {
    case "systemPrompt":
      if (typeof v !== "string") return false;
      a.instructions = { chunks: [{ text: v }] };
      mapSource(a, "/instructions", at);
      mapSource(a, "/instructions/chunks/0", at);
      return true;
    case "maxTokens":
      if (typeof v !== "number" || !row) return false;
      row.maxTokens = v;
      mapSource(a, "/models/0/maxTokens", at);
      return true;
    case "extendedThinkingBudget":
      if (typeof v !== "number") return false;
      a.reasoning = { budgetTokens: v };
      mapSource(a, "/reasoning", at);
      mapSource(a, "/reasoning/budgetTokens", at);
      return true;
    case "tools":
      return parseTools(a, v);
    case "skills":
      return parseSkills(a, v);
    default:
      return false;
  }
}

/** All-or-nothing: a list with an item the schema does not allow is kept raw, in order. */
function parseTools(a: IrAgent, v: JsonValue): boolean {
  if (!Array.isArray(v)) return false;
  const parsed = v.map(parseTool);
  if (parsed.some((p) => p === undefined)) return false;
  a.tools = parsed.map((p) => (p as { tool: IrTool }).tool);
  mapSource(a, "/tools", "/blueprint/tools");
  parsed.forEach((p, i) => {
    mapSource(a, `/tools/${i}`, `/blueprint/tools/${i}`);
    for (const f of p?.fields ?? []) mapSource(a, join(`/tools/${i}`, f), join(`/blueprint/tools/${i}`, f));
  });
  return true;
}

function parseSkills(a: IrAgent, v: JsonValue): boolean {
  if (!Array.isArray(v) || !v.every((s) => isObject(s) && typeof s["name"] === "string")) return false;
  a.skills = (v as JsonObject[]).map((s, i) => {
    const skill: IrSkill = { name: s["name"] as string };
    const extra: JsonObject = {};
    for (const k of Object.keys(s)) {
      const x = s[k] as JsonValue;
      if ((k === "trigger" || k === "recipe") && typeof x === "string") skill[k] = x;
      else if (k !== "name") setKey(extra, k, cloneJson(x));
    }
    if (Object.keys(extra).length) skill.extra = extra;
    mapSource(a, `/skills/${i}`, `/blueprint/skills/${i}`);
    for (const f of ["name", "trigger", "recipe"]) if (f in skill) mapSource(a, `/skills/${i}/${f}`, `/blueprint/skills/${i}/${f}`);
    return skill;
  });
  mapSource(a, "/skills", "/blueprint/skills");
  return true;
}

/** Knowledge sources feed the IR (id, label, description); the rest of each source stays under /sources/<i>. */
function parseSources(a: IrAgent, v: JsonValue, keep: Keep): void {
  if (!Array.isArray(v) || v.length === 0) return keep("/sources", v);
  const knowledge: IrKnowledge[] = [];
  v.forEach((s, i) => {
    const at = `/sources/${i}`;
    if (!isObject(s) || s["role"] !== "knowledge" || typeof s["id"] !== "string" || typeof s["label"] !== "string") return keep(at, s);
    const k: IrKnowledge = { id: s["id"], label: s["label"] };
    if (typeof s["description"] === "string") k.description = s["description"];
    const rest: JsonObject = {};
    for (const key of Object.keys(s)) if (!(key in k)) setKey(rest, key, cloneJson(s[key] as JsonValue));
    const n = knowledge.length;
    mapSource(a, `/knowledge/${n}`, at);
    for (const f of Object.keys(k)) mapSource(a, `/knowledge/${n}/${f}`, `${at}/${f}`);
    knowledge.push(k);
    keep(at, rest);
  });
  if (knowledge.length) {
    a.knowledge = knowledge;
    mapSource(a, "/knowledge", "/sources");
  }
}

/**
 * Checks that carry an eval case (see evals.ts) become IR evals. The rest of
 * evaluation is kept as one value (its checks list without those checks): another
 * format that drops it then reports the whole evaluation, which also covers the
 * case checks moving to other indexes on a round trip.
 */
function parseEvaluation(a: IrAgent, v: JsonValue, keep: Keep): void {
  const checks = isObject(v) ? v["checks"] : undefined;
  if (!isObject(v) || !Array.isArray(checks)) return keep("/evaluation", v);
  const evals: IrEvalCase[] = [];
  const rest: JsonValue[] = [];
  checks.forEach((check, i) => {
    const c = checkToCase(check);
    if (!c) return rest.push(cloneJson(check));
    mapSource(a, `/evals/${evals.length}`, `/evaluation/checks/${i}`);
    evals.push(c);
  });
  if (evals.length) {
    a.evals = evals;
    mapSource(a, "/evals", "/evaluation/checks");
  }
  const kept = cloneJson(v);
  kept["checks"] = rest;
  keep("/evaluation", kept);
}

function parseMetadata(a: IrAgent, v: JsonValue, keep: Keep): void {
  if (!isObject(v) || Object.keys(v).length === 0) return keep("/metadata", v);
  for (const key of Object.keys(v)) {
    const x = v[key] as JsonValue;
    if (key === "tags" && Array.isArray(x) && x.every((t) => typeof t === "string")) {
      a.tags = [...(x as string[])];
      mapSource(a, "/tags", "/metadata/tags");
    } else keep(join("/metadata", key), x);
  }
}
