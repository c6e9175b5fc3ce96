// The parse of a format with an extension slot, in three phases, so that the hub runs the restore
// of the stash (docs/decisions.md, "The hub owns the stash"), as it runs the stash when emitting
// (src/ir/emit-phases.ts):
//   1. the adapter reads every agent (Adapter.parseAgents → ParseDraft): per agent, the agent as
//      read, the slot's value kept last as a value of its own format, and the document as the
//      stash guards compare it;
//   2. the hub restores each agent's stash through the declared slot (restoreFromSlot), whenever
//      the slot holds one this version can restore (with or without --no-stash: that is an emit
//      option);
//   3. the adapter does what must come after the restore (a mas MAS manifest links its workflow
//      to the agents their stashes brought back, Agent Spec puts a bundle's agents back in their
//      home order) and assembles the document (ParseDraft.assemble).
// A format without a slot (Caplo) has no phases: its `parse` reads the document in one go.
import type { Adapter, ParseOptions, ParseResult } from "../adapters/types.js";
import { DIAGNOSTIC_CODES, type Diagnostic } from "./diagnostics.js";
import { deepEqual, type JsonObject, type JsonValue } from "./json.js";
import type { IrAgent, IrDocument } from "./model.js";
import { escapeToken } from "./pointer.js";
import { restoreFromSlot, type ExtensionSlot } from "./stash-slot.js";
import type { StashRead } from "./stash.js";

/** One agent as its parser read it, before the restore: what the hub's restore needs of it. */
export interface AgentReading {
  /**
   * The agent as read. When the slot holds a value, the parser keeps it in the agent's extensions
   * of its own format at the slot's pointer (ExtensionSlot.pointer), last.
   */
  readonly agent: IrAgent;
  /** The document as the stash guards compare it (src/ir/stash-guard.ts); asked only when there is a stash. */
  document(): JsonValue;
}

/** One agent after the hub's restore, for ParseDraft.assemble. */
export interface RestoredAgent {
  /** The agent its stash restored; the agent as read when the slot held no stash this version can restore. */
  readonly agent: IrAgent;
  /** The document-level values the stash brought back, by format (empty without a stash): the document's own win. */
  readonly document: Readonly<Record<string, JsonObject>>;
  /** The restore's diagnostics (stash-stale, private-omitted), to be reported after the agent's own. */
  readonly diagnostics: readonly Diagnostic[];
  /** The stash says the agent's document was a bundle of it alone: the document read is one again. */
  readonly bundle?: true;
  /** The stash says the agent was its document's entry, which this format does not name. */
  readonly entry?: true;
  /** Places of the agent's file (relative to its origin) that hold what agentport wrote, unedited, for values the stash restores. */
  readonly unedited?: readonly string[];
  /** Where the stash restored sat and which of its values it did not restore (ParseResult.stashes). */
  readonly stash?: StashRead;
}

/** Phase 1's result: the agents read, not yet restored, their document not yet assembled. */
export interface ParseDraft {
  readonly agents: readonly AgentReading[];
  /**
   * Phase 3: the document assembled from the restored agents (`restored[i]` is `agents[i]`
   * restored), and the diagnostics in the order the format reports them, the restores' among them.
   */
  assemble(restored: readonly RestoredAgent[]): ParseResult;
}

/** A parse that read no agent (the input is refused): its diagnostics, and nothing to restore. */
export function refusedDraft(diagnostics: Diagnostic[]): ParseDraft {
  return { agents: [], assemble: () => ({ diagnostics }) };
}

/** The hub's parse: an adapter's document, with its slot's stashes restored by the hub. */
export function parseWith(adapter: Adapter, data: JsonValue, options: ParseOptions): ParseResult {
  if (adapter.parseAgents === undefined) return adapter.parse(data, options);
  const { slot } = adapter;
  const draft = adapter.parseAgents(data, options);
  const restored = draft.agents.map((a) => restoreFromSlot(slot, a));
  const result = withoutMoot(draft.assemble(restored), restored);
  const stashes = restored.flatMap((r) => (r.stash === undefined ? [] : [r.stash]));
  if (stashes.length) result.stashes = stashes;
  if (result.doc) stashedPlaces(result.doc, slot, draft.agents, restored);
  // Only the stash knows a bundle of one from one agent (src/ir/stash.ts, bundleOfOne).
  if (result.doc && !result.doc.bundle && result.doc.agents.length === 1 && restored.some((r) => r.bundle)) result.doc = { ...result.doc, bundle: true };
  // Only the stash knows the entry where the format names none (emitWith); a document that names one keeps its own.
  const entry = restored.find((r) => r.entry)?.agent.key;
  if (result.doc && result.doc.entry === undefined && adapter.namesEntry !== true && entry !== undefined) result.doc = { ...result.doc, entry };
  return result;
}

/**
 * Records where each document-level value a stash brought back sits in the file read (the stash of
 * the first agent that carried it, as the assemble keeps the first: mergeDocumentExtensions), so a
 * diagnostic about it names a place of that file, not the pointer it had in its home document.
 */
function stashedPlaces(doc: IrDocument, slot: ExtensionSlot, readings: readonly AgentReading[], restored: readonly RestoredAgent[]): void {
  let places: Record<string, Record<string, string>> | undefined;
  let files: Record<string, Record<string, string>> | undefined;
  for (const [format, bag] of Object.entries(doc.extensions)) {
    if (format === doc.format) continue;
    for (const rel of Object.keys(bag)) {
      const i = restored.findIndex((r) => Object.prototype.hasOwnProperty.call(r.document[format] ?? {}, rel));
      const agent = readings[i]?.agent;
      if (agent === undefined || !deepEqual(restored[i]!.document[format]![rel] as JsonValue, bag[rel] as JsonValue)) continue;
      // The agent's own file, when it is not the document's (a MAS manifest's agent files).
      const file = agent.origin.file;
      if (file !== doc.file) {
        if (file === undefined) continue;
        ((files ??= {})[format] ??= {})[rel] = file;
      }
      ((places ??= {})[format] ??= {})[rel] = `${agent.origin.pointer}${slot.pointer(agent)}/document/${escapeToken(format)}/${escapeToken(rel)}`;
    }
  }
  if (places) doc.extensionPlaces = places;
  if (files) doc.extensionFiles = files;
}

/**
 * Without the parser's notes of a value read in another form (category `changed`: a mas model
 * name with no provider prefix) at a place that still holds what agentport wrote there for a value
 * its stash restores: the note judges agentport's own spelling of the home's value, which the
 * agent no longer takes from the file (the llm_config an Agent Spec agent had, restored whole). An
 * edited place keeps its notes; the emitter judges the restored value itself.
 */
function withoutMoot(result: ParseResult, restored: readonly RestoredAgent[]): ParseResult {
  const moot = new Set<string>();
  for (const { agent, unedited } of restored) for (const p of unedited ?? []) moot.add(`${agent.origin.file ?? ""}\u0000${agent.origin.pointer}${p}`);
  if (moot.size === 0) return result;
  const diagnostics = result.diagnostics.filter((d) => d.source === undefined || DIAGNOSTIC_CODES[d.code].category !== "changed" || !moot.has(`${d.source.file ?? ""}\u0000${d.source.pointer}`));
  return diagnostics.length === result.diagnostics.length ? result : { ...result, diagnostics };
}
