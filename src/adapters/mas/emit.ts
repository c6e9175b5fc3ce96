// IR → mas/v1 kind: Agent YAML. Canonical fields are written first, then the
// mas-only values kept at parse time are put back at their pointers; values
// mas cannot hold in spec (lenient inputs, other formats' leftovers) ride in the
// top-level x-agentport slot. Every change is reported in mas terms.
import type { IrAgent, IrDocument } from "../../ir/model.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { diagnostic, type Diagnostic } from "../../ir/diagnostics.js";
import { Reporter } from "../../ir/report.js";
import { dotted, join, parsePointer } from "../../ir/pointer.js";
import { slugKey } from "../../ir/slug.js";
import type { EmitOptions, EmitResult, EmittedDocument } from "../types.js";
import { MAS } from "./parse-context.js";
import { emitContext } from "./context.js";
import { emitModels } from "./models.js";
import { emitTools } from "./tools.js";
import { validateMas } from "./validate.js";
import { LLM_ORDER, METADATA_ORDER, MODEL_ROW_ORDER, REASONING_ORDER, SPEC_ORDER, TOOL_ORDER, TOP_ORDER } from "./shapes.js";
import { toYaml } from "./yaml.js";

const LABEL = "mas/v1";
const VERSION = /^[0-9]+\.[0-9]+\.[0-9]+.*$/;
const STASH = "x-agentport";
/** Canonical IR fields a mas kind: Agent has no place for. */
const UNSUPPORTED = ["/greeting", "/knowledge", "/routing", "/triggers", "/inputs", "/outputs", "/parameters", "/evals", "/provenance"] as const;
/** Containers the extension replay must create as arrays when the canonical part left them out. */
const ARRAY_PATHS = new Set(["/spec/models", "/spec/tools"]);

export function emitMas(doc: IrDocument, options: EmitOptions): EmitResult {
  const outputs: EmittedDocument[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [format, bag] of Object.entries(doc.extensions)) {
    if (format === MAS) continue;
    for (const rel of Object.keys(bag)) {
      const source = doc.file === undefined ? { pointer: rel } : { file: doc.file, pointer: rel };
      diagnostics.push(diagnostic("dropped-field", { message: `${dotted(rel)} has no counterpart in ${LABEL}; dropped`, source, target: { format: MAS } }));
    }
  }
  for (const agent of doc.agents) {
    const r = new Reporter(MAS);
    outputs.push(emitAgent(agent, options, r));
    diagnostics.push(...r.diagnostics);
  }
  return { outputs, diagnostics };
}

function emitAgent(agent: IrAgent, options: EmitOptions, r: Reporter): EmittedDocument {
  const fromMas = agent.origin.format === MAS;
  const stash: JsonObject = {};
  const name = metadataName(agent, r);
  const metadata: JsonObject = { name };
  if (agent.description !== undefined) metadata["description"] = agent.description;
  const version = masVersion(agent, r);
  if (version !== undefined) metadata["version"] = version;
  else if (agent.version !== undefined) {
    stash["version"] = agent.version;
    r.at(agent, "stashed-value", "/version", `{name} "${agent.version}" is not a mas version (x.y.z); kept in ${STASH}.version`, { targetPointer: `/${STASH}/version` });
  }
  if (agent.tags !== undefined) metadata["tags"] = [...agent.tags];
  if (agent.name !== undefined && agent.name !== name) {
    stash["name"] = agent.name;
    if (!(fromMas && agent.sourceMap["/name"] === `/${STASH}/name`)) {
      r.at(agent, "stashed-value", "/name", `{name} "${agent.name}" is a display name and mas has only the id metadata.name; kept in ${STASH}.name`, { targetPointer: `/${STASH}/name` });
    }
  }

  const spec: JsonObject = {};
  const ctx = emitContext(agent, r, options.extractPrompts);
  if (ctx.context) spec["context"] = ctx.context;
  spec["description"] = routingDescription(agent, r, name);
  const models = emitModels(agent, r, fromMas);
  if (models.models) spec["models"] = models.models;
  if (models.llm) spec["llm"] = models.llm;
  const tools = emitTools(agent, r, fromMas);
  if (tools) spec["tools"] = tools;
  emitSkills(agent, r, spec);
  emitLimits(agent, r, spec, fromMas);

  const out: JsonObject = { apiVersion: "mas/v1", kind: "Agent", metadata, spec };
  const replayed = replayExtensions(agent, r, out, stash);
  r.dropForeignExtensions(agent, LABEL);
  r.dropUnsupported(agent, UNSUPPORTED, LABEL);
  if (agent.subAgents !== undefined && agent.subAgents.length === 0) r.at(agent, "dropped-field", "/subAgents", `{name} (an empty list) has no counterpart in ${LABEL}; dropped`);
  (agent.subAgents ?? []).forEach((link, i) => {
    const to = link.local ?? link.external ?? "?";
    r.at(agent, "dropped-link", `/subAgents/${i}`, `{name} (→ ${to}) cannot be expressed in a mas kind: Agent manifest (delegation lives in a kind: MAS workflow); dropped`);
  });
  normaliseShapes(spec);
  repairInvalid(agent, r, out, stash, replayed);
  if (Object.keys(stash).length > 0) {
    const existing = out[STASH];
    out[STASH] = isObject(existing) ? mergeObjects(existing, stash) : stash;
  }
  out["metadata"] = orderKeys(metadata, METADATA_ORDER);
  out["spec"] = orderKeys(spec, SPEC_ORDER);
  const document = orderKeys(out, [...TOP_ORDER]);
  const emitted: EmittedDocument = { name: `${name}.yaml`, format: MAS, document, text: toYaml(document) };
  if (ctx.files.length > 0) emitted.files = ctx.files;
  return emitted;
}

function metadataName(agent: IrAgent, r: Reporter): string {
  let n = agent.id ?? agent.key ?? (agent.name !== undefined ? slugKey(agent.name) : undefined);
  if (n === undefined || n === "") {
    n = "agent";
    r.defaulted(agent, "/metadata/name", `metadata.name is required and the agent has no id; "${n}" is used`);
  } else if (agent.id === undefined && agent.key === undefined) {
    r.defaulted(agent, "/metadata/name", `metadata.name is required; "${n}" is derived from the agent's name`);
  }
  if (/[/\\]/.test(n)) {
    const fixed = n.replace(/[/\\]+/g, "-");
    r.at(agent, "transformed-value", agent.id !== undefined ? "/id" : "/key", `{name} "${n}" contains / or \\, which a mas metadata.name must not; written as "${fixed}"`, { targetPointer: "/metadata/name" });
    n = fixed;
  }
  return n;
}

function masVersion(agent: IrAgent, r: Reporter): string | undefined {
  const v = agent.version;
  if (v === undefined || VERSION.test(v)) return v;
  const m = /^v?([0-9]+)(?:\.([0-9]+))?(?:\.([0-9]+))?([-+].*)?$/.exec(v);
  if (!m) return undefined;
  const fixed = `${m[1]}.${m[2] ?? "0"}.${m[3] ?? "0"}${m[4] ?? ""}`;
  r.at(agent, "transformed-value", "/version", `{name} "${v}" is written as "${fixed}" (mas versions are x.y.z)`, { targetPointer: "/metadata/version" });
  return fixed;
}

function routingDescription(agent: IrAgent, r: Reporter, name: string): string {
  // spec.description needs one character, and a blank one (" ", "\n") is one: it is carried, not replaced.
  if (agent.routingDescription !== undefined && agent.routingDescription !== "") return agent.routingDescription;
  const [text, from] = agent.description !== undefined && agent.description !== "" ? [agent.description, "description"] : agent.name !== undefined ? [agent.name, "name"] : [name, "id"];
  r.defaulted(agent, "/spec/description", `spec.description (the routing text delegators read) is required; filled with the agent's ${from}`);
  return text;
}

function emitSkills(agent: IrAgent, r: Reporter, spec: JsonObject): void {
  const skills = agent.skills;
  if (skills === undefined) return;
  spec["skills"] = skills.map((s) => s.name);
  skills.forEach((s, i) => {
    const lost = (["trigger", "recipe"] as const).filter((k) => s[k] !== undefined).concat(Object.keys(s.extra ?? {}) as never[]);
    if (lost.length === 0) return;
    // Reported on the whole skill: without its recipe, no format that needs one can rebuild it from the name.
    r.at(agent, "dropped-field", `/skills/${i}`, `{name}: only the skill name "${s.name}" carries into ${LABEL} (spec.skills lists skill names); ${lost.join(", ")} dropped`);
  });
}

function emitLimits(agent: IrAgent, r: Reporter, spec: JsonObject, fromMas: boolean): void {
  const l = agent.limits;
  if (!l) return;
  const budget: JsonObject = {};
  const put = (irKey: "maxModelCalls" | "maxToolCalls", masKey: string) => {
    const v = l[irKey];
    if (v === undefined) return;
    const n = Math.max(0, Math.round(v));
    if (n !== v) r.at(agent, "clamped-value", `/limits/${irKey}`, `{name} ${v} is written as ${masKey} ${n} (an integer ≥ 0)`);
    else if (!fromMas) r.at(agent, "transformed-value", `/limits/${irKey}`, `{name} becomes spec.budget.${masKey}: a ceiling per run of this agent, not per turn of the whole agent graph`, { targetPointer: `/spec/budget/${masKey}` });
    budget[masKey] = n;
  };
  put("maxModelCalls", "max_llm_calls");
  put("maxToolCalls", "max_tool_calls");
  for (const k of ["maxSearches", "maxParallelToolCalls", "maxDepth", "knowledgePassages", "historyTokens"] as const) {
    if (l[k] !== undefined) r.at(agent, "dropped-field", `/limits/${k}`, `{name} has no counterpart in ${LABEL}; dropped`);
  }
  if (Object.keys(budget).length > 0) spec["budget"] = budget;
}

/** Where a kept value goes: its own pointer, or the x-agentport slot when mas cannot hold it there. */
function replayExtensions(agent: IrAgent, r: Reporter, out: JsonObject, stash: JsonObject): Set<string> {
  const bag = agent.extensions[MAS] ?? {};
  const replayed = new Set<string>();
  for (const rel of Object.keys(bag)) {
    const tokens = parsePointer(rel);
    const value = cloneJson(bag[rel] as JsonValue);
    const [top, second] = tokens;
    if (top === undefined) continue;
    let stashPath: string[] | undefined;
    if (top === STASH && tokens.length > 1) stashPath = tokens.slice(1);
    else if (top === "spec" && second !== undefined && !SPEC_ORDER.includes(second)) stashPath = tokens;
    else if (top === "metadata" && second !== undefined && !second.startsWith("x-") && !METADATA_ORDER.includes(second)) stashPath = tokens;
    else if (!(TOP_ORDER as readonly string[]).includes(top) && !top.startsWith("x-")) stashPath = tokens;
    if (stashPath) {
      setAt(stash, stashPath, value, "");
      if (top !== STASH) r.atSource(agent, "stashed-value", rel, `${dotted(rel)} is not allowed there in ${LABEL}; kept in ${STASH}.${dotted(join("", ...stashPath))}`, { targetPointer: join(`/${STASH}`, ...stashPath) });
      continue;
    }
    if (!setAt(out, tokens, value, "")) {
      r.atSource(agent, "dropped-field", rel, `${dotted(rel)} has no place left in the ${LABEL} output (its parent value changed); dropped`);
      continue;
    }
    if (top === "spec" && second !== undefined) replayed.add(second);
  }
  return replayed;
}

function setAt(root: JsonObject, tokens: string[], value: JsonValue, base: string): boolean {
  let cur: JsonObject | JsonValue[] = root;
  let path = base;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i] as string;
    path = join(path, t);
    let next: JsonValue | undefined = Array.isArray(cur) ? (/^\d+$/.test(t) ? cur[Number(t)] : undefined) : Object.prototype.hasOwnProperty.call(cur, t) ? cur[t] : undefined;
    if (next === undefined) {
      next = ARRAY_PATHS.has(path) ? [] : {};
      if (!put(cur, t, next)) return false;
    }
    if (typeof next !== "object" || next === null) return false;
    cur = next;
  }
  const last = tokens[tokens.length - 1];
  return last !== undefined && put(cur, last, value);
}

function put(container: JsonObject | JsonValue[], token: string, value: JsonValue): boolean {
  if (Array.isArray(container)) {
    if (!/^\d+$/.test(token)) return false;
    container[Number(token)] = value;
    return true;
  }
  setKey(container, token, value);
  return true;
}

function mergeObjects(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = { ...a };
  for (const k of Object.keys(b)) {
    const x = out[k];
    const y = b[k] as JsonValue;
    setKey(out, k, isObject(x) && isObject(y) ? mergeObjects(x, y) : y);
  }
  return out;
}

/** Rows and tool items in schema key order; holes left by edited IR arrays closed. */
function normaliseShapes(spec: JsonObject): void {
  const rows = spec["models"];
  if (Array.isArray(rows)) {
    spec["models"] = rows.filter((x) => x !== undefined).map((row) => {
      if (!isObject(row)) return row;
      const o = orderKeys(row, MODEL_ROW_ORDER);
      if (isObject(o["reasoning"])) o["reasoning"] = orderKeys(o["reasoning"], REASONING_ORDER);
      return o;
    });
  }
  const tools = spec["tools"];
  if (Array.isArray(tools)) spec["tools"] = tools.filter((x) => x !== undefined).map((t) => (isObject(t) ? orderKeys(t, TOOL_ORDER) : t));
  const llm = spec["llm"];
  if (isObject(llm)) spec["llm"] = orderKeys(llm, LLM_ORDER);
}

/** Lenient inputs may carry kept values the schema rejects: move each offending spec member to x-agentport. */
function repairInvalid(agent: IrAgent, r: Reporter, out: JsonObject, stash: JsonObject, replayed: Set<string>): void {
  const spec = out["spec"] as JsonObject;
  for (let round = 0; round < 4; round++) {
    let moved = false;
    for (const issue of validateMas(out)) {
      const [top, member] = parsePointer(issue.pointer);
      if (top !== "spec" || member === undefined || member === "description" || !replayed.has(member)) continue;
      if (!Object.prototype.hasOwnProperty.call(spec, member)) continue;
      const specStash = isObject(stash["spec"]) ? stash["spec"] : (stash["spec"] = {});
      setKey(specStash, member, spec[member] as JsonValue);
      delete spec[member];
      r.atSource(agent, "stashed-value", `/spec/${member}`, `spec.${member} does not conform to the ${LABEL} schema (${issue.message}); kept in ${STASH}.spec.${member}, where the runtime ignores it`, { targetPointer: `/${STASH}/spec/${member}` });
      moved = true;
    }
    if (!moved) return;
  }
}
