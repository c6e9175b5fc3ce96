// Caplo v2 document → IR. Shared concepts go to canonical fields (each recorded in
// the source map); Caplo-only members and anything the IR cannot hold (possible
// only for lenient, schema-invalid input) go to extensions.caplo under their own
// pointers, so caplo → caplo is identity and other targets can report each loss.
import type { ParseOptions, ParseResult } from "../types.js";
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { keepExtension, mapSource, newAgent } from "../../ir/agent.js";
import { cloneJson, isObject, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import type { IrAgent, IrDocument, IrEvalCase, IrLimits, IrLink, IrModel, IrReasoning } from "../../ir/model.js";
import { escapeToken } from "../../ir/pointer.js";
import { fallbackProviderKey, providerDisplay, providerKey } from "../../ir/providers.js";
import { CASE_EXPECTATIONS, EMPTY_POLICY, FORMAT, LIMITS, PLATFORM_TEXT, PROVIDER_SPELLING } from "./spec.js";

const CANONICAL_MEMBERS = new Set([
  "key", "name", "description", "instructions", "greeting", "model", "tools", "knowledgeBases", "subAgents", "routing", "evals", "policy",
]);
const EFFORTS = new Set(["low", "medium", "high"]);

interface Ctx {
  file: string | undefined;
  diagnostics: Diagnostic[];
}

export function parseCaplo(data: JsonValue, options: ParseOptions): ParseResult {
  const ctx: Ctx = { file: options.file, diagnostics: [] };
  if (!isObject(data)) {
    return { diagnostics: [diagnostic("invalid-input", { problem: "Caplo v2: a manifest must be an object" }, { source: src(ctx, "") })] };
  }
  const bundle = data["kind"] === "AgentBundle" || (data["kind"] !== "Agent" && Array.isArray(data["agents"]));
  const docExt: JsonObject = {};
  const apiVersion = data["apiVersion"];
  if (apiVersion !== undefined && apiVersion !== "v2") setKey(docExt, "/apiVersion", cloneJson(apiVersion));
  const agents: IrAgent[] = [];
  if (bundle) {
    for (const k of Object.keys(data)) {
      if (!["apiVersion", "kind", "agents"].includes(k)) setKey(docExt, "/" + escapeToken(k), cloneJson(data[k] as JsonValue));
    }
    const items = Array.isArray(data["agents"]) ? data["agents"] : [];
    items.forEach((item, i) => { if (isObject(item)) agents.push(parseAgent(item, `/agents/${i}`, true, ctx)); });
  } else {
    agents.push(parseAgent(data, "", false, ctx));
  }
  reportUnresolvedLinks(agents, ctx);
  const doc: IrDocument = { format: FORMAT, bundle, agents, extensions: Object.keys(docExt).length ? { [FORMAT]: docExt } : {} };
  if (options.file !== undefined) doc.file = options.file;
  return { doc, diagnostics: ctx.diagnostics };
}

function src(ctx: Ctx, pointer: string): { pointer: string; file?: string } {
  return ctx.file === undefined ? { pointer } : { file: ctx.file, pointer };
}

function parseAgent(o: JsonObject, pointer: string, inBundle: boolean, ctx: Ctx): IrAgent {
  const a = newAgent(FORMAT, pointer, ctx.file);
  const keep = (rel: string, v: JsonValue | undefined): void => { if (v !== undefined) keepExtension(a, FORMAT, rel, cloneJson(v)); };
  for (const k of Object.keys(o)) {
    const v = o[k] as JsonValue;
    if (!inBundle && (k === "apiVersion" || k === "kind")) continue;
    if (k === "key" && !inBundle) keep("/key", v);
    else if (!CANONICAL_MEMBERS.has(k)) keep("/" + escapeToken(k), v);
  }
  const text = (member: string, set: (s: string) => void): void => {
    const v = o[member];
    if (typeof v === "string") {
      set(v);
      mapSource(a, "/" + member, "/" + member);
    } else keep("/" + member, v);
  };
  if (inBundle) text("key", (s) => (a.key = s));
  text("name", (s) => (a.name = s));
  text("description", (s) => (a.description = s));
  text("instructions", (s) => (a.instructions = { chunks: [{ text: s }] }));
  text("greeting", (s) => (a.greeting = s));
  parseModel(a, o["model"], pointer, ctx, keep);
  parseStrings(a, o["tools"], "tools", "tools", keep, (name) => ({ kind: "named" as const, name }), (l) => (a.tools = l));
  parseStrings(a, o["knowledgeBases"], "knowledge", "knowledgeBases", keep, (id) => ({ id }), (l) => (a.knowledge = l));
  parseLinks(a, o["subAgents"], keep);
  parseRouting(a, o["routing"], keep);
  parseEvals(a, o["evals"], keep);
  parsePolicy(a, o["policy"], keep);
  return a;
}

type Keep = (rel: string, v: JsonValue | undefined) => void;

function parseModel(a: IrAgent, v: JsonValue | undefined, pointer: string, ctx: Ctx, keep: Keep): void {
  if (v === undefined) return;
  if (!isObject(v) || typeof v["name"] !== "string") return keep("/model", v);
  const m: IrModel = { id: v["name"], providerSource: "explicit" };
  mapSource(a, "/models", "/model");
  mapSource(a, "/models/0", "/model");
  mapSource(a, "/models/0/id", "/model/name");
  const provider = v["provider"];
  if (typeof provider === "string") {
    const known = providerKey(provider);
    m.provider = known ?? fallbackProviderKey(provider);
    mapSource(a, "/models/0/provider", "/model/provider");
    if (known === undefined) {
      ctx.diagnostics.push(diagnostic("unknown-provider", { value: "model.provider", shown: provider, became: `is not in the provider table; its key is taken as "${m.provider}"` }, {
        source: src(ctx, pointer + "/model/provider"),
        hint: "other formats will see the provider under that key",
      }));
    }
    // The table maps several spellings to one key; keep the one written so caplo → caplo reproduces it.
    if (providerDisplay(m.provider) !== provider) keep(PROVIDER_SPELLING, provider);
  } else keep("/model/provider", provider);
  for (const k of Object.keys(v)) {
    const x = v[k] as JsonValue;
    if (k === "temperature" && typeof x === "number") {
      m.temperature = x;
      mapSource(a, "/models/0/temperature", "/model/temperature");
    } else if (k === "responseLimit" && typeof x === "number") {
      m.maxTokens = x;
      mapSource(a, "/models/0/maxTokens", "/model/responseLimit");
    } else if (k !== "name" && k !== "provider") keep("/model/" + escapeToken(k), x);
  }
  a.models = [m];
}

function parseStrings<T>(a: IrAgent, v: JsonValue | undefined, irField: string, member: string, keep: Keep, make: (s: string) => T, set: (l: T[]) => void): void {
  if (v === undefined) return;
  if (!Array.isArray(v)) return keep("/" + member, v);
  const out: T[] = [];
  mapSource(a, "/" + irField, "/" + member);
  v.forEach((x, i) => {
    if (typeof x !== "string") return keep(`/${member}/${i}`, x);
    mapSource(a, `/${irField}/${out.length}`, `/${member}/${i}`);
    out.push(make(x));
  });
  set(out);
}

function parseLinks(a: IrAgent, v: JsonValue | undefined, keep: Keep): void {
  if (v === undefined) return;
  if (!Array.isArray(v)) return keep("/subAgents", v);
  const links: IrLink[] = [];
  mapSource(a, "/subAgents", "/subAgents");
  v.forEach((x, j) => {
    const at = `/subAgents/${j}`;
    const target = isObject(x) ? (typeof x["local"] === "string" ? "local" : typeof x["agentId"] === "string" ? "agentId" : undefined) : undefined;
    if (!isObject(x) || target === undefined) return keep(at, x);
    const ir = `/subAgents/${links.length}`;
    const link: IrLink = {};
    mapSource(a, ir, at);
    for (const k of Object.keys(x)) {
      const val = x[k] as JsonValue;
      const field = k === target ? (k === "local" ? "local" : "external")
        : ["useWhen", "doNotUseWhen", "release"].includes(k) && typeof val === "string" ? k
        : k === "mode" && (val === "task_tool" || val === "active_conversation") ? k : undefined;
      if (field === undefined) {
        keep(`${at}/${escapeToken(k)}`, val);
        continue;
      }
      setKey(link as Record<string, JsonValue>, field, val);
      mapSource(a, `${ir}/${field}`, `${at}/${k}`);
    }
    links.push(link);
  });
  a.subAgents = links;
}

function parseRouting(a: IrAgent, v: JsonValue | undefined, keep: Keep): void {
  if (v === undefined) return;
  if (!isObject(v) || (v["mode"] !== "model" && v["mode"] !== "fast")) return keep("/routing", v);
  a.routing = { mode: v["mode"] };
  mapSource(a, "/routing", "/routing");
  mapSource(a, "/routing/mode", "/routing/mode");
  for (const k of Object.keys(v)) {
    const x = v[k] as JsonValue;
    if (k === "minConfidence" && typeof x === "number") {
      a.routing.minConfidence = x;
      mapSource(a, "/routing/minConfidence", "/routing/minConfidence");
    } else if (k !== "mode") keep("/routing/" + escapeToken(k), x);
  }
}

function parseEvals(a: IrAgent, v: JsonValue | undefined, keep: Keep): void {
  if (v === undefined) return;
  if (!isObject(v) || !Array.isArray(v["cases"])) return keep("/evals", v);
  for (const k of Object.keys(v)) if (k !== "cases") keep("/evals/" + escapeToken(k), v[k] as JsonValue);
  const cases: IrEvalCase[] = [];
  mapSource(a, "/evals", "/evals");
  v["cases"].forEach((c, i) => {
    const at = `/evals/cases/${i}`;
    if (!isObject(c) || typeof c["name"] !== "string" || typeof c["input"] !== "string" || typeof c["desiredOutcome"] !== "string") return keep(at, c);
    const ir = `/evals/${cases.length}`;
    const ec: IrEvalCase = { name: c["name"], input: c["input"], desiredOutcome: c["desiredOutcome"] };
    mapSource(a, ir, at);
    for (const k of ["name", "input", "desiredOutcome"]) mapSource(a, `${ir}/${k}`, `${at}/${k}`);
    const expectations: Record<string, string> = {};
    for (const k of Object.keys(c)) {
      const x = c[k] as JsonValue;
      if (k === "id" && typeof x === "string") {
        ec.id = x;
        mapSource(a, `${ir}/id`, `${at}/id`);
      } else if ((CASE_EXPECTATIONS as readonly string[]).includes(k) && typeof x === "string") {
        setKey(expectations, k, x);
        mapSource(a, `${ir}/expectations/${k}`, `${at}/${k}`);
      } else if (!["name", "input", "desiredOutcome"].includes(k)) keep(`${at}/${escapeToken(k)}`, x);
    }
    if (Object.keys(expectations).length) ec.expectations = expectations;
    cases.push(ec);
  });
  a.evals = cases;
}

function parsePolicy(a: IrAgent, v: JsonValue | undefined, keep: Keep): void {
  if (v === undefined) return;
  if (!isObject(v)) return keep("/policy", v);
  if (Object.keys(v).length === 0) return keep(EMPTY_POLICY, {});
  const limits: IrLimits = {};
  const setLimit = (ir: string, rel: string, x: JsonValue | undefined): boolean => {
    if (typeof x !== "number") return false;
    setKey(limits as Record<string, number>, ir, x);
    mapSource(a, "/limits/" + ir, rel);
    return true;
  };
  for (const k of Object.keys(v)) {
    const x = v[k] as JsonValue;
    const at = "/policy/" + escapeToken(k);
    const limit = LIMITS.find((l) => l.caplo === k);
    if (limit && setLimit(limit.ir, at, x)) continue;
    if (k === "history" && isObject(x) && typeof x["maxTokens"] === "number") {
      setLimit("historyTokens", "/policy/history/maxTokens", x["maxTokens"]);
      for (const h of Object.keys(x)) if (h !== "maxTokens") keep(`${at}/${escapeToken(h)}`, x[h] as JsonValue);
    } else if (k === "reasoning" && isObject(x)) {
      parseReasoning(a, x, keep);
    } else if (typeof x === "string" && PLATFORM_TEXT.some((p) => p.member === k)) {
      // Prompt text the platform adds after the instructions: a named prompt part. "" (the block turned off)
      // is an empty part: mas writes it as the empty chunk it reads it from; a target whose prompt is one
      // string cannot say it (its emitter reports it dropped, and its stash keeps it).
      const chunks = a.instructions?.chunks ?? [];
      mapSource(a, `/instructions/chunks/${chunks.length}`, at);
      chunks.push({ key: PLATFORM_TEXT.find((p) => p.member === k)!.key, text: x });
      a.instructions = { chunks };
    } else {
      keep(at, x);
    }
  }
  if (Object.keys(limits).length) {
    a.limits = limits;
    mapSource(a, "/limits", "/policy");
  }
}

function parseReasoning(a: IrAgent, x: JsonObject, keep: Keep): void {
  const r: IrReasoning = {};
  for (const k of Object.keys(x)) {
    const val = x[k] as JsonValue;
    if (k === "effort" && typeof val === "string" && EFFORTS.has(val)) {
      r.effort = val as IrReasoning["effort"];
      mapSource(a, "/reasoning/effort", "/policy/reasoning/effort");
    } else if (k === "thinkingBudgetTokens" && typeof val === "number") {
      r.budgetTokens = val;
      mapSource(a, "/reasoning/budgetTokens", "/policy/reasoning/thinkingBudgetTokens");
    } else keep("/policy/reasoning/" + escapeToken(k), val);
  }
  if (Object.keys(r).length) {
    a.reasoning = r;
    mapSource(a, "/reasoning", "/policy/reasoning");
  }
}

function reportUnresolvedLinks(agents: IrAgent[], ctx: Ctx): void {
  const keys = new Set(agents.map((x) => x.key).filter((k): k is string => k !== undefined));
  for (const a of agents) {
    (a.subAgents ?? []).forEach((l, j) => {
      if (l.local === undefined || keys.has(l.local)) return;
      const rel = a.sourceMap[`/subAgents/${j}/local`] ?? `/subAgents/${j}`;
      ctx.diagnostics.push(diagnostic("unresolved-link", { value: `subAgents[${j}].local`, shown: l.local, became: `names no agent key in this ${agents.length > 1 || a.key !== undefined ? "bundle" : "document (a single Agent has no bundle keys)"}` }, {
        source: src(ctx, a.origin.pointer + rel),
        hint: "add an agent with that key to the bundle, or link an existing workspace agent by agentId",
      }));
    });
  }
}
