// The emit of a format with an extension slot, in three phases, so that the hub runs the stash
// (docs/decisions.md, "The hub owns the stash"):
//   1. the adapter writes every agent (Adapter.emitAgents → EmitDraft): per agent, the object that
//      holds its slot and the Reporter its diagnostics were raised on, and the outputs to read back;
//   2. the hub reads each output back with the adapter's own parser (parseWith), stashes every
//      agent through the declared slot (stashAgent) and reports the document-level values
//      (documentExtensions);
//   3. the adapter assembles and serialises the documents (EmitDraft.assemble), its stashes in them.
// A format without a slot (Caplo) has no phases: its `emit` writes the documents in one go.
import type { Adapter, EmitContext, EmitOptions, EmitResult, ParseOptions } from "../adapters/types.js";
import type { Diagnostic } from "./diagnostics.js";
import type { JsonObject, JsonValue } from "./json.js";
import type { IrAgent, IrDocument } from "./model.js";
import type { Reporter } from "./reporter.js";
import { documentExtensions, stashAgent } from "./stash-slot.js";
import { parseWith } from "./parse-phases.js";
import type { WrittenChoice } from "./stash-choice.js";

/** One agent as its emitter wrote it, before the stash: what the hub's stash step needs of it. */
export interface AgentDraft {
  /** The agent as written (the document's, or the copy the emitter wrote: mas relocates references), the subject of its diagnostics. */
  readonly agent: IrAgent;
  /**
   * The Reporter the agent's diagnostics were raised on: the stash turns each loss it undoes into
   * stashed-value there, in place, and adds its own notes after them. Several agents may share one.
   */
  readonly r: Reporter;
  /** The object that holds the agent's slot (ExtensionSlot.write): its document, or its component. */
  readonly holder: JsonObject;
  /** Which of EmitDraft.readings() holds the agent, and the agent's index in that reading's document. */
  readonly reading: number;
  readonly at: number;
  /** The output file, where the Reporter's own is not it. */
  readonly file?: string;
  /** Places of the output the emitter wrote as one choice: an edit of one stops the stash entries the choice stood for (src/ir/stash-choice.ts). */
  readonly choices?: readonly WrittenChoice[];
}

/** An output as the target's parser reads it back, without any stash of this conversion. */
export interface OutputReading {
  /** What the adapter's parser reads (parseWith; read before any stash is written, so no stash sees another). */
  readonly data: JsonValue;
  /** How it reads it: the files written beside it, the key order of its text. */
  readonly options?: ParseOptions;
  /** The output as the stash guards compare it, where it is not `data` (src/ir/stash-guard.ts). */
  readonly written?: JsonValue;
}

/** Phase 1's result: the agents written, their documents not yet assembled or serialised. */
export interface EmitDraft {
  readonly agents: readonly AgentDraft[];
  /** The outputs to read back for the stash (asked only when stashing). */
  readings(): readonly OutputReading[];
  /** The file the report of every document-level value names, where there is one for them all. */
  readonly file?: string;
  /**
   * Phase 3: the documents assembled and serialised once the stashes are in their slots, and the
   * diagnostics in the order the format reports them, `documentReport` (the hub's report of the
   * document-level values) among them.
   */
  assemble(documentReport: readonly Diagnostic[]): EmitResult;
}

/** The hub's emit: an adapter's documents, with its slot's stash written in by the hub. */
export function emitWith(adapter: Adapter, doc: IrDocument, options: EmitOptions, context: EmitContext = {}): EmitResult {
  if (adapter.emitAgents === undefined) return adapter.emit(doc, options, context);
  const { slot } = adapter;
  const draft = adapter.emitAgents(doc, options, context);
  const stashing = options.stash !== false && doc.agents.length > 0;
  // Other formats' document-level values: kept in the stash of every agent written, else dropped.
  const report = documentExtensions(slot, doc, { format: adapter.id, label: adapter.label, ...(draft.file === undefined ? {} : { file: draft.file }) }, stashing, context.documentUses);
  if (stashing) {
    // Every output is read before any stash is written, so no stash sees another.
    const readings = draft.readings().map((o) => ({ back: parseWith(adapter, o.data, o.options ?? {}).doc, written: o.written ?? o.data }));
    // Which agent takes the user's request, where the target names none (AgentMug files): the stash
    // of that agent says so, and the way back's document has it as its entry again.
    const entry = adapter.namesEntry === true || doc.agents.length < 2 ? undefined : doc.entry;
    for (const a of draft.agents) {
      const read = readings[a.reading];
      if (read === undefined) throw new Error(`internal: ${adapter.id} drafted an agent in reading ${a.reading}, which it did not give`);
      stashAgent(slot, { agent: a.agent, doc, r: a.r, label: adapter.label, back: read.back?.agents[a.at], written: read.written, holder: a.holder, ...(a.file === undefined ? {} : { file: a.file }), ...(a.choices === undefined ? {} : { choices: a.choices }), ...(entry !== undefined && a.agent.key === entry ? { entry: true } : {}) });
    }
  }
  return draft.assemble(report);
}
