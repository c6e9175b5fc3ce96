// spec.skills ⇄ IR skills, as the mas runtime does them (MAPPING §6.1,
// runtime/boundary/context/skills.py): a skill name resolves to a SKILL.md under
// the app's folder or its skills/ folder (the name as written, with _→- and
// -→_; a file, or <name>/SKILL.md), and the runtime appends each document to the
// system prompt as "[skill:<name>]\n<text, stripped>". The text is read through
// the injected readFile (confined by the caller), never by this module.
import { NO_FILE_ACCESS } from "../../ir/payloads.js";
import type { IrAgent, IrSkill } from "../../ir/model.js";
import type { JsonValue } from "../../ir/json.js";
import { mapSource } from "../../ir/agent.js";
import { parseText } from "../../text/parse.js";
import { isObject } from "../../ir/json.js";
import { keep, note, type MasParseCtx } from "./parse-context.js";

/** Folders a skill is looked for in, relative to the agent file: its own, then the app's (agents/x.yaml, agents/<id>/agent.yaml). */
const BASES = ["", "../", "../../"] as const;

/** The paths the runtime would try for a skill name, in order. */
export function skillCandidates(name: string): string[] {
  const variants = [...new Set([name, name.replace(/_/g, "-"), name.replace(/-/g, "_")])];
  const out: string[] = [];
  for (const base of BASES) {
    for (const dir of [base, `${base}skills/`]) {
      for (const v of variants) out.push(`${dir}${v}/SKILL.md`, `${dir}${v}`);
    }
  }
  return out;
}

export interface SkillDocument {
  /** Front matter description (what AgentMug calls the trigger). */
  description?: string;
  /** Front matter name. */
  name?: string;
  /** The Markdown body: the recipe. */
  body: string;
  /** The whole file, stripped: what the runtime injects. */
  text: string;
}

const LEADING_COMMENT = /^\s*<!--[\s\S]*?-->\s*/;
const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A SKILL.md: an optional HTML comment (a licence header), optional YAML front matter, then the body. */
export function readSkillDocument(raw: string): SkillDocument {
  const text = raw.trim();
  const afterComment = text.replace(LEADING_COMMENT, "");
  const m = FRONT_MATTER.exec(afterComment);
  const doc: SkillDocument = { body: (m ? afterComment.slice(m[0].length) : afterComment).trim(), text };
  if (m) {
    const fm = parseText(m[1] ?? "").data;
    if (isObject(fm)) {
      if (typeof fm["description"] === "string" && fm["description"].trim() !== "") doc.description = fm["description"].trim();
      if (typeof fm["name"] === "string") doc.name = fm["name"];
    }
  }
  return doc;
}

/** When to use a skill that has no front matter: its "When to use" section, else its title. */
function triggerOf(doc: SkillDocument): string | undefined {
  if (doc.description !== undefined) return doc.description;
  const when = /^#{1,6}\s*When to use\s*\n+([\s\S]*?)(?=\n#{1,6}\s|$)/im.exec(doc.body)?.[1]?.trim();
  if (when) return when;
  return /^#\s+(.+)$/m.exec(doc.body)?.[1]?.trim();
}

export function parseSkills(ctx: MasParseCtx, v: JsonValue): void {
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string")) {
    keep(ctx, "/spec/skills", v);
    return;
  }
  ctx.agent.skills = (v as string[]).map((name, i) => resolveSkill(ctx, name, `/spec/skills/${i}`));
  mapSource(ctx.agent, "/skills", "/spec/skills");
  v.forEach((_, i) => mapSource(ctx.agent, `/skills/${i}`, `/spec/skills/${i}`));
}

function resolveSkill(ctx: MasParseCtx, name: string, ptr: string): IrSkill {
  const skill: IrSkill = { name };
  if (name.startsWith("@")) {
    note(ctx, "unresolved-skill", ptr, { value: "spec.skills", became: `names "${name}", a skill of a workspace library, which only the mas runtime can resolve; its text (which the runtime adds to the prompt) is not carried to other formats` });
    return skill;
  }
  if (!ctx.readFile) {
    note(ctx, "unresolved-skill", ptr, { value: "spec.skills", became: `names "${name}", whose SKILL.md cannot be read without file access; its text (which the runtime adds to the prompt) is not carried to other formats` }, NO_FILE_ACCESS);
    return skill;
  }
  for (const path of skillCandidates(name)) {
    const r = ctx.readFile(path);
    if (!r.ok) continue;
    const doc = readSkillDocument(r.text);
    skill.ref = path;
    skill.document = doc.text;
    const trigger = triggerOf(doc);
    if (trigger !== undefined) skill.trigger = trigger;
    skill.recipe = doc.body;
    return skill;
  }
  note(ctx, "unresolved-skill", ptr, { value: "spec.skills", became: `names "${name}", and no SKILL.md was found for it under the agent's folder, the app's folder or their skills/ folders (the mas runtime fails with SkillNotFoundError); its text is not carried to other formats` }, "put the skill at skills/<name>/SKILL.md in the app; agentport reads only inside the folder it may read (--allow-outside-refs widens it)");
  return skill;
}

/** A skill's text as the mas runtime appends it to the prompt. */
export function injectedSkill(s: IrSkill): string | undefined {
  const text = (s.document ?? s.recipe)?.trim();
  return text === undefined || text === "" ? undefined : `[skill:${s.name}]\n${text}`;
}

/** A SKILL.md for a skill that has no file (AgentMug's recipes): front matter name and description, then the recipe. */
export function skillFile(s: IrSkill): string {
  const fm = [`name: ${JSON.stringify(s.name)}`];
  if (s.trigger !== undefined) fm.push(`description: ${JSON.stringify(s.trigger)}`);
  return `---\n${fm.join("\n")}\n---\n\n${(s.recipe ?? "").trim()}\n`;
}

/** The folder name of a written skill: the name, made a safe single path segment. */
export function skillFolder(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^\.+/, "_") || "skill";
}
