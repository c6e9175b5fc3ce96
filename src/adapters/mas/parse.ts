// mas/v1 kind: Agent → IR. Shared concepts go to canonical fields (with their
// source pointers); every other member is kept verbatim in extensions.mas under
// its own pointer, so mas → mas is identity on the data and other emitters can
// name each value they drop.
import type { IrAgent, IrDocument } from "../../ir/model.js";
import { isObject, type JsonObject, type JsonValue } from "../../ir/json.js";
import { mapSource, newAgent } from "../../ir/agent.js";
import { join } from "../../ir/pointer.js";
import type { ParseOptions, ParseResult } from "../types.js";
import { keep, MAS, type MasParseCtx } from "./parse-context.js";
import { parseContext } from "./context.js";
import { parseModels } from "./models.js";
import { parseTools } from "./tools.js";

export function parseMas(data: JsonValue, options: ParseOptions): ParseResult {
  const diagnostics: MasParseCtx["diagnostics"] = [];
  if (!isObject(data)) return { diagnostics };
  const agent = newAgent(MAS, "", options.file);
  const ctx: MasParseCtx = { agent, diagnostics };
  if (options.readFile) ctx.readFile = options.readFile;
  if (options.file !== undefined) ctx.file = options.file;
  for (const key of Object.keys(data)) {
    const v = data[key] as JsonValue;
    if (key === "apiVersion" || key === "kind") continue;
    if (key === "metadata" && isObject(v)) parseMetadata(ctx, v);
    else if (key === "spec" && isObject(v)) parseSpec(ctx, v);
    else if (key === "x-agentport" && isObject(v)) parseStash(ctx, v);
    else keep(ctx, join("", key), v);
  }
  const doc: IrDocument = { format: MAS, bundle: false, agents: [agent], extensions: {} };
  if (options.file !== undefined) doc.file = options.file;
  return { doc, diagnostics };
}

function parseMetadata(ctx: MasParseCtx, meta: JsonObject): void {
  const a = ctx.agent;
  for (const key of Object.keys(meta)) {
    const v = meta[key] as JsonValue;
    const ptr = join("/metadata", key);
    if (key === "name" && typeof v === "string") set(a, "id", v, ptr);
    else if (key === "description" && typeof v === "string") set(a, "description", v, ptr);
    else if (key === "version" && typeof v === "string") set(a, "version", v, ptr);
    else if (key === "tags" && Array.isArray(v) && v.every((t) => typeof t === "string")) {
      a.tags = v as string[];
      mapSource(a, "/tags", ptr);
    } else keep(ctx, ptr, v);
  }
}

function set(a: IrAgent, field: "id" | "description" | "version" | "routingDescription" | "name", value: string, ptr: string): void {
  a[field] = value;
  mapSource(a, `/${field}`, ptr);
}

/** x-agentport is agentport's own slot: its `name` is the display name other formats have; the rest stays as is. */
function parseStash(ctx: MasParseCtx, stash: JsonObject): void {
  for (const key of Object.keys(stash)) {
    const v = stash[key] as JsonValue;
    const ptr = join("/x-agentport", key);
    if (key === "name" && typeof v === "string") set(ctx.agent, "name", v, ptr);
    else keep(ctx, ptr, v);
  }
}

function parseSpec(ctx: MasParseCtx, spec: JsonObject): void {
  const a = ctx.agent;
  let modelsDone = false;
  for (const key of Object.keys(spec)) {
    const v = spec[key] as JsonValue;
    const ptr = join("/spec", key);
    switch (key) {
      case "description":
        if (typeof v === "string") set(a, "routingDescription", v, ptr);
        else keep(ctx, ptr, v);
        break;
      case "context":
        parseContext(ctx, v);
        break;
      case "models":
      case "llm":
        if (!modelsDone) parseModels(ctx, spec);
        modelsDone = true;
        break;
      case "tools":
        parseTools(ctx, v);
        break;
      case "skills":
        parseSkills(ctx, v);
        break;
      case "budget":
        parseBudget(ctx, v);
        break;
      default:
        // Plugin bindings, memory, governance, control, … and lenient leftovers (x-text-input, plugins).
        keep(ctx, ptr, v);
    }
  }
}

function parseSkills(ctx: MasParseCtx, v: JsonValue): void {
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) {
    keep(ctx, "/spec/skills", v);
    return;
  }
  ctx.agent.skills = (v as string[]).map((name) => ({ name }));
  mapSource(ctx.agent, "/skills", "/spec/skills");
  v.forEach((_, i) => mapSource(ctx.agent, `/skills/${i}`, `/spec/skills/${i}`));
}

function parseBudget(ctx: MasParseCtx, v: JsonValue): void {
  if (!isObject(v) || Object.keys(v).length === 0) {
    keep(ctx, "/spec/budget", v);
    return;
  }
  const limits: NonNullable<IrAgent["limits"]> = {};
  for (const key of Object.keys(v)) {
    const x = v[key] as JsonValue;
    const ptr = join("/spec/budget", key);
    if (key === "max_llm_calls" && typeof x === "number") {
      limits.maxModelCalls = x;
      mapSource(ctx.agent, "/limits/maxModelCalls", ptr);
    } else if (key === "max_tool_calls" && typeof x === "number") {
      limits.maxToolCalls = x;
      mapSource(ctx.agent, "/limits/maxToolCalls", ptr);
    } else keep(ctx, ptr, x);
  }
  if (Object.keys(limits).length > 0) {
    ctx.agent.limits = limits;
    mapSource(ctx.agent, "/limits", "/spec/budget");
  }
}
