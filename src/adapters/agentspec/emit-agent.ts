// IR agent → one Agent component. An agent read from Agent Spec (or brought
// home by a stash) gets its kept members back from extensions.agentspec, placed
// through its source map: its own component at sourceMap[""], its llm_config at
// sourceMap["/models/0"], each tool at sourceMap["/tools/<i>"]. Any other agent
// gets them back where this emitter writes those parts (writtenPlaces).
//
// Written as field handlers (src/ir/field-handlers.ts): each declares, beside its code, how it
// treats the IR fields it writes; coverage.ts builds the emit table from them (HANDLERS).
import type { IrAgent, IrModel } from "../../ir/model.js";
import type { EmitDecl } from "../../ir/coverage.js";
import { fieldHandler, unsupportedHandler, run, type DeclaringHandler, type EmitScope, type HandlerReporter } from "../../ir/field-handlers.js";
import { mainModelIndex, renderInstructions } from "../../ir/agent.js";
import { cloneJson, isObject, orderKeys, type JsonObject, type JsonValue } from "../../ir/json.js";
import { join } from "../../ir/pointer.js";
import { isHome, placementMap } from "../../ir/home.js";
import type { EffectiveDefault } from "../types.js";
import { AGENT_ORDER, FORMAT, LABEL, LLM_PROVIDER, STASH_MEMBER } from "./spec.js";
import { kept, rebuild } from "./fields.js";
import { emitLlm, keptLlm } from "./llm.js";
import { emitTool } from "./tools.js";
import { parameterToProperty, respellPlaceholders } from "./parameters.js";
import { keptRef, REF, REFS } from "./refs.js";

// With the stash on (the default) what an Agent component cannot hold rides in its metadata's
// x-agentport and comes back: those losses and changes are reported as stashed-value.
export const stashed = { stashed: "stashed-value" } as const;
const notPrimary = { stashed: "stashed-value", when: "not the primary row: an agent has one llm_config" } as const;
const providerDecl: EmitDecl = [
  "exact",
  { transformed: "stashed-value", when: "not implied by the config type: a plain LlmConfig names it" },
  { transformed: "transformed-value", when: "inferred from the model id: the config type states it" },
];

type Target = { targetPointer: string; targetFile: string };

/** What an unnamed model row is written as: a documented placeholder the user should replace. */
export const PLACEHOLDER_MODEL = "unspecified-model";

export interface AgentCtx {
  scope: EmitScope;
  file: string;
  /** The agent's pointer in the document written (for target locations). */
  at: string;
  /** The source's values for sampling it leaves unset (EmitContext.effectiveDefaults): written, so the agent keeps its behaviour. */
  defaults?: Readonly<Record<string, EffectiveDefault>>;
  /** No agent of the document calls this one: no manager or caller reads its routing text. */
  uncalled?: true;
  /** The routing text of the first link to this agent (its caller's useWhen): its description where it has none of its own. */
  routedBy?: string;
}

export function emitAgentComponent(a: IrAgent, ctx: AgentCtx): JsonObject {
  const { scope, file } = ctx;
  const t = (p: string): Target => ({ targetPointer: ctx.at + p, targetFile: file });
  const home = isHome(a, FORMAT);
  const pm = placementMap(a, FORMAT) ?? writtenPlaces(a, ctx.at);
  const ext = a.extensions[FORMAT] ?? {};
  const self = pm[""];
  // The main row, or none (a mas main row of `model: any` beside rows of other roles: none of them is the agent's model).
  const llmIndex = mainModelIndex(a);
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
  run(identity, scope, a, out, t("/name"));
  run(description, scope, a, out, t("/description"), ctx.uncalled === true, ctx.routedBy);
  run(inputs, scope, a, out, t("/inputs"));
  run(llmConfig, scope, a, out, { ext, index: llmIndex, llmAt, self }, t("/llm_config"), ctx.defaults);
  out["system_prompt"] = run(systemPrompt, scope, a, t("/system_prompt"));
  run(tools, scope, a, out, ext, pm, home, file, ctx.at);
  run(unsupported, scope, a, file);
  return orderKeys(out, AGENT_ORDER);
}

/**
 * The places this emitter writes an agent's parts at (the component at `at`, the main model's
 * llm_config, tool i at tools[i]): where an Agent Spec reading of its output read them. An agent
 * neither read from Agent Spec nor at home there holds Agent Spec values only when an Agent Spec
 * file it was written to was edited and then read (a ServerTool's `inputs` added there, carried
 * home through another format's stash): they were read at these places, so they go back there
 * (docs/decisions.md, "A value an edit added in a format that is neither the home nor the target").
 */
function writtenPlaces(a: IrAgent, at: string): Record<string, string> {
  const places: Record<string, string> = { "": at };
  const llm = mainModelIndex(a);
  if (llm !== -1) places[`/models/${llm}`] = join(at, "llm_config");
  (a.tools ?? []).forEach((_, i) => (places[`/tools/${i}`] = join(at, "tools", i)));
  return places;
}

/** The component's id and name; a bundle key read back from the name (the team's handler writes the rest of the key). */
const identity = fieldHandler("identity", {
  "/id": "exact",
  "/name": "exact",
  "/key": { transformed: "stashed-value", when: "no name: the key becomes the name" },
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, t: Target): void => {
  if (a.id !== undefined && a.id !== "") out["id"] = a.id;
  const name = a.name ?? a.key ?? a.id;
  if (name === undefined || name === "") {
    out["name"] = "agent";
    r.defaulted(a, t.targetPointer, { field: "name", by: "Agent Spec", filled: "set to", set: "agent" }, t.targetFile);
  } else out["name"] = name;
  if (a.name === undefined && a.key !== undefined) r.at(a, "transformed-value", "/key", { shown: a.key, became: "becomes the agent's name (Agent Spec has no bundle keys)" }, t);
});

/**
 * description, and the routing description a manager reads (Agent Spec has one description). For an
 * agent another agent of the document calls, the description is what the caller reads to choose it:
 * the routing text, where there is one, is written there (as Caplo's links read it), and a differing
 * plain description rides in the stash (user trial 16 verification, N2: a mas spec.description edited
 * reached the manager only on the Caplo route). An agent no one calls keeps its description.
 */
const description = fieldHandler("description", {
  "/description": ["exact", { stashed: "stashed-value", when: "an agent another may call, with a different routing text: that text is the description" }],
  "/routingDescription": [stashed, { transformed: "stashed-value", when: "there is no description, or another agent may call this one: it becomes it" }],
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, t: Target, uncalled: boolean, routedBy: string | undefined): void => {
  const routing = a.routingDescription;
  // No text of its own: the caller's routing text describes it, which the manager reads to choose it (its
  // link reports it there: reportLinkDetails, emit.ts); the way back's stash removes it again.
  if (a.description === undefined && routing === undefined && routedBy !== undefined) {
    out["description"] = routedBy;
    return;
  }
  if (a.description !== undefined && (routing === undefined || routing === "" || uncalled || routing === a.description)) out["description"] = a.description;
  else if (routing !== undefined) {
    out["description"] = routing;
    if (a.description === undefined) {
      r.at(a, "transformed-value", "/routingDescription", { became: "becomes the description (the text a manager reads to choose this agent)" }, t);
      return;
    }
    r.at(a, "transformed-value", "/routingDescription", { became: "becomes the description (the text the calling agent reads to choose this one)" }, { ...t, effect: "representation" });
    r.at(a, "dropped-field", "/description", { target: LABEL, why: "which has only one description, and the calling agent reads the routing text there" }, { ...t, effect: "representation" });
    return;
  }
  // The text a manager reads to choose the agent: where no agent of the document calls this one, no agent reads less.
  if (routing !== undefined && routing !== a.description) r.at(a, "dropped-field", "/routingDescription", { target: LABEL, why: uncalled ? "which has only one description, and no agent of this document calls this one (the routing text is what a delegating agent reads)" : "which has only one description" }, uncalled ? { ...t, effect: "representation" } : t);
});

/** Parameters as the component's inputs (the prompt names each {{title}}). */
const inputs = fieldHandler("inputs", {
  "/parameters/**": ["exact", { transformed: "stashed-value", when: "a form type written as a JSON-schema type; members an input cannot hold (label, options…) ride in the stash" }],
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, t: Target): void => {
  if (!a.parameters) return;
  const props = a.parameters.map((p, i) => {
    const e = parameterToProperty(p);
    if (e.lost.length) r.at(a, "dropped-field", `/parameters/${i}`, { shown: p.name, parts: e.lost, target: "an Agent Spec input" }, t);
    if (e.retyped) r.at(a, "transformed-value", `/parameters/${i}/type`, { shown: p.name, became: `of type "${e.retyped}" is written as the JSON-schema type "string"${e.unlike === undefined ? "" : `: ${e.unlike}`}` }, { ...t, ...(e.unlike === undefined ? {} : { effect: "behaviour" as const }) });
    return e.value;
  });
  out["inputs"] = props;
});

/** Where the agent's llm_config comes from: its kept members, the primary row's index and place, the component's place. */
interface LlmPlace {
  ext: JsonObject;
  index: number;
  llmAt: string | undefined;
  self: string | undefined;
}

/** The primary model row as the one llm_config; the other rows ride in the stash. */
const llmConfig = fieldHandler("llm_config", {
  "/models/0/id": "exact",
  "/models/0/provider": providerDecl,
  "/models/0/providerSource": stashed,
  "/models/0/raw": { transformed: "stashed-value", when: "the bare id is written as model_id" },
  "/models/0/temperature": "exact",
  "/models/0/maxTokens": ["exact", { transformed: "stashed-value", when: "not an integer: rounded (clamped-value without the stash)" }],
  "/models/0/role": stashed,
  "/models/[]/id": ["exact", notPrimary],
  "/models/[]/provider": [...providerDecl, notPrimary],
  "/models/[]/providerSource": stashed,
  "/models/[]/raw": [{ transformed: "stashed-value", when: "the bare id is written as model_id" }, notPrimary],
  "/models/[]/role": stashed,
  "/models/[]/temperature": ["exact", notPrimary],
  "/models/[]/maxTokens": ["exact", { transformed: "stashed-value", when: "not an integer: rounded" }, notPrimary],
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, place: LlmPlace, t: Target, defaults?: Readonly<Record<string, EffectiveDefault>>): void => {
  const { ext, index, llmAt, self } = place;
  const models = a.models ?? [];
  const row = index === -1 ? undefined : models[index];
  models.forEach((m, i) => {
    if (i !== index) r.at(a, "dropped-field", `/models/${i}`, { aside: `model "${m.id}"${m.role ? `, role ${m.role}` : ""}`, target: LABEL, why: "which gives an agent one llm_config" }, t);
  });
  if (row) {
    let written = row;
    // The source's own sampling defaults, where Agent Spec would leave them to the runtime (the hub reports it).
    for (const [ir, key] of SAMPLING) {
      const d = defaults?.[ir]?.value;
      if (written[key] === undefined && typeof d === "number") written = { ...written, [key]: d };
    }
    // max_tokens is an integer in Agent Spec.
    if (row.maxTokens !== undefined && !Number.isInteger(row.maxTokens)) {
      written = { ...row, maxTokens: Math.max(1, Math.round(row.maxTokens)) };
      r.at(a, "clamped-value", `/models/${index}/maxTokens`, { was: row.maxTokens ?? 0, reason: "is not an integer (max_tokens)", now: Number(written.maxTokens) }, t);
    }
    const e = emitLlm(written, llmAt === undefined ? undefined : ext, llmAt);
    if (e.derivedName !== undefined) r.defaulted(a, join(t.targetPointer, "name"), { field: "llm_config.name", by: "Agent Spec", filled: "set to the model id", set: e.derivedName }, t.targetFile);
    if (row.providerSource === "inferred" && row.provider !== undefined && LLM_PROVIDER[String(e.value["component_type"])] === row.provider) {
      r.at(a, "transformed-value", `/models/${index}/provider`, { clause: `the provider ${row.provider}, inferred from the model id, is stated by the config type ${String(e.value["component_type"])}` }, t);
    }
    if (row.role !== undefined && row.role !== "main") r.at(a, "dropped-field", `/models/${index}/role`, { shown: row.role, target: LABEL }, t);
    out["llm_config"] = e.value;
    return;
  }
  const keptValue = self === undefined ? undefined : keptLlm(ext, join(self, "llm_config"));
  if (keptValue !== undefined) {
    out["llm_config"] = keptValue;
    // A reference nothing read resolves (origin.unresolved), written back as it is: said here, where it is kept.
    const u = a.origin.unresolved?.["/models"];
    if (u !== undefined && isObject(keptValue) && keptValue[REF] === u.ref) {
      const k = keptRef(u.ref, u.near);
      r.atSource(a, "ref-kept", u.at, k.payload, { targetPointer: t.targetPointer, targetFile: t.targetFile, ...(k.effect ? { effect: k.effect } : {}), ...(k.hint ? { hint: k.hint } : {}) });
    }
    return;
  }
  // Rows of other roles only (the main one pins no model): the agent's model is unknown, as with no row at all;
  // the source's sampling defaults the hub planned for a model row are written into the placeholder, as it says.
  const placeholder: IrModel = { id: PLACEHOLDER_MODEL };
  for (const [ir, key] of SAMPLING) {
    const d = defaults?.[ir]?.value;
    if (typeof d === "number") placeholder[key] = d;
  }
  out["llm_config"] = emitLlm(placeholder, undefined, undefined).value;
  const because = models.length ? "the source names no main model (its model rows are of other roles)" : "the source names no model";
  r.atSource(a, "defaulted-placeholder", "", { because: `llm_config is required by Agent Spec and ${because}`, wrote: `the placeholder model_id "${PLACEHOLDER_MODEL}"`, check: "replace it" }, { targetPointer: t.targetPointer, targetFile: t.targetFile });
});

/** The sampling defaults the hub may plan for the main model (EffectiveDefault keys), as IR row members. */
const SAMPLING = [["/models/0/temperature", "temperature"], ["/models/0/maxTokens", "maxTokens"]] as const;

/** Prompt parts the IR keys as platform texts (Caplo policy texts; mas chunks of those names). */
const PLATFORM_KEYS = new Set(["guidance", "chat_style", "voice_style"]);

/** The instructions as one system_prompt, its parameter placeholders spelled {{name}}. */
const systemPrompt = fieldHandler("system_prompt", {
  "/instructions/chunks/0/text": ["exact", { transformed: "stashed-value", when: "another format's parameter placeholders are respelled {{name}}" }],
  "/instructions/chunks/[]/key": { transformed: "stashed-value", when: "named parts are joined as \"[key] text\"" },
  "/instructions/chunks/[]/text": { transformed: "stashed-value", when: "named parts are joined as \"[key] text\"" },
  "/instructions/chunks/[]/raw": { transformed: "stashed-value", when: "the text is written" },
  "/instructions/chunks/[]/ref": [{ transformed: "stashed-value", when: "its text was read: written inline" }, { stashed: "stashed-value", when: "the file was not read" }],
  "/placeholders/**": { transformed: "transformed-value", when: "another format's spelling: the prompt is respelled {{name}}" },
}, (r: HandlerReporter, a: IrAgent, t: Target): string => {
  const chunks = a.instructions?.chunks ?? [];
  const plain = chunks.length === 1 && chunks[0]?.key === undefined;
  if (!a.instructions) r.defaulted(a, t.targetPointer, { field: "system_prompt", by: "Agent Spec", filled: "set to", set: "" }, t.targetFile);
  else if (chunks.length === 0) r.at(a, "transformed-value", "/instructions", { became: 'has no parts; system_prompt is ""' }, t);
  else if (!plain) r.at(a, "transformed-value", "/instructions", { became: 'is joined into one system_prompt: "[key] text" per part, parts separated by a blank line, empty parts left out' }, t);
  chunks.forEach((c, i) => {
    // An empty platform text (Caplo's policy.guidance, chatStyle, voiceStyle: "" turns that block off) is no part of one string.
    if (i > 0 && c.ref === undefined && PLATFORM_KEYS.has(c.key ?? "") && (c.text ?? "").trim() === "") {
      r.at(a, "dropped-field", `/instructions/chunks/${i}`, { aside: `empty: it turns the platform's ${c.key ?? "block"} off`, target: LABEL, why: "whose system_prompt cannot say it" }, t);
    }
    if (c.ref === undefined) return;
    if (c.text === undefined) r.at(a, "dropped-field", `/instructions/chunks/${i}`, { carried: `refers to the file "${c.ref}", which was not read`, rest: "its text", target: LABEL }, t);
    else r.at(a, "transformed-value", `/instructions/chunks/${i}`, { clause: `the text of the file "${c.ref}" is written inline` }, t);
  });
  const text = renderInstructions(a.instructions) ?? "";
  const respelled = respellPlaceholders(a, text);
  if (respelled === undefined) return text;
  const where = plain ? "/instructions/chunks/0/text" : "/instructions";
  r.at(a, "transformed-value", where, { clause: "each parameter placeholder is written as {{name}}, the way Agent Spec binds a prompt to its inputs" }, t);
  return respelled;
});

/** Tools of every kind as Agent Spec tools (tools.ts); kinds Agent Spec lacks are written as a ServerTool. */
const tools = fieldHandler("tools", {
  "/tools/[named]/**": "exact",
  "/tools/[builtin]/**": ["exact", { transformed: "stashed-value", when: "not read from Agent Spec: written as a ServerTool" }],
  "/tools/[webhook]/**": ["exact", { stashed: "stashed-value", when: "requiresUserAuth" }],
  "/tools/[mcp]/**": ["exact", { stashed: "stashed-value", when: "toolName, scopes, provider, requiresUserAuth" }],
  "/tools/[http]/**": { transformed: "stashed-value", when: "written as a ServerTool; the provider call rides in the stash" },
  "/tools/[manifest-ref]/**": { transformed: "stashed-value", when: "written as a ServerTool" },
  "/tools/[module]/**": { transformed: "stashed-value", when: "written as a ServerTool" },
  "/tools/[system]/**": { transformed: "stashed-value", when: "written as a ServerTool" },
  "/tools/[]/extra": ["exact", { stashed: "stashed-value", when: "set by another format" }],
  "/tools/[]/**": "exact",
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, ext: JsonObject, pm: Readonly<Record<string, string>>, home: boolean, file: string, at: string): void => {
  if (!a.tools) {
    const self = pm[""];
    const keptTools = self === undefined ? undefined : kept(ext, join(self, "tools"));
    if (keptTools !== undefined) out["tools"] = cloneJson(keptTools);
    // Tools that are references nothing read resolves (origin.unresolved), written back as they are: said here, each at its reference.
    const u = a.origin.unresolved?.["/tools"];
    if (u !== undefined && Array.isArray(keptTools)) {
      keptTools.forEach((t, j) => {
        if (!isObject(t) || typeof t[REF] !== "string") return;
        const k = keptRef(t[REF], t[REF] === u.ref ? u.near : undefined);
        r.atSource(a, "ref-kept", join(u.at, j), k.payload, { targetPointer: join(at, "tools", j), targetFile: file, ...(k.effect ? { effect: k.effect } : {}), ...(k.hint ? { hint: k.hint } : {}) });
      });
    }
    return;
  }
  out["tools"] = a.tools.map((tool, i) => {
    const toolAt = pm[`/tools/${i}`];
    const e = emitTool(tool, toolAt === undefined ? undefined : ext, toolAt, home && toolAt !== undefined);
    const target = { targetPointer: join(at, "tools", i), targetFile: file };
    if (e.lost.length) r.at(a, "dropped-field", `/tools/${i}`, { carried: `is written as a ${String(e.value["component_type"])}`, parts: e.lost, target: LABEL }, target);
    if (e.filled.length) r.defaulted(a, target.targetPointer, { field: `tools[${i}]: ${e.filled.join(", ")}`, by: "Agent Spec", filled: "filled in" }, file);
    return e.value;
  });
});

/** Canonical IR fields an Agent component has no place for: reported, and (with the stash) kept in its metadata's x-agentport. */
const UNSUPPORTED = {
  "/version": stashed,
  "/tags/**": stashed,
  "/greeting": stashed,
  "/reasoning/**": stashed,
  "/knowledge/**": stashed,
  "/routing/**": stashed,
  "/skills/**": stashed,
  "/limits/**": stashed,
  "/triggers/**": stashed,
  "/inputs": stashed,
  "/outputs": stashed,
  "/evals/**": stashed,
  "/provenance/**": stashed,
} as const;

/** What the component cannot hold: the fields above, and other formats' extension values. */
const unsupported = unsupportedHandler(UNSUPPORTED, LABEL, { foreign: true });

/** The Agent component's field handlers, in the order they write (the team's, emit.ts, come before them). */
export const AGENT_HANDLERS: readonly DeclaringHandler[] = [identity, description, inputs, llmConfig, systemPrompt, tools, unsupported];

