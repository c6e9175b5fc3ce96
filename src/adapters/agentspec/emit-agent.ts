// IR agent → one Agent component. An agent read from Agent Spec (or brought
// home by a stash) gets its kept members back from extensions.agentspec, placed
// through its source map: its own component at sourceMap[""], its llm_config at
// sourceMap["/models/0"], each tool at sourceMap["/tools/<i>"].
import type { IrAgent } from "../../ir/model.js";
import { primaryModelIndex, renderInstructions } from "../../ir/agent.js";
import { cloneJson, orderKeys, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { isHome, placementMap } from "../../ir/home.js";
import type { Reporter } from "../../ir/reporter.js";
import type { EffectiveDefault } from "../types.js";
import { AGENT_ORDER, FORMAT, LABEL, LLM_PROVIDER, STASH_MEMBER } from "./spec.js";
import { kept, rebuild } from "./fields.js";
import { emitLlm, keptLlm } from "./llm.js";
import { emitTool } from "./tools.js";
import { parameterToProperty, respellPlaceholders } from "./parameters.js";
import { REFS } from "./refs.js";

/** Canonical IR fields an Agent component has no place for. */
const UNSUPPORTED = ["/version", "/tags", "/greeting", "/reasoning", "/knowledge", "/routing", "/skills", "/limits", "/triggers", "/inputs", "/outputs", "/evals", "/provenance"] as const;

/** What an unnamed model row is written as: a documented placeholder the user should replace. */
export const PLACEHOLDER_MODEL = "unspecified-model";

export interface AgentCtx {
  r: Reporter;
  file: string;
  /** The agent's pointer in the document written (for target locations). */
  at: string;
  /** The source's values for sampling it leaves unset (EmitContext.effectiveDefaults): written, so the agent keeps its behaviour. */
  defaults?: Readonly<Record<string, EffectiveDefault>>;
}

export function emitAgentComponent(a: IrAgent, ctx: AgentCtx): JsonObject {
  const { r, file } = ctx;
  const t = (p: string) => ({ targetPointer: ctx.at + p, targetFile: file });
  const home = isHome(a, FORMAT);
  const pm = placementMap(a, FORMAT) ?? {};
  const ext = home ? (a.extensions[FORMAT] ?? {}) : {};
  const self = pm[""];
  const llmIndex = primaryModelIndex(a);
  const llmAt = llmIndex === -1 ? undefined : pm[`/models/${llmIndex}`];
  const toolAts = (a.tools ?? []).map((_, i) => pm[`/tools/${i}`]).filter((p): p is string => p !== undefined);
  const mine = self === undefined ? {} : rebuild(ext, self, [
    ...(llmAt === undefined ? [] : [llmAt]), ...toolAts, join(self, "llm_config"), join(self, "metadata", STASH_MEMBER), join(self, REFS),
    ...(a.tools ? [join(self, "tools")] : []), ...(a.parameters ? [join(self, "inputs")] : []),
  ]);
  // Members the Agent component keeps (metadata, toolboxes, human_in_the_loop, transforms, outputs, a null description…).
  const out: JsonObject = {};
  for (const k of Object.keys(mine)) if ((AGENT_ORDER as readonly string[]).includes(k) && k !== "component_type") out[k] = mine[k] as JsonValue;
  out["component_type"] = "Agent";
  if (a.id !== undefined && a.id !== "") out["id"] = a.id;
  const name = a.name ?? a.key ?? a.id;
  if (name === undefined || name === "") {
    out["name"] = "agent";
    r.defaulted(a, t("/name").targetPointer, 'name is required by Agent Spec; set to "agent"', file);
  } else out["name"] = name;
  if (a.name === undefined && a.key !== undefined) r.at(a, "transformed-value", "/key", `{name} "${a.key}" becomes the agent's name (Agent Spec has no bundle keys)`, t("/name"));
  description(a, out, r, t("/description"));
  inputs(a, out, r, t("/inputs"));
  llmConfig(a, out, ext, llmIndex, llmAt, self, r, t("/llm_config"), ctx.defaults);
  out["system_prompt"] = systemPrompt(a, r, t("/system_prompt"));
  tools(a, out, ext, pm, r, file, ctx.at);
  reportLosses(a, r, file);
  return orderKeys(out, AGENT_ORDER);
}

function description(a: IrAgent, out: JsonObject, r: Reporter, t: { targetPointer: string; targetFile: string }): void {
  const routing = a.routingDescription;
  if (a.description !== undefined) out["description"] = a.description;
  else if (routing !== undefined) {
    out["description"] = routing;
    r.at(a, "transformed-value", "/routingDescription", "{name} becomes the description (the text a manager reads to choose this agent)", t);
    return;
  }
  if (routing !== undefined && routing !== a.description) r.at(a, "dropped-field", "/routingDescription", "{name} has no counterpart in Agent Spec (only one description)", t);
}

function inputs(a: IrAgent, out: JsonObject, r: Reporter, t: { targetPointer: string; targetFile: string }): void {
  if (!a.parameters) return;
  const props = a.parameters.map((p, i) => {
    const e = parameterToProperty(p);
    if (e.lost.length) r.at(a, "dropped-field", `/parameters/${i}`, `{name} "${p.name}": ${e.lost.join(", ")} cannot be expressed in an Agent Spec input`, t);
    if (e.retyped) r.at(a, "transformed-value", `/parameters/${i}/type`, `{name} "${p.name}" of type "${e.retyped}" is written as the JSON-schema type "string"`, t);
    return e.value;
  });
  out["inputs"] = props;
}

function llmConfig(a: IrAgent, out: JsonObject, ext: JsonObject, index: number, llmAt: string | undefined, self: string | undefined, r: Reporter, t: { targetPointer: string; targetFile: string }, defaults?: Readonly<Record<string, EffectiveDefault>>): void {
  const models = a.models ?? [];
  const row = index === -1 ? undefined : models[index];
  models.forEach((m, i) => {
    if (i !== index) r.at(a, "dropped-field", `/models/${i}`, `{name} (model "${m.id}"${m.role ? `, role ${m.role}` : ""}) has no counterpart in Agent Spec, which gives an agent one llm_config`, t);
  });
  if (row) {
    let written = row;
    // The source's own sampling defaults, where Agent Spec would leave them to the runtime (the hub reports it).
    for (const [ir, key] of [["/models/0/temperature", "temperature"], ["/models/0/maxTokens", "maxTokens"]] as const) {
      const d = defaults?.[ir]?.value;
      if (index === 0 && written[key] === undefined && typeof d === "number") written = { ...written, [key]: d };
    }
    // max_tokens is an integer in Agent Spec.
    if (row.maxTokens !== undefined && !Number.isInteger(row.maxTokens)) {
      written = { ...row, maxTokens: Math.max(1, Math.round(row.maxTokens)) };
      r.at(a, "clamped-value", `/models/${index}/maxTokens`, `{name} ${row.maxTokens} is written as the integer ${String(written.maxTokens)} (max_tokens is an integer)`, t);
    }
    const e = emitLlm(written, llmAt === undefined ? undefined : ext, llmAt);
    if (e.derivedName !== undefined) r.defaulted(a, join(t.targetPointer, "name"), `llm_config.name is required by Agent Spec; set to the model id "${e.derivedName}"`, t.targetFile);
    if (row.providerSource === "inferred" && row.provider !== undefined && LLM_PROVIDER[String(e.value["component_type"])] === row.provider) {
      r.at(a, "transformed-value", `/models/${index}/provider`, `{name}: the provider ${row.provider}, inferred from the model id, is stated by the config type ${String(e.value["component_type"])}`, t);
    }
    if (row.role !== undefined && row.role !== "main") r.at(a, "dropped-field", `/models/${index}/role`, `{name} "${row.role}" has no counterpart in Agent Spec`, t);
    out["llm_config"] = e.value;
    return;
  }
  const keptValue = self === undefined ? undefined : keptLlm(ext, join(self, "llm_config"));
  if (keptValue !== undefined) {
    out["llm_config"] = keptValue;
    return;
  }
  out["llm_config"] = { component_type: "LlmConfig", name: PLACEHOLDER_MODEL, model_id: PLACEHOLDER_MODEL };
  r.atSource(a, "defaulted-placeholder", "", `llm_config is required by Agent Spec and the source names no model; set to the placeholder model_id "${PLACEHOLDER_MODEL}" (replace it)`, { targetPointer: t.targetPointer, targetFile: t.targetFile });
}

/** Prompt parts the IR keys as platform texts (Caplo policy texts; mas chunks of those names). */
const PLATFORM_KEYS = new Set(["guidance", "chat_style", "voice_style"]);

function systemPrompt(a: IrAgent, r: Reporter, t: { targetPointer: string; targetFile: string }): string {
  const chunks = a.instructions?.chunks ?? [];
  const plain = chunks.length === 1 && chunks[0]?.key === undefined;
  if (!a.instructions) r.defaulted(a, t.targetPointer, 'system_prompt is required by Agent Spec; set to ""', t.targetFile);
  else if (chunks.length === 0) r.at(a, "transformed-value", "/instructions", '{name} has no parts; system_prompt is ""', t);
  else if (!plain) r.at(a, "transformed-value", "/instructions", '{name} is joined into one system_prompt: "[key] text" per part, parts separated by a blank line, empty parts left out', t);
  chunks.forEach((c, i) => {
    // An empty platform text (Caplo's policy.guidance, chatStyle, voiceStyle: "" turns that block off) is no part of one string.
    if (i > 0 && c.ref === undefined && PLATFORM_KEYS.has(c.key ?? "") && (c.text ?? "").trim() === "") {
      r.at(a, "dropped-field", `/instructions/chunks/${i}`, `{name} is empty (it turns the platform's ${c.key ?? "block"} off), which system_prompt cannot say`, t);
    }
    if (c.ref === undefined) return;
    if (c.text === undefined) r.at(a, "dropped-field", `/instructions/chunks/${i}`, `{name}: the file "${c.ref}" was not read, so its text is missing from system_prompt`, t);
    else r.at(a, "transformed-value", `/instructions/chunks/${i}`, `{name}: the text of the file "${c.ref}" is written inline`, t);
  });
  const text = renderInstructions(a.instructions) ?? "";
  const respelled = respellPlaceholders(a, text);
  if (respelled === undefined) return text;
  const where = plain ? "/instructions/chunks/0/text" : "/instructions";
  r.at(a, "transformed-value", where, "{name}: each parameter placeholder is written as {{name}}, the way Agent Spec binds a prompt to its inputs", t);
  return respelled;
}

function tools(a: IrAgent, out: JsonObject, ext: JsonObject, pm: Readonly<Record<string, string>>, r: Reporter, file: string, at: string): void {
  if (!a.tools) {
    const self = pm[""];
    const keptTools = self === undefined ? undefined : kept(ext, join(self, "tools"));
    if (keptTools !== undefined) out["tools"] = cloneJson(keptTools);
    return;
  }
  out["tools"] = a.tools.map((tool, i) => {
    const toolAt = pm[`/tools/${i}`];
    const e = emitTool(tool, toolAt === undefined ? undefined : ext, toolAt);
    const target = { targetPointer: join(at, "tools", i), targetFile: file };
    if (e.lost.length) r.at(a, "dropped-field", `/tools/${i}`, `{name} is written as a ${String(e.value["component_type"])}; ${e.lost.join(", ")} cannot be expressed in Agent Spec`, target);
    if (e.filled.length) r.defaulted(a, target.targetPointer, `tools[${i}]: ${e.filled.join(", ")} is required by Agent Spec; filled in`, file);
    return e.value;
  });
}

function reportLosses(a: IrAgent, r: Reporter, file: string): void {
  r.dropUnsupported(a, UNSUPPORTED, LABEL, file);
  r.dropForeignExtensions(a, LABEL, file);
}

