// spec.models[] rows (and the deprecated spec.llm) ⇄ IR models and reasoning.
// The LiteLLM string splits at the first "/" into provider and id; a bare id
// gets an inferred provider, and `raw` keeps the spelling byte-stable.
import type { IrAgent, IrModel, IrReasoning } from "../../ir/model.js";
import { isObject, orderKeys, type JsonObject, type JsonValue } from "../../ir/json.js";
import { mapSource, primaryModelIndex } from "../../ir/agent.js";
import { placementMap } from "../../ir/home.js";
import { dotted } from "../../ir/pointer.js";
import { PROVIDERS, fallbackProviderKey, inferProvider } from "../../ir/providers.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { looksLikeDisplayName } from "../../ir/prompt-checks.js";
import type { EffectiveDefault } from "../types.js";
import { keep, note, type MasParseCtx } from "./parse-context.js";
import { LLM_ORDER, MODEL_ROW_ORDER, REASONING_ORDER } from "./shapes.js";
import { LABEL } from "./spec.js";

type Effort = NonNullable<IrReasoning["effort"]>;
const EFFORT: Record<string, Effort> = { none: "none", disable: "none", minimal: "minimal", low: "low", medium: "medium", high: "high", xhigh: "max", max: "max" };

/** "azure/gpt-4o" → provider azure (explicit); "gpt-4o" → openai (inferred); "generic-model" → none. */
export function splitModelString(s: string): { provider?: string; providerSource?: "explicit" | "inferred"; id: string; known: boolean } {
  const slash = s.indexOf("/");
  if (slash > 0) {
    const prefix = s.slice(0, slash);
    const known = PROVIDERS.some((p) => p.key === prefix);
    return { provider: known ? prefix : fallbackProviderKey(prefix), providerSource: "explicit", id: s.slice(slash + 1), known };
  }
  const inferred = inferProvider(s);
  return inferred ? { provider: inferred, providerSource: "inferred", id: s, known: true } : { id: s, known: false };
}

function modelFrom(ctx: MasParseCtx, s: string, ptr: string): IrModel {
  const sp = splitModelString(s);
  if (!sp.known) {
    const payload = sp.provider === undefined
      ? { value: dotted(ptr), shown: s, became: "names no provider agentport can tell; passed through as written" }
      : { value: dotted(ptr), aside: `provider prefix "${s.slice(0, s.indexOf("/"))}"`, became: "is not in agentport's provider table; passed through as written" };
    note(ctx, "unknown-provider", ptr, payload, "use a LiteLLM provider prefix such as openai/, azure/ or vertex_ai/");
  }
  const m: IrModel = { id: sp.id, raw: s };
  if (sp.provider !== undefined) m.provider = sp.provider;
  if (sp.providerSource !== undefined) m.providerSource = sp.providerSource;
  return m;
}

/** Reads sampling and (for the primary row) reasoning; everything else of the row is kept for mas. */
function readRow(ctx: MasParseCtx, row: JsonObject, ptr: string, irPtr: string, primary: boolean, skip: readonly string[]): IrModel {
  const a = ctx.agent;
  const m = modelFrom(ctx, row["model"] as string, `${ptr}/model`);
  mapSource(a, irPtr, ptr);
  mapSource(a, `${irPtr}/id`, `${ptr}/model`);
  mapSource(a, `${irPtr}/provider`, `${ptr}/model`);
  const handled = new Set(["model", ...skip]);
  if (typeof row["temperature"] === "number") {
    m.temperature = row["temperature"];
    mapSource(a, `${irPtr}/temperature`, `${ptr}/temperature`);
    handled.add("temperature");
  }
  if (typeof row["max_tokens"] === "number") {
    m.maxTokens = row["max_tokens"];
    mapSource(a, `${irPtr}/maxTokens`, `${ptr}/max_tokens`);
    handled.add("max_tokens");
  }
  if (primary) readReasoning(ctx, row, ptr, handled);
  for (const k of Object.keys(row)) if (!handled.has(k)) keep(ctx, `${ptr}/${k}`, row[k] as JsonValue);
  return m;
}

function readReasoning(ctx: MasParseCtx, row: JsonObject, ptr: string, handled: Set<string>): void {
  const a = ctx.agent;
  const reasoning: IrReasoning = {};
  const nested = row["reasoning"];
  const setEffort = (v: string, src: string) => {
    const e = EFFORT[v];
    if (!e) return false;
    reasoning.effort = e;
    mapSource(a, "/reasoning/effort", src);
    // mas distinguishes disable/none and xhigh/max; keep the spelling for the mas emitter.
    if (e !== v) keep(ctx, src, v);
    return true;
  };
  if (isObject(nested) && Object.keys(nested).length > 0) {
    handled.add("reasoning");
    for (const k of Object.keys(nested)) {
      const v = nested[k];
      if (k === "effort" && typeof v === "string" && setEffort(v, `${ptr}/reasoning/effort`)) continue;
      if (k === "budget_tokens" && typeof v === "number") {
        reasoning.budgetTokens = v;
        mapSource(a, "/reasoning/budgetTokens", `${ptr}/reasoning/budget_tokens`);
        continue;
      }
      keep(ctx, `${ptr}/reasoning/${k}`, v as JsonValue);
    }
  }
  const alias = row["reasoning_effort"];
  if (reasoning.effort === undefined && typeof alias === "string" && setEffort(alias, `${ptr}/reasoning_effort`)) {
    handled.add("reasoning_effort");
    // Like spec.llm: the spelling survives only a trip through a format with a slot for it.
    note(ctx, "transformed-value", `${ptr}/reasoning_effort`, { value: dotted(`${ptr}/reasoning_effort`), aside: "deprecated", became: "is read as the agent's reasoning effort; coming back from a format that has no place for the spelling (Caplo), it is written as reasoning.effort" });
  }
  if (reasoning.effort !== undefined || reasoning.budgetTokens !== undefined) {
    a.reasoning = reasoning;
    mapSource(a, "/reasoning", handled.has("reasoning") ? `${ptr}/reasoning` : ptr);
  }
}

export function parseModels(ctx: MasParseCtx, spec: JsonObject): void {
  const rows = spec["models"];
  const llm = spec["llm"];
  const models: IrModel[] = [];
  if (Array.isArray(rows) && rows.length > 0) {
    let primary = rows.findIndex((r) => isObject(r) && (r["id"] === undefined || r["id"] === "main"));
    if (primary === -1) primary = 0;
    rows.forEach((row, j) => {
      const ptr = `/spec/models/${j}`;
      // `any` pins nothing (inherit the MAS / experiment model): not an IR model.
      if (!isObject(row) || typeof row["model"] !== "string" || row["model"] === "any" || (row["id"] !== undefined && typeof row["id"] !== "string")) {
        keep(ctx, ptr, row as JsonValue);
        return;
      }
      const irPtr = `/models/${models.length}`;
      // The primary row is the agent's model, whatever its id: the IR leaves its role unset, and its id (`main`,
      // the default role, or another name, `fast`) stays for mas, so every other format reports its loss
      // alike (a behaviour warning, a note for `main`: coverage.ts). Other rows are models of other roles.
      const role = j !== primary && typeof row["id"] === "string" && row["id"] !== "main";
      const m = readRow(ctx, row, ptr, irPtr, j === primary, role ? ["id"] : []);
      if (role) {
        m.role = row["id"];
        mapSource(ctx.agent, `${irPtr}/role`, `${ptr}/id`);
      }
      models.push(m);
    });
    if (llm !== undefined) {
      keep(ctx, "/spec/llm", llm as JsonValue);
      note(ctx, "dropped-field", "/spec/llm", { value: "spec.llm", carried: "is not used, since spec.models is set and the deprecated spec.llm applies only without models", rest: "as written, it", target: "formats other than mas/v1" });
    }
  } else {
    if (rows !== undefined) keep(ctx, "/spec/models", rows as JsonValue);
    if (isObject(llm) && typeof llm["model"] === "string" && llm["model"] !== "any") {
      const m = readRow(ctx, llm, "/spec/llm", "/models/0", true, []);
      models.push(m);
      note(ctx, "transformed-value", "/spec/llm", { value: "spec.llm", aside: "deprecated", became: "is read as the agent's model; another format carries it as its model, and it comes back into mas as spec.models[0]" });
    } else if (llm !== undefined) {
      keep(ctx, "/spec/llm", llm as JsonValue);
    }
  }
  if (models.length > 0) {
    ctx.agent.models = models;
    mapSource(ctx.agent, "/models", Array.isArray(rows) && rows.length > 0 ? "/spec/models" : "/spec/llm");
  }
}

/** The source row index a model came from, when it came from this mas document's spec.models. */
function sourceRow(agent: IrAgent, i: number): number | "llm" | undefined {
  const src = placementMap(agent, "mas")?.[`/models/${i}`];
  if (src === "/spec/llm") return "llm";
  const m = src === undefined ? null : /^\/spec\/models\/(\d+)$/.exec(src);
  return m ? Number(m[1]) : undefined;
}

function modelString(m: IrModel): string {
  if (m.raw !== undefined) {
    const sp = splitModelString(m.raw);
    if (sp.id === m.id && sp.provider === m.provider && (m.provider === undefined || sp.providerSource === m.providerSource)) return m.raw;
  }
  return m.provider !== undefined && m.providerSource === "explicit" ? `${m.provider}/${m.id}` : m.id;
}

export interface EmittedModels {
  models?: JsonValue[];
  llm?: JsonObject;
}

/** IR models (+ agent reasoning on the primary row) → spec.models rows, placed at their source indices for mas inputs. */
const noRow = { stashed: "stashed-value", when: "there is no model row" } as const;
const clamped = (range: string) => ({ stashed: "stashed-value", when: `not an integer ${range} (clamped; the stash keeps the original)` }) as const;

/** The model rows as spec.models (and spec.llm), with their reasoning. */
export const modelsHandler = fieldHandler("models", {
  "/models/[]/id": ["exact", { transformed: "stashed-value", when: "an id with a slash and no provider: mas would read its first part as the provider" }],
  "/models/[]/provider": ["exact", { stashed: "stashed-value", when: "a spelling the provider table does not give back, or one mas would read back otherwise" }],
  "/models/[]/providerSource": ["exact", { stashed: "stashed-value", when: "stated, though mas would infer it" }],
  "/models/[]/raw": "exact",
  "/models/[]/role": "exact",
  "/models/[]/temperature": ["exact", { stashed: "stashed-value", when: "outside 0..2 (clamped; the stash keeps the original)" }],
  "/models/[]/maxTokens": ["exact", clamped("≥ 1")],
  "/reasoning/effort": ["exact", noRow],
  "/reasoning/budgetTokens": ["exact", clamped("≥ 0"), noRow],
}, (r: HandlerReporter, agent: IrAgent, fromMas: boolean, defaults?: Readonly<Record<string, EffectiveDefault>>): EmittedModels => emitModels(agent, r, fromMas, defaults));

function emitModels(agent: IrAgent, r: HandlerReporter, fromMas: boolean, defaults?: Readonly<Record<string, EffectiveDefault>>): EmittedModels {
  const models = agent.models ?? [];
  const primary = primaryModelIndex(agent);
  const rows: JsonValue[] = [];
  let llm: JsonObject | undefined;
  models.forEach((m, i) => {
    const ir = `/models/${i}`;
    const row: JsonObject = {};
    if (m.role !== undefined) row["id"] = m.role;
    row["model"] = modelString(m);
    if (!fromMas && looksLikeDisplayName(m.id)) {
      r.at(agent, "model-display-name", `${ir}/id`, { shown: m.id, became: `reads as a display name; it is written as model "${row["model"]}", which LiteLLM would not resolve` }, { hint: "write the provider's model id (gpt-4.1, claude-sonnet-4-6) in spec.models[].model" });
    }
    // A model id with a "/" (AgentMug "local/llama3") is read back by mas as provider/id.
    const readBack = splitModelString(row["model"]);
    if (readBack.id !== m.id) r.at(agent, "transformed-value", `${ir}/id`, { shown: m.id, became: `is written as model "${row["model"]}", which mas reads as provider "${readBack.provider ?? ""}" and model "${readBack.id}"` }, { effect: "behaviour" });
    if (m.temperature !== undefined) {
      const t = Math.min(2, Math.max(0, m.temperature));
      if (t !== m.temperature) r.at(agent, "clamped-value", `${ir}/temperature`, { was: m.temperature, reason: "is outside mas's 0..2", now: t });
      row["temperature"] = t;
    }
    if (m.maxTokens !== undefined) {
      const n = Math.max(1, Math.round(m.maxTokens));
      if (n !== m.maxTokens) r.at(agent, "clamped-value", `${ir}/maxTokens`, { was: m.maxTokens, reason: "is not an integer ≥ 1 (max_tokens)", now: n });
      row["max_tokens"] = n;
    }
    if (i === primary) writeDefaults(agent, r, row, defaults);
    if (i === primary && agent.reasoning) Object.assign(row, reasoningMembers(agent, r));
    const at = fromMas ? sourceRow(agent, i) : undefined;
    if (at === "llm") llm = orderKeys(row, LLM_ORDER);
    else if (at !== undefined && rows[at] === undefined) rows[at] = orderKeys(row, MODEL_ROW_ORDER);
    else rows.push(orderKeys(row, MODEL_ROW_ORDER));
  });
  if (models.length === 0 && agent.reasoning) {
    r.at(agent, "dropped-field", "/reasoning", { target: LABEL, why: "where reasoning lives on spec.models[], and there is no model row" });
  }
  const out: EmittedModels = {};
  if (rows.length > 0) out.models = rows;
  if (llm) out.llm = llm;
  return out;
}

/**
 * The primary row's sampling settings the source left to its own defaults (Caplo: temperature 0.4,
 * responseLimit 1024), where mas would assume others (0.7, 2000): the source's values are written,
 * fitted into mas's ranges. The hub reports the difference; only a value that had to change is reported here.
 */
function writeDefaults(agent: IrAgent, r: HandlerReporter, row: JsonObject, defaults: Readonly<Record<string, EffectiveDefault>> | undefined): void {
  const fitted = (ir: string, member: string, fit: (v: number) => number, range: string) => {
    const d = defaults?.[ir];
    if (row[member] !== undefined || d === undefined || d.value === null) return;
    const v = fit(d.value);
    if (v !== d.value) r.atSource(agent, "clamped-value", d.at, { value: d.name, reason: `is not set, so ${d.from} uses ${d.value}, which is outside mas's ${range} for ${member}`, now: v });
    row[member] = v;
  };
  fitted("/models/0/temperature", "temperature", (v) => Math.min(2, Math.max(0, v)), "0..2");
  fitted("/models/0/maxTokens", "max_tokens", (v) => Math.max(1, Math.round(v)), "integers ≥ 1");
}

function reasoningMembers(agent: IrAgent, r: HandlerReporter): JsonObject {
  const re = agent.reasoning ?? {};
  const out: JsonObject = {};
  const nested: JsonObject = {};
  const viaAlias = placementMap(agent, "mas")?.["/reasoning/effort"]?.endsWith("/reasoning_effort") === true;
  if (re.effort !== undefined) {
    if (viaAlias) out["reasoning_effort"] = re.effort;
    else nested["effort"] = re.effort;
  }
  if (re.budgetTokens !== undefined) {
    const n = Math.max(0, Math.round(re.budgetTokens));
    if (n !== re.budgetTokens) r.at(agent, "clamped-value", "/reasoning/budgetTokens", { was: re.budgetTokens, reason: "is not an integer ≥ 0 (budget_tokens)", now: n });
    nested["budget_tokens"] = n;
  }
  if (Object.keys(nested).length > 0) out["reasoning"] = orderKeys(nested, REASONING_ORDER);
  return out;
}
