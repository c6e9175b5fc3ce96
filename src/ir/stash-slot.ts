// The hub's stash steps around a format's extension slot (src/ir/stash.ts computes the stash).
// An adapter declares only its slot (Adapter.slot: where a stash sits for an agent and how one is
// written into what its emitter wrote); the hub runs the emit steps between the emitter's phases
// (emitWith, src/ir/emit-phases.ts) and the restore between the parser's (parseWith,
// src/ir/parse-phases.ts), and they are the same for every format that has one:
// build the stash from the target's own reading of its output, write it into the slot, report a
// value already there that is no stash this version can restore, report what the stash keeps,
// report other formats' document-level values, and, reading, restore a stash found in the slot.
import { diagnostic, type Diagnostic, type SourceLocation } from "./diagnostics.js";
import type { IrAgent, IrDocument } from "./model.js";
import { setKey, type JsonObject, type JsonValue } from "./json.js";
import { lostDocumentValue, type DocumentValueUse, type Reporter } from "./reporter.js";
import { buildStash, isStash, reportStashed, restoreStash, STASH_KEY } from "./stash.js";
import { dotted } from "./pointer.js";
import type { AgentReading, RestoredAgent } from "./parse-phases.js";
import type { WrittenChoice } from "./stash-choice.js";

/** Where a format carries the x-agentport stash (its extension slot), declared by its adapter. */
export interface ExtensionSlot {
  /** Where the stash rides, in words (docs/adapters/README.md, the registry-driven tests). */
  readonly where: string;
  /** What each stash rides in, for the report of a document-level value: one per "file" written, or one per "agent" of a file. */
  readonly each: "file" | "agent";
  /**
   * The pointer of an agent's stash in a document of this format, relative to the agent's origin:
   * where its parser keeps the slot's value (as a value of its own format, last), and where a
   * report of a replaced value points.
   */
  pointer(agent: IrAgent): string;
  /**
   * Writes `value` into the slot of `holder` (the object the emitter made that holds it: the
   * document, or the agent's component); true when the slot held a value already.
   */
  write(holder: JsonObject, value: JsonObject): boolean;
}

/**
 * The slot of a format whose stash rides as its document's top-level x-agentport member, one per
 * file written (AgentMug, mas): the member, written last, and whether one was there already.
 */
export function topLevelSlot(where: string): ExtensionSlot {
  return {
    where,
    each: "file",
    pointer: () => `/${STASH_KEY}`,
    write(document, value) {
      const had = document[STASH_KEY] !== undefined;
      document[STASH_KEY] = value;
      return had;
    },
  };
}

/** One written agent, for its stash. */
export interface StashStep {
  agent: IrAgent;
  doc: IrDocument;
  /** The emitter's reporter (its target format is the slot's format). */
  r: Reporter;
  /** The target format's label, for messages. */
  label: string;
  /** The target's own reading of what was written (without a stash); undefined when it could not be read. */
  back: IrAgent | undefined;
  /** What was written, as the stash guards compare it later (src/ir/stash-guard.ts). */
  written: JsonValue;
  /** The object that holds the slot (ExtensionSlot.write). */
  holder: JsonObject;
  /** The output file, where the reporter's own is not it. */
  file?: string;
  /** Places written as one choice (AgentDraft.choices). */
  choices?: readonly WrittenChoice[];
  /** The agent is its document's entry (IrDocument.entry), which the target does not name. */
  entry?: boolean;
}

/** Emit: the stash of one written agent, written into its slot when there is anything to keep, and reported. */
export function stashAgent(slot: ExtensionSlot, s: StashStep): void {
  const target = s.r.targetFormat;
  const stash = buildStash(s.agent, s.back, s.doc, target, s.r, s.written, s.choices, s.entry === true);
  if (!stash) return;
  const extra = s.file === undefined ? {} : { targetFile: s.file };
  if (slot.write(s.holder, stash.value)) {
    s.r.atExtension(s.agent, "dropped-field", target, slot.pointer(s.agent), { aside: "not a stash this version of agentport can restore", carried: "is replaced by this conversion's stash", rest: "what it held", target: s.label }, extra);
    // The report sees the loss just raised too: the agent's diagnostics are asked again.
    reportStashed(s.r, s.agent, stash, s.label, s.file);
  } else reportStashed(s.r, s.agent, stash, s.label, s.file, stash.subjects);
}

/**
 * Where a document-level value was read: its document's file, or in a merged bundle the input it
 * came from; at its pointer, or where a stash kept it (IrDocument.extensionPlaces). `inner`: a
 * place inside the value (a member of a kept list), relative to it.
 */
export function documentPlace(doc: IrDocument, format: string, rel: string, inner = ""): SourceLocation {
  const file = doc.extensionFiles?.[format]?.[rel] ?? doc.file;
  const pointer = (doc.extensionPlaces?.[format]?.[rel] ?? rel) + inner;
  return file === undefined ? { pointer } : { file, pointer };
}

/**
 * Emit: document-level values of other formats (Caplo's apiVersion spelling, a team's own members)
 * have no place in the target but its stash: each is kept in the stash of every agent written
 * (when stashing), else dropped. One diagnostic each, worded by lostDocumentValue: a value the
 * source's parse used says what it became (`uses`: EmitContext.documentUses).
 */
export function documentExtensions(slot: ExtensionSlot, doc: IrDocument, to: { format: string; label: string; file?: string }, stashing: boolean, uses?: Readonly<Record<string, Readonly<Record<string, DocumentValueUse>>>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const target = { format: to.format, ...(to.file === undefined ? {} : { file: to.file }) };
  for (const [format, bag] of Object.entries(doc.extensions)) {
    if (format === to.format) continue;
    for (const rel of Object.keys(bag)) {
      const source = documentPlace(doc, format, rel);
      // The renderer ends the message: kept in the stash (of every file or agent written, ExtensionSlot.each), or dropped.
      const lost = lostDocumentValue(rel, bag[rel], to.label, uses?.[format]?.[rel]);
      const effect = lost.effect ? { effect: lost.effect } : {};
      out.push(stashing
        ? diagnostic("stashed-value", { kept: { code: "dropped-field", payload: lost.payload } }, { source, target: { ...target, pointer: `/${STASH_KEY}` }, ...effect })
        : diagnostic("dropped-field", lost.payload, { source, target, ...effect }));
    }
  }
  return out;
}

/**
 * Parse: applies the stash the parser kept at the slot's pointer (a value of the agent's own
 * format) to the agent it read (the hub's step, parseWith in src/ir/parse-phases.ts): the agent
 * restored, the document-level values the stash carries and its diagnostics (stash-stale). The
 * agent as it was when the slot is empty or holds no stash this version can restore: then the
 * value stays an ordinary value of the format.
 */
export function restoreFromSlot(slot: ExtensionSlot, reading: AgentReading): RestoredAgent {
  const { agent } = reading;
  const asRead: RestoredAgent = { agent, document: {}, diagnostics: [] };
  const at = slot.pointer(agent);
  const own = agent.origin.format;
  const bag = agent.extensions[own];
  if (!bag || !Object.prototype.hasOwnProperty.call(bag, at)) return asRead;
  // The agent as read without the slot's value: what the stash applies to.
  const rest: JsonObject = {};
  for (const k of Object.keys(bag)) if (k !== at) setKey(rest, k, bag[k] as JsonValue);
  const extensions = { ...agent.extensions, [own]: rest };
  if (Object.keys(rest).length === 0) delete extensions[own];
  const raw = bag[at] as JsonValue;
  const restored = restoreStash({ ...agent, extensions }, raw, at, reading.document());
  if (restored) return restored;
  // Never silently: a stash left unapplied costs the user every value it would have brought back.
  const readable = isStash(raw);
  const why = readable ? "applied to this file, it gives an agent agentport refuses (an edit it does not follow)" : "it is not a stash this version of agentport can read";
  const hint = readable ? "undo the edit to get the stash's values back" : "a stash written by another version of agentport is read by that version";
  const source = agent.origin.file === undefined ? { pointer: agent.origin.pointer + at } : { file: agent.origin.file, pointer: agent.origin.pointer + at };
  const warning = diagnostic("stash-stale", { value: dotted(at), entries: [], unapplied: why }, { source, hint });
  return { ...asRead, diagnostics: [warning] };
}
