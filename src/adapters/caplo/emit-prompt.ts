// The prompt of a Caplo agent: instructions (with the platform texts of policy split off), the
// skills' texts appended to them, and the greeting. Field handlers (src/ir/field-handlers.ts):
// each declares beside its code how it treats the IR fields it writes.
import type { IrAgent, IrInstructions } from "../../ir/model.js";
import { fieldHandler, type HandlerReporter } from "../../ir/field-handlers.js";
import { isHome } from "../../ir/home.js";
import { renderInstructions } from "../../ir/agent.js";
import { escapeToken } from "../../ir/pointer.js";
import { DEFAULT_GREETING, FORMAT, LABEL, PLATFORM_TEXT } from "./spec.js";
import { limitText, requiredText, tp, type AgentTarget } from "./emit-checks.js";

/** The instructions as written, and the platform texts split off for policy (member → text). */
export interface WrittenInstructions {
  text: string;
  /** The routing description became the instructions (so it is not lost). */
  fromRouting: boolean;
  platform: Map<string, string>;
}

/**
 * The instructions as one text; prompt parts keyed guidance, chat_style and voice_style become
 * policy.guidance, chatStyle and voiceStyle (platformParts). With no text, the routing description,
 * the description, the name or the id is used, in that order.
 */
export const instructionsHandler = fieldHandler("instructions", {
  "/instructions/chunks/0/text": ["exact", { transformed: "transformed-value", when: "empty (Caplo requires instructions)" }],
  "/instructions/chunks/[]/key": [{ transformed: "transformed-value", when: "named parts are joined as \"[key] text\"" }, { transformed: "transformed-value", when: "guidance, chat_style or voice_style from another format: policy.guidance, chatStyle, voiceStyle" }],
  "/instructions/chunks/[]/text": [{ transformed: "transformed-value", when: "named parts are joined as \"[key] text\"" }, { transformed: "truncated-value", when: "it becomes policy.guidance and is over 4000 characters, or chatStyle, voiceStyle and over 2000" }],
  "/instructions/chunks/[]/raw": { transformed: "transformed-value", when: "the stripped text is written" },
  "/instructions/chunks/[]/ref": [{ transformed: "transformed-value", when: "its text was read: written inline" }, { dropped: "dropped-field", when: "the file was not read" }],
  // The description handler declares the routing description; here, where it is used for want of instructions.
  "/routingDescription": { transformed: "transformed-value", when: "there are no instructions: it becomes them" },
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): WrittenInstructions => {
  const platform = platformParts(r, a, t);
  return { ...instructions(r, a, t, platform.rest), platform: platform.texts };
});

/**
 * Prompt parts keyed guidance, chat_style and voice_style are the text the Caplo platform adds after
 * the instructions (policy.guidance, chatStyle, voiceStyle): mas context chunks of those names, or
 * the "[guidance] …" parts agentport appends to a single prompt (AgentMug). The first of each key
 * goes back to policy; the rest of the prompt stays the instructions.
 */
function platformParts(r: HandlerReporter, a: IrAgent, t: AgentTarget): { rest: IrInstructions | undefined; texts: Map<string, string> } {
  const texts = new Map<string, string>();
  if (!a.instructions) return { rest: undefined, texts };
  const chunks = a.instructions.chunks.map((c, i) => ({ c, i }));
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only && only.c.key === undefined && only.c.text !== undefined && !isHome(a, FORMAT)) {
    const split = splitPlatformTail(only.c.text);
    if (split) {
      r.at(a, "transformed-value", `/instructions/chunks/${only.i}`, { became: `ends with ${split.parts.map((p) => `"[${p.key}] …"`).join(", ")}, agentport's writing of Caplo's platform texts: ${split.parts.map((p) => `policy.${memberOf(p.key)}`).join(", ")} again` }, tp(t, "/policy"));
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
    texts.set(p.member, limitText(r, a, t, `/instructions/chunks/${i}`, rel, c.text, p.max));
    if (!isHome(a, FORMAT)) r.at(a, "transformed-value", `/instructions/chunks/${i}`, { became: `becomes policy.${p.member}, the text the Caplo platform adds after the instructions` }, tp(t, rel));
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

function instructions(r: HandlerReporter, a: IrAgent, t: AgentTarget, given: IrInstructions | undefined): { text: string; fromRouting: boolean } {
  const chunks = given?.chunks ?? [];
  chunks.forEach((c, i) => {
    if (c.ref === undefined) return;
    if (c.text === undefined) r.at(a, "dropped-field", `/instructions/chunks/${i}`, { carried: `refers to the file "${c.ref}", which was not read`, rest: "its text", target: LABEL }, tp(t, "/instructions"));
    else r.at(a, "transformed-value", `/instructions/chunks/${i}`, { clause: `the text of "${c.ref}" is written inline; the file reference is not kept` }, tp(t, "/instructions"));
  });
  const rendered = renderInstructions(given);
  if (rendered !== undefined && rendered !== "") {
    const only = chunks[0];
    if (chunks.length > 1 || only?.key !== undefined) {
      r.at(a, "transformed-value", "/instructions", { became: `became one text: ${chunks.length === 1 ? "the named part is" : `${chunks.length} parts are`} written as "[key] text", separated by a blank line` }, tp(t, "/instructions"));
    }
    return { text: rendered, fromRouting: false };
  }
  const fallback: [string | undefined, string, string][] = [
    [a.routingDescription, "routing description", "/routingDescription"], [a.description, "description", "/description"], [a.name, "name", "/name"],
  ];
  const [value, what] = fallback.find(([v]) => v !== undefined && v !== "") ?? [a.id ?? a.key ?? t.key ?? "Agent", "id"];
  const why = `the agent's ${what}`;
  if (given !== undefined) r.at(a, "transformed-value", "/instructions", { became: `is empty but Caplo requires instructions; ${why} was used` }, tp(t, "/instructions"));
  else r.defaulted(a, t.at + "/instructions", { field: "instructions", by: "Caplo", filled: `${why} was used` }, t.file);
  const fromRouting = what === "routing description";
  if (fromRouting) r.at(a, "transformed-value", "/routingDescription", { became: "became instructions (Caplo has no routing description)" }, tp(t, "/instructions"));
  return { text: value as string, fromRouting };
}

/**
 * Skills are text the source runtime adds to the prompt (mas appends each SKILL.md as
 * "[skill:<name>]\n<text>"; an AgentMug recipe is the procedure): Caplo has no skills, so each one's
 * text is appended to the instructions the way the mas runtime injects it. A skill without text
 * cannot be, and its settings (AgentMug proof, library pins) have no place.
 */
export const skillsHandler = fieldHandler("skills", {
  // The instructions handler declares the instructions; here, what the skills add to them.
  "/instructions/chunks/0/text": { transformed: "transformed-value", when: "the agent has skills: their texts follow it" },
  "/instructions/chunks/[]/text": { transformed: "transformed-value", when: "the agent has skills: their texts follow it" },
  "/skills/[]/name": [{ transformed: "transformed-value", when: "the skill has text: appended to instructions as \"[skill:<name>]\" and its text (a SKILL.md as the mas runtime injects it)" }, { dropped: "dropped-field", when: "the skill has no text (its SKILL.md was not read)" }],
  "/skills/[]/recipe": { transformed: "transformed-value", when: "appended to instructions (the document, when there is one, instead)" },
  "/skills/[]/document": { transformed: "transformed-value", when: "appended to instructions after \"[skill:<name>]\"" },
  "/skills/[]/trigger": { dropped: "transformed-value", when: "the skill's recipe is appended, its trigger is not: the model sees the recipe on every turn (a warning)" },
  "/skills/[]/ref": { dropped: "transformed-value", when: "the text is written inline" },
  "/skills/**": { dropped: "dropped-field" },
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget, instructions: string): string => {
  const parts = [instructions];
  if (a.skills?.length === 0) r.at(a, "dropped-field", "/skills", { aside: "an empty list", target: LABEL }, { targetFile: t.file, effect: "representation" });
  (a.skills ?? []).forEach((s, i) => {
    const text = (s.document ?? s.recipe)?.trim();
    const p = `/skills/${i}`;
    if (text === undefined || text === "") {
      r.at(a, "dropped-field", p, { shown: s.name, carried: "was not read", rest: "the text its runtime adds to the prompt", target: LABEL }, { targetFile: t.file });
      return;
    }
    parts.push(`[skill:${s.name}]\n${text}`);
    // A SKILL.md (its front matter says when to use it) is what the mas runtime appends every time. A recipe
    // whose trigger is not written is in the prompt on every turn, without when to use it: the model sees another prompt.
    const untriggered = s.document === undefined && s.trigger !== undefined;
    const became = s.document !== undefined
      ? `is appended to instructions as "[skill:${s.name}]" and its document, as the mas runtime injects a skill`
      : `is appended to instructions as "[skill:${s.name}]" and its recipe${untriggered ? `; its trigger "${s.trigger}" is not written, so the model sees the recipe on every turn without when to use it` : ""}`;
    r.at(a, "transformed-value", p, { shown: s.name, became }, { ...tp(t, "/instructions"), ...(untriggered ? { effect: "behaviour" as const } : {}) });
    for (const k of Object.keys(s.extra ?? {})) r.at(a, "dropped-field", `${p}/extra/${escapeToken(k)}`, { shown: s.name, parts: [k], target: LABEL }, { targetFile: t.file });
  });
  if (parts.length > 1) r.at(a, "transformed-value", "/instructions", { became: `is followed by the text of ${parts.length - 1} skill${parts.length > 2 ? "s" : ""} ("[skill:<name>]" and its text)` }, tp(t, "/instructions"));
  return parts.join("\n\n");
});

/** The greeting Caplo requires: the IR's, else the documented template. */
export const greetingHandler = fieldHandler("greeting", {
  "/greeting": ["exact", { transformed: "transformed-value", when: "empty (Caplo requires one): the documented greeting template is used" }],
}, (r: HandlerReporter, a: IrAgent, t: AgentTarget): string =>
  // The agent says it to every user first, and the source's agent never did: a behaviour change.
  requiredText(r, a, t, "/greeting", "/greeting", a.greeting, () => ({ value: DEFAULT_GREETING, why: "the documented greeting template", changes: { hint: "review it: set greeting to what the agent should open with" } })));
