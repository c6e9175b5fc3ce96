// IR → one AgentMug v1 file per agent. Values kept in extensions.agentmug are put
// back at their pointers, canonical fields are written over them, and every
// object is ordered as the schema lists its members (unknown members last).
import type { EffectiveDefault, EmitContext, EmitOptions, EmittedDocument } from "../types.js";
import type { IrAgent, IrDocument } from "../../ir/model.js";
import { Reporter } from "../../ir/reporter.js";
import { fieldHandler, unsupportedHandler as unsupportedFieldsHandler, run, stepOf, type DeclaringHandler, type EmitScope, type HandlerReporter } from "../../ir/field-handlers.js";
import { renderInstructions, routingRead, sourceOf } from "../../ir/agent.js";
import { cloneJson, isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { parsePointer } from "../../ir/pointer.js";
import { slugKey } from "../../ir/slug.js";
import { isHome } from "../../ir/home.js";
import { documentPlace } from "../../ir/stash-slot.js";
import type { EmitDraft } from "../../ir/emit-phases.js";
import type { WrittenChoice } from "../../ir/stash-choice.js";
import { jsonText } from "../serialize.js";
import {
  BLUEPRINT_ORDER, DEFAULT_EXPORTED_AT, DEFAULT_VERSION, EVALUATION_ORDER, FORMAT, LABEL, LEGACY_SCHEMA_URL, METADATA_ORDER, ROOT_ORDER, SCHEMA_URL, SKILL_ORDER, SUFFIX,
} from "./spec.js";
import { modelsHandler } from "./emit-models.js";
import { emitTool } from "./tools.js";
import { parametersHandler, respellPlaceholders, type EmittedParameters } from "./parameters.js";
import { emitChecks, emitSources } from "./emit-collections.js";


const PRIVATE = ["brain", "memory"] as const;
/** Prompt parts that are platform texts after the instructions (the IR's convention for Caplo's guidance and styles). */
const PLATFORM_KEYS = new Set(["guidance", "chat_style", "voice_style"]);
/** Extension pointers the list assemblers and the privacy gate handle instead of the generic placement. */
const ASSEMBLED = /^\/sources(?:\/(?:0|[1-9][0-9]*))?$|^\/(?:brain|memory)$/;

/**
 * Phase 1 (src/ir/emit-phases.ts): one file per agent, each with its own Reporter; the hub stashes
 * what a file cannot hold into its last member, x-agentport (slot.ts), then assemble serialises them.
 */
export function emitAgentmug(doc: IrDocument, options: EmitOptions, context: EmitContext = {}): EmitDraft {
  const legacy = !doc.bundle && doc.extensions[FORMAT]?.["/$schema"] === LEGACY_SCHEMA_URL;
  const written = doc.agents.map((a, i) => {
    const r = new Reporter(FORMAT);
    return { r, ...emitAgent(a, doc, options, { r, check: context.checkDeclarations === true }, legacy, context.effectiveDefaults?.[i]) };
  });
  return {
    agents: written.map((w, i) => ({ agent: doc.agents[i] as IrAgent, r: w.r, holder: w.document, reading: i, at: 0, file: w.name, ...(w.choice ? { choices: [w.choice] } : {}) })),
    readings: () => written.map((w) => ({ data: w.document })),
    assemble: (documentReport) => ({
      outputs: written.map((w, i): EmittedDocument => ({ name: w.name, format: FORMAT, document: w.document, text: jsonText(w.document), agents: [i] })),
      // Each file's diagnostics, its stash's among them; then other formats' document-level values (Caplo's apiVersion spelling), which only the stash holds.
      diagnostics: [...written.flatMap((w) => w.r.diagnostics), ...documentReport],
    }),
  };
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s === "" ? undefined : s;
}

/** One agent's file, every field written and every loss reported, before its stash. */
function emitAgent(a: IrAgent, doc: IrDocument, options: EmitOptions, scope: EmitScope, legacySchema: boolean, defaults?: Readonly<Record<string, EffectiveDefault>>): { name: string; document: JsonObject; choice?: WrittenChoice } {
  const { r } = scope;
  const ext = a.extensions[FORMAT] ?? {};
  const fromHere = isHome(a, FORMAT);
  const id = nonEmpty(a.id) ?? nonEmpty(a.key) ?? slugKey(a.name ?? "agent");
  const file = `${slugKey(id)}${SUFFIX}`;
  const out: JsonObject = {};
  placeExtensions(out, ext);

  out["$schema"] = SCHEMA_URL;
  if (legacySchema) {
    // Where the file read holds the alias: its own $schema, or the stash that brought it back (documentPlace).
    const at = documentPlace(doc, FORMAT, "/$schema").pointer;
    const rel = at !== "/$schema" && at.startsWith(a.origin.pointer) ? at.slice(a.origin.pointer.length) : "/$schema";
    r.atSource(a, "transformed-value", rel, { value: "$schema", shown: LEGACY_SCHEMA_URL, aside: "the legacy alias", became: `is written as "${SCHEMA_URL}", the URL producers must emit` }, { targetPointer: "/$schema", targetFile: file });
  }
  Object.assign(out, run(identityHandler, scope, a, id, options, file, routingRead(doc, a)));

  const bp: JsonObject = isObject(out["blueprint"]) ? out["blueprint"] : {};
  const models = run(modelsHandler, scope, a, file, bp["modelPolicy"] !== undefined, defaults);
  bp["primaryModel"] = models.primaryModel;
  if (models.modelPolicy) bp["modelPolicy"] = models.modelPolicy;
  if (models.maxTokens !== undefined) bp["maxTokens"] = models.maxTokens;
  const params = run(parametersHandler, scope, a, fromHere, file);
  bp["systemPrompt"] = run(promptHandler, scope, a, params, file);
  run(reasoningHandler, scope, a, bp, file);
  if (a.tools || bp["tools"] === undefined) bp["tools"] = run(toolsHandler, scope, a, fromHere, file);
  const skills = run(skillsHandler, scope, a, fromHere, file);
  if (skills) bp["skills"] = skills;
  out["blueprint"] = orderKeys(bp, BLUEPRINT_ORDER);

  run(ioHandler, scope, a, out, file);
  if (params) out["parameters"] = params.value;
  if (a.triggers) out["triggers"] = a.triggers.map((p) => cloneJson(p));

  run(sourcesHandler, scope, a, out, ext, file);
  run(evaluationHandler, scope, a, out, file);

  run(tagsHandler, scope, a, out);
  if (isObject(out["metadata"])) out["metadata"] = orderKeys(out["metadata"], METADATA_ORDER);

  for (const key of PRIVATE) {
    const v = ext[`/${key}`];
    if (v === undefined) continue;
    if (options.includePrivate) out[key] = cloneJson(v);
    else {
      r.atSource(a, "private-omitted", `/${key}`, { value: key, ...(Array.isArray(v) ? { entries: v.length } : {}), what: "private AgentMug data" }, { targetFile: file, hint: "pass --include-private for an owner's personal export" });
    }
  }

  // What the file cannot hold, reported after the fields it holds.
  run(unsupportedHandler, scope, a, file);
  run(emptyLinks, scope, a, file);
  run(emptyEvals, scope, a, file);
  run(linksHandler, scope, a, file);
  r.dropForeignExtensions(a, LABEL, file);
  return { name: file, document: orderKeys(out, ROOT_ORDER), ...(models.choice ? { choice: models.choice } : {}) };
}

// With the stash on (the default) what AgentMug cannot hold rides in x-agentport and comes back:
// those losses and changes are declared as stashed-value.
const stashed = { stashed: "stashed-value" } as const;

/** The tools as blueprint.tools: builtin names, MCP servers, webhooks and nango calls. */
const toolsHandler = fieldHandler("tools", {
  "/tools/[named]/name": ["exact", { stashed: "stashed-value", when: "read back it would be a builtin tool: the stash notes the kind" }],
  "/tools/[builtin]/**": "exact",
  "/tools/[mcp]/**": "exact",
  "/tools/[webhook]/**": "exact",
  "/tools/[http]/**": "exact",
  "/tools/[manifest-ref]/name": { transformed: "stashed-value", when: "a builtin tool (with the Tool manifest's description, what the model reads to pick it); the reference rides in the stash" },
  "/tools/[module]/name": { transformed: "stashed-value", when: "a bare name; the module path rides in the stash" },
  "/tools/[system]/name": { transformed: "stashed-value", when: "a bare name; the system kind rides in the stash" },
  "/tools/[manifest-ref]/description": "exact",
  "/tools/[module]/description": "exact",
  "/tools/[system]/description": "exact",
  "/tools/[manifest-ref]/**": stashed,
  "/tools/[module]/**": stashed,
  "/tools/[system]/**": stashed,
  "/tools/[]/name": ["exact", { stashed: "stashed-value", when: "empty (AgentMug needs a character): the tool rides in the stash" }],
  "/tools/[]/kind": ["exact", { stashed: "stashed-value", when: "manifest-ref, module or system" }],
  "/tools/[]/extra": ["exact", { stashed: "stashed-value", when: "set by another format" }],
  "/tools/[]/**": ["exact", { stashed: "stashed-value", when: "a manifest-ref, module or system tool" }],
}, (r: HandlerReporter, a: IrAgent, fromHere: boolean, file: string): JsonValue[] => {
  const tools: JsonValue[] = [];
  (a.tools ?? []).forEach((tool, i) => {
    if (tool.name === "") {
      // Every AgentMug tool name needs a character.
      r.at(a, "dropped-field", `/tools/${i}`, { aside: "a tool with an empty name", target: LABEL, why: "whose tools need a name" }, { targetPointer: "/blueprint/tools", targetFile: file });
      // The tools after it change place, which the item's own pointer does not cover.
      if (i < (a.tools ?? []).length - 1) r.at(a, "transformed-value", "/tools", { clause: `the tools after the dropped tool ${i + 1} move up one place` }, { targetPointer: "/blueprint/tools", targetFile: file });
      return;
    }
    const e = emitTool(tool, fromHere);
    if (e.lost.length) r.at(a, "dropped-field", `/tools/${i}`, { carried: `is written as the builtin tool name "${tool.name}"`, parts: e.lost, target: LABEL }, { targetPointer: `/blueprint/tools/${tools.length}`, targetFile: file });
    tools.push(e.value);
  });
  return tools;
});

/** The thinking budget; AgentMug has no reasoning effort. */
const reasoningHandler = fieldHandler("reasoning", {
  "/reasoning/effort": stashed,
  "/reasoning/budgetTokens": "exact",
}, (r: HandlerReporter, a: IrAgent, bp: JsonObject, file: string): void => {
  if (a.reasoning?.budgetTokens !== undefined) bp["extendedThinkingBudget"] = a.reasoning.budgetTokens;
  if (a.reasoning?.effort !== undefined) r.at(a, "dropped-field", "/reasoning/effort", { target: LABEL, why: "which has only a thinking budget" }, { targetFile: file });
});

/** inputs (required: filled when the agent states none) and outputs; triggers as they are. */
const ioHandler = fieldHandler("inputs and outputs", {
  "/inputs": "exact",
  "/outputs": "exact",
  "/triggers/**": "exact",
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, file: string): void => {
  if (a.inputs) out["inputs"] = cloneJson(a.inputs);
  else if (out["inputs"] === undefined) {
    out["inputs"] = { accepts: ["text"] };
    r.defaulted(a, "/inputs", { field: "inputs", by: "AgentMug", filled: "set to", set: { accepts: ["text"] } }, file);
  }
  if (a.outputs) out["outputs"] = cloneJson(a.outputs);
});

/** Knowledge as sources (role knowledge, kind workspace), beside the sources kept as they were. */
const sourcesHandler = fieldHandler("sources", {
  "/knowledge/**": [{ transformed: "stashed-value", when: "each becomes a source requirement (role knowledge, kind workspace; the id slugged)" }, { stashed: "stashed-value", when: "beyond 30 sources, or an empty list (no sources)" }],
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, ext: JsonObject, file: string): void => {
  const wholeSources = ext["/sources"];
  if (wholeSources === undefined || Array.isArray(wholeSources)) {
    const sources = emitSources(a, wholeSources ?? (a.knowledge ? [] : undefined), r, file);
    // An empty sources list reads back as no knowledge at all: the empty list itself does not return.
    if (a.knowledge?.length === 0 && wholeSources === undefined) r.at(a, "transformed-value", "/knowledge", { became: "is an empty list; written as sources: [], which reads back as no knowledge list" }, { targetPointer: "/sources", targetFile: file });
    if (sources) out["sources"] = sources;
  } else out["sources"] = cloneJson(wholeSources);
});

/** metadata.tags. */
const tagsHandler = fieldHandler("tags", { "/tags/**": "exact" }, (_r: HandlerReporter, a: IrAgent, out: JsonObject): void => {
  if (a.tags) {
    const md: JsonObject = isObject(out["metadata"]) ? out["metadata"] : {};
    md["tags"] = [...a.tags];
    out["metadata"] = md;
  }
});

/** Puts each kept value back at its pointer, creating the objects on the way. */
function placeExtensions(out: JsonObject, ext: JsonObject): void {
  for (const pointer of Object.keys(ext)) {
    if (ASSEMBLED.test(pointer)) continue;
    const tokens = parsePointer(pointer);
    const last = tokens.pop();
    if (last === undefined) continue;
    let cur: JsonObject | undefined = out;
    for (const t of tokens) {
      const next: JsonValue | undefined = cur[t];
      if (next === undefined) setKey(cur, t, {});
      const obj: JsonValue | undefined = cur[t];
      cur = isObject(obj) ? obj : undefined;
      if (!cur) break;
    }
    if (cur) setKey(cur, last, cloneJson(ext[pointer] as JsonValue));
  }
}

/** The required identity members, each derived (and reported) when the IR lacks it. */
const identityHandler = fieldHandler("identity", {
  "/key": [{ transformed: "stashed-value", when: "no id: the key becomes the id (the stash records the rename)" }, { stashed: "stashed-value", when: "next to an id" }],
  "/id": "exact",
  "/name": "exact",
  "/description": ["exact", { stashed: "stashed-value", when: "empty (AgentMug requires one): the routing text or the name is written" }],
  "/routingDescription": [stashed, { transformed: "stashed-value", when: "there is no description: it becomes it (the stash records the move)" }],
  "/version": "exact",
  "/provenance/exportedAt": ["exact", { transformed: "transformed-value", when: "the exportedAt option replaces it" }],
}, (r: HandlerReporter, a: IrAgent, id: string, options: EmitOptions, file: string, called: boolean): JsonObject => {
  if (nonEmpty(a.id) === undefined) {
    // A bundle key carried as the id is a renamed value, reported where it was; an id made from the name is added.
    if (nonEmpty(a.key) !== undefined) r.at(a, "transformed-value", "/key", { shown: id, became: "becomes the id (AgentMug has no bundle keys)" }, { targetPointer: "/id", targetFile: file });
    else r.defaulted(a, "/id", { field: "id", by: "AgentMug", filled: "derived from the name as", set: id }, file);
  }
  const name = nonEmpty(a.name) ?? id;
  if (nonEmpty(a.name) === undefined) r.defaulted(a, "/name", { field: "name", by: "AgentMug", filled: "set to the id", set: id }, file);

  let description = nonEmpty(a.description);
  const routing = nonEmpty(a.routingDescription);
  if (description === undefined && routing !== undefined) {
    description = routing;
    r.at(a, "transformed-value", "/routingDescription", { became: "becomes the description (AgentMug has no separate routing description)" }, { targetPointer: "/description", targetFile: file });
  } else if (routing !== undefined && routing !== description) {
    // The text a delegating agent reads: where nothing may read it (a team that never calls this agent), no agent reads less.
    const uncalled = !called;
    r.at(a, "dropped-field", "/routingDescription", { target: LABEL, why: uncalled ? "which has only one description, and no agent of this document calls this one (the routing text is what a delegating agent reads)" : "which has only one description" }, uncalled ? { targetFile: file, effect: "representation" } : { targetFile: file });
  }
  // An empty source description is a value that changes, not one that is added.
  if (a.description === "") r.at(a, "transformed-value", "/description", { became: `is empty, which AgentMug does not allow; replaced by the ${description === undefined ? `name "${name}"` : "routing description"}` }, { targetPointer: "/description", targetFile: file });
  if (description === undefined) {
    description = name;
    if (a.description !== "") r.defaulted(a, "/description", { field: "description", by: "AgentMug", filled: "set to the name", set: name }, file);
  }

  const version = nonEmpty(a.version) ?? DEFAULT_VERSION;
  if (nonEmpty(a.version) === undefined) r.defaulted(a, "/version", { field: "version", by: "AgentMug", filled: "set to", set: DEFAULT_VERSION }, file);

  const source = a.provenance?.exportedAt;
  const exportedAt = options.exportedAt ?? source ?? DEFAULT_EXPORTED_AT;
  if (source !== undefined && exportedAt !== source) {
    r.at(a, "transformed-value", "/provenance/exportedAt", { shown: source, became: `is replaced by the requested export time "${exportedAt}"` }, { targetPointer: "/exportedAt", targetFile: file });
  } else if (options.exportedAt === undefined && source === undefined) {
    r.atSource(a, "defaulted-required", "", { field: "exportedAt", by: "AgentMug", filled: "set to the fixed value", set: DEFAULT_EXPORTED_AT, why: "output never depends on the clock" }, {
      targetPointer: "/exportedAt", targetFile: file, hint: "pass --exported-at to stamp the real export time",
    });
  }
  return { id, name, description, version, exportedAt };
});

/** The instructions as one blueprint.systemPrompt, its parameter placeholders spelled {{params.<name>}}. */
const promptHandler = fieldHandler("systemPrompt", {
  "/instructions/chunks/0/text": ["exact", { transformed: "stashed-value", when: "another format's parameter placeholders are respelled {{params.<name>}}" }, { transformed: "stashed-value", when: "followed by the IR's platform texts (guidance, chat and voice style): joined with them as \"[guidance] …\" parts" }],
  "/instructions/chunks/[]/key": { transformed: "stashed-value", when: "named parts are joined as \"[key] text\"" },
  "/instructions/chunks/[]/text": { transformed: "stashed-value", when: "named parts are joined as \"[key] text\"" },
  "/instructions/chunks/[]/raw": { transformed: "stashed-value", when: "the stripped text is written" },
  "/instructions/chunks/[]/ref": [{ transformed: "stashed-value", when: "its text was read: written inline" }, { stashed: "stashed-value", when: "the file was not read" }],
  "/placeholders/**": ["exact", { transformed: "transformed-value", when: "another format's spelling: the prompt is respelled {{params.<name>}}" }],
}, (r: HandlerReporter, a: IrAgent, params: EmittedParameters | undefined, file: string): string => withPlaceholders(a, systemPrompt(a, r, file), params, r, file));

/** Parameters from another format are named in the prompt with its spelling; AgentMug substitutes {{params.<name>}}. */
function withPlaceholders(a: IrAgent, text: string, params: EmittedParameters | undefined, r: HandlerReporter, file: string): string {
  const respelled = params ? respellPlaceholders(a, text, params.names) : undefined;
  if (respelled === undefined) return text;
  r.at(a, "transformed-value", "/instructions", { clause: "each parameter placeholder is written as {{params.<name>}}, the way AgentMug substitutes parameters" }, { targetPointer: "/blueprint/systemPrompt", targetFile: file });
  return respelled;
}

function systemPrompt(a: IrAgent, r: HandlerReporter, file: string): string {
  const chunks = a.instructions?.chunks ?? [];
  const t = { targetPointer: "/blueprint/systemPrompt", targetFile: file };
  const plain = chunks.length === 1 && chunks[0]?.key === undefined;
  if (a.instructions && chunks.length === 0) {
    r.at(a, "transformed-value", "/instructions", { became: 'has no parts; blueprint.systemPrompt is ""' }, t);
  } else if (chunks.length && !plain) {
    r.at(a, "transformed-value", "/instructions", { became: 'is joined into one blueprint.systemPrompt: "[key] text" per part, parts separated by a blank line, empty parts left out' }, t);
  }
  chunks.forEach((c, i) => {
    // A platform text (Caplo policy.guidance, chatStyle, voiceStyle; mas chunks of those names) says where it went, or that it is gone.
    const own = i > 0 && PLATFORM_KEYS.has(c.key ?? "");
    if (own && c.ref === undefined && (c.text ?? "").trim() === "") r.at(a, "dropped-field", `/instructions/chunks/${i}`, { aside: c.key === undefined ? "empty" : `empty: it turns the platform's ${c.key} off`, target: LABEL, why: "whose blueprint.systemPrompt cannot say it" }, t);
    else if (own && c.ref === undefined) r.at(a, "transformed-value", `/instructions/chunks/${i}`, { became: `is appended to blueprint.systemPrompt${c.key === undefined ? "" : ` as "[${c.key}] …"`}, after the instructions` }, t);
    if (c.ref === undefined) return;
    if (c.text === undefined) r.at(a, "dropped-field", `/instructions/chunks/${i}`, { carried: `refers to the file "${c.ref}", which was not read`, rest: "its text", target: LABEL }, t);
    else r.at(a, "transformed-value", `/instructions/chunks/${i}`, { clause: `the text of the file "${c.ref}" is written inline` }, t);
  });
  return renderInstructions(a.instructions) ?? "";
}

/** Skills as blueprint.skills (a trigger and a recipe each). */
const skillsHandler = fieldHandler("skills", {
  "/skills/[]/name": ["exact", { stashed: "stashed-value", when: "without trigger and recipe (none is invented)" }],
  "/skills/[]/trigger": "exact",
  "/skills/[]/recipe": "exact",
  "/skills/[]/extra": ["exact", { stashed: "stashed-value", when: "set by another format" }],
  "/skills/[]/ref": { stashed: "stashed-value", when: "the SKILL.md a mas skill was read from" },
  "/skills/[]/document": { stashed: "stashed-value", when: "the whole SKILL.md (AgentMug holds its description as the trigger and its body as the recipe)" },
}, (r: HandlerReporter, a: IrAgent, fromHere: boolean, file: string): JsonObject[] | undefined => emitSkills(a, fromHere, r, file));

function emitSkills(a: IrAgent, fromHere: boolean, r: HandlerReporter, file: string): JsonObject[] | undefined {
  if (!a.skills) return undefined;
  const out: JsonObject[] = [];
  a.skills.forEach((s, i) => {
    if (s.trigger === undefined || s.recipe === undefined) {
      r.at(a, "dropped-field", `/skills/${i}`, { aside: "no trigger and recipe", target: LABEL, why: "where every skill needs them (none is invented)" }, { targetFile: file });
      return;
    }
    const skill: JsonObject = {};
    if (s.extra && fromHere) for (const k of Object.keys(s.extra)) setKey(skill, k, cloneJson(s.extra[k] as JsonValue));
    else if (s.extra) r.at(a, "dropped-field", `/skills/${i}`, { parts: Object.keys(s.extra), target: LABEL }, { targetFile: file });
    Object.assign(skill, { name: s.name, trigger: s.trigger, recipe: s.recipe });
    out.push(orderKeys(skill, SKILL_ORDER));
  });
  return out.length || a.skills.length === 0 ? out : undefined;
}

/** Eval cases as evaluation checks (custom, post-run), beside the checks kept as they were. */
const evaluationHandler = fieldHandler("evaluation", {
  "/evals/**": [{ transformed: "transformed-value", when: "each case becomes a custom check with the whole case in config.evalCase" }, { stashed: "stashed-value", when: "beyond 50 checks, or an empty list (no checks)" }],
}, (r: HandlerReporter, a: IrAgent, out: JsonObject, file: string): void => emitEvaluation(a, out, r, file));

/** An empty list of eval cases, reported with the other losses. */
const emptyEvals = stepOf(evaluationHandler, (r: HandlerReporter, a: IrAgent, file: string): void => {
  if (a.evals?.length === 0 && !a.extensions[FORMAT]?.["/evaluation"]) {
    r.at(a, "dropped-field", "/evals", { aside: "no cases", target: LABEL, why: "whose evaluation needs at least one check" }, { targetFile: file });
  }
});

function emitEvaluation(a: IrAgent, out: JsonObject, r: HandlerReporter, file: string): void {
  const kept = out["evaluation"];
  if (kept !== undefined && !(isObject(kept) && Array.isArray(kept["checks"]))) return;
  if (kept === undefined && !a.evals?.length) return;
  const evaluation: JsonObject = kept ?? {};
  const e = emitChecks(a, (evaluation["checks"] as JsonValue[] | undefined) ?? [], r, file);
  evaluation["checks"] = e.checks;
  if (e.added && evaluation["version"] === undefined) evaluation["version"] = 1;
  if (e.added && evaluation["failurePolicy"] === undefined) {
    evaluation["failurePolicy"] = "warn";
    r.defaulted(a, "/evaluation/failurePolicy", { field: "evaluation.failurePolicy", by: "AgentMug", filled: "set to", set: "warn", why: "eval cases are tests, not a deploy gate" }, file);
  }
  out["evaluation"] = orderKeys(evaluation, EVALUATION_ORDER);
}

/** Canonical IR fields AgentMug has no place for. */
const UNSUPPORTED = {
  "/greeting": stashed,
  "/routing/**": stashed,
  "/limits/**": stashed,
} as const;

const unsupportedHandler = unsupportedFieldsHandler(UNSUPPORTED, LABEL);

/** Sub-agent links: AgentMug has none. */
const linksHandler = fieldHandler("links", { "/subAgents/**": stashed }, (r: HandlerReporter, a: IrAgent, file: string): void => {
  (a.subAgents ?? []).forEach((link, i) => {
    const target = link.local ?? link.external ?? "?";
    // A link of a bundle's delegation graph (a MAS workflow's delegates_to) has no place in the agent's own file.
    const lost = { to: target, target: LABEL, why: "which has no links between agents", consequence: `this agent can no longer hand work to "${target}"` };
    r.at(a, "dropped-link", `/subAgents/${i}`, sourceOf(a, `/subAgents/${i}`) === undefined ? { value: `the delegation to "${target}"`, aside: "a link of the bundle this agent was read from", target: LABEL, why: lost.why, consequence: lost.consequence } : lost, { targetFile: file });
  });
});

/** An empty list of links, reported before the others. */
const emptyLinks = stepOf(linksHandler, (r: HandlerReporter, a: IrAgent, file: string): void => {
  if (a.subAgents?.length === 0) r.at(a, "dropped-field", "/subAgents", { aside: "an empty list", target: LABEL }, { targetFile: file, effect: "representation" });
});

/** Every field handler of the emitter (coverage.ts builds the emit table from them). */
export const HANDLERS: readonly DeclaringHandler[] = [
  identityHandler, modelsHandler, parametersHandler, promptHandler, reasoningHandler, toolsHandler, skillsHandler, ioHandler, sourcesHandler, evaluationHandler, tagsHandler, unsupportedHandler, linksHandler,
];
