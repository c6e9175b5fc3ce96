// mas/v1 kind: Agent → IR. Shared concepts go to canonical fields (with their
// source pointers); every other member is kept verbatim in extensions.mas under
// its own pointer, so mas → mas is identity on the data and other emitters can
// name each value they drop.
import type { IrAgent, IrDocument } from "../../ir/model.js";
import { isObject, type JsonObject, type JsonValue } from "../../ir/json.js";
import { mapSource, newAgent } from "../../ir/agent.js";
import { join } from "../../ir/pointer.js";
import type { Diagnostic } from "../../ir/diagnostics.js";
import type { ParseOptions } from "../types.js";
import type { ParseDraft, RestoredAgent } from "../../ir/parse-phases.js";
import { mergeDocumentExtensions, STASH_KEY } from "../../ir/stash.js";
import { keep, MAS, type MasParseCtx } from "./parse-context.js";
import { parseContext } from "./context.js";
import { parseModels } from "./models.js";
import { parseTools } from "./tools.js";
import { parseSkills } from "./skills.js";

/** A kind: Agent manifest read, before the hub restores its stash (src/ir/parse-phases.ts). */
export interface MasAgentRead {
  /** The agent as read, the slot's value (x-agentport) kept last in its mas extensions. */
  agent: IrAgent;
  /** The manifest's own diagnostics, which the restore's follow. */
  diagnostics: Diagnostic[];
}

/** A kind: Agent manifest: its one agent, restored by the hub, is the document. */
export function parseMasAgent(data: JsonValue, options: ParseOptions): ParseDraft {
  const read = readMasAgent(data, options);
  if (read === undefined) return { agents: [], assemble: () => ({ diagnostics: [] }) };
  return {
    agents: [{ agent: read.agent, document: () => data }],
    assemble([restored]) {
      const { doc, diagnostics } = agentDocument(read, restored, options.file);
      return { doc, diagnostics };
    },
  };
}

/** The document of one kind: Agent manifest once the hub restored its agent: the stash's document-level values are its. */
export function agentDocument(read: MasAgentRead, restored: RestoredAgent | undefined, file: string | undefined): { doc: IrDocument; diagnostics: Diagnostic[] } {
  if (restored === undefined) throw new Error("internal: the hub restored no agent of a mas kind: Agent manifest");
  const extensions: IrDocument["extensions"] = {};
  mergeDocumentExtensions(extensions, restored.document);
  const doc: IrDocument = { format: MAS, bundle: false, agents: [restored.agent], extensions };
  if (file !== undefined) doc.file = file;
  return { doc, diagnostics: [...read.diagnostics, ...restored.diagnostics] };
}

/** Reads a kind: Agent manifest's agent; undefined when it is no object. */
export function readMasAgent(data: JsonValue, options: ParseOptions): MasAgentRead | undefined {
  const diagnostics: MasParseCtx["diagnostics"] = [];
  if (!isObject(data)) return undefined;
  const agent = newAgent(MAS, "", options.file);
  const ctx: MasParseCtx = { agent, diagnostics };
  if (options.readFile) ctx.readFile = options.readFile;
  if (options.file !== undefined) ctx.file = options.file;
  if (options.keyOrder) ctx.keyOrder = options.keyOrder;
  let stash: JsonValue | undefined;
  for (const key of Object.keys(data)) {
    const v = data[key] as JsonValue;
    if (key === "apiVersion" || key === "kind") continue;
    if (key === "metadata" && isObject(v)) parseMetadata(ctx, v);
    else if (key === "spec" && isObject(v)) parseSpec(ctx, v);
    else if (key === STASH_KEY) stash = v;
    else keep(ctx, join("", key), v);
  }
  // agentport's own slot brings back what this manifest could not hold (the hub's step). Anything else of that name stays as is.
  if (stash !== undefined) keep(ctx, `/${STASH_KEY}`, stash);
  return { agent, diagnostics };
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

function set(a: IrAgent, field: "id" | "description" | "version" | "routingDescription", value: string, ptr: string): void {
  a[field] = value;
  mapSource(a, `/${field}`, ptr);
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

function parseBudget(ctx: MasParseCtx, v: JsonValue): void {
  if (!isObject(v) || Object.keys(v).length === 0) {
    keep(ctx, "/spec/budget", v);
    return;
  }
  // A sub-agent tool's max_depth may already be here (spec.tools can come first).
  const limits: NonNullable<IrAgent["limits"]> = { ...ctx.agent.limits };
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
  if (limits.maxModelCalls !== undefined || limits.maxToolCalls !== undefined) {
    ctx.agent.limits = limits;
    mapSource(ctx.agent, "/limits", "/spec/budget");
  }
}
