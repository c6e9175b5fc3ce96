// Builds diagnostics that point back into the source document. Emitters speak in
// IR paths; this turns them into the source's own pointers and key names, so a
// message says `policy.voiceStyle`, never an IR internal. It also remembers
// which IR value (or extension value) each diagnostic is about, so the stash
// (src/ir/stash.ts) can tell which reported losses it undoes.
import type { IrAgent, IrSourcePlace } from "./model.js";
import { diagnostic, type Diagnostic, type DiagnosticCode, type Effect, type TargetLocation } from "./diagnostics.js";
import { sourceOf } from "./agent.js";
import { isObject } from "./json.js";
import { dotted, escapeToken, isAncestorOrSelf, join, parsePointer } from "./pointer.js";
import { linkSettings } from "./home.js";
import { isPrivateExtension, privateDataOf } from "./private.js";

/** What a diagnostic is about: an IR path of an agent, or one of its extension values. */
export interface Subject {
  agent: IrAgent;
  ir?: string;
  ext?: { format: string; rel: string };
}

/** `effect: "behaviour"` on a reshape code (transformed-value, defaulted-required): the value itself changed, not only its form. */
type Extra = { targetPointer?: string; targetFile?: string; hint?: string; effect?: Effect; stashed?: DiagnosticCode };

/** The IR pointer of an extension value: extensions are part of the agent, keyed by their relative pointer. */
export function extensionPointer(format: string, rel: string): string {
  return join("/extensions", format, rel);
}

/**
 * Where an IR path was written when that is another document than the agent's own
 * (IrOrigin.outside): the deepest such path at or above it, unless a deeper path has a place in
 * the agent's own file (its source map).
 */
function outsidePlace(agent: IrAgent, irPointer: string): IrSourcePlace | undefined {
  const outside = agent.origin.outside;
  if (outside === undefined) return undefined;
  for (let p = irPointer; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const hit = Object.prototype.hasOwnProperty.call(outside, p) ? outside[p] : undefined;
    if (hit !== undefined) return hit;
    if (agent.sourceMap[p] !== undefined || p === "") return undefined;
  }
}

/** A diagnostic with what it is about, as the stash reads them agent by agent. */
export interface AboutAgent {
  readonly d: Diagnostic;
  readonly s: Subject;
}

export class Reporter {
  readonly diagnostics: Diagnostic[] = [];
  private readonly subjects = new Map<Diagnostic, { d: Diagnostic; s: Subject }>();
  /**
   * Each agent's diagnostics that have a subject, in the order they were raised: the stash reads
   * one agent's at a time, and a bundle of n agents must not rescan all n agents' diagnostics n times.
   */
  private readonly byAgent = new Map<IrAgent, { d: Diagnostic; s: Subject }[]>();
  /** Each diagnostic's text as its raiser wrote it, before the renderer's ending (the stash renders it again). */
  private readonly texts = new Map<Diagnostic, string>();
  /** Where each diagnostic sits in `diagnostics`, so a replace needs no search. */
  private readonly position = new Map<Diagnostic, number>();
  /** The output file the diagnostics are about, unless a call names another one. */
  constructor(readonly targetFormat: string, public targetFile?: string) {}

  private target(pointer?: string, file?: string): TargetLocation {
    const t: TargetLocation = { format: this.targetFormat };
    const f = file ?? this.targetFile;
    if (f !== undefined) t.file = f;
    if (pointer !== undefined) t.pointer = pointer;
    return t;
  }

  /** The absolute source pointer and dotted source name of an IR path of `agent`. */
  where(agent: IrAgent, irPointer: string): { pointer: string; name: string } {
    const rel = sourceOf(agent, irPointer) ?? "";
    return { pointer: agent.origin.pointer + rel, name: dotted(rel) };
  }

  /** A diagnostic about a value of the source, located by its pointer relative to the agent's origin. */
  atSource(agent: IrAgent, code: DiagnosticCode, relPointer: string, message: string, extra: Extra = {}): Diagnostic {
    const pointer = agent.origin.pointer + relPointer;
    return this.raise(code, agent.origin.file === undefined ? { pointer } : { file: agent.origin.file, pointer }, message, extra);
  }

  private raise(code: DiagnosticCode, source: IrSourcePlace, message: string, extra: Extra): Diagnostic {
    const init: Parameters<typeof diagnostic>[1] = { message, source, target: this.target(extra.targetPointer, extra.targetFile) };
    if (extra.hint) init.hint = extra.hint;
    if (extra.effect) init.effect = extra.effect;
    if (extra.stashed) init.stashed = extra.stashed;
    const d = diagnostic(code, init);
    this.texts.set(d, message);
    this.push(d);
    return d;
  }

  /** The text `d` was raised with, without the ending the renderer gave it (renderMessage). */
  textOf(d: Diagnostic): string {
    return this.texts.get(d) ?? d.message;
  }

  /** A diagnostic about an IR value; the message template may use {name} for the source's key path. */
  at(agent: IrAgent, code: DiagnosticCode, irPointer: string, message: string, extra: Extra = {}): void {
    // A value written in another document than the agent's own (a MAS manifest's delegates_to) is reported there.
    const elsewhere = outsidePlace(agent, irPointer);
    const w = elsewhere ? { pointer: elsewhere.pointer, name: dotted(elsewhere.pointer) } : this.where(agent, irPointer);
    const text = message.replaceAll("{name}", w.name);
    const d = elsewhere ? this.raise(code, { ...elsewhere }, text, extra) : this.atSource(agent, code, w.pointer.slice(agent.origin.pointer.length), text, extra);
    this.about(d, { agent, ir: irPointer });
  }

  /**
   * A diagnostic about one extension value. Values of the agent's own format sit
   * at their pointer; values a stash brought back sit where the stash holds them.
   */
  atExtension(agent: IrAgent, code: DiagnosticCode, format: string, rel: string, message: string, extra: Extra = {}): void {
    const d = this.atSource(agent, code, this.extensionPlace(agent, format, rel), message, extra);
    this.about(d, { agent, ext: { format, rel } });
  }

  /** Where in the agent's source an extension value was read, relative to the agent. */
  extensionPlace(agent: IrAgent, format: string, rel: string): string {
    return format === agent.origin.format ? rel : (agent.sourceMap[extensionPointer(format, rel)] ?? rel);
  }

  /**
   * The source places (relative to the agent) that diagnostics about `agent` already name, its root
   * aside: one value, one diagnostic. An extension value read at such a place (a provider's spelling
   * beside the provider an emitter reported) is not reported a second time.
   */
  namedPlaces(agent: IrAgent): Set<string> {
    const at = agent.origin.pointer;
    return new Set(this.aboutAgent(agent).flatMap(({ d }) => (d.source && d.source.pointer !== at && d.source.file === agent.origin.file ? [d.source.pointer.slice(at.length)] : [])));
  }

  /** Reports every canonical field in `irFields` that the agent sets but the target cannot hold. */
  dropUnsupported(agent: IrAgent, irFields: readonly string[], targetLabel: string, targetFile?: string): void {
    for (const f of irFields) {
      const key = parsePointer(f)[0] as keyof IrAgent | undefined;
      if (key === undefined || agent[key] === undefined) continue;
      const extra = targetFile === undefined ? {} : { targetFile };
      for (const p of preciseParts(agent, f)) this.at(agent, "dropped-field", p, `{name} has no counterpart in ${targetLabel}`, extra);
    }
  }

  /**
   * What the target cannot hold of an extension value, in the words of a loss message (without its
   * ending), and the effect of that loss when it is less than the value's own. A value the parse
   * used is never said to be lost whole: one that chose a canonical field (an Agent Spec
   * component_type that names the provider or the tool kind) is that field's spelling, a
   * representation; an object whose other members the parse read into the agent (an AgentMug
   * source whose id, label and description are a knowledge base) loses only the members that
   * stayed behind. An empty list or object holds nothing to lose: a representation too.
   */
  lostExtension(agent: IrAgent, format: string, rel: string, targetLabel: string): { text: string; effect?: Effect } {
    const v = agent.extensions[format]?.[rel];
    const place = this.extensionPlace(agent, format, rel);
    const read = Object.entries(agent.sourceMap).filter(([ir]) => ir !== "" && !ir.startsWith("/extensions/"));
    const chose = read.find(([, src]) => src === place)?.[0];
    if (chose !== undefined && v !== undefined && !isObject(v) && !Array.isArray(v)) {
      const field = parsePointer(chose).at(-1) ?? chose;
      return { text: `${dotted(rel)} ${JSON.stringify(v)} was used to choose the ${FIELD_WORDS[field] ?? field}; the value as written has no counterpart in ${targetLabel}`, effect: "representation" };
    }
    if (isObject(v) && Object.keys(v).length > 0 && read.some(([, src]) => isAncestorOrSelf(place, src))) {
      const keys = Object.keys(v);
      return { text: `${dotted(rel)}: its ${keys.join(", ")} ${keys.length === 1 ? "has" : "have"} no counterpart in ${targetLabel}` };
    }
    if (isEmpty(v)) {
      return { text: `${dotted(rel)} (${Array.isArray(v) ? "an empty list" : "empty"}) has no counterpart in ${targetLabel}`, effect: "representation" };
    }
    return { text: `${dotted(rel)} has no counterpart in ${targetLabel}` };
  }

  /** Reports every value another format's adapter kept in the agent's extensions: the target cannot hold them. */
  dropForeignExtensions(agent: IrAgent, targetLabel: string, targetFile?: string): void {
    const named = this.namedPlaces(agent);
    for (const [format, bag] of Object.entries(agent.extensions)) {
      if (format === this.targetFormat) continue;
      const isLinkSetting = linkSettings(agent, format);
      for (const rel of Object.keys(bag)) {
        const extra = targetFile === undefined ? {} : { targetFile };
        if (isPrivateExtension(format, rel)) {
          // Counted, never quoted: the content of private data appears in no output and no message.
          const v = bag[rel];
          const what = Array.isArray(v) ? `${v.length} private ${dotted(rel)} ${v.length === 1 ? "entry" : "entries"}` : `the private ${dotted(rel)} value`;
          const p = privateDataOf(format);
          this.atExtension(agent, "private-omitted", format, rel, `${what} left out: ${p?.what ?? "private data"} goes only into ${p?.only ?? "its own format"}, never into ${targetLabel} or a stash`, extra);
        } else if (isLinkSetting(rel)) {
          this.atExtension(agent, "dropped-link", format, rel, `${dotted(rel)} is a setting of a sub-agent tool (its templates are links to other agents) and has no counterpart in ${targetLabel}`, extra);
        } else if (!named.has(this.extensionPlace(agent, format, rel))) {
          const lost = this.lostExtension(agent, format, rel, targetLabel);
          this.atExtension(agent, "dropped-field", format, rel, lost.text, lost.effect ? { ...extra, effect: lost.effect } : extra);
        }
      }
    }
  }

  /** A required target field filled with a derived value. */
  defaulted(agent: IrAgent, targetPointer: string, message: string, targetFile?: string): void {
    const extra = targetFile === undefined ? { targetPointer } : { targetPointer, targetFile };
    this.atSource(agent, "defaulted-required", "", message, extra);
  }

  private about(d: Diagnostic, s: Subject): void {
    const entry = { d, s };
    this.subjects.set(d, entry);
    const list = this.byAgent.get(s.agent);
    if (list) list.push(entry);
    else this.byAgent.set(s.agent, [entry]);
  }

  push(d: Diagnostic): void {
    this.position.set(d, this.diagnostics.length);
    this.diagnostics.push(d);
  }

  subjectOf(d: Diagnostic): Subject | undefined {
    return this.subjects.get(d)?.s;
  }

  /** The diagnostics about `agent` (those with a subject), in the order they were raised: a copy. */
  aboutAgent(agent: IrAgent): AboutAgent[] {
    return (this.byAgent.get(agent) ?? []).map((e) => ({ d: e.d, s: e.s }));
  }

  /** Puts `next` in the place of `d`, keeping what it is about. */
  replace(d: Diagnostic, next: Diagnostic): void {
    const known = this.position.get(d);
    // The array is public: a caller that pushed or moved diagnostics itself is found by a search.
    const i = known !== undefined && this.diagnostics[known] === d ? known : this.diagnostics.indexOf(d);
    if (i === -1) return;
    this.diagnostics[i] = next;
    this.position.delete(d);
    this.position.set(next, i);
    this.texts.delete(d);
    const entry = this.subjects.get(d);
    if (entry) {
      this.subjects.delete(d);
      entry.d = next;
      this.subjects.set(next, entry);
    }
  }
}

/**
 * What became of a document-level value that the source's parse used (Adapter.documentValueUse):
 * the words that follow its name in a loss message, and `representation` when losing it as written
 * changes nothing the agents do.
 */
export interface DocumentValueUse {
  /** What the value became ("lists the agents, which are carried"). */
  text: string;
  /** What of it has no counterpart in the target; "as written, it" when only its spelling is lost. */
  lost?: string;
  effect?: "representation";
}

/**
 * The loss message (without its ending) of a document-level value the target cannot hold, and the
 * loss's effect when it is less than the value's: a used value says what it became, never that it
 * was lost whole.
 */
export function lostDocumentValue(rel: string, value: unknown, targetLabel: string, use?: DocumentValueUse): { text: string; effect?: Effect } {
  if (!use && isEmpty(value)) return { text: `${dotted(rel)} (${Array.isArray(value) ? "an empty list" : "empty"}) has no counterpart in ${targetLabel}`, effect: "representation" };
  if (!use) return { text: `${dotted(rel)} has no counterpart in ${targetLabel}` };
  return { text: `${dotted(rel)} ${use.text}; ${use.lost ?? "as written, it"} has no counterpart in ${targetLabel}`, ...(use.effect ? { effect: use.effect } : {}) };
}

/** An empty list or object: nothing in it for a runtime to act on. */
const isEmpty = (v: unknown): boolean => (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

/** How a loss message names a canonical field a source value chose. */
const FIELD_WORDS: Readonly<Record<string, string>> = { provider: "model's provider", kind: "tool's kind" };

/**
 * The IR paths to report a lost field at. A field whose source member also holds
 * other values (Caplo `policy` holds the limits, and guidance, reasoning…) is
 * reported member by member at each member's own pointer, so no value is
 * reported twice (once with the whole member, once on its own).
 */
function preciseParts(agent: IrAgent, field: string): string[] {
  const value = (agent as unknown as Record<string, unknown>)[parsePointer(field)[0] ?? ""];
  const src = agent.sourceMap[field];
  if (!isObject(value) || src === undefined) return [field];
  const members = Object.keys(value).filter((k) => value[k] !== undefined).map((k) => `${field}/${escapeToken(k)}`);
  if (members.length === 0 || members.some((m) => agent.sourceMap[m] === undefined || agent.sourceMap[m] === src)) return [field];
  const inside = (p: string) => p !== src && isAncestorOrSelf(src, p);
  const sharedByMap = Object.entries(agent.sourceMap).some(([ir, s]) => !isAncestorOrSelf(field, ir) && inside(s));
  const sharedByExtension = Object.keys(agent.extensions[agent.origin.format] ?? {}).some(inside);
  return sharedByMap || sharedByExtension ? members : [field];
}
