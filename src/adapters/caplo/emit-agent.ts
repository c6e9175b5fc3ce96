// One IR agent → one Caplo agent object (agentFields, plus `key` in a bundle).
// Every value that does not arrive exactly is reported where it came from; every
// required value the IR lacks is derived and reported at its target pointer.
//
// Written as field handlers (src/ir/field-handlers.ts): each declares, beside its code, how it
// treats the IR fields it writes; coverage.ts builds the emit table from them (HANDLERS). Here:
// identity, description, what Caplo cannot hold and unfilled placeholders; emit-prompt.ts (the
// instructions, skills and greeting), emit-model.ts, emit-lists.ts (tools, knowledge bases, eval
// cases), emit-links.ts (sub-agent links, routing) and emit-policy.ts (limits, reasoning). The
// checks several fields share (text limits, required texts, ranges) are emit-checks.ts's helpers,
// which raise through the calling handler's reporter.
import type { IrAgent, IrLink } from "../../ir/model.js";
import { declaredFields, fieldHandler, run, stepOf, type DeclaringHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { reportPlaceholders } from "../../ir/prompt-checks.js";
import { isObject, orderKeys, setKey, type JsonObject, type JsonValue } from "../../ir/json.js";
import { AGENT_ORDER, EMPTY_POLICY, FORMAT, LABEL, MAX, PROVIDER_SPELLING } from "./spec.js";
import { truncateAtWord } from "./text.js";
import { limitText, requiredText, tp, type AgentTarget } from "./emit-checks.js";
import { greetingHandler, instructionsHandler, skillsHandler } from "./emit-prompt.js";
import { modelHandler } from "./emit-model.js";
import { evalsHandler, knowledgeHandler, toolsHandler } from "./emit-lists.js";
import { linksHandler, routingHandler } from "./emit-links.js";
import { POLICY_HANDLERS, POLICY_TEXT, policyOf, type Check } from "./emit-policy.js";

export type { AgentTarget } from "./emit-checks.js";

export function emitAgent(a: IrAgent, t: AgentTarget): JsonObject {
  const { scope } = t;
  const out: JsonObject = {};
  const ext = a.extensions[FORMAT] ?? {};
  if (t.key !== undefined) setKey(out, "key", t.key);
  const id = run(identity, scope, a, t);
  setKey(out, "name", id.name);
  const routingUsed = run(description, scope, a, t, out);
  const instr = run(instructionsHandler, scope, a, t);
  setKey(out, "instructions", run(skillsHandler, scope, a, t, instr.text));
  setKey(out, "greeting", run(greetingHandler, scope, a, t));
  const model = run(modelHandler, scope, a, t, ext);
  setKey(out, "model", model);
  if (a.tools !== undefined) setKey(out, "tools", run(toolsHandler, scope, a, t));
  if (a.knowledge !== undefined) setKey(out, "knowledgeBases", run(knowledgeHandler, scope, a, t));
  const links = a.subAgents === undefined ? undefined : run(linksHandler, scope, a, t);
  if (links !== undefined) setKey(out, "subAgents", links);
  const routing = run(routingHandler, scope, a, t, links ?? []);
  if (routing !== undefined) setKey(out, "routing", routing);
  if (a.evals !== undefined) setKey(out, "evals", { cases: run(evalsHandler, scope, a, t) });
  const policy = policyOf(a, t, ext, typeof model["responseLimit"] === "number" ? model["responseLimit"] : undefined, instr.platform);
  if (policy !== undefined) setKey(out, "policy", policy);
  for (const [member, ok] of CAPLO_ONLY) {
    const v = ext["/" + member];
    if (v !== undefined && ok(v)) setKey(out, member, v);
  }
  leftoverExtensions(a, t, ext);
  // What Caplo cannot hold, reported after the fields it holds.
  run(unsupported, scope, a, t);
  run(unusedRouting, scope, a, t, routingUsed || instr.fromRouting);
  run(unusedIdentity, scope, a, t, id.idUsed);
  run(placeholdersHandler, scope, a, t);
  scope.r.dropForeignExtensions(a, LABEL, t.file);
  return orderKeys(out, AGENT_ORDER);
}

const BUNDLE_KEY = "(keys are unique and match ^[a-z][a-z0-9-]*$)";

/**
 * The bundle key (a key or id that had to change is a renamed value; a key from nothing is a
 * default) and the name Caplo requires. A single Agent has no key and no id: its id is its name
 * when it has no other; else both are dropped (unusedIdentity, with the other losses).
 */
const identity = fieldHandler("identity", {
  "/key": ["exact", { transformed: "transformed-value", when: "not a valid unique bundle key" }, { dropped: "dropped-field", when: "written as a single Agent" }],
  "/id": [
    { dropped: "dropped-field", when: "written as a single Agent (name and key may be derived from it)" },
    { transformed: "transformed-value", when: "in a bundle, where it becomes the key" },
    { transformed: "transformed-value", when: "a single Agent without a name: it becomes the name" },
  ],
  "/name": ["exact", { transformed: "truncated-value", when: "over 80 characters" }, { transformed: "transformed-value", when: "empty (Caplo requires one): the id is used" }],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): { name: string; idUsed: boolean } => {
  const key = t.key;
  if (key !== undefined) {
    const target = tp(t, "/key");
    if (a.key !== undefined && a.key !== key && a.sourceMap["/key"] !== undefined) {
      r.at(a, "transformed-value", "/key", { shown: a.key, became: `became the bundle key "${key}" ${BUNDLE_KEY}` }, target);
    }
    if (a.id !== undefined && a.id !== key) r.at(a, "transformed-value", "/id", { shown: a.id, became: `became the bundle key "${key}" ${BUNDLE_KEY}` }, target);
    // A key set without a source (e.g. by --bundle merging) was derived, not carried.
    if ((a.key === undefined || a.sourceMap["/key"] === undefined) && a.id === undefined) {
      r.defaulted(a, `${t.at}/key`, { field: "key", by: "a Caplo bundle", filled: "derived from the agent's name as", set: key }, t.file);
    }
  }
  if (a.name !== undefined && a.name !== "") return { name: limitText(r, a, t, "/name", "/name", a.name, MAX.name), idUsed: false };
  // A single agent's id is its only name (a mas metadata.name): it is used, not dropped.
  if (a.name === undefined && key === undefined && a.id !== undefined && a.id !== "") {
    r.at(a, "transformed-value", "/id", { shown: a.id, became: "became the name (Caplo has no separate id, and requires a name)" }, tp(t, "/name"));
    return { name: truncateAtWord(a.id, MAX.name), idUsed: true };
  }
  const base = a.id ?? a.key ?? key ?? "Agent";
  return { name: truncateAtWord(requiredText(r, a, t, "/name", "/name", a.name, () => ({ value: base, why: `"${base}" (the agent's id)` })), MAX.name), idUsed: false };
});

/** A single Agent's key and id (unless the id became the name), with the other losses. */
const unusedIdentity = stepOf(identity, (r: HandlerReporter, a: IrAgent, t: AgentTarget, idUsed: boolean): void => {
  if (t.key === undefined) r.dropUnsupported(a, [...(idUsed ? [] : ["/id"]), "/key"], LABEL, t.file);
});

/**
 * The description, and the routing description (mas spec.description): Caplo has none, so it is
 * the description when there is no other (else the instructions when there are none: the
 * instructions handler), and otherwise dropped (unusedRouting, with the other losses).
 */
const description = fieldHandler("description", {
  "/description": ["exact", { transformed: "truncated-value", when: "over 240 characters" }],
  "/routingDescription": [
    { dropped: "dropped-field" },
    { transformed: "transformed-value", when: "there is no description: it becomes it" },
    { transformed: "transformed-value", when: "every sub-agent link that calls the agent says it: carried there" },
    { transformed: "truncated-value", when: "it becomes the description and is over 240 characters" },
  ],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget, out: JsonObject): boolean => {
  if (a.description !== undefined) {
    setKey(out, "description", limitText(r, a, t, "/description", "/description", a.description, MAX.description));
    return false;
  }
  if (a.routingDescription === undefined || a.routingDescription.trim() === "") return false;
  // The routing text is the nearest thing to a description Caplo has, as for AgentMug.
  r.at(a, "transformed-value", "/routingDescription", { became: "becomes the description (Caplo has no routing description; its sub-agent links say when to call an agent)" }, tp(t, "/description"));
  setKey(out, "description", limitText(r, a, t, "/routingDescription", "/description", a.routingDescription, MAX.description));
  return true;
});

/** The routing description, when neither the description nor the instructions took it. */
const unusedRouting = stepOf(description, (r: HandlerReporter, a: IrAgent, t: AgentTarget, used: boolean): void => {
  if (used || a.routingDescription === undefined) return;
  // The routing text is what a delegating agent reads (MAPPING.md §6): where every link that calls this
  // agent says it (a link with no useWhen is written with it), or none calls it, no agent reads less.
  const callers = t.calledWith ?? [];
  const text = a.routingDescription;
  if (!t.alone && callers.every((u) => u === undefined || linkSays(u, text))) {
    // Said by every link that calls it, the text is carried there (a reshape; the ledger's `transformed`), not dropped.
    if (callers.length) r.at(a, "transformed-value", "/routingDescription", { became: `is carried by the sub-agent links that call this agent: each says it as when to call it (${LABEL} has no routing description of an agent's own)` }, { targetFile: t.file, effect: "representation" });
    else r.at(a, "dropped-field", "/routingDescription", { target: LABEL, why: "where the sub-agent links that call an agent say when to call it, and no agent of this document calls this one" }, { targetFile: t.file, effect: "representation" });
  } else r.dropUnsupported(a, ["/routingDescription"], LABEL, t.file);
});

/**
 * True when a link says the routing text `text`: it is the link's useWhen, or its useWhen followed by
 * its doNotUseWhen, joined by a few words (a mas delegate's spec.description read as both, "… Not for: …").
 */
function linkSays(link: Pick<IrLink, "useWhen" | "doNotUseWhen">, text: string): boolean {
  if (link.useWhen === text) return true;
  if (link.useWhen === undefined || link.doNotUseWhen === undefined) return false;
  const head = link.useWhen.trim();
  const tail = link.doNotUseWhen.trim();
  const all = text.trim();
  return head !== "" && tail !== "" && all.startsWith(head) && all.endsWith(tail) && all.length - head.length - tail.length <= 24;
}

/** Canonical IR fields a Caplo agent has no place for. */
const UNSUPPORTED = {
  "/version": { dropped: "dropped-field" },
  "/tags/**": { dropped: "dropped-field" },
  "/triggers/**": { dropped: "dropped-field" },
  "/inputs": { dropped: "dropped-field" },
  "/outputs": { dropped: "dropped-field" },
  "/parameters/**": { dropped: "dropped-field" },
  "/provenance/**": { dropped: "dropped-field" },
} as const;

const unsupported = fieldHandler("unsupported", UNSUPPORTED, (r: HandlerReporter, a: IrAgent, t: AgentTarget): void => {
  r.dropUnsupported(a, declaredFields(UNSUPPORTED), LABEL, t.file);
});

/** A {{params.x}} placeholder no Caplo runtime fills (Caplo has no parameters). */
const placeholdersHandler = fieldHandler("placeholders", {
  "/placeholders/**": [
    { dropped: "dropped-field", when: "with the parameters whose placeholders it spells" },
    { transformed: "unfilled-placeholder", when: "the prompt names a parameter as {{params.<name>}}: written as it is, and no Caplo runtime fills it" },
  ],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): void => reportPlaceholders(a, r, LABEL, t.file));

const CAPLO_ONLY: readonly [string, Check][] = [
  ["actions", (v) => Array.isArray(v) && new Set(v).size === v.length && v.every((x) => x === "transfer" || x === "end")],
  ["suggestedReplies", (v) => isObject(v) && Object.keys(v).every((k) => k === "maxCount") && (v["maxCount"] === undefined || (Number.isInteger(v["maxCount"]) && (v["maxCount"] as number) >= 1 && (v["maxCount"] as number) <= 4))],
  ["visitorFeedback", (v) => typeof v === "boolean"],
];
const EXT_CHECKS = new Map<string, Check>([...CAPLO_ONLY.map(([m, ok]) => ["/" + m, ok] as const), ...POLICY_TEXT.map(([m, ok]) => ["/policy/" + m, ok] as const)]);

/**
 * Caplo extension values this emitter did not write: invalid leftovers of a lenient parse. The
 * format's own kept values are no field handler's (their parse rules, extension: true, declare them).
 */
function leftoverExtensions(a: IrAgent, t: AgentTarget, ext: JsonObject): void {
  for (const rel of Object.keys(ext)) {
    if (rel === PROVIDER_SPELLING || rel === EMPTY_POLICY) continue;
    if (EXT_CHECKS.get(rel)?.(ext[rel] as JsonValue)) continue;
    t.scope.r.atSource(a, "dropped-field", rel, { aside: "not a valid Caplo v2 value", target: LABEL }, { targetFile: t.file });
  }
}

/** Every field handler of the emitter, in the order they write (coverage.ts builds the emit table from them). */
export const HANDLERS: readonly DeclaringHandler[] = [
  identity, description, instructionsHandler, skillsHandler, greetingHandler, modelHandler, toolsHandler, knowledgeHandler,
  linksHandler, routingHandler, evalsHandler, ...POLICY_HANDLERS, unsupported, placeholdersHandler,
];
