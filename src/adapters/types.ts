// The contract every format adapter fulfils. An adapter knows its own format and
// the IR, never another format; the hub (src/convert.ts) connects them.
import type { Diagnostic, DiagnosticCode } from "../ir/diagnostics.js";
import type { IrDocument } from "../ir/model.js";
import type { JsonObject, JsonValue } from "../ir/json.js";

/** Reads a file relative to the manifest's folder. Supplied by the Node entry; the core never does I/O. */
export type ReadFile = (path: string) => { ok: true; text: string } | { ok: false; code: "ref-outside-root" | "ref-not-found"; message: string };

export interface ParseOptions {
  /** The input's file name, for diagnostics. */
  file?: string;
  /** Resolves file references (mas prompt files, tool manifests). Without it references stay references. */
  readFile?: ReadFile;
  /** Accept schema-invalid inputs, reporting each violation as a warning (`lenient-input`). */
  lenient?: boolean;
}

export interface EmitOptions {
  /** Keep AgentMug private data (brain, memory). */
  includePrivate?: boolean;
  /** Timestamp for targets that require one (AgentMug exportedAt); default: the source's, else a fixed documented value. */
  exportedAt?: string;
  /** Merge all agents into one bundle document where the target has bundles (Caplo). */
  bundle?: boolean;
  /** Write mas prompts to files under this folder (relative paths) instead of inline. */
  extractPrompts?: string;
  /** Carry values the target cannot hold in its extension slot (x-agentport); default true. */
  stash?: boolean;
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
}

export interface Adapter {
  readonly id: string;
  readonly label: string;
  /** File-name suffix of emitted documents, e.g. ".agent.json". */
  readonly suffix: string;
  /** Whether one document can hold several agents. */
  readonly bundles: boolean;
  /** Files of this format are published as-is: credential-shaped strings are refused, not just warned about. */
  readonly publishable?: boolean;
  /**
   * What this format assumes when a setting is unset, by IR pointer ("/models/0/temperature"),
   * with the setting's name in this format. A null value means "no limit". The hub compares source and target defaults for every unset
   * setting both formats know, and reports a difference as default-differs.
   */
  readonly defaults?: Readonly<Record<string, { value: number | string | null; name: string; /** Where to point, relative to the agent: the first that exists. */ at: readonly string[] }>>;
  detect(data: unknown): Detection;
  /**
   * Whether this document cannot be read without other files (a mas kind: MAS manifest and its
   * agent files). Given several inputs and no file access, such a document may read the others.
   */
  needsFiles?(data: unknown): boolean;
  /** Schema conformance of a document of this format (ajv against the official schema). */
  validate(data: unknown): SchemaIssue[];
  parse(data: JsonValue, options: ParseOptions): ParseResult;
  emit(doc: IrDocument, options: EmitOptions): EmitResult;
}

export type { Diagnostic, DiagnosticCode };
