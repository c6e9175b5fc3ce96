// One IR agent → one Caplo agent object (agentFields, plus `key` in a bundle).
// Every value that does not arrive exactly is reported where it came from; every
// required value the IR lacks is derived and reported at its target pointer.
import { spawnLoss } from "../../ir/spawn-loss.js";
import type { Reporter } from "../../ir/reporter.js";
import type { Placeholder } from "../../ir/payloads.js";
import type { IrAgent, IrEvalCase, IrInstructions, IrLink, IrTool } from "../../ir/model.js";
import { isHome } from "../../ir/home.js";
import { reportPlaceholders } from "../../ir/prompt-checks.js";
import type { EffectiveDefault } from "../types.js";
import { primaryModelIndex, renderInstructions, sourceOf } from "../../ir/agent.js";
import { isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { dotted, escapeToken, parsePointer } from "../../ir/pointer.js";
import { fallbackProviderKey, inferProvider, providerDisplay, providerKey } from "../../ir/providers.js";
import { describeRange, fit, fitConfidence } from "./numbers.js";
import { truncateAtWord } from "./text.js";
import { uuidV5 } from "./uuid.js";
import {
  AGENT_ORDER, CASE_EXPECTATIONS, CASE_ORDER, DEFAULT_GREETING, DEFAULT_MODEL, EMPTY_POLICY, FORMAT, LABEL, LIMITS, LINK_ORDER,
  MAX, MIN_CONFIDENCE, MODEL_ORDER, PLATFORM_TEXT, POLICY_ORDER, PROVIDER_SPELLING, RELEASE_RE, RESPONSE_LIMIT, ROUTED_BY, ROUTING_ORDER,
  TEMPERATURE, THINKING_BUDGET, UNKNOWN_PROVIDER, UUID_RE,
} from "./spec.js";

/** How a tool's kind reads in a message: in words a user of any format knows, not IR kind names. */
const TOOL_KIND_WORDS: Record<string, string> = {
  named: "a tool",
  builtin: "a builtin tool",
  mcp: "an MCP tool",
  webhook: "a webhook tool",
  http: "a Nango tool",
  "manifest-ref": "a reference to a Tool manifest",
  module: "a Python module tool",
  system: "a system tool",
};

/** A lost member as its source spells it (mas module_path), when the parser mapped it below the tool itself. */
function memberName(a: IrAgent, irPointer: string, toolAt: string | undefined): string | undefined {
  const at = sourceOf(a, irPointer);
  if (at === undefined || at === toolAt || (toolAt !== undefined && !at.startsWith(`${toolAt}/`))) return undefined;
  return parsePointer(at).pop();
}

export interface AgentTarget {
  r: Reporter;
  /** Output file name, for diagnostics. */
  file: string;
  /** The agent object's pointer in the output ("" or "/agents/3"). */
  at: string;
  /** Bundle key; absent for a single Agent document. */
  key?: string;
  /** The source's values for settings it leaves to its defaults (IR pointer → value), written explicitly. */
  defaults?: Readonly<Record<string, EffectiveDefault>>;
  /** New bundle key of the agent a `local` link names, if it is emitted. */
  resolve(local: string): { key: string; agent: IrAgent } | undefined;
}

export function emitAgent(a: IrAgent, t: AgentTarget): JsonObject {
  const out: JsonObject = {};
  const ext = a.extensions[FORMAT] ?? {};
  const used = new Set<string>();
  if (t.key !== undefined) setKey(out, "key", t.key);
  setKey(out, "name", name(a, t, used));
  if (a.description !== undefined) setKey(out, "description", limitText(a, t, "/description", "/description", a.description, MAX.description));
  else if (a.routingDescription !== undefined && a.routingDescription.trim() !== "") {
    // The routing text (mas spec.description) is the nearest thing to a description Caplo has, as for AgentMug.
    t.r.at(a, "transformed-value", "/routingDescription", { became: "becomes the description (Caplo has no routing description; its sub-agent links say when to call an agent)" }, tp(t, "/description"));
    setKey(out, "description", limitText(a, t, "/routingDescription", "/description", a.routingDescription, MAX.description));
    used.add("/routingDescription");
  }
  const platform = platformParts(a, t);
  const instr = instructions(a, t, platform.rest);
  setKey(out, "instructions", withSkills(a, t, instr.text));
  if (instr.fromRouting) used.add("/routingDescription");
  setKey(out, "greeting", requiredText(a, t, "/greeting", "/greeting", a.greeting, () => ({ value: DEFAULT_GREETING, why: "the documented greeting template" })));
  const model = modelOf(a, t, ext);
  setKey(out, "model", model);
  if (a.tools !== undefined) setKey(out, "tools", tools(a, t, a.tools));
  if (a.knowledge !== undefined) setKey(out, "knowledgeBases", knowledge(a, t));
  const links = a.subAgents === undefined ? undefined : subAgents(a, t, a.subAgents);
  if (links !== undefined) setKey(out, "subAgents", links);
  const routing = routingOf(a, t, links ?? []);
  if (routing !== undefined) setKey(out, "routing", routing);
  if (a.evals !== undefined) setKey(out, "evals", { cases: a.evals.map((c, i) => evalCase(a, t, c, i)).filter((c): c is JsonObject => c !== undefined) });
  const policy = policyOf(a, t, ext, typeof model["responseLimit"] === "number" ? model["responseLimit"] : undefined, platform.texts);
  if (policy !== undefined) setKey(out, "policy", policy);
  for (const [member, ok] of CAPLO_ONLY) {
    const v = ext["/" + member];
    if (v !== undefined && ok(v)) setKey(out, member, v);
  }
  leftoverExtensions(a, t, ext);
  const unsupported = ["/version", "/tags", "/triggers", "/inputs", "/outputs", "/parameters", "/provenance"];
  if (!used.has("/routingDescription")) unsupported.push("/routingDescription");
  if (t.key === undefined) unsupported.push(...(used.has("/id") ? [] : ["/id"]), "/key");
  t.r.dropUnsupported(a, unsupported, LABEL, t.file);
  reportPlaceholders(a, t.r, LABEL, t.file);
  t.r.dropForeignExtensions(a, LABEL, t.file);
  return orderKeys(out, AGENT_ORDER);
}

/**
 * Skills are text the source runtime adds to the prompt (mas appends each SKILL.md as
 * "[skill:<name>]\n<text>"; an AgentMug recipe is the procedure): Caplo has no skills, so each one's
 * text is appended to the instructions the way the mas runtime injects it. A skill without text
 * cannot be, and its settings (AgentMug proof, library pins) have no place.
 */
function withSkills(a: IrAgent, t: AgentTarget, instructions: string): string {
  const parts = [instructions];
  if (a.skills?.length === 0) t.r.at(a, "dropped-field", "/skills", { aside: "an empty list", target: LABEL }, { targetFile: t.file, effect: "representation" });
  (a.skills ?? []).forEach((s, i) => {
    const text = (s.document ?? s.recipe)?.trim();
    const p = `/skills/${i}`;
    if (text === undefined || text === "") {
      t.r.at(a, "dropped-field", p, { shown: s.name, carried: "was not read", rest: "the text its runtime adds to the prompt", target: LABEL }, { targetFile: t.file });
      return;
    }
    parts.push(`[skill:${s.name}]\n${text}`);
    const what = s.document !== undefined ? "its document" : s.trigger !== undefined ? "its recipe (the trigger is not written)" : "its recipe";
    t.r.at(a, "transformed-value", p, { shown: s.name, became: `is appended to instructions as "[skill:${s.name}]" and ${what}, as the mas runtime injects a skill` }, tp(t, "/instructions"));
    for (const k of Object.keys(s.extra ?? {})) t.r.at(a, "dropped-field", `${p}/extra/${escapeToken(k)}`, { shown: s.name, parts: [k], target: LABEL }, { targetFile: t.file });
  });
  if (parts.length > 1) t.r.at(a, "transformed-value", "/instructions", { became: `is followed by the text of ${parts.length - 1} skill${parts.length > 2 ? "s" : ""} ("[skill:<name>]" and its text)` }, tp(t, "/instructions"));
  return parts.join("\n\n");
}

type Check = (v: JsonValue) => boolean;
const isString = (max: number): Check => (v) => typeof v === "string" && [...v].length <= max;
const CAPLO_ONLY: readonly [string, Check][] = [
  ["actions", (v) => Array.isArray(v) && new Set(v).size === v.length && v.every((x) => x === "transfer" || x === "end")],
  ["suggestedReplies", (v) => isObject(v) && Object.keys(v).every((k) => k === "maxCount") && (v["maxCount"] === undefined || (Number.isInteger(v["maxCount"]) && (v["maxCount"] as number) >= 1 && (v["maxCount"] as number) <= 4))],
  ["visitorFeedback", (v) => typeof v === "boolean"],
];
const POLICY_TEXT: readonly [string, Check][] = [["guidance", isString(4000)], ["chatStyle", isString(2000)], ["voiceStyle", isString(2000)]];
const EXT_CHECKS = new Map<string, Check>([...CAPLO_ONLY.map(([m, ok]) => ["/" + m, ok] as const), ...POLICY_TEXT.map(([m, ok]) => ["/policy/" + m, ok] as const)]);

/** Caplo extension values this emitter did not write: invalid leftovers of a lenient parse. */
function leftoverExtensions(a: IrAgent, t: AgentTarget, ext: JsonObject): void {
  for (const rel of Object.keys(ext)) {
    if (rel === PROVIDER_SPELLING || rel === EMPTY_POLICY) continue;
    if (EXT_CHECKS.get(rel)?.(ext[rel] as JsonValue)) continue;
    t.r.atSource(a, "dropped-field", rel, { aside: "not a valid Caplo v2 value", target: LABEL }, { targetFile: t.file });
  }
}

/** A required value nothing in the source implies: a warning at the agent's root, naming the filled target field. */
function placeholder(a: IrAgent, t: AgentTarget, rel: string, payload: Placeholder): void {
  t.r.atSource(a, "defaulted-placeholder", "", payload, tp(t, rel));
}

function tp(t: AgentTarget, rel: string): { targetPointer: string; targetFile: string } {
  return { targetPointer: t.at + rel, targetFile: t.file };
}

/** A string with a length cap; a longer one is shortened at a word boundary and reported. */
function limitText(a: IrAgent, t: AgentTarget, ir: string, rel: string, s: string, max: number): string {
  const out = truncateAtWord(s, max);
  if (out !== s) t.r.at(a, "truncated-value", ir, { length: [...s].length, max, target: "Caplo" }, tp(t, rel));
  return out;
}

/** A required non-empty string: the IR value, else a derived one (reported as defaulted, or as changed when the source had ""). */
function requiredText(a: IrAgent, t: AgentTarget, ir: string, rel: string, v: string | undefined, derive: () => { value: string; why: string }): string {
  if (v !== undefined && v !== "") return v;
  const d = derive();
  if (v === "") t.r.at(a, "transformed-value", ir, { became: `is empty but Caplo requires ${dotted(rel)}; ${d.why} was used` }, tp(t, rel));
  else t.r.defaulted(a, t.at + rel, { field: dotted(rel), by: "Caplo", filled: `${d.why} was used` }, t.file);
  return d.value;
}

function name(a: IrAgent, t: AgentTarget, used: Set<string>): string {
  if (a.name !== undefined && a.name !== "") return limitText(a, t, "/name", "/name", a.name, MAX.name);
  // A single agent's id is its only name (a mas metadata.name): it is used, not dropped.
  if (a.name === undefined && t.key === undefined && a.id !== undefined && a.id !== "") {
    used.add("/id");
    t.r.at(a, "transformed-value", "/id", { shown: a.id, became: "became the name (Caplo has no separate id, and requires a name)" }, tp(t, "/name"));
    return truncateAtWord(a.id, MAX.name);
  }
  const base = a.id ?? a.key ?? t.key ?? "Agent";
  return truncateAtWord(requiredText(a, t, "/name", "/name", a.name, () => ({ value: base, why: `"${base}" (the agent's id)` })), MAX.name);
}

/**
 * Prompt parts keyed guidance, chat_style and voice_style are the text the Caplo platform adds after
 * the instructions (policy.guidance, chatStyle, voiceStyle): mas context chunks of those names, or
 * the "[guidance] …" parts agentport appends to a single prompt (AgentMug). The first of each key
 * goes back to policy; the rest of the prompt stays the instructions.
 */
function platformParts(a: IrAgent, t: AgentTarget): { rest: IrInstructions | undefined; texts: Map<string, string> } {
  const texts = new Map<string, string>();
  if (!a.instructions) return { rest: undefined, texts };
  const chunks = a.instructions.chunks.map((c, i) => ({ c, i }));
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only && only.c.key === undefined && only.c.text !== undefined && !isHome(a, FORMAT)) {
    const split = splitPlatformTail(only.c.text);
    if (split) {
      t.r.at(a, "transformed-value", `/instructions/chunks/${only.i}`, { became: `ends with ${split.parts.map((p) => `"[${p.key}] …"`).join(", ")}, agentport's writing of Caplo's platform texts: ${split.parts.map((p) => `policy.${memberOf(p.key)}`).join(", ")} again` }, tp(t, "/policy"));
      for (const p of split.parts) texts.set(memberOf(p.key), p.text);
      return { rest: { chunks: [{ ...only.c, text: split.head }] }, texts };
    }
  }
  const rest: IrInstructions = { chunks: [] };
  for (const { c, i } of chunks) {
    const p = PLATFORM_TEXT.find((x) => x.key === c.key);
    // A path-like text carried inline (no file read: ref equals the text) is still the text.
    if (!p || texts.has(p.member) || c.text === undefined || (c.ref !== undefined && c.ref !== c.text)) {
      rest.chunks.push(c);
      continue;
    }
    const rel = `/policy/${p.member}`;
    texts.set(p.member, limitText(a, t, `/instructions/chunks/${i}`, rel, c.text, p.max));
    if (!isHome(a, FORMAT)) t.r.at(a, "transformed-value", `/instructions/chunks/${i}`, { became: `becomes policy.${p.member}, the text the Caplo platform adds after the instructions` }, tp(t, rel));
  }
  return { rest, texts };
}

const memberOf = (key: string): string => PLATFORM_TEXT.find((p) => p.key === key)?.member ?? key;

/** "instructions\n\n[guidance] …\n\n[chat_style] …": the instructions and the platform parts after them, each key once. */
function splitPlatformTail(text: string): { head: string; parts: { key: string; text: string }[] } | undefined {
  const pieces = text.split(/\n\n(?=\[(?:guidance|chat_style|voice_style)\] )/);
  if (pieces.length < 2 || (pieces[0] ?? "").trim() === "") return undefined;
  const parts: { key: string; text: string }[] = [];
  for (const piece of pieces.slice(1)) {
    const m = /^\[(guidance|chat_style|voice_style)\] ([\s\S]+)$/.exec(piece);
    if (!m || parts.some((p) => p.key === m[1])) return undefined;
    parts.push({ key: m[1] as string, text: m[2] as string });
  }
  return { head: pieces[0] as string, parts };
}

function instructions(a: IrAgent, t: AgentTarget, given: IrInstructions | undefined): { text: string; fromRouting: boolean } {
  const chunks = given?.chunks ?? [];
  chunks.forEach((c, i) => {
    if (c.ref === undefined) return;
    if (c.text === undefined) t.r.at(a, "dropped-field", `/instructions/chunks/${i}`, { carried: `refers to the file "${c.ref}", which was not read`, rest: "its text", target: LABEL }, tp(t, "/instructions"));
    else t.r.at(a, "transformed-value", `/instructions/chunks/${i}`, { clause: `the text of "${c.ref}" is written inline; the file reference is not kept` }, tp(t, "/instructions"));
  });
  const rendered = renderInstructions(given);
  if (rendered !== undefined && rendered !== "") {
    const only = chunks[0];
    if (chunks.length > 1 || only?.key !== undefined) {
      t.r.at(a, "transformed-value", "/instructions", { became: `became one text: ${chunks.length === 1 ? "the named part is" : `${chunks.length} parts are`} written as "[key] text", separated by a blank line` }, tp(t, "/instructions"));
    }
    return { text: rendered, fromRouting: false };
  }
  const fallback: [string | undefined, string, string][] = [
    [a.routingDescription, "routing description", "/routingDescription"], [a.description, "description", "/description"], [a.name, "name", "/name"],
  ];
  const [value, what] = fallback.find(([v]) => v !== undefined && v !== "") ?? [a.id ?? a.key ?? t.key ?? "Agent", "id"];
  const why = `the agent's ${what}`;
  if (given !== undefined) t.r.at(a, "transformed-value", "/instructions", { became: `is empty but Caplo requires instructions; ${why} was used` }, tp(t, "/instructions"));
  else t.r.defaulted(a, t.at + "/instructions", { field: "instructions", by: "Caplo", filled: `${why} was used` }, t.file);
  const fromRouting = what === "routing description";
  if (fromRouting) t.r.at(a, "transformed-value", "/routingDescription", { became: "became instructions (Caplo has no routing description)" }, tp(t, "/instructions"));
  return { text: value as string, fromRouting };
}

function modelOf(a: IrAgent, t: AgentTarget, ext: JsonObject): JsonObject {
  const models = a.models ?? [];
  const pi = primaryModelIndex(a);
  models.forEach((m, i) => {
    if (i !== pi) t.r.at(a, "dropped-field", `/models/${i}`, { ...(m.role ? { aside: `role "${m.role}"` } : {}), target: LABEL, why: "which holds one model per agent" }, tp(t, "/model"));
  });
  const m = models[pi];
  if (m === undefined) {
    placeholder(a, t, "/model", { because: "the source names no model", wrote: `the placeholder ${DEFAULT_MODEL.provider} ${DEFAULT_MODEL.name}`, check: "check it against your workspace" });
    return { ...DEFAULT_MODEL };
  }
  const p = `/models/${pi}`;
  const out: JsonObject = { provider: providerOf(a, t, m.provider, m.providerSource, m.id, ext, p), name: m.id };
  if (m.role !== undefined) t.r.at(a, "transformed-value", `${p}/role`, { shown: m.role, clause: "Caplo's one model is the agent's main model, so the role is implied" }, tp(t, "/model"));
  // A row that was not the source's first comes back as the first: its whole row changes place.
  if (/\/[1-9][0-9]*$/.test(a.sourceMap[p] ?? "")) t.r.at(a, "transformed-value", p, { became: "becomes Caplo's one model; read back, it is the first model row" }, tp(t, "/model"));
  if (m.raw !== undefined && m.raw !== m.id) {
    t.r.at(a, "transformed-value", `${p}/raw`, { shown: m.raw, became: `became model.provider "${String(out["provider"])}" and model.name "${m.id}"` }, tp(t, "/model"));
  }
  if (m.temperature !== undefined) setKey(out, "temperature", clamp(a, t, `${p}/temperature`, "/model/temperature", m.temperature, TEMPERATURE));
  else setDefault(a, t, out, "temperature", "/models/0/temperature", "/model/temperature", TEMPERATURE);
  if (m.maxTokens !== undefined) setKey(out, "responseLimit", clamp(a, t, `${p}/maxTokens`, "/model/responseLimit", m.maxTokens, RESPONSE_LIMIT));
  else setDefault(a, t, out, "responseLimit", "/models/0/maxTokens", "/model/responseLimit", RESPONSE_LIMIT);
  return orderKeys(out, MODEL_ORDER);
}

function providerOf(a: IrAgent, t: AgentTarget, key: string | undefined, source: string | undefined, id: string, ext: JsonObject, p: string): string {
  const spelled = ext[PROVIDER_SPELLING];
  if (key !== undefined) {
    if (typeof spelled === "string" && (providerKey(spelled) ?? fallbackProviderKey(spelled)) === key) return spelled;
    const display = providerDisplay(key);
    if (display === undefined) {
      t.r.at(a, "unknown-provider", `${p}/provider`, { shown: key, became: "is not in the provider table; written as is" }, { ...tp(t, "/model/provider"), hint: "use the provider name your Caplo workspace shows" });
    }
    if (source === "inferred") madeExplicit(a, t, p, display ?? key, id);
    return display ?? key;
  }
  const inferred = inferProvider(id);
  const display = inferred === undefined ? UNKNOWN_PROVIDER : (providerDisplay(inferred) ?? inferred);
  if (inferred === undefined) placeholder(a, t, "/model/provider", { because: `the source names no provider for model "${id}" and none can be inferred`, wrote: `"${UNKNOWN_PROVIDER}"`, check: "set the provider your workspace uses" });
  else madeExplicit(a, t, p, display, id);
  return display;
}

/**
 * A provider the source only implied becomes explicit in Caplo, so a way back writes
 * it out ("gpt-4o" returns as "openai/gpt-4o"): a changed value, reported where the model was.
 */
function madeExplicit(a: IrAgent, t: AgentTarget, p: string, display: string, id: string): void {
  const ir = a.sourceMap[`${p}/provider`] !== undefined ? `${p}/provider` : `${p}/id`;
  t.r.at(a, "transformed-value", ir, { shown: id, became: `names no provider; Caplo states it, so model.provider is "${display}", inferred from the model id` }, tp(t, "/model/provider"));
}

/**
 * A setting the source left to its own default, which Caplo would assume differently: the source's
 * value is written (fitted into Caplo's range), and "no limit" becomes Caplo's highest value. The hub
 * reports the difference (default-differs); only a value that had to change is reported here.
 */
function setDefault(a: IrAgent, t: AgentTarget, out: JsonObject, member: string, ir: string, rel: string, range: { min: number; max: number; integer: boolean }): void {
  const d = t.defaults?.[ir];
  if (d === undefined) return;
  const target = { ...tp(t, rel), hint: "set the limit the agent needs in the source, or edit it here" };
  if (d.value === null) {
    setKey(out, member, range.max);
    t.r.atSource(a, "clamped-value", d.at, { value: d.name, reason: `is not set, which in ${d.from} means no limit; Caplo always limits ${dotted(rel)} (to ${range.max} at most)`, now: range.max }, target);
    return;
  }
  const v = fit(d.value, range);
  if (v !== d.value) t.r.atSource(a, "clamped-value", d.at, { value: d.name, reason: `is not set, so ${d.from} uses ${d.value}, which is outside Caplo's ${dotted(rel)} range ${describeRange(range)}`, now: v }, target);
  setKey(out, member, v);
}

function clamp(a: IrAgent, t: AgentTarget, ir: string, rel: string, v: number, range: { min: number; max: number; integer: boolean }): number {
  const out = fit(v, range);
  if (out !== v) t.r.at(a, "clamped-value", ir, { was: v, reason: `is outside Caplo's ${dotted(rel)} range ${describeRange(range)}`, now: out }, tp(t, rel));
  return out;
}

function tools(a: IrAgent, t: AgentTarget, list: readonly IrTool[]): string[] {
  const out: string[] = [];
  list.forEach((tool, i) => {
    const p = `/tools/${i}`;
    if (out.includes(tool.name)) {
      t.r.at(a, "dropped-field", p, { shown: tool.name, aside: "a repeated tool id", target: LABEL, why: "whose tool ids are unique (the first one stays)" }, tp(t, "/tools"));
      // The items after it change place, which the item's own pointer does not cover.
      if (i < list.length - 1) t.r.at(a, "transformed-value", "/tools", { clause: `the items after the merged item ${i + 1} move up one place` }, tp(t, "/tools"));
      return;
    }
    out.push(tool.name);
    const lost = Object.keys(tool).filter((k) => !["kind", "name", "shorthand"].includes(k) && (tool as Record<string, unknown>)[k] !== undefined);
    if (tool.kind !== "named" && tool.kind !== "builtin") {
      // Name what is lost as the source spells it: `extra` holds the source's own members.
      const toolAt = sourceOf(a, p);
      const words = lost.flatMap((k) => (k === "extra" ? Object.keys(tool.extra ?? {}) : [memberName(a, `${p}/${k}`, toolAt) ?? k]));
      t.r.at(a, "dropped-field", p, { is: TOOL_KIND_WORDS[tool.kind], parts: words.length ? words : ["kind"], target: LABEL, why: `which keeps only the id "${tool.name}"` }, tp(t, `/tools/${out.length - 1}`));
      return;
    }
    for (const k of lost) t.r.at(a, "dropped-field", `${p}/${k}`, { target: LABEL, why: "whose tools are bare ids" }, tp(t, `/tools/${out.length - 1}`));
    if (tool.kind === "builtin" && tool.shorthand !== true) {
      t.r.at(a, "transformed-value", p, { became: `became the tool id "${tool.name}" (its builtin kind is implied)` }, tp(t, `/tools/${out.length - 1}`));
    }
  });
  return out;
}

function knowledge(a: IrAgent, t: AgentTarget): string[] {
  const out: string[] = [];
  (a.knowledge ?? []).forEach((k, i) => {
    const p = `/knowledge/${i}`;
    if (out.includes(k.id)) {
      t.r.at(a, "dropped-field", p, { shown: k.id, aside: "a repeated knowledge base id", target: LABEL, why: "whose knowledge base ids are unique (the first one stays)" }, tp(t, "/knowledgeBases"));
      if (i < (a.knowledge ?? []).length - 1) t.r.at(a, "transformed-value", "/knowledge", { clause: `the items after the merged item ${i + 1} move up one place` }, tp(t, "/knowledgeBases"));
      return;
    }
    out.push(k.id);
    for (const f of ["label", "description"] as const) {
      if (k[f] !== undefined) t.r.at(a, "dropped-field", `${p}/${f}`, { target: LABEL, why: "whose knowledge bases are bare ids" }, tp(t, `/knowledgeBases/${out.length - 1}`));
    }
  });
  return out;
}

function subAgents(a: IrAgent, t: AgentTarget, list: readonly IrLink[]): JsonObject[] {
  const out: JsonObject[] = [];
  list.forEach((l, j) => {
    const p = `/subAgents/${j}`;
    const rel = `/subAgents/${out.length}`;
    const link: JsonObject = {};
    let child: IrAgent | undefined;
    if (l.local !== undefined) {
      const hit = t.resolve(l.local);
      if (hit === undefined) {
        t.r.at(a, "unresolved-link", p, { became: `names "${l.local}", which is not an agent of the emitted ${t.key === undefined ? "document (a single Agent has no bundle keys)" : "bundle"}; the link was dropped` }, { targetFile: t.file, hint: "convert all linked agents together (a bundle), or link by agentId" });
        return;
      }
      child = hit.agent;
      setKey(link, "local", hit.key);
      if (hit.key !== l.local) t.r.at(a, "transformed-value", `${p}/local`, { shown: l.local, became: `became the bundle key "${hit.key}"` }, tp(t, `${rel}/local`));
      if (l.external !== undefined) t.r.at(a, "dropped-link", `${p}/external`, { target: LABEL, why: "whose link names either a local key or an agentId, not both (the local key is written)" }, tp(t, rel));
    } else if (l.external !== undefined) {
      setKey(link, "agentId", l.external);
    } else {
      t.r.at(a, "dropped-link", p, { is: "a link that names no agent", target: LABEL }, { targetFile: t.file });
      return;
    }
    if (l.release !== undefined) {
      if (l.release === "latest" || RELEASE_RE.test(l.release)) setKey(link, "release", l.release);
      else t.r.at(a, "dropped-link", `${p}/release`, { shown: l.release, target: LABEL, why: 'whose release is "latest" or x.y.z (it then uses latest)' }, tp(t, rel));
    }
    const target = child === undefined ? (l.external ?? "") : (child.name ?? child.id ?? l.local ?? "");
    setKey(link, "useWhen", requiredText(a, t, `${p}/useWhen`, `${rel}/useWhen`, l.useWhen, () => {
      const own = child === undefined ? undefined : [child.routingDescription, child.description].find((s) => s !== undefined && s !== "");
      return own !== undefined ? { value: own, why: "the sub-agent's own description" } : { value: `When the request concerns ${target}`, why: "a sentence naming the sub-agent" };
    }));
    if (l.doNotUseWhen !== undefined) setKey(link, "doNotUseWhen", l.doNotUseWhen);
    if (l.mode !== undefined) setKey(link, "mode", l.mode);
    if (l.spawn !== undefined) t.r.at(a, "dropped-link", `${p}/spawn`, { to: l.local ?? l.external ?? "?", ...spawnLoss(l.spawn, l.local ?? l.external ?? "?"), target: LABEL, why: "whose sub-agent links call the agent" }, tp(t, rel));
    out.push(orderKeys(link, LINK_ORDER));
  });
  return out;
}

function routingOf(a: IrAgent, t: AgentTarget, links: readonly JsonObject[]): JsonObject | undefined {
  const r = a.routing;
  if (r === undefined) return undefined;
  if (r.mode === "fast") {
    const lacking = links.map((l, k) => (typeof l["doNotUseWhen"] === "string" ? undefined : k)).filter((k) => k !== undefined);
    if (lacking.length) {
      t.r.at(a, "dropped-field", "/routing", { shown: "fast", target: LABEL, why: `where it needs doNotUseWhen on every sub-agent, which subAgents ${lacking.map((k) => `[${k}]`).join(", ")} lack (the model decides)` }, tp(t, "/routing"));
      return undefined;
    }
  }
  const out: JsonObject = { mode: r.mode };
  if (r.minConfidence !== undefined) {
    const v = fitConfidence(r.minConfidence);
    if (v !== r.minConfidence) t.r.at(a, "clamped-value", "/routing/minConfidence", { was: r.minConfidence, reason: `is outside Caplo's range ${MIN_CONFIDENCE.min}..${MIN_CONFIDENCE.max} in steps of ${MIN_CONFIDENCE.step}`, now: v }, tp(t, "/routing/minConfidence"));
    setKey(out, "minConfidence", v);
  }
  return orderKeys(out, ROUTING_ORDER);
}

function evalCase(a: IrAgent, t: AgentTarget, c: IrEvalCase, i: number): JsonObject | undefined {
  const p = `/evals/${i}`;
  const rel = `/evals/cases/${i}`;
  if (i >= MAX.cases) {
    t.r.at(a, "dropped-field", p, { target: LABEL, why: `which holds at most ${MAX.cases} eval cases` }, { targetFile: t.file });
    return undefined;
  }
  const out: JsonObject = {};
  if (c.id !== undefined && UUID_RE.test(c.id)) setKey(out, "id", c.id);
  else {
    const where = t.r.where(a, p).pointer;
    const id = uuidV5(`agentport:caplo-eval:${t.key ?? ""}:${where}:${i}:${c.name}`);
    if (c.id !== undefined) t.r.at(a, "transformed-value", `${p}/id`, { shown: c.id, became: `is not a UUID; replaced by the UUIDv5 ${id}` }, tp(t, `${rel}/id`));
    else t.r.defaulted(a, `${t.at}${rel}/id`, { field: "eval case id", by: "Caplo", filled: "derived from the case's place as the UUIDv5", set: id }, t.file);
    setKey(out, "id", id);
  }
  const text = (f: "name" | "input" | "desiredOutcome", max: number): string => {
    const v = requiredText(a, t, `${p}/${f}`, `${rel}/${f}`, c[f], () => ({ value: f === "name" ? `Case ${i + 1}` : "(empty)", why: `"${f === "name" ? `Case ${i + 1}` : "(empty)"}"` }));
    return v === c[f] ? limitText(a, t, `${p}/${f}`, `${rel}/${f}`, v, max) : v;
  };
  setKey(out, "name", text("name", MAX.caseName));
  setKey(out, "input", text("input", MAX.caseInput));
  setKey(out, "desiredOutcome", text("desiredOutcome", MAX.caseOutcome));
  for (const [k, v] of Object.entries(c.expectations ?? {})) {
    const known = (CASE_EXPECTATIONS as readonly string[]).includes(k) && (k !== "routedBy" || (ROUTED_BY as readonly string[]).includes(v));
    if (known) setKey(out, k, v);
    else t.r.at(a, "dropped-field", `${p}/expectations/${escapeToken(k)}`, { target: "a Caplo eval case" }, tp(t, rel));
  }
  return orderKeys(out, CASE_ORDER);
}

function policyOf(a: IrAgent, t: AgentTarget, ext: JsonObject, responseLimit: number | undefined, platform: ReadonlyMap<string, string>): JsonObject | undefined {
  const out: JsonObject = {};
  for (const [m, ok] of POLICY_TEXT) {
    const v = platform.get(m) ?? ext["/policy/" + m];
    if (v !== undefined && ok(v)) setKey(out, m, v);
  }
  for (const l of LIMITS) {
    const v = a.limits?.[l.ir];
    const rel = "/policy/" + l.caplo;
    if (v === undefined) {
      if (l.caplo !== "history/maxTokens") setDefault(a, t, out, l.caplo, "/limits/" + l.ir, rel, l.range);
      continue;
    }
    const fitted = clamp(a, t, "/limits/" + l.ir, rel, v, l.range);
    if (l.caplo === "history/maxTokens") setKey(out, "history", { maxTokens: fitted });
    else setKey(out, l.caplo, fitted);
  }
  const reasoning = reasoningOf(a, t, responseLimit);
  if (reasoning !== undefined) setKey(out, "reasoning", reasoning);
  if (Object.keys(out).length === 0) return isObject(ext[EMPTY_POLICY]) ? {} : undefined;
  return orderKeys(out, POLICY_ORDER);
}

function reasoningOf(a: IrAgent, t: AgentTarget, responseLimit: number | undefined): JsonObject | undefined {
  const r = a.reasoning;
  if (r === undefined) return undefined;
  const out: JsonObject = {};
  const rel = "/policy/reasoning";
  if (r.effort !== undefined) {
    const mapped = r.effort === "minimal" ? "low" : r.effort === "max" ? "high" : r.effort === "none" ? undefined : r.effort;
    if (mapped === undefined) t.r.at(a, "dropped-field", "/reasoning/effort", { shown: "none", target: LABEL, why: "which has no way to turn reasoning off" }, tp(t, rel));
    else {
      if (mapped !== r.effort) t.r.at(a, "transformed-value", "/reasoning/effort", { shown: r.effort, became: `became "${mapped}", the nearest Caplo effort` }, tp(t, `${rel}/effort`));
      setKey(out, "effort", mapped);
    }
  }
  const b = r.budgetTokens;
  if (b !== undefined) {
    if (b <= 0) t.r.at(a, "dropped-field", "/reasoning/budgetTokens", { shown: b, aside: "thinking off", target: LABEL, why: "which cannot turn thinking off" }, tp(t, rel));
    else {
      let v = clamp(a, t, "/reasoning/budgetTokens", `${rel}/thinkingBudgetTokens`, b, THINKING_BUDGET);
      // Caplo requires the budget to be smaller than the response limit; the limit is the user's, so the budget yields.
      if (responseLimit !== undefined && v >= responseLimit) {
        if (responseLimit - 1 >= THINKING_BUDGET.min) {
          t.r.at(a, "clamped-value", "/reasoning/budgetTokens", { was: v, reason: `must be smaller than model.responseLimit ${responseLimit} in Caplo`, now: responseLimit - 1 }, tp(t, `${rel}/thinkingBudgetTokens`));
          v = responseLimit - 1;
        } else {
          t.r.at(a, "dropped-field", "/reasoning/budgetTokens", { target: LABEL, why: `where it must be smaller than model.responseLimit ${responseLimit} and at least ${THINKING_BUDGET.min}` }, tp(t, rel));
          v = NaN;
        }
      }
      if (!Number.isNaN(v)) setKey(out, "thinkingBudgetTokens", v);
    }
  }
  return Object.keys(out).length ? out : undefined;
}
