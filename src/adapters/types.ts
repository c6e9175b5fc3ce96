// The contract every format adapter fulfils. An adapter knows its own format and
// the IR, never another format; the hub (src/convert.ts) connects them.
import type { Diagnostic, DiagnosticCode } from "../ir/diagnostics.js";
import type { IrAgent, IrDocument } from "../ir/model.js";
import type { JsonObject, JsonValue } from "../ir/json.js";
import type { PrivateData } from "../ir/private.js";
import type { ParsedText, Syntax } from "../text/parse.js";
import type { FormatCoverage } from "../ir/coverage.js";
import type { ExtensionSlot } from "../ir/stash-slot.js";
import type { StashRead } from "../ir/stash.js";
import type { EmitDraft } from "../ir/emit-phases.js";
import type { ParseDraft } from "../ir/parse-phases.js";
import type { SchemaEffectTable } from "../ir/schema-effects.js";
import type { DocumentValueUse } from "../ir/reporter.js";

/**
 * Where a reference read through another file was written: the reference as that file writes it
 * and that file, by path from the input's folder (a mas agent file a MAS manifest names, whose
 * `../tools/x.tool.yaml` reaches the reader as `tools/x.tool.yaml`). A failure's message quotes
 * what the user sees in that file, not the path the reader was given.
 */
export interface WrittenRef {
  ref: string;
  file: string;
}

/** Reads a file relative to the manifest's folder. Supplied by the Node entry; the core never does I/O. */
export type ReadFile = (path: string, written?: WrittenRef) => { ok: true; text: string } | { ok: false; code: "ref-outside-root" | "ref-not-found"; message: string };

export interface ParseOptions {
  /** The input's file name, for diagnostics. */
  file?: string;
  /** Resolves file references (mas prompt files, tool manifests). Without it references stay references. */
  readFile?: ReadFile;
  /** Accept schema-invalid inputs, reporting each violation as a warning (`lenient-input`). */
  lenient?: boolean;
  /**
   * The keys of the input's object at a pointer in the text's order, where the input was text.
   * Parsed data lists integer-like keys ("2", "1") first; a format whose meaning depends on key
   * order (mas context chunks are the prompt's order) asks here.
   */
  keyOrder?: (pointer: string) => string[] | undefined;
  /**
   * Parses the text of a file `readFile` gave, as parseText(text, file) does: the hub's, which
   * keeps the parse for locating later diagnostics in that file, so it is parsed once. Without it,
   * parseText.
   */
  parseFile?: (text: string, file: string) => ParsedText;
  /**
   * The other inputs of the run that supply parts to documents of this format (Adapter.supplies:
   * an Agent Spec file of $referenced_components only), by the caller's name, in the run's order.
   * The parse may read what the document names and does not define from them; it says which parts
   * it took (ParseResult.supplied), and the hub then does not convert those inputs on their own.
   */
  supplied?: readonly SuppliedInput[];
}

/** An input of the run that supplies parts to other documents of its format (ParseOptions.supplied). */
export interface SuppliedInput {
  file: string;
  data: JsonValue;
}

/**
 * A part of a document's reading taken from a supplied input: what the reading holds at `pointer`
 * (and below) is, at the same pointer, the value `file` holds. The hub names a finding there by
 * that file, at its line.
 */
export interface SuppliedPart {
  pointer: string;
  file: string;
}

/**
 * How the hub tells an emitter what to write. `bundle`, `stash`, `relocateFrom` and `syntax` are the
 * hub's; the others are the runtime carrier of options one format reads, each declared by its
 * adapter (`Adapter.options`: flag, type, help), from which the CLI builds its options.
 */
export interface EmitOptions {
  /** Keep the target's private data (declared by the adapter that reads it). */
  includePrivate?: boolean;
  /** Timestamp for targets that require one (declared by the adapter that reads it); default: the source's, else a fixed documented value. */
  exportedAt?: string;
  /** Merge all agents into one bundle document where the target has bundles (`Adapter.bundleName`). */
  bundle?: boolean;
  /** Write prompts to files under this folder (relative paths) instead of inline (declared by the adapter that reads it). */
  extractPrompts?: string;
  /** Carry values the target cannot hold in its extension slot (x-agentport); default true. */
  stash?: boolean;
  /**
   * Where the folder of the input `file` is, seen from the folder its outputs are written to
   * ("../app"; "" for the same folder), so an emitter that writes relative file references (mas
   * tool manifests, prompt files) rewrites them to name the same files from there (ref-rewritten).
   * Called only when there is such a reference. Unset: outputs count as written in the input's folder.
   */
  relocateFrom?: (file: string | undefined) => string | undefined;
  /** The syntax to write, one of the adapter's `syntaxes` (the hub decides: --syntax, else the input's for a same-format conversion). */
  syntax?: Syntax;
}

/** The EmitOptions an adapter may declare as its own (`Adapter.options`): a value the CLI reads as one flag. */
export type FormatOptionKey = "includePrivate" | "exportedAt" | "extractPrompts";

/** The values of the options formats declare, as the library takes them. */
export type FormatOptionValues = Pick<EmitOptions, FormatOptionKey>;

/**
 * An option only this format reads, declared by its adapter: the CLI's flag, its help text and its
 * value check are built from it, and the library takes it as `EmitOptions[key]`.
 */
export interface FormatOption {
  /** The library option this sets. */
  readonly key: FormatOptionKey;
  /** The CLI flag, without the dashes ("include-private"). */
  readonly flag: string;
  readonly type: "boolean" | "string";
  /** The CLI help text. */
  readonly describe: string;
  /** A usage error for a value this format cannot use (without the flag's name: "needs …"), or undefined. */
  readonly check?: (value: string) => string | undefined;
  /** Also given to the conversion back into the source format (--verify-roundtrip), where it is the source's. */
  readonly roundTrip?: boolean;
  /**
   * The value is a folder under the output's folder that the format writes files into (mas
   * --extract-prompts): in a folder run each input's files go under `<value>/<its stem>`, so the
   * files of two inputs (every agent's `role` prompt) never take one path.
   */
  readonly folder?: true;
}

/** A default a format does not fix: whoever runs the agent decides it; `unfixed` says who, as messages name it ("the host's default"). */
export interface UnfixedDefault {
  readonly unfixed: string;
}

/** What a format assumes for an unset setting: a number, null for "no limit", or a default it does not fix. */
export type DefaultValue = number | null | UnfixedDefault;

/**
 * A setting the source leaves to its format's default while the target would assume another: the value
 * the emitter writes so the agent keeps behaving as its source did. Computed by the hub from both
 * adapters' `defaults`; an emitter only reads it.
 */
export interface EffectiveDefault {
  /** The source format's effective value; null means "no limit". */
  value: number | null;
  /** The setting's name in the source format ("model.temperature"). */
  name: string;
  /** The source format's label. */
  from: string;
  /** Where to point a diagnostic, relative to the agent's origin (the nearest source object that exists). */
  at: string;
}

/** A file by its path (relative to a folder the context names) and its text. */
export interface SourceFile {
  path: string;
  text: string;
}

/** The input an agent was read through: its file (as relocateFrom takes it) and the files its parse read, by path from its folder. */
export interface AgentInput {
  file?: string;
  readFiles?: readonly SourceFile[];
}

/** What the hub tells an emitter about a document beyond the IR. */
export interface EmitContext {
  /**
   * The files the document's parse read (prompt files, tool manifests, skills), by path from the
   * input's folder: an emitter whose outputs go to another folder (EmitOptions.relocateFrom) may
   * write copies of them beside its output, so its references still name them.
   */
  readFiles?: readonly SourceFile[];
  /**
   * Per agent index of a document merged from several inputs (--bundle): the input the agent was
   * read through and its reads. The merged document has no file of its own, and each agent's
   * relative references are made from its own input's folder, which relocateFrom places.
   */
  agentInputs?: readonly (AgentInput | undefined)[];
  /** Per agent index of the document: IR pointer ("/models/0/temperature", "/limits/maxModelCalls") → the value to write. */
  effectiveDefaults?: readonly (Readonly<Record<string, EffectiveDefault>> | undefined)[];
  /**
   * Document-level values the source's parse used (Adapter.documentValueUse), by format and pointer:
   * a loss of one is worded with lostDocumentValue (src/ir/reporter.ts).
   */
  documentUses?: Readonly<Record<string, Readonly<Record<string, DocumentValueUse>>>>;
  /**
   * For the tests: an emitter written as field handlers (src/ir/field-handlers.ts) throws when a
   * handler raises a code its own declarations do not name. Off in every real run.
   */
  checkDeclarations?: boolean;
}

export interface EmittedDocument {
  /** Suggested file name, e.g. "triage.agent.json". */
  name: string;
  format: string;
  document: JsonObject;
  /** Serialized bytes, deterministic. */
  text: string;
  /** Extra files this document refers to (extracted prompt files), by relative path. */
  files?: { path: string; text: string }[];
  /** Indices of the IR document's agents this document holds (a bundle: all; one file per agent: one). */
  agents?: number[];
}

export interface ParseResult {
  doc?: IrDocument;
  diagnostics: Diagnostic[];
  /** The parts of the reading taken from supplied inputs (ParseOptions.supplied), if any. */
  supplied?: SuppliedPart[];
  /** The x-agentport stashes the hub restored (src/ir/parse-phases.ts), for the ledger. */
  stashes?: StashRead[];
}

export interface EmitResult {
  outputs: EmittedDocument[];
  diagnostics: Diagnostic[];
}

export interface SchemaIssue {
  pointer: string;
  message: string;
  keyword: string;
}

export interface Detection {
  /** 0 = not this format, 1 = certainly this format. */
  confidence: number;
  /** Set when the document is of this format family but a kind/version that is not converted. */
  unsupported?: string;
  /**
   * Set (with `unsupported`) when the document is no agent but lives beside agents: read as
   * part of the documents that use it (a tool manifest an agent refers to), applied to one at
   * run time (an overlay) or a setting of the runtime. Converting it alone is refused; a folder
   * conversion skips it with one info line (skipped-document), not a failure.
   */
  notAgent?: true;
}

/** What every adapter declares; how it parses and emits is SlotPhases or NoSlot. */
export interface AdapterBase {
  readonly id: string;
  readonly label: string;
  /** Other names a user types for this format (the CLI's --to/--from, matched as ids are, whatever the case), e.g. an abbreviation. */
  readonly aliases?: readonly string[];
  /** File-name suffix of emitted documents, e.g. ".agent.json". */
  readonly suffix: string;
  /** Whether one document can hold several agents. */
  readonly bundles: boolean;
  /** Whether a multi-agent document names the agent that takes the user's request (IrDocument.entry), as a mas workflow's entry or an Agent Spec Swarm's first_agent do. */
  readonly namesEntry?: boolean;
  /** What this format's multi-agent document is called, for help texts ("Caplo AgentBundle"); set where `bundles` is. */
  readonly bundleName?: string;
  /** Options only this format reads (CLI flags and library options are built from them). */
  readonly options?: readonly FormatOption[];
  /**
   * The runtime tools (IR tools of kind "system", by name) through which an agent of this format
   * spawns sub-agents: their settings are link settings, so losing one loses a link.
   */
  readonly subAgentTools?: readonly string[];
  /**
   * Members of a list item (IR paths with `[]` for the index, `/tools/[]/requiresUserAuth`) this format's
   * reader fills with a value of its own where the IR requires one and the format has no place for it
   * (an MCPTool says nothing of user auth: read as false). The reading's value there is no value the
   * output holds, so a stash entry of such a member is guarded as one the reading lacks: by the item's
   * identity, and an edit of another member of the item (its description) does not stop it.
   */
  readonly readerFills?: readonly string[];
  /** The syntaxes documents of this format are written in; the first is the default (JSON when absent). */
  readonly syntaxes?: readonly Syntax[];
  /** Files of this format are published as-is: credential-shaped strings are refused, not just warned about. */
  readonly publishable?: boolean;
  /** Extension values only a conversion into this same format carries (never stashed, never another format's). */
  readonly privateData?: PrivateData;
  /**
   * What this format assumes when a setting is unset, by IR pointer ("/models/0/temperature"),
   * with the setting's name in this format (see DefaultValue). For every unset setting both formats know
   * whose defaults differ, the hub asks the target's emitter to write the source's value
   * (EmitContext.effectiveDefaults) when it is a number or "no limit", and reports the difference as default-differs.
   */
  readonly defaults?: Readonly<Record<string, {
    value: DefaultValue;
    name: string;
    /**
     * Where to point, relative to the agent: the first that exists. It is the object the setting
     * would go in, whose member is the last part of `name`: a value there the parse did not read
     * (a row kept whole) still counts as set.
     */
    at: readonly string[];
    /**
     * What the setting is counted over, where a graph of agents makes it matter ("per turn of the
     * whole agent graph", "per run of this agent"): two formats that count otherwise do not hold
     * the same limit for an agent of a graph, even when the number is written.
     */
    scope?: string;
  }>>;
  /**
   * Settings (IR pointers) this format cannot state at all: what the format lacks ("call limits")
   * and who decides instead ("the host"). A source that leaves such a setting to a numeric default
   * of its own loses that behaviour here: a warning (default-lost). Read from this format into a
   * target that fixes a default for it, the agent runs with the target's value, which nothing says
   * the decider shares: a warning too (default-differs), at the first of `at` that exists (relative
   * to the agent; the agent itself when none does).
   */
  readonly unstated?: Readonly<Record<string, { setting: string; decider: string; at?: readonly string[] }>>;
  /**
   * How this format's parser and emitter treat every path (src/adapters/<format>/coverage.ts):
   * docs/mapping.md is rendered from it, and every diagnostic takes its effect from the
   * `effect` declared there for its source path.
   */
  readonly coverage?: FormatCoverage;
  /**
   * The coverage's schema paths with their declared effects, made at build time from `coverage`
   * (src/adapters/<format>/effects.generated.ts, scripts/gen-effects.mjs): a run looks effects up
   * without walking the schema. Required with `coverage` (test/schema-effects.test.ts).
   */
  readonly schemaEffects?: SchemaEffectTable;
  detect(data: unknown): Detection;
  /**
   * Whether this document cannot be read without other files (a mas kind: MAS manifest and its
   * agent files). Given several inputs and no file access, such a document may read the others.
   */
  needsFiles?(data: unknown): boolean;
  /**
   * The other documents this one reads as its own parts (a mas kind: MAS manifest's agent
   * files), as the references it writes (relative to its folder). A folder conversion converts
   * such a document once, with its parts, and does not convert the parts again alone.
   */
  parts?(data: unknown): string[];
  /**
   * A cheap test on the raw text before `parts` is asked (false: this text certainly has no
   * parts), so finding the composite documents of a folder does not parse every file twice.
   */
  mayHaveParts?(text: string): boolean;
  /**
   * Whether this document is no agent but parts that other documents of this format name without
   * defining (an Agent Spec file of $referenced_components only, whose components a main file names
   * by $component_ref). Given in one run with such documents, it is handed to their parse
   * (ParseOptions.supplied) and, once a parse took parts from it, not converted on its own; alone,
   * it is refused as its detection says.
   */
  supplies?(data: unknown): boolean;
  /** A cheap test on the raw text before `supplies` is asked (false: certainly not), so a run of many inputs does not parse each twice. */
  maySupply?(text: string): boolean;
  /**
   * Links an agent of this format makes by naming another agent's file (a mas create_subagent
   * template's ref): in a bundle whose other agents were read from those files (`--bundle`), the
   * hub asks the adapter to turn them into local links. `keyOf` gives the bundle key of the agent
   * read from a path relative to this agent's file. Changes the agent in place; one diagnostic per
   * link made, targeting format `to`.
   */
  linkFiles?(agent: IrAgent, keyOf: (ref: string) => string | undefined, to: string): Diagnostic[];
  /**
   * What became of a document-level value of this format (doc.extensions[id][rel]) that the parse
   * used, for the message of its loss in another format (a MAS manifest's agent list lists the
   * bundle's agents; a one-agent app's workflow names its only agent); undefined when it was not
   * used. The hub asks, and hands the answers to the target's emitter (EmitContext.documentUses).
   */
  documentValueUse?(rel: string, value: JsonValue, doc: IrDocument, target: { namesEntry: boolean }): DocumentValueUse | undefined;
  /** Schema conformance of a document of this format (ajv against the official schema). */
  validate(data: unknown): SchemaIssue[];
  /** Conformance of an input, where the format's runtime reads more than the schema allows (mas: x- keys anywhere); default `validate`. */
  validateInput?(data: unknown): SchemaIssue[];
  /**
   * The rules beyond the schema that this format's parse refuses an input for (a mas workflow node
   * must name an agent of its agency), held against a document the emitter wrote: the hub checks
   * every output with them, as with `validate`, so that agentport never writes what its own
   * `validate` rejects. `written` gives another output of the same emit by the reference this
   * document makes to it (undefined: no such output).
   */
  checkOutput?(document: unknown, written: (ref: string) => unknown): SchemaIssue[];
}

/**
 * A format with an extension slot reads and writes its agents and leaves the stash to the hub:
 * reading, the hub restores each agent's stash between the parser's phases (src/ir/parse-phases.ts:
 * parseWith); writing, it reads each output back, stashes every agent through `slot` and reports
 * the document-level values between the emitter's phases (src/ir/emit-phases.ts: emitWith).
 */
export interface SlotPhases {
  /**
   * Where the x-agentport stash rides (the format's extension slot: src/adapters/<format>/slot.ts): where
   * an agent's stash sits and how one is written; the hub's steps (src/ir/stash-slot.ts) do the rest.
   */
  readonly slot: ExtensionSlot;
  /** Parse phase 1: every agent read (no stash restored), with what the hub's restore needs of it. */
  parseAgents(data: JsonValue, options: ParseOptions): ParseDraft;
  /** Emit phase 1: every agent written (no stash), with what the hub's stash needs of it. */
  emitAgents(doc: IrDocument, options: EmitOptions, context: EmitContext): EmitDraft;
  readonly parse?: never;
  readonly emit?: never;
}

/** A format without a slot: values it cannot hold are dropped and reported; it reads and writes its documents in one go. */
export interface NoSlot {
  readonly slot?: undefined;
  readonly parseAgents?: undefined;
  readonly emitAgents?: undefined;
  parse(data: JsonValue, options: ParseOptions): ParseResult;
  emit(doc: IrDocument, options: EmitOptions, context?: EmitContext): EmitResult;
}

/** The contract every format adapter fulfils; the hub parses through parseWith and emits through emitWith. */
export type Adapter = AdapterBase & (SlotPhases | NoSlot);

export type { Diagnostic, DiagnosticCode };
